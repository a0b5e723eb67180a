"""`export-prompts --threshold T --confidence MODE`: the prompt states the rule and each row carries it; without
them, rows and features are as ever (`test_export.py`)."""

from __future__ import annotations

from pathlib import Path

import datasets
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.rewards import RewardRule
from nohallucinate.tasks import load_demo_tasks
from nohallucinate.tasks.export import COLUMNS, RULE_COLUMNS, prompt_rows, prompts_dataset
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, prompt_messages, system_prompt
from support.task_sets import hidden_texts

runner = CliRunner()
TASKS = load_demo_tasks()
BRIER = RewardRule(threshold=0.75, confidence="brier")


def test_under_a_rule_each_row_states_it_and_carries_it() -> None:
    rows = prompt_rows(TASKS, rule=BRIER)
    assert [list(row) for row in rows] == [[*COLUMNS, *RULE_COLUMNS]] * len(TASKS)
    for row, task in zip(rows, TASKS, strict=True):
        assert row["prompt"] == prompt_messages(task, system_prompt(0.75, "brier"))
        assert (row["threshold"], row["confidence_mode"]) == (0.75, "brier")
    dataset = prompts_dataset(TASKS[:5], rule=BRIER)
    assert dataset.column_names == [*COLUMNS, *RULE_COLUMNS] and dataset.to_list() == rows[:5]
    assert dataset.features["threshold"].dtype == "float64"


def test_the_specs_rule_or_none_leaves_the_rows_as_they_were() -> None:
    assert prompt_rows(TASKS, rule=RewardRule()) == prompt_rows(TASKS) == prompt_rows(TASKS, SYSTEM_PROMPT)
    assert prompts_dataset(TASKS[:3], rule=RewardRule()).column_names == list(COLUMNS)
    # A rule that states no threshold but reads a confidence is not the spec's: the spec's t, recorded.
    [row] = prompt_rows(TASKS[:1], rule=RewardRule(confidence="report"))
    assert (row["threshold"], row["confidence_mode"]) == (0.5, "report")
    assert row["prompt"][0]["content"] == system_prompt(None, "report")


def test_an_explicit_system_prompt_is_used_as_written() -> None:
    [row] = prompt_rows(TASKS[:1], "Mine.", rule=BRIER)
    assert row["prompt"][0]["content"] == "Mine." and row["threshold"] == 0.75


def test_the_command_writes_the_rule_and_no_gold_defect_or_article(tmp_path: Path) -> None:
    out = tmp_path / "prompts"
    result = runner.invoke(app, ["export-prompts", "--out", str(out), "--threshold", "0.75", "--confidence", "brier"])
    assert result.exit_code == 0, result.output
    assert f"wrote {len(TASKS)} prompts to {out} (threshold 0.75, confidence brier; load with" in result.stderr
    loaded = datasets.load_from_disk(str(out))
    assert loaded.to_list() == prompt_rows(TASKS, rule=BRIER)
    blob = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file())
    hidden = hidden_texts(TASKS, "\n".join([system_prompt(0.75, "brier"), *(t.question for t in TASKS)]))
    assert len(hidden) > 100 and [text for text in hidden if text.encode() in blob] == []
