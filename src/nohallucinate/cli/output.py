"""What commands print, and when: errors that end a command, warnings, info lines, JSON; the output level
(`--log-level`, `--quiet`) and the consoles, which never cut a line short when they write to a file or a pipe.

Policy: errors are always printed, on stderr; warnings unless the level is `error`; info lines (progress, the
first retry of each kind, where a run went) unless the level is `warning` or quieter; every retry at `debug`.
With --json, stdout holds the JSON alone and everything else goes to stderr.
"""

from __future__ import annotations

import json
import logging
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console, ConsoleDimensions
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from nohallucinate.bounds import clip
from nohallucinate.errors import OperationalError, UserInputError
from nohallucinate.failures import Failures

T = TypeVar("T")

LEVELS = {"debug": logging.DEBUG, "info": logging.INFO, "warning": logging.WARNING, "error": logging.ERROR}
UNWRAPPED = 100_000  # columns of a console writing to a file or a pipe: wide enough that no line is cut


class _Console(Console):
    """A rich console that keeps rich's width on a terminal and never wraps or truncates elsewhere: a log file or
    a pipe has no width, and a cut model name or token count in a CI log cannot be read back. That holds even with
    $COLUMNS exported (rich would take it as the width of a pipe too): some shells, CI runners and pytest-xdist's
    workers export it. Only a size set on the console itself applies to a pipe."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._size_set = options.get("width") is not None

    @property
    def size(self) -> ConsoleDimensions:
        dimensions = super().size
        if self.is_terminal or self._size_set:
            return dimensions
        return ConsoleDimensions(UNWRAPPED, dimensions.height)

    @size.setter
    def size(self, new_size: tuple[int, int]) -> None:
        self._width, self._height = new_size
        self._size_set = True

    @property
    def width(self) -> int:
        return self.size.width

    @width.setter
    def width(self, width: int) -> None:
        self._width = width
        self._size_set = True

    def print(self, *objects: Any, **options: Any) -> None:
        if not self.is_terminal:  # a table's title would wrap at the table's width: it runs on past it instead
            for table in objects:
                if isinstance(table, Table) and isinstance(table.title, str):
                    table.title = Text.from_markup(table.title, style="table.title", overflow="ignore")
                    table.title.no_wrap = True
        super().print(*objects, **options)


out = _Console(emoji=False)  # ":m:" in "openai:m:" is a model name, not an emoji
err = _Console(stderr=True, emoji=False)
_level = logging.INFO


def set_level(name: str) -> None:
    """Print what is at or above this level (debug, info, warning, error); errors are printed whatever it is."""
    global _level
    _level = LEVELS[name]
    logging.getLogger("nohallucinate").setLevel(min(_level, logging.INFO))


def shows(level: int) -> bool:
    """Whether lines at `level` are printed (errors always are)."""
    return level >= logging.ERROR or level >= _level


def info(message: str) -> None:
    """An info line on stderr (where a run went, what was written), unless the level is warning or quieter."""
    if shows(logging.INFO):
        err.print(escape(clip(message, MESSAGE_CHARS)), highlight=False, soft_wrap=True)


# Errors that come from what the user gave us, or from outside it (a full disk, a run another process is writing):
# reported in one line, exit code 2. Any other error is a bug and keeps its traceback.
REPORTED_ERRORS = (UserInputError, OperationalError, FileNotFoundError, FileExistsError)
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
    """A warning on stderr: the command goes on (not printed at --log-level error)."""
    if shows(logging.WARNING):
        err.print(f"[bold yellow]warning:[/] {escape(clip(message, MESSAGE_CHARS))}", highlight=False, soft_wrap=True)


# Retried requests, by kind, as the library logs them (a record with a `retry_kind`): the progress line shows the
# count, the first retry of each kind is printed as it happens, and every one at --log-level debug.
RETRIES = Failures()


class _OnStderr(logging.Handler):
    """The library's log lines on stderr: its warnings (a cache that cannot be written, bad cache entries) as
    warnings, its notices as plain lines, on a terminal or in a CI log alike. A retried request is counted; only
    the first of its kind is printed unless the level is debug."""

    def emit(self, record: logging.LogRecord) -> None:
        message = record.getMessage()
        kind = getattr(record, "retry_kind", None)
        if kind is not None:
            first = RETRIES.add("", str(kind))
            if not shows(logging.INFO if first else logging.DEBUG):
                return
            if first and not shows(logging.DEBUG):
                message += " (later retries of this kind are counted, not printed; --log-level debug prints each)"
        if record.levelno >= logging.WARNING:
            warn(message)
        elif shows(record.levelno):
            err.print(escape(clip(message, MESSAGE_CHARS)), highlight=False, soft_wrap=True)


def show_library_messages() -> None:
    """Print what the library logs (the handler is added once per process); each command counts retries anew."""
    RETRIES.clear()
    logger = logging.getLogger("nohallucinate")
    if not any(isinstance(handler, _OnStderr) for handler in logger.handlers):
        logger.addHandler(_OnStderr())
    logger.setLevel(min(_level, logging.INFO))


def or_exit(action: Callable[[], T]) -> T:
    """Run `action`; a bad file, flag or name ends the command with its message and exit code 2."""
    with reported():
        return action()


@contextmanager
def reported() -> Iterator[None]:
    """In the block, a bad file, flag or name ends the command with its message and exit code 2."""
    try:
        yield
    except REPORTED_ERRORS as exc:
        fail(str(exc))


def print_json(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")
