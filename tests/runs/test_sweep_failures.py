"""Every way a sweep or the run store can fail says why: bad input exits 2, items that could not be graded exit 1
with their reasons printed, and what the store cannot keep is refused with a message."""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import nohallucinate.runs.store as store_module
from nohallucinate.checksums import file_sha256
from nohallucinate.cli import app
from nohallucinate.graders import Label, Verdict
from nohallucinate.runs import RunConfig, RunStore, read_responses, read_verdicts
from nohallucinate.tasks import Family, demo_tasks_path
from support.openai_server import OpenAIServer, Status

runner = CliRunner()
CONFIG = RunConfig(tasks_path=str(demo_tasks_path()), tasks_sha256=file_sha256(demo_tasks_path()),
                   policy="always_abstain", grader="local")  # fmt: skip


def verdict(task_id: str = "t1", sample: int = 0) -> Verdict:
    return Verdict(task_id=task_id, family=Family.PRECISE_FACT, sample=sample, label=Label.NOT_ATTEMPTED, reward=0.5)


def test_a_task_file_in_a_symlink_loop_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").symlink_to(tmp_path / "b.jsonl")
    (tmp_path / "b.jsonl").symlink_to(tmp_path / "a.jsonl")
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--tasks", str(tmp_path / "a.jsonl"),
                                 "--out", str(tmp_path / "run")])  # fmt: skip
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "a.jsonl" in result.stderr and "symbolic links" in result.stderr
    assert not (tmp_path / "run").exists()


def test_items_that_could_not_be_graded_are_printed_with_their_reasons(tmp_path: Path) -> None:
    with OpenAIServer(lambda request: Status(400, "no such model")) as server:
        result = runner.invoke(app, ["sweep", "--policy", "openai:missing", "--policy-base-url", server.url,
                                     "--no-cache", "--per-family", "1", "--out", str(tmp_path / "run")])  # fmt: skip
    assert result.exit_code == 1
    assert "7 items: 0 graded, 7 errored" in result.stdout  # the header counts what was asked, not only the graded
    assert "7 item(s) errored and are excluded from every mean" in result.stdout
    # The reason is printed on stderr as it first happens, and grouped by kind at the end, with example items.
    assert "7 of 7 items failed, by reason:" in result.stderr
    [kind] = [line for line in result.stderr.splitlines() if line.startswith("  7 × policy failed:")]
    assert "HTTP 400" in kind and "no such model" in kind
    assert "(sample 0)" in result.stderr.split(kind)[1].splitlines()[1]  # e.g. the first items of that kind


@pytest.mark.parametrize("sample", [-1, 2**63, 10**400], ids=["negative", "2**63", "10**400"])
def test_the_store_refuses_a_sample_index_sqlite_cannot_hold(tmp_path: Path, sample: int) -> None:
    with RunStore.create(tmp_path / "run", CONFIG) as store:
        with pytest.raises(ValueError, match=r"sample index .* is out of range") as raised:
            store.record(verdict(sample=0).model_copy(update={"sample": sample}), None)
        assert len(str(raised.value)) < 200  # a 400-digit index is described, not printed
        store.record(verdict(sample=2**63 - 1), None)  # the largest index it keeps
        assert store.finished() == {("t1", 2**63 - 1)}


def test_a_reply_with_a_lone_surrogate_is_stored_not_a_crash(tmp_path: Path) -> None:
    """A model can send "\\ud800" as a JSON escape; SQLite cannot store it as UTF-8, so it is kept escaped."""
    from nohallucinate.tasks import Reply

    run_dir = tmp_path / "run"
    with RunStore.create(run_dir, CONFIG) as store:
        odd = verdict().model_copy(update={"detail": {"quoted": "x\ud800y"}})
        store.record(odd, Reply(task_id="t1", response="x\ud800y"))
        with pytest.raises(ValueError, match="lone surrogates"):
            store.record(verdict(task_id="t\udc00"), None)
    assert read_verdicts(run_dir)[0].detail == {"quoted": "x\ud800y"}  # the verdict JSON round-trips exactly
    assert read_responses(run_dir) == {("t1", 0): "x\\ud800y"}


def test_a_run_that_cannot_be_created_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from nohallucinate.runs import RunWriteError

    def disk_full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module, "write_text_atomically", disk_full)
    with pytest.raises(RunWriteError, match="No space left on device"):
        RunStore.create(tmp_path / "runs" / "new", CONFIG)
    assert not (tmp_path / "runs").exists()

    existing = tmp_path / "mine"
    existing.mkdir()
    (existing / "notes.txt").write_text("kept")
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--out", str(existing)])
    assert result.exit_code == 2 and f"cannot create a run in {existing}: No space left on device" in result.stderr
    assert [p.name for p in existing.iterdir()] == ["notes.txt"]


def test_an_open_store_holds_the_lock_and_leaves_no_partial_file(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    with RunStore.create(run_dir, CONFIG) as store:
        store.record(verdict(), None)
        with open(run_dir / ".lock") as lock, pytest.raises(BlockingIOError):
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # held while the store is open
    assert sorted(p.name for p in run_dir.iterdir() if not p.name.startswith("results.sqlite")) == ["run.json"]
    assert json.loads((run_dir / "run.json").read_text())["policy"] == "always_abstain"


def test_a_finished_sweep_leaves_no_lock_file_and_resumes(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    assert runner.invoke(app, ["sweep", "--policy", "always_abstain", "--out", str(run_dir)]).exit_code == 0
    assert not (run_dir / ".lock").exists()
    assert runner.invoke(app, ["sweep", "--resume", str(run_dir)]).exit_code == 0
    assert not (run_dir / ".lock").exists()


def test_a_lock_file_left_by_an_older_version_does_not_block_a_resume(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    RunStore.create(run_dir, CONFIG).close()
    (run_dir / ".lock").write_text("12345\n")
    with RunStore.resume(run_dir) as store:
        with open(run_dir / ".lock") as lock, pytest.raises(BlockingIOError):
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        store.record(verdict(), None)
    assert not (run_dir / ".lock").exists()


def test_the_run_store_imports_without_fcntl_and_says_why_it_cannot_write(tmp_path: Path) -> None:
    code = (
        "import sys; sys.modules['fcntl'] = None\n"  # as on Windows, where there is no fcntl
        "from nohallucinate.runs import RunConfig, RunStore\n"
        "from nohallucinate.runs.errors import RunWriteError\n"
        "try:\n"
        f"    RunStore.create({str(tmp_path / 'run')!r}, RunConfig.model_validate_json({CONFIG.model_dump_json()!r}))\n"
        "except RunWriteError as exc:\n"
        "    print(exc)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "needs POSIX file locks (fcntl)" in result.stdout
