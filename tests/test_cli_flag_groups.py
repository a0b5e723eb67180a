"""Flags declared once as groups: typer sees each group's flags in its place, a bad value among them exits 2, and
an error that is not the user's keeps its traceback."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest
from typer.testing import CliRunner

import nohallucinate.cli.sweep_command as sweep_module
from nohallucinate.cli import app

runner = CliRunner()


def test_each_group_is_spelt_out_in_its_place() -> None:
    names = list(inspect.signature(sweep_module.sweep_command).parameters)
    assert names[names.index("resume") + 1 : names.index("as_json")] == [
        "threshold", "confidence", "thresholds", "simulated_knowledge", "simulated_seed",
        "system_prompt_file", "no_system_prompt",
        "policy_base_url", "policy_api_key", "temperature", "top_p", "max_tokens", "seed", "reasoning_effort",
        "grader_model", "grader_base_url", "grader_api_key", "simpleqa_template",
        "concurrency", "cache_dir", "no_cache", "max_attempts", "timeout", "call_deadline",
    ]  # fmt: skip


def test_a_sampling_value_out_of_range_exits_2(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--temperature", "3", "--out", str(tmp_path)])
    assert result.exit_code == 2 and "temperature" in result.output
    assert not (tmp_path / "run.json").exists()


def test_a_value_error_that_is_a_bug_keeps_its_traceback(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object) -> None:
        raise ValueError("a bug, not the user's doing")

    monkeypatch.setattr(sweep_module, "make_policy", broken)
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--out", str(tmp_path / "run"), "--json"])
    assert isinstance(result.exception, ValueError) and result.exit_code == 1


SELECTING_COMMANDS = ["audit", "serve", "sweep", "export-prompts"]


@pytest.mark.parametrize("name", SELECTING_COMMANDS)
def test_every_command_that_selects_tasks_takes_the_three_selection_flags_together(name: str) -> None:
    from nohallucinate.cli.app import load_command

    flags = [parameter.opts[0] for parameter in load_command(name).params]
    start = flags.index("--tasks")
    assert flags[start : start + 3] == ["--tasks", "--split", "--per-family"]


def test_the_selection_flags_pick_the_same_tasks_in_sweep_export_and_audit(tmp_path: Path) -> None:
    import datasets

    from nohallucinate.runs import read_verdicts
    from nohallucinate.tasks import load_demo_tasks, select_tasks

    chosen = ["--split", "test", "--per-family", "1"]
    expected = [task.task_id for task in select_tasks(load_demo_tasks(), "test", 1)]
    sweep = runner.invoke(app, ["sweep", "--policy", "always_abstain", *chosen, "--out", str(tmp_path / "run")])
    assert sweep.exit_code == 0, sweep.output
    assert sorted(verdict.task_id for verdict in read_verdicts(tmp_path / "run")) == sorted(expected)
    export = runner.invoke(app, ["export-prompts", *chosen, "--out", str(tmp_path / "prompts")])
    assert export.exit_code == 0, export.output
    assert datasets.load_from_disk(str(tmp_path / "prompts"))["task_id"] == expected
    audit = runner.invoke(app, ["audit", *chosen, "--plan"])
    assert audit.exit_code == 0 and f" on {len(expected)} tasks," in audit.stderr
