"""The HTML report: self-contained (charts embedded, nothing fetched), with the tables and PNG charts."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.report.runs import load_runs
from support.offline_html import assert_self_contained

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
    # Opens offline: no attribute, stylesheet or script fetches anything; the only scripts are the items' data
    # and the inline code that lists them.
    parsed = assert_self_contained(page)
    assert [attrs.get("type") for attrs, _ in parsed.scripts] == ["application/json", None]
    for name in ("reward_by_family", "verdict_mix", "reward_by_tier", "calibration_headroom"):
        assert (tmp_path / f"{name}.png").read_bytes().startswith(PNG)
    assert "always_abstain · local" in page and "always_confident · local" in page


def test_the_terminal_gets_markdown_tables(runs: list[Path], tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path)])
    from nohallucinate.tasks import Family, load_demo_tasks

    tasks = load_demo_tasks()
    n, precise, bios = len(tasks), *(sum(t.family is f for t in tasks) for f in (Family.PRECISE_FACT, Family.BIOGRAPHY))
    lines = result.stdout.splitlines()
    assert lines[0] == "| family | floor | always_abstain · local | always_confident · local |"
    assert f"| precise_fact | 0.500 | 0.500 ± 0.000 (n={precise}) | 0.000 ± 0.000 (n={precise}) |" in lines
    assert f"| biography | 0.000 | 0.000 ± 0.000 (n={bios}) | 0.000 ± 0.000 (n={bios}) |" in lines
    overall = next(line for line in lines if line.startswith("| **overall** |"))
    mean = 0.5 * (n - bios) / n  # abstaining earns 0.5 on every short row, nothing on a biography
    assert overall.startswith(f"| **overall** | | **{mean:.3f} ± ") and overall.endswith(f"(n={n})** |")
    assert any(line.startswith("| calibration headroom |") for line in lines)


def test_headroom_is_what_abstaining_instead_of_erring_would_add(runs: list[Path]) -> None:
    abstain, confident = load_runs(runs)
    assert set(abstain.summary["headroom"].values()) == {0.0}
    assert confident.summary["headroom"]["precise_fact"] == 0.5  # every confident error would have earned 0.5
    assert confident.summary["headroom"]["biography"] == 0.0  # abstaining on a biography earns nothing


def test_a_directory_that_is_not_a_run_is_a_clear_error(tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", str(tmp_path), "--out", str(tmp_path / "out")])
    assert result.exit_code == 2 and "is not a run directory" in result.stderr


def test_runs_over_the_same_tasks_get_no_warning(runs: list[Path], tmp_path: Path) -> None:
    result = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path)])
    assert "warning" not in result.stderr and "warning" not in result.stdout


def test_runs_over_different_tasks_or_samples_are_named_in_a_warning(runs: list[Path], tmp_path: Path) -> None:
    from nohallucinate.tasks import demo_tasks_path, load_demo_tasks

    fewer = tmp_path / "fewer"  # 2 tasks per family, 2 samples each: lacks tasks, has extra samples of the rest
    made = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--samples", "2",
                               "--out", str(fewer)])  # fmt: skip
    assert made.exit_code == 0
    edited = tmp_path / "tasks.jsonl"  # the same task ids, one question reworded: another task file
    edited.write_text(demo_tasks_path().read_text().replace("Douglas Adams", "Douglas N. Adams"))
    other = tmp_path / "other"
    made = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--tasks", str(edited), "--out", str(other)])
    assert made.exit_code == 0

    result = runner.invoke(app, ["report", str(runs[0]), str(fewer), str(other), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    first, second, third = (f"always_abstain · local ({name})" for name in ("always_abstain", "fewer", "other"))
    warnings = [
        f"run '{second}' lacks {len(load_demo_tasks()) - 14} tasks that '{first}' has",
        f"run '{second}' has 14 samples that '{first}' lacks (on tasks both have)",
        f"run '{third}' was made from another task file (sha256 ",
        "means over different tasks or samples are not comparable; compare them with care",
    ]
    printed = [line.removeprefix("warning: ") for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert len(printed) == 4 and all(line.startswith(w) for line, w in zip(printed, warnings, strict=True))
    assert f"'{first}': " in printed[2]  # both checksums are shown
    markdown = result.stdout.splitlines()
    assert markdown[:4] == [f"> **warning**: {line}" for line in printed] and markdown[4] == ""
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert page.count("<p class='warning'>warning: ") == 4 and f"lacks {len(load_demo_tasks()) - 14} tasks" in page
