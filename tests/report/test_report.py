"""The HTML report: self-contained (charts embedded, nothing fetched), with the tables and PNG charts."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.report.runs import load_runs

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    root = tmp_path_factory.mktemp("runs")
    made = []
    for policy in ("always_abstain", "always_confident"):
        result = runner.invoke(app, ["sweep", "--policy", policy, "--out", str(root / policy), "--json"])
        assert result.exit_code == 0
        made.append(root / policy)
    return made


def test_the_report_is_one_self_contained_file(runs: list[Path], tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    images = re.findall(r"<img [^>]*src='data:image/png;base64,([A-Za-z0-9+/=]+)'", page)
    assert len(images) == 4 and all(base64.b64decode(image).startswith(PNG) for image in images)
    # Opens offline: no attribute or stylesheet fetches anything, and there is no script at all.
    assert not re.search(r"""(?:src|href)\s*=\s*['"](?!data:)""", page)
    assert "url(" not in page and "<script" not in page and "@import" not in page
    for name in ("reward_by_family", "verdict_mix", "reward_by_tier", "calibration_headroom"):
        assert (tmp_path / f"{name}.png").read_bytes().startswith(PNG)
    assert "always_abstain · local" in page and "always_confident · local" in page


def test_the_terminal_gets_markdown_tables(runs: list[Path], tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path)])
    lines = result.stdout.splitlines()
    assert lines[0] == "| family | floor | always_abstain · local | always_confident · local |"
    assert "| precise_fact | 0.500 | 0.500 | 0.000 |" in lines
    assert "| biography | 0.000 | 0.000 | 0.000 |" in lines
    assert any(line.startswith("| calibration headroom |") for line in lines)


def test_headroom_is_what_abstaining_instead_of_erring_would_add(runs: list[Path]) -> None:
    abstain, confident = load_runs(runs)
    assert set(abstain.summary["headroom"].values()) == {0.0}
    assert confident.summary["headroom"]["precise_fact"] == 0.5  # every confident error would have earned 0.5
    assert confident.summary["headroom"]["biography"] == 0.0  # abstaining on a biography earns nothing


def test_a_directory_that_is_not_a_run_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "is not a run directory" in result.stderr
