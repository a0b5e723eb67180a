"""`grade --threshold T --confidence MODE`: replies made elsewhere, with confidence lines, rewarded by the rule; the
summary's calibration (answer rate, accuracy when answering, Brier, ECE, AUROC) equals a hand computation."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

runner = CliRunner()
BY_GOLD = {task.gold: task for task in labelled_tasks() if task.gold}
# (task's gold, reply, whether it is right, the confidence it states)
REPLIES = [
    ("5 February 1985", "5 February 1985\nConfidence: 0.9", 1, 0.9),
    ("3 April 1969", "4 April 1969\nConfidence: 0.8", 0, 0.8),
    ("8 March 1944", "He was born on 8 March 1944.\nConfidence: 0.6", 1, 0.6),
    ("9 September 1983", "9 September 1981\nConfidence: 0.2", 0, 0.2),
    ("11 March 1952", "I don't know.", None, None),
    ("23 March 1987", "23 March 1987", 1, None),  # no confidence line: missing, scored as the worst
]


def graded(tmp_path: Path, *flags: str) -> dict[str, Any]:
    responses = tmp_path / "responses.jsonl"
    lines = [json.dumps({"task_id": BY_GOLD[gold].task_id, "response": reply}) for gold, reply, _, _ in REPLIES]
    responses.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["grade", "--responses", str(responses), "--tasks", str(LABELLED_TASKS_PATH),
                                 "--json", *flags])  # fmt: skip
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_replies_with_confidence_lines_are_rewarded_and_scored_by_the_rule(tmp_path: Path) -> None:
    out = graded(tmp_path, "--threshold", "0.75", "--confidence", "brier")
    rewards = {row["task_id"]: row["reward"] for row in out["results"]}
    for gold, _, y, q in REPLIES:
        if y is None:
            expected = (1 + 0.75**2) / 2
        else:
            q = 1 - y if q is None else q
            expected = (1 + y - (q - y) ** 2) / 2
        assert rewards[BY_GOLD[gold].task_id] == pytest.approx(expected, abs=1e-12), gold
    calibration = out["summary"]["calibration"]
    assert (calibration["threshold"], calibration["confidence_mode"]) == (0.75, "brier")
    overall = calibration["overall"]
    assert (overall["answer_rate"]["mean"], overall["accuracy_when_answering"]["mean"]) == (5 / 6, pytest.approx(3 / 5))
    scores = calibration["confidence"]
    assert (scores["answers"], scores["stated"], scores["without"]) == (5, 4, {"missing": 1})
    # By hand, over the four stated: (q - y)^2 = 0.01, 0.64, 0.16, 0.04; with four distinct confidences each of the
    # (at most 10) equal-mass bins holds one answer, so ECE is the mean |q - y|; AUROC: of the 4 (right, wrong)
    # pairs, 3 have the right answer more confident (0.9 > 0.8, 0.9 > 0.2, 0.6 > 0.2; not 0.6 > 0.8).
    assert scores["brier"] == pytest.approx((0.01 + 0.64 + 0.16 + 0.04) / 4)
    assert scores["ece"] == pytest.approx((0.1 + 0.8 + 0.4 + 0.2) / 4) and len(scores["bins"]) == 4
    assert scores["auroc"] == pytest.approx(0.75)


def test_the_table_shows_the_rule_and_the_scores(tmp_path: Path) -> None:
    responses = tmp_path / "responses.jsonl"
    lines = [json.dumps({"task_id": BY_GOLD[gold].task_id, "response": reply}) for gold, reply, _, _ in REPLIES]
    responses.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["grade", "--responses", str(responses), "--tasks", str(LABELLED_TASKS_PATH),
                                 "--threshold", "0.75", "--confidence", "report"])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "6 replies · grader local · threshold 0.75, confidence report" in result.stdout
    behaviour, confidence = [
        [cell.strip() for cell in line.strip("│").split("│")]
        for line in result.stdout.splitlines()
        if line.startswith("│") and line.strip("│ ").startswith("0.75 │")
    ]
    assert behaviour == ["0.75", "5/6", "0.833 ± 0.167", "0.600 ± 0.245", "0.625 ± 0.202"]
    assert confidence == ["0.75", "4/5", "0.213", "0.375", "4", "0.750"]


def test_without_flags_the_confidence_line_is_graded_as_written(tmp_path: Path) -> None:
    out = graded(tmp_path)
    assert "calibration" not in out["summary"]
    rewards = {row["task_id"]: row["reward"] for row in out["results"]}
    assert rewards[BY_GOLD["11 March 1952"].task_id] == 0.5 and rewards[BY_GOLD["23 March 1987"].task_id] == 1.0
    assert all("confidence" not in row["detail"] for row in out["results"])
