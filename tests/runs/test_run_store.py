"""The run store: every item committed as it finishes; a run killed with SIGKILL resumes without re-calling
any finished item and without losing or duplicating a result; one writer at a time."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.checksums import file_sha256
from nohallucinate.cli import app
from nohallucinate.runs import RunConfig, RunLockedError, RunStore, read_config, read_verdicts
from nohallucinate.tasks import demo_tasks_path
from support.openai_server import OpenAIServer
from support.scripted_model import scripted_model
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

TASKS = labelled_tasks()
BY_QUESTION = {task.question: task.task_id for task in TASKS}


def finished_rows(run_dir: Path) -> int:
    path = run_dir / "results.sqlite"
    if not path.exists():
        return 0
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            return db.execute("SELECT COUNT(*) FROM results WHERE errored = 0").fetchone()[0]
        finally:
            db.close()
    except sqlite3.OperationalError:
        return 0


def asked(requests: list[dict]) -> list[str]:
    """The task ids the policy was asked about, in order."""
    return [BY_QUESTION[r["messages"][-1]["content"]] for r in requests if r["messages"][0]["role"] == "system"]


def test_a_sweep_killed_with_sigkill_resumes_without_recalling_or_losing_anything(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with OpenAIServer(scripted_model, latency=0.25) as server:
        command = [sys.executable, "-m", "nohallucinate.cli", "sweep", "--policy", "openai:test-model",
                   "--policy-base-url", server.url, "--grader", "local", "--out", str(run_dir), "--no-cache",
                   "--tasks", str(LABELLED_TASKS_PATH),
                   "--concurrency", "2", "--json"]  # fmt: skip
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while finished_rows(run_dir) < 10:
            assert process.poll() is None and time.monotonic() < deadline, "the sweep ended before it could be killed"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        finished_before = {v.task_id for v in read_verdicts(run_dir) if not v.errored}
        calls_before = len(server.requests)
        assert 10 <= len(finished_before) < len(TASKS)

        result = CliRunner().invoke(app, ["sweep", "--resume", str(run_dir), "--no-cache", "--json"])
        assert result.exit_code == 0, result.output
        asked_after = asked(server.requests[calls_before:])

    assert not set(asked_after) & finished_before  # no finished item was called again
    assert sorted(asked_after) == sorted({t.task_id for t in TASKS} - finished_before)
    verdicts = read_verdicts(run_dir)
    assert sorted(v.task_id for v in verdicts) == sorted(t.task_id for t in TASKS)  # each exactly once
    assert not any(v.errored for v in verdicts)
    payload = json.loads(result.stdout)
    assert payload["n"] == len(TASKS) and payload["resumed_items"] == len(finished_before)
    assert payload["per_family"]["precise_fact"] == 0.5  # the scripted model says "I don't know."


def test_the_configuration_is_recorded(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    result = CliRunner().invoke(
        app, ["sweep", "--policy", "always_abstain", "--out", str(run_dir), "--per-family", "2"]
    )
    assert result.exit_code == 0
    config = read_config(run_dir)
    assert (config.policy, config.grader, config.per_family) == ("always_abstain", "local", 2)
    assert config.tasks_sha256 == file_sha256(demo_tasks_path())
    assert len(read_verdicts(run_dir)) == 14


def test_two_sweeps_cannot_write_one_run(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    config = RunConfig(tasks_path=str(demo_tasks_path()), tasks_sha256=file_sha256(demo_tasks_path()),
                       policy="always_abstain", grader="local")  # fmt: skip
    with RunStore.create(run_dir, config):
        with pytest.raises(RunLockedError):
            RunStore.resume(run_dir)
        result = CliRunner().invoke(app, ["sweep", "--resume", str(run_dir)])
        assert result.exit_code == 2 and "being written by another process" in result.stderr
    with RunStore.resume(run_dir):
        pass  # free again once the first writer is gone


def test_resume_refuses_changed_settings_and_a_changed_task_file(tmp_path: Path) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_bytes(demo_tasks_path().read_bytes())
    run_dir = tmp_path / "run"
    runner = CliRunner()
    assert (
        runner.invoke(
            app, ["sweep", "--policy", "always_abstain", "--tasks", str(tasks), "--out", str(run_dir)]
        ).exit_code
        == 0
    )
    clash = runner.invoke(app, ["sweep", "--resume", str(run_dir), "--policy", "always_confident"])
    assert clash.exit_code == 2 and "--policy" in clash.stderr
    tasks.write_text(tasks.read_text().replace("Douglas Adams", "Douglas  Adams"))
    changed = runner.invoke(app, ["sweep", "--resume", str(run_dir)])
    assert changed.exit_code == 2 and "changed since the run started" in changed.stderr
    again = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--out", str(run_dir)])
    assert again.exit_code == 2 and "already holds a run" in again.stderr


def test_an_errored_item_is_retried_on_resume_and_a_good_one_is_never_replaced(tmp_path: Path) -> None:
    from nohallucinate.graders import Label, Verdict
    from nohallucinate.runs import errored

    task = TASKS[0]
    config = RunConfig(tasks_path=str(demo_tasks_path()), tasks_sha256=file_sha256(demo_tasks_path()),
                       policy="always_abstain", grader="local")  # fmt: skip
    with RunStore.create(tmp_path / "run", config) as store:
        store.record(errored(task, 0, "grader failed: HTTP 500"), None)
        assert store.finished() == set()
        good = Verdict(task_id=task.task_id, family=task.family, label=Label.NOT_ATTEMPTED, reward=0.5)
        store.record(good, None)
        store.record(errored(task, 0, "later failure"), None)
        assert store.finished() == {(task.task_id, 0)}
        [kept] = store.verdicts()
        assert kept.reward == 0.5 and not kept.errored
