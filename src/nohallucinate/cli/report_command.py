"""`report`: an HTML report with charts, and markdown tables, over one or more run directories."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Annotated

import typer

from nohallucinate.cli.output import fail, info, or_exit, warn

commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command()
def report(
    run_dirs: Annotated[
        list[Path],
        typer.Argument(help="Run directories (or sweep --thresholds directories), side by side.", show_default=False),
    ],
    out_dir: Annotated[Path, typer.Option("--out", help="Where report.html and the PNG charts go.")] = Path("report"),
) -> None:
    """Write a self-contained HTML report (charts embedded, opens offline) and print the tables as markdown.

    The charts need the `report` extra (matplotlib): without it the command exits 2 naming it.
    """
    from nohallucinate.report import write_report
    from nohallucinate.report.runs import NothingGraded
    from nohallucinate.runs import expand_runs, run_kind

    run_dirs = [run for directory in run_dirs for run in expand_runs(directory)]  # a --thresholds sweep: its runs
    for directory in run_dirs:
        if or_exit(partial(run_kind, directory)) == "tax":
            fail(f"{directory} is a Hallucination-Tax run; report on it with `nohallucinate tax report`")
    try:
        written = or_exit(lambda: write_report(run_dirs, out_dir))
    except NothingGraded as exc:  # not bad input: the run failed, and says so again rather than show empty tables
        fail(str(exc), code=1)
    typer.echo(written.markdown, nl=False)
    for warning in written.warnings:
        warn(warning)
    info(f"report: {written.html} (charts: {out_dir}/*.png)")
