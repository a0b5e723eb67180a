"""What commands print: errors that end a command, progress bars, JSON."""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn

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

from nohallucinate.models import MissingKeyError
from nohallucinate.tasks import FormatError

out = Console()
err = Console(stderr=True)

# Errors that come from what the user gave us: reported in one line, exit code 2.
USER_ERRORS = (FormatError, MissingKeyError, ValueError, FileNotFoundError, FileExistsError)


def fail(message: str, code: int = 2) -> NoReturn:
    err.print(f"[bold red]error:[/] {escape(message)}", highlight=False, soft_wrap=True)
    raise typer.Exit(code)


def warn(message: str) -> None:
    """A warning on stderr: the command goes on."""
    err.print(f"[bold yellow]warning:[/] {escape(message)}", highlight=False, soft_wrap=True)


def or_exit(action: Callable[[], Any]) -> Any:
    """Run `action`; a bad file, flag or name ends the command with its message and exit code 2."""
    try:
        return action()
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
