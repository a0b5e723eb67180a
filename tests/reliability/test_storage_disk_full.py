"""A run directory that fills up: the run stops with a clear message and exit 2, what was committed is kept whole,
the lock is released, and `--resume` completes the run once there is room, grading every item exactly once."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import nohallucinate.runs.store as store_module
from nohallucinate.cli import app
from nohallucinate.runs import RunStore, read_verdicts
from support.openai_server import OpenAIServer, Reply
from support.scripted_model import scripted_model
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

TASKS = labelled_tasks()
BY_QUESTION = {task.question: task.task_id for task in TASKS}

# The CLI with every file it writes capped at `limit` bytes, as a full disk caps them. SIGXFSZ is ignored so that
# a write past the cap fails (EFBIG) instead of killing the process.
LIMITED_CLI = """
import resource, signal, sys
limit = int(sys.argv[1])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
from nohallucinate.cli import app
app(sys.argv[2:], prog_name="nohallucinate")
"""


def asked(requests: list[dict]) -> list[str]:
    """The task ids the policy was asked about, in order."""
    return [BY_QUESTION[r["messages"][-1]["content"]] for r in requests if r["messages"][0]["role"] == "system"]


def committed(run_dir: Path) -> list[tuple[str, int]]:
    """Every row of the results table, after SQLite's own integrity check."""
    db = sqlite3.connect(run_dir / "results.sqlite")
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return db.execute("SELECT task_id, sample FROM results").fetchall()
    finally:
        db.close()


def test_a_full_disk_stops_the_sweep_cleanly_and_resume_finishes_it(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with OpenAIServer(scripted_model) as server:
        command = [sys.executable, "-c", LIMITED_CLI, "60000", "sweep", "--policy", "openai:test-model",
                   "--policy-base-url", server.url, "--grader", "local", "--out", str(run_dir), "--no-cache",
                   "--tasks", str(LABELLED_TASKS_PATH), "--concurrency", "2", "--json"]  # fmt: skip
        full = subprocess.run(command, capture_output=True, text=True, timeout=120)
        kept = {task_id for task_id, _ in committed(run_dir)}
        calls_before = len(server.requests)

        assert full.returncode == 2 and full.stdout == ""
        assert "Traceback" not in full.stderr and "results.sqlite" in full.stderr
        assert f"{len(kept)} of {len(TASKS)} items are committed" in full.stderr
        assert f"nohallucinate sweep --resume {run_dir}" in full.stderr
        assert 0 < len(kept) < len(TASKS)

        resumed = CliRunner().invoke(app, ["sweep", "--resume", str(run_dir), "--no-cache", "--json"])
        assert resumed.exit_code == 0, resumed.output
        asked_after = asked(server.requests[calls_before:])

    assert sorted(asked_after) == sorted({t.task_id for t in TASKS} - kept)  # only what was not committed
    assert sorted(task_id for task_id, _ in committed(run_dir)) == sorted(t.task_id for t in TASKS)  # each once
    assert json.loads(resumed.stdout)["resumed_items"] == len(kept)
    assert not any(v.errored for v in read_verdicts(run_dir))


@pytest.fixture
def database_fills_up(monkeypatch: pytest.MonkeyPatch):
    """The results database may grow by two pages only (past the run's plan, written when it is created): SQLite
    then refuses with "database or disk is full"."""
    original, write_plan = store_module._open_results, RunStore._write_plan

    def cap(db: sqlite3.Connection) -> None:
        pages = db.execute("PRAGMA page_count").fetchone()[0]
        db.execute(f"PRAGMA max_page_count = {pages + 2}")

    def small(path: Path) -> sqlite3.Connection:
        db = original(path)
        cap(db)
        return db

    def planned(store: RunStore, plan: list[tuple[str, int]]) -> None:
        store._db.execute("PRAGMA max_page_count = 1073741823")
        write_plan(store, plan)
        cap(store._db)

    monkeypatch.setattr(store_module, "_open_results", small)
    monkeypatch.setattr(RunStore, "_write_plan", planned)
    return monkeypatch


def test_a_failed_write_leaves_the_database_whole_and_the_run_unlocked(tmp_path: Path, database_fills_up) -> None:
    run_dir = tmp_path / "run"
    full = CliRunner().invoke(app, ["sweep", "--policy", "always_abstain", "--out", str(run_dir), "--concurrency", "1"])
    assert full.exit_code == 2 and "database or disk is full" in full.stderr
    assert f"continue the run with:\n    nohallucinate sweep --resume {run_dir}" in full.stderr
    rows = committed(run_dir)
    assert rows and f"The run stopped: {len(rows)} of " in full.stderr
    with RunStore.resume(run_dir) as store:  # the failed sweep let go of the lock
        assert store.finished() == set(rows)

    database_fills_up.undo()  # room again
    resumed = CliRunner().invoke(app, ["sweep", "--resume", str(run_dir), "--json"])
    assert resumed.exit_code == 0, resumed.output
    payload = json.loads(resumed.stdout)
    assert payload["resumed_items"] == len(rows) and payload["errored"] == 0
    ids = [task_id for task_id, _ in committed(run_dir)]
    assert len(ids) == len(set(ids)) == payload["n"]  # every item exactly once


def test_a_failed_write_stops_the_store(tmp_path: Path, database_fills_up) -> None:
    """After one failed write the store refuses the rest, so a run cannot go on with holes in it."""
    from nohallucinate.graders import Label, Verdict
    from nohallucinate.runs import RunConfig, RunWriteError

    config = RunConfig(tasks_path="t.jsonl", tasks_sha256="0", policy="always_abstain", grader="local")
    with RunStore.create(tmp_path / "run", config) as store:
        with pytest.raises(RunWriteError, match="database or disk is full"):
            for task in TASKS:
                verdict = Verdict(task_id=task.task_id, family=task.family, label=Label.NOT_ATTEMPTED, reward=0.5)
                store.record(verdict, None)
        kept = store.finished()
        with pytest.raises(RunWriteError, match="database or disk is full"):
            store.record(Verdict(task_id="another", family=TASKS[0].family, label=None, reward=None), None)
    assert set(committed(tmp_path / "run")) == kept


def test_a_full_disk_stops_a_tax_run_and_resume_finishes_it(shared_dir: Path, tmp_path: Path, database_fills_up):
    run_dir = tmp_path / "tax"
    args = ["--policy", "openai:m", "--data-dir", str(shared_dir / "data" / "hallucination_tax"), "--benchmarks",
            "gsm8k", "--limit", "200", "--out", str(run_dir), "--no-cache", "--concurrency", "1"]  # fmt: skip
    with OpenAIServer(lambda request: Reply(r"\boxed{I don't know.}")) as server:
        full = CliRunner().invoke(app, ["tax", "run", "--policy-base-url", server.url, *args])
        assert full.exit_code == 2 and "database or disk is full" in full.stderr, full.output
        assert f"continue the run with:\n    nohallucinate tax run --resume {run_dir}" in full.stderr
        kept = committed(run_dir)
        assert 0 < len(kept) < 200 and f"The run stopped: {len(kept)} of 200 items" in full.stderr
        calls_before = len(server.requests)

        database_fills_up.undo()
        resumed = CliRunner().invoke(app, ["tax", "run", "--resume", str(run_dir), "--json"])
        assert resumed.exit_code == 0, resumed.output
        assert len(server.requests) - calls_before == 200 - len(kept)  # only what was not committed
    rows = committed(run_dir)
    assert len(rows) == len(set(rows)) == 200 and json.loads(resumed.stdout)["resumed_items"] == len(kept)
