"""The progress of a long command, the same for every command: a live bar on a terminal; elsewhere (a log file, a
pipe, a CI log) a plain line at the start, one every few seconds while it works and one at the end. Each line says
what is done, what errored, how many requests were retried and the rate.

Every failed item's reason is printed: the first of each kind as it happens (a failing endpoint says why within
seconds, not at the end of the run), and all of them grouped by kind when the work ends, whatever the output
level or --json (errors go to stderr, never only into the run store)."""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

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

from nohallucinate.cli.output import RETRIES, err, shows, warn
from nohallucinate.failures import SHOWN_KINDS, Failures

INTERVAL_ENV = "NOHAL_PROGRESS_INTERVAL"  # seconds between plain progress lines (tests shorten it)
DEFAULT_INTERVAL = 5.0


class Tracker:
    """What a command has done so far: items finished, failures by kind, retries since it began."""

    def __init__(self, label: str, total: int | None, unit: str) -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.done = 0
        self.failures = Failures()
        self.began = time.monotonic()
        self._retries_before = RETRIES.count
        self._bar: Progress | None = None

    @property
    def retries(self) -> int:
        return RETRIES.count - self._retries_before

    def advance(self, item: str = "", error: str | None = None) -> None:
        """One item finished; `error` is why it failed (None: it did not), `item` names it in the error lines."""
        self.done += 1
        if error is not None and self.failures.add(item, error) and (kind := len(self.failures.kinds)) <= SHOWN_KINDS:
            where = f" {item}:" if item else ""
            _error_line(f"{self.label}:{where} {error}" + ("" if kind > 1 else _LATER_ONES))
        if self._bar is not None:
            self._bar.advance(self._bar.task_ids[0])

    def status(self) -> str:
        """Done, errored, retries and rate, as one line."""
        elapsed = time.monotonic() - self.began
        done = f"{self.done}/{self.total} {self.unit}" if self.total is not None else f"{self.done} {self.unit}"
        if self.total:
            done += f" ({self.done / self.total:.0%})"
        parts = [done, f"{self.failures.count} errored", f"{self.retries} retries"]
        if self.done and elapsed > 0:
            parts.append(f"{self.done / elapsed:.1f}/s")
        return ", ".join(parts) + f", {elapsed:.0f} s"

    def counts(self) -> str:
        """Errored and retries, as the bar shows them beside its own columns."""
        return f"{self.failures.count} errored, {self.retries} retries"


_LATER_ONES = " (later failures of this kind are counted and listed at the end)"


@contextmanager
def progress(total: int | None, label: str, quiet: bool = False, unit: str = "items") -> Iterator[Tracker]:
    """Track `total` items of work (None: unknown). `quiet` (--json) hides the progress but never the errors,
    nor does --quiet."""
    tracker = Tracker(label, total, unit)
    shown = not quiet and shows(logging.INFO)
    try:
        if shown and err.is_terminal:
            with _bar(tracker):
                yield tracker
        elif shown:
            with _lines(tracker):
                yield tracker
        else:
            yield tracker
    finally:
        _summary(tracker)


@contextmanager
def _bar(tracker: Tracker) -> Iterator[None]:
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TaskProgressColumn(),
        _RateColumn(),
        TimeRemainingColumn(),
        _CountsColumn(tracker),
    )
    with Progress(*columns, console=err, transient=True) as bar:
        bar.add_task(tracker.label, total=tracker.total)
        tracker._bar = bar
        try:
            yield
        finally:
            tracker._bar = None


@contextmanager
def _lines(tracker: Tracker) -> Iterator[None]:
    """A line now, one every interval while the block runs (from a thread, so a stalled run still reports), and
    one at the end."""
    _info_line(f"{tracker.label}: started, {tracker.total if tracker.total is not None else 'unknown'} {tracker.unit}")
    stop = threading.Event()
    interval = interval_seconds()

    def beat() -> None:
        while not stop.wait(interval):
            _info_line(f"{tracker.label}: {tracker.status()}")

    thread = threading.Thread(target=beat, name="progress-lines", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()
        _info_line(f"{tracker.label}: finished: {tracker.status()}")


def interval_seconds() -> float:
    """Seconds between plain progress lines: $NOHAL_PROGRESS_INTERVAL, else (and when it is not a number of
    seconds above 0, with a warning) DEFAULT_INTERVAL."""
    given = os.environ.get(INTERVAL_ENV)
    if given is None:
        return DEFAULT_INTERVAL
    try:
        seconds = float(given)
    except ValueError:
        seconds = 0.0
    if not 0 < seconds < float("inf"):
        warn(f"${INTERVAL_ENV}={given!r} is not a number of seconds above 0; a line every {DEFAULT_INTERVAL:g} s")
        return DEFAULT_INTERVAL
    return seconds


def _summary(tracker: Tracker) -> None:
    """Every failure, grouped by kind, when the work ends (printed whatever the level: these are errors)."""
    failures = tracker.failures
    if not failures.count:
        return
    of = f" of {tracker.done}" if tracker.done else ""
    _error_line(f"{tracker.label}: {failures.count}{of} {tracker.unit} failed, by reason:")
    for line in failures.lines():
        err.print(escape(line), highlight=False, soft_wrap=True)


def _error_line(text: str) -> None:
    err.print(f"[bold red]error:[/] {escape(text)}", highlight=False, soft_wrap=True)


def _info_line(text: str) -> None:
    if shows(logging.INFO):
        err.print(escape(text), highlight=False, soft_wrap=True)


class _RateColumn(ProgressColumn):
    """Items per second."""

    def render(self, task: Task) -> Text:
        return Text(f"{task.speed:.1f}/s" if task.speed else "", style="progress.data.speed")


class _CountsColumn(ProgressColumn):
    """Errored items and retried requests so far."""

    def __init__(self, tracker: Tracker) -> None:
        super().__init__()
        self.tracker = tracker

    def render(self, task: Task) -> Text:
        return Text(self.tracker.counts(), style="red" if self.tracker.failures.count else "dim")
