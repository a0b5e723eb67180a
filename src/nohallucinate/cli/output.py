"""What commands print: errors that end a command, progress bars, JSON."""

from __future__ import annotations

import json
import logging
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TaskProgressColumn,
    TextColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from nohallucinate.bounds import clip
from nohallucinate.errors import UserInputError

T = TypeVar("T")

out = Console()
err = Console(stderr=True)

# Errors that come from what the user gave us: reported in one line, exit code 2. Any other error is a bug and
# keeps its traceback.
USER_ERRORS = (UserInputError, FileNotFoundError, FileExistsError)
# The last guard on a message's length: every value in it should already be quoted short, but a message built
# from an exception we did not write (a path, a server's body) may not be.
MESSAGE_CHARS = 4_000


def fail(message: str, code: int = 2) -> NoReturn:
    """End the command with `message` on stderr (clipped to MESSAGE_CHARS) and exit code `code`."""
    err.print(f"[bold red]error:[/] {escape(clip(message, MESSAGE_CHARS))}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def exit_if_errored(count: int, what: str) -> None:
    """End the command with exit code 1 when `count` items errored; `what` says what became of them."""
    if count:
        err.print(f"[bold red]error:[/] {count} {what}")
        raise typer.Exit(1)


def warn(message: str) -> None:
    """A warning on stderr: the command goes on."""
    err.print(f"[bold yellow]warning:[/] {escape(clip(message, MESSAGE_CHARS))}", highlight=False, soft_wrap=True)


class _OnStderr(logging.Handler):
    """The library's log lines on stderr: its warnings (a cache that cannot be written, bad cache entries) as
    warnings, its notices (each retried model call) as plain lines, on a terminal or in a CI log alike."""

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        if record.levelno >= logging.WARNING:
            warn(message)
        else:
            err.print(escape(clip(message, MESSAGE_CHARS)), highlight=False, soft_wrap=True)


def show_library_messages() -> None:
    """Print what the library logs (once per process, whatever the command)."""
    logger = logging.getLogger("nohallucinate")
    if not any(isinstance(handler, _OnStderr) for handler in logger.handlers):
        logger.addHandler(_OnStderr())
        logger.setLevel(logging.INFO)


def or_exit(action: Callable[[], T]) -> T:
    """Run `action`; a bad file, flag or name ends the command with its message and exit code 2."""
    with reported():
        return action()


@contextmanager
def reported() -> Iterator[None]:
    """In the block, a bad file, flag or name ends the command with its message and exit code 2."""
    try:
        yield
    except USER_ERRORS as exc:
        fail(str(exc))


@contextmanager
def progress(total: int, label: str, quiet: bool) -> Iterator[Callable[..., None]]:
    """A progress bar with rate and ETA on a terminal; plain lines at every tenth when stderr is a file or a CI
    log; nothing in JSON mode."""
    if quiet:
        yield lambda *_: None
        return
    if not sys.stderr.isatty():
        with _progress_lines(total, label) as advance:
            yield advance
        return
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _RateColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda *_: bar.advance(task)


@contextmanager
def _progress_lines(total: int, label: str) -> Iterator[Callable[..., None]]:
    began, done, tenths = time.monotonic(), 0, 0

    def advance(*_: object) -> None:
        nonlocal done, tenths
        done += 1
        if total and done * 10 // total > tenths:
            tenths = done * 10 // total
            elapsed = time.monotonic() - began
            rate = f", {done / elapsed:.1f}/s" if elapsed > 0 else ""
            err.print(f"{label}: {done}/{total} ({done / total:.0%}){rate}", highlight=False, soft_wrap=True)

    yield advance


class _RateColumn(ProgressColumn):
    """Items per second."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f}/s" if task.speed else "", style="progress.data.speed")


def print_json(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
