"""The command line: output shapes, exit codes, and errors that name line and field."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate import __version__
from nohallucinate.cli import app
from nohallucinate.tasks import demo_tasks_path, load_demo_tasks
from support.task_sets import LABELLED_TASKS_PATH

runner = CliRunner()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # sweeps write their run directories under ./runs


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_sweep_json_has_the_documented_keys() -> None:
    result = invoke(
        "sweep", "--policy", "always_abstain", "--grader", "local", "--tasks", str(LABELLED_TASKS_PATH), "--json"
    )
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert {"overall", "per_family", "per_tier", "verdicts", "n"} <= payload.keys()
    assert payload["per_family"]["precise_fact"] == 0.5 and payload["per_family"]["biography"] == 0.0
    assert payload["verdicts"]["false_premise"] == {"IDENTIFIED": 0, "ABSTAINED": 6, "CONFABULATED": 0}


def test_sweep_per_family_limits_each_family() -> None:
    result = invoke("sweep", "--policy", "always_confident", "--per-family", "2", "--json")
    payload = json.loads(result.stdout)
    assert payload["n"] == 14 and set(payload["n_per_family"].values()) == {2}


def test_sweep_prints_the_per_family_table() -> None:
    result = invoke("sweep", "--policy", "always_abstain")
    assert result.exit_code == 0
    for family in ("precise_fact", "biography", "ambiguous_entity", "overall"):
        assert family in result.stdout
    assert "0.500" in result.stdout and "0.000" in result.stdout


def test_grade_json_results_and_summary(tmp_path: Path) -> None:
    tasks = load_demo_tasks()
    fact = next(t for t in tasks if t.subject.label == "Douglas Adams" and t.gold)
    responses = tmp_path / "r.jsonl"
    responses.write_text(
        json.dumps({"task_id": fact.task_id, "response": "He was born on March 11, 1952."}) + "\n", encoding="utf-8"
    )
    result = invoke("grade", "--tasks", str(demo_tasks_path()), "--responses", str(responses), "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    [row] = payload["results"]
    assert (row["task_id"], row["verdict"], row["reward"]) == (fact.task_id, "CORRECT", 1.0)
    assert payload["summary"]["n"] == 1
    assert payload["summary"]["tasks_without_response"] == len(tasks) - 1


def test_a_malformed_task_file_exits_non_zero_naming_line_and_field(tmp_path: Path) -> None:
    lines = demo_tasks_path().read_text(encoding="utf-8").splitlines()
    broken = json.loads(lines[4])
    broken["family"] = "trivia"
    lines[4] = json.dumps(broken)
    path = tmp_path / "tasks.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("sweep", "--tasks", str(path), "--policy", "always_abstain")
    assert result.exit_code == 2
    assert "tasks.jsonl:5: field 'family'" in result.stderr


def test_a_malformed_responses_file_exits_non_zero_naming_line_and_field(tmp_path: Path) -> None:
    path = tmp_path / "responses.jsonl"
    task_id = load_demo_tasks()[0].task_id
    path.write_text(json.dumps({"task_id": task_id, "response": "x"}) + "\n" + json.dumps({"task_id": task_id}) + "\n")
    result = invoke("grade", "--responses", str(path))
    assert result.exit_code == 2
    assert "responses.jsonl:2: field 'response': missing required field" in " ".join(result.stderr.split())


def test_unknown_policy_and_grader_are_clear_errors() -> None:
    result = invoke("sweep", "--policy", "oracle")
    assert result.exit_code == 2 and "unknown policy 'oracle'" in result.stderr
    for command in (["sweep", "--policy", "always_abstain"], ["serve", "--port", "1"], ["audit"], ["agreement", "x"]):
        result = invoke(*command, "--grader", "gpt")
        assert result.exit_code == 2, command
        assert "unknown grader 'gpt'; choose one of: local, llm, hybrid" in result.stderr, command


def test_check_passes_on_the_demo_set_and_fails_on_a_second_phrasing(tmp_path: Path) -> None:
    assert invoke("check").exit_code == 0
    lines = demo_tasks_path().read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    row = next(r for r in rows if r["question"].startswith("On what day"))
    row["question"] = f"On what date was {row['subject']['label']} born?"
    path = tmp_path / "tasks.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    result = invoke("check", "--tasks", str(path))
    assert result.exit_code == 1 and "On what date was X born?" in result.stderr


def test_python_dash_m_nohallucinate_runs_the_command() -> None:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    result = subprocess.run([sys.executable, "-m", "nohallucinate", "--help"], capture_output=True, text=True, env=env)
    assert result.returncode == 0, result.stderr
    assert "Usage: nohallucinate" in result.stdout and "sweep" in result.stdout


def test_version_flag_prints_what_the_version_command_prints() -> None:
    flag, command = invoke("--version"), invoke("version")
    assert flag.exit_code == 0 and command.exit_code == 0
    assert flag.stdout == command.stdout == f"{__version__}\n"


def test_a_mistyped_command_is_told_the_close_names() -> None:
    """The commands are loaded only when they run; their names are known before, for the usage error."""
    result = invoke("gade")
    assert result.exit_code == 2
    assert "No such command 'gade'. Did you mean 'grade', 'regrade'?" in " ".join(result.output.split())


@pytest.mark.parametrize(
    ("command", "text"),
    [(["enoki", "detection"], "needs the [nli] extra"), (["sweep"], "(rollouts) [default: 1]"),
     (["tax", "manifest"], "umwp/... [default: $NOHAL_CACHE_DIR/hallucination_tax")],
)  # fmt: skip
def test_square_brackets_in_help_are_shown_not_taken_as_markup(command: list[str], text: str) -> None:
    result = runner.invoke(app, [*command, "--help"], env={"COLUMNS": "250"})
    assert result.exit_code == 0
    assert text in result.stdout
