"""Task and reply files, and the flags of `grade` and `check`: K and samples in their ranges as strict integers,
numbers finite, bad input exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.jsonl import FormatError
from nohallucinate.tasks import demo_tasks_path, load_demo_tasks, load_replies, load_tasks

runner = CliRunner()
ROWS = [json.loads(line) for line in demo_tasks_path().read_text(encoding="utf-8").splitlines()]
BIOGRAPHY = next(row for row in ROWS if row["family"] == "biography")
HUGE = pytest.param(10**400, id="10**400")


def write_lines(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_k_range_is_the_spec_constant_in_one_importable_home() -> None:
    from nohallucinate.tasks.model import K_RANGE

    assert K_RANGE == (12, 40)


@pytest.mark.parametrize("k", [HUGE, True, 11, 41, 0, 12.0, "12"])
def test_k_outside_12_to_40_or_not_an_integer_is_refused(tmp_path: Path, k: Any) -> None:
    with pytest.raises(FormatError) as caught:
        load_tasks(write_lines(tmp_path / "tasks.jsonl", [{**BIOGRAPHY, "k": k}]))
    assert (caught.value.line, caught.value.field) == (1, "k")


@pytest.mark.parametrize("k", [12, 40])
def test_k_at_either_end_of_the_range_loads(tmp_path: Path, k: int) -> None:
    [task] = load_tasks(write_lines(tmp_path / "tasks.jsonl", [{**BIOGRAPHY, "k": k}]))
    assert task.k == k


@pytest.mark.parametrize("k", [HUGE, True])
def test_check_exits_2_on_a_huge_or_boolean_k(tmp_path: Path, k: Any) -> None:
    rows = [{**row, "k": k} if row is BIOGRAPHY else row for row in ROWS]
    result = runner.invoke(app, ["check", "--tasks", str(write_lines(tmp_path / "tasks.jsonl", rows))])
    assert result.exit_code == 2
    assert "field 'k'" in result.stderr and len(result.stderr) < 500


@pytest.mark.parametrize("sample", [HUGE, True, -1, 10_001, 1.0, "0"])
def test_a_reply_sample_outside_0_to_10000_or_not_an_integer_is_refused(tmp_path: Path, sample: Any) -> None:
    task = load_demo_tasks()[0]
    path = write_lines(tmp_path / "r.jsonl", [{"task_id": task.task_id, "response": "x", "sample": sample}])
    with pytest.raises(FormatError) as caught:
        load_replies(path, [task])
    assert (caught.value.line, caught.value.field) == (1, "sample")


def test_a_reply_sample_of_10000_loads(tmp_path: Path) -> None:
    task = load_demo_tasks()[0]
    path = write_lines(tmp_path / "r.jsonl", [{"task_id": task.task_id, "response": "x", "sample": 10_000}])
    assert [reply.sample for reply in load_replies(path, [task])] == [10_000]


def test_grade_exits_2_on_a_huge_sample(tmp_path: Path) -> None:
    task = load_demo_tasks()[0]
    path = write_lines(tmp_path / "r.jsonl", [{"task_id": task.task_id, "response": "x", "sample": 10**400}])
    result = runner.invoke(app, ["grade", "--responses", str(path)])
    assert result.exit_code == 2
    assert "r.jsonl:1: field 'sample'" in result.stderr and len(result.stderr) < 500


@pytest.mark.parametrize("timeout", ["nan", "inf", "0.5"])
def test_grade_refuses_a_timeout_that_is_not_a_finite_number_of_seconds(tmp_path: Path, timeout: str) -> None:
    task = load_demo_tasks()[0]
    path = write_lines(tmp_path / "r.jsonl", [{"task_id": task.task_id, "response": "x"}])
    result = runner.invoke(app, ["grade", "--responses", str(path), "--timeout", timeout])
    assert result.exit_code == 2 and "--timeout" in result.output
