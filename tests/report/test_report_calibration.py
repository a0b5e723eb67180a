"""The report's calibration section: present for runs made under a rule other than the spec's (the behavioural
curve against t, the reliability diagram, a table), absent otherwise; a `sweep --thresholds` directory stands for
its runs."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.report.calibration import HEADER
from nohallucinate.report.table import with_se
from nohallucinate.runs import read_config, read_verdicts, summarise

runner = CliRunner()
THRESHOLDS = "0.25,0.5,0.75"


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sweeps")
    for policy in ("simulated", "simulated-overconfident"):
        result = runner.invoke(app, ["sweep", "--policy", policy, "--thresholds", THRESHOLDS, "--confidence", "brier",
                                     "--per-family", "12", "--samples", "2", "--out", str(root / policy)])  # fmt: skip
        assert result.exit_code == 0, result.output
    return root


def test_the_section_charts_and_table_are_the_runs(sweeps: Path, tmp_path: Path) -> None:
    out = tmp_path / "report"
    result = runner.invoke(app, ["report", str(sweeps / "simulated"), str(sweeps / "simulated-overconfident"),
                                 "--out", str(out)])  # fmt: skip
    assert result.exit_code == 0, result.output
    page = (out / "report.html").read_text("utf-8")
    assert "Calibration at each threshold" in page and "Calibration curve" in page and "Reliability" in page
    for chart in ("calibration_curve.png", "reliability.png"):
        assert (out / chart).read_bytes().startswith(b"\x89PNG") and (out / chart).stat().st_size > 10_000
    rows = [line for line in result.stdout.splitlines() if line.startswith("| simulated")]
    calibration = [row for row in rows if row.count("|") == len(HEADER) + 1]
    assert len(calibration) == 6  # two policies × three thresholds, lowest threshold first
    for row, run in zip(calibration, sorted((sweeps / "simulated").iterdir()), strict=False):
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        config = read_config(run)
        point = summarise(read_verdicts(run), config.reward)["calibration"]
        assert cells[1] == f"{config.reward.t:g}" and cells[2] == "brier"
        rate = point["overall"]["answer_rate"]
        assert cells[4] == with_se(rate["mean"], rate["se"])
        assert cells[8] == f"{point['confidence']['brier']:.3f}"


def test_a_thresholds_directory_stands_for_its_runs(sweeps: Path, tmp_path: Path) -> None:
    whole = runner.invoke(app, ["report", str(sweeps / "simulated"), "--out", str(tmp_path / "a")])
    runs = sorted((sweeps / "simulated").iterdir(), key=lambda path: float(path.name.removeprefix("threshold-")))
    each = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path / "b")])
    assert whole.exit_code == each.exit_code == 0 and whole.stdout == each.stdout


def test_a_report_of_spec_runs_has_no_calibration_section(tmp_path: Path) -> None:
    assert runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--out",
                               str(tmp_path / "run")]).exit_code == 0  # fmt: skip
    result = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0
    assert "Calibration at each threshold" not in (tmp_path / "report" / "report.html").read_text("utf-8")
    assert not (tmp_path / "report" / "calibration_curve.png").exists()
    assert "answer rate" not in result.stdout
