"""The "Calibration at any threshold" page's examples (docs/concepts/calibration.md) run, and print what the page
says they print."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.cli.output import out
from nohallucinate.report.calibration import HEADER
from support.readme import DOCS_DIR, readme_example
from support.readme_shell import shell_commands

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[1]


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip("\n").splitlines()]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write runs/ here
    monkeypatch.setattr(out, "width", 80)  # tables as a terminal of 80 columns prints them, as in the README


def test_the_thresholds_sweep_prints_the_curve_the_readme_shows_and_resumes() -> None:
    sweep, resume = (command.argv[1:] for command in shell_commands(readme_example("thresholds-sweep")))
    result = runner.invoke(app, sweep)
    assert result.exit_code == 0, result.output
    shown = lines(readme_example("thresholds-sweep-output").body)
    assert lines(result.stdout)[-len(shown) :] == shown
    assert sorted(path.name for path in Path("runs/t").iterdir()) == [
        "threshold-0.25",
        "threshold-0.5",
        "threshold-0.75",
    ]
    again = runner.invoke(app, resume)  # nothing left to do: every run is complete, and the curve is the same
    assert again.exit_code == 0, again.output
    assert lines(again.stdout)[-len(shown) :] == shown


def test_the_python_example_prints_what_the_readme_shows() -> None:
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        exec(compile(readme_example("thresholds-python").body, "README.md", "exec"), {"__name__": "readme_example"})
    assert lines(captured.getvalue()) == lines(readme_example("thresholds-python-output").body)


def test_the_report_commands_make_the_charts_and_table_the_readme_shows() -> None:
    *sweeps, report = shell_commands(readme_example("thresholds-report"))
    for command in sweeps:
        assert runner.invoke(app, command.argv[1:]).exit_code == 0
    result = runner.invoke(app, report.argv[1:])
    assert result.exit_code == 0, result.output
    for chart in ("calibration_curve.png", "reliability.png"):
        assert Path("report", chart).stat().st_size > 10_000
        assert (ROOT / "docs" / chart).read_bytes().startswith(b"\x89PNG")  # the page's copies
    # The page's table is the report's, less the confidence mode and the count that stated one.
    printed = {}
    for line in result.stdout.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if len(cells) == len(HEADER) and cells[0].startswith("simulated"):
            printed[(cells[0].split(" · ")[0], cells[1])] = [cells[i] for i in (3, 4, 5, 6, 8, 9, 10)]
    readme = (DOCS_DIR / "concepts" / "calibration.md").read_text("utf-8")
    shown = [line for line in readme.splitlines() if line.startswith(("| simulated |", "| simulated-overconfident |"))]
    assert len(shown) == 10
    for line in shown:
        run, t, *figures = [cell.strip() for cell in line.strip("|").split("|")]
        assert printed[(run, t)] == figures, line
