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
