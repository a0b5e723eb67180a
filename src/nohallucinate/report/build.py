"""Build a report over run directories: charts, HTML, markdown."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from nohallucinate.errors import UserInputError
from nohallucinate.report.charts import draw_all
from nohallucinate.report.html import write_html
from nohallucinate.report.markdown import markdown_tables
from nohallucinate.report.runs import coverage_warnings, load_runs
from nohallucinate.runs.cleanup import output_directory

Written = TypeVar("Written")


class ReportWriteError(UserInputError):
    """The report could not be written into its directory (a UserInputError: the CLI reports it with exit 2)."""


@dataclass(frozen=True)
class WrittenReport:
    """Where the HTML report went, its tables as markdown, and the warnings it carries."""

    html: Path
    markdown: str
    warnings: list[str]  # runs side by side that cover different tasks or samples


def write_report(directories: Sequence[Path | str], out_dir: Path | str) -> WrittenReport:
    """Write report.html and the PNG charts into `out_dir`, warning where the runs cover different tasks."""
    runs = load_runs([Path(d) for d in directories])  # every run is read before anything is written
    warnings = coverage_warnings(runs)
    markdown = markdown_tables(runs, warnings)
    html = write_into(
        Path(out_dir), lambda out: write_html(runs, draw_all(runs, out), out / "report.html", markdown, warnings)
    )
    return WrittenReport(html, markdown, warnings)


def write_into(out_dir: Path, write: Callable[[Path], Written]) -> Written:
    """`write(out_dir)`, with `out_dir` created for it; if it fails, what it created is removed again."""
    try:
        with output_directory(out_dir):
            return write(out_dir)
    except OSError as exc:
        raise ReportWriteError(f"cannot write the report into {out_dir}: {exc.strerror or exc}") from None
