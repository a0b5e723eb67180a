"""Build a report over run directories: charts, HTML, markdown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from nohallucinate.errors import UserInputError
from nohallucinate.report.charts import draw_all
from nohallucinate.report.html import write_html
from nohallucinate.report.markdown import markdown_tables
from nohallucinate.report.runs import load_runs
from nohallucinate.runs.cleanup import output_directory

Written = TypeVar("Written")


class ReportWriteError(UserInputError):
    """The report could not be written into its directory (a UserInputError: the CLI reports it with exit 2)."""


def write_report(directories: Sequence[Path | str], out_dir: Path | str) -> tuple[Path, str]:
    """Write report.html and the PNG charts into `out_dir`; returns the HTML path and the markdown tables."""
    runs = load_runs([Path(d) for d in directories])  # every run is read before anything is written
    markdown = markdown_tables(runs)
    html = write_into(Path(out_dir), lambda out: write_html(runs, draw_all(runs, out), out / "report.html", markdown))
    return html, markdown


def write_into(out_dir: Path, write: Callable[[Path], Written]) -> Written:
    """`write(out_dir)`, with `out_dir` created for it; if it fails, what it created is removed again."""
    try:
        with output_directory(out_dir):
            return write(out_dir)
    except OSError as exc:
        raise ReportWriteError(f"cannot write the report into {out_dir}: {exc.strerror or exc}") from None
