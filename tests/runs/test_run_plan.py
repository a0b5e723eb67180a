"""A run records its plan (every item and sample it is to answer) before its first result: a result outside the
plan is refused as it is written and by every reader, naming it; a run whose results are gone is not resumed."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.graders import Label, Verdict
from nohallucinate.runs import BadRunError, RunConfig, RunStore, read_verdicts
from nohallucinate.runs.errors import RunStoreError
from nohallucinate.tasks import load_demo_tasks

runner = CliRunner()
DEMO = load_demo_tasks()


@pytest.fixture(scope="module")
def swept(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run_dir = tmp_path_factory.mktemp("plan") / "run"
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--out", str(run_dir)])
    assert result.exit_code == 0, result.output
    return run_dir


def copy_run(source: Path, target: Path) -> Path:
    target.mkdir()
    for name in ("run.json", "results.sqlite"):
        (target / name).write_bytes((source / name).read_bytes())
    return target


def add_foreign_rows(run_dir: Path) -> None:
    """Two results the run never planned: one for a task of another file, one for a sample it did not ask."""
    foreign = Verdict(task_id="not-a-task", family=DEMO[0].family, label=Label.CORRECT, reward=1.0)
    with sqlite3.connect(run_dir / "results.sqlite") as db:
        (planned_id,) = db.execute("SELECT task_id FROM plan ORDER BY task_id LIMIT 1").fetchone()
        extra = foreign.model_copy(update={"task_id": planned_id, "sample": 7})
        for verdict in (foreign, extra):
            row = (verdict.task_id, verdict.sample, verdict.model_dump_json(), "x", 0, 0.0)
            db.execute("INSERT INTO results VALUES (?, ?, ?, ?, ?, ?)", row)
    db.close()


def test_a_sweep_records_its_plan(swept: Path) -> None:
    with sqlite3.connect(swept / "results.sqlite") as db:
        planned = set(db.execute("SELECT task_id, sample FROM plan"))
        stored = set(db.execute("SELECT task_id, sample FROM results"))
    db.close()
    assert planned == stored and len(planned) == 14  # two of each of the seven families, one sample each


@pytest.mark.parametrize(
    "command",
    [
        ["report", "{run}", "--out", "{tmp}/report"],
        ["export", "{run}", "--out", "{tmp}/items.jsonl"],
        ["sweep", "--resume", "{run}"],
        ["regrade", "{run}", "--grader", "local", "--out", "{tmp}/regraded"],
    ],
    ids=lambda command: command[0],
)
def test_results_outside_the_plan_are_refused_by_every_reader(swept: Path, tmp_path: Path, command) -> None:
    run_dir = copy_run(swept, tmp_path / "run")
    add_foreign_rows(run_dir)
    args = [part.format(run=run_dir, tmp=tmp_path) for part in command]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "2 results are not items of this run ('not-a-task' sample 0" in result.stderr
    assert "it planned 14 items" in result.stderr and "Traceback" not in result.output
    with pytest.raises(BadRunError, match="2 results are not items of this run"):
        read_verdicts(run_dir)


def test_the_store_refuses_to_write_a_result_outside_its_plan(tmp_path: Path) -> None:
    task = DEMO[0]
    config = RunConfig(tasks_path="t.jsonl", tasks_sha256="0", policy="always_abstain", grader="local")
    verdict = Verdict(task_id=task.task_id, family=task.family, label=Label.NOT_ATTEMPTED, reward=0.5)
    with RunStore.create(tmp_path / "run", config, plan=[(task.task_id, 0)]) as store:
        store.record(verdict, None)
        with pytest.raises(RunStoreError, match="sample 1 is not an item of this run's plan"):
            store.record(verdict.model_copy(update={"sample": 1}), None)
        with pytest.raises(RunStoreError, match="'another' sample 0 is not an item"):
            store.record(verdict.model_copy(update={"task_id": "another"}), None)
    assert [(v.task_id, v.sample) for v in read_verdicts(tmp_path / "run")] == [(task.task_id, 0)]


def test_a_run_made_before_plans_is_read_as_it_is(swept: Path, tmp_path: Path) -> None:
    run_dir = copy_run(swept, tmp_path / "run")
    with sqlite3.connect(run_dir / "results.sqlite") as db:
        db.execute("DROP TABLE plan")
    db.close()
    assert len(read_verdicts(run_dir)) == 14
    resumed = runner.invoke(app, ["sweep", "--resume", str(run_dir)])
    assert resumed.exit_code == 0, resumed.output


def test_resume_without_results_says_so_and_stops(swept: Path, tmp_path: Path) -> None:
    run_dir = copy_run(swept, tmp_path / "run")
    (run_dir / "results.sqlite").unlink()
    result = runner.invoke(app, ["sweep", "--resume", str(run_dir)])
    assert result.exit_code == 2, result.output
    assert f"{run_dir} holds a run but no results.sqlite: its results are gone" in result.stderr
    assert sorted(path.name for path in run_dir.iterdir()) == ["run.json"]  # nothing started over
