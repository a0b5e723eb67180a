"""`grade --out`: replies made elsewhere become a run that report, export and regrade read like a sweep's; run.json
says where the replies came from; `sweep --resume` refuses it; a failed grading leaves no run behind."""

from __future__ import annotations

import asyncio
import hashlib
import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.graders import LocalGrader
from nohallucinate.rewards import RewardRule
from nohallucinate.runs import (
    REPLIES_POLICY,
    RunSession,
    grade_into_run,
    read_config,
    read_verdicts,
    replies_config,
    replies_plan,
    verdict_row,
)
from nohallucinate.tasks import demo_tasks_path, load_replies, load_tasks
from support.client_waits import shorten_client_waits

runner = CliRunner()


@pytest.fixture(scope="module")
def replies(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Replies to the demo set written as another harness would: two samples of each of 3 tasks per family."""
    folder = tmp_path_factory.mktemp("replies")
    sweep = runner.invoke(app, ["sweep", "--policy", "always_confident", "--per-family", "3", "--samples", "2",
                                "--out", str(folder / "swept")])  # fmt: skip
    assert sweep.exit_code == 0, sweep.output
    exported = runner.invoke(app, ["export", str(folder / "swept")])
    lines = [json.loads(line) for line in exported.stdout.splitlines()]
    path = folder / "vllm_outputs.jsonl"
    path.write_text("".join(json.dumps({"task_id": row["task_id"], "sample": row["sample"], "response": row["reply"],
                                        "policy": "my-model"}) + "\n" for row in lines))  # fmt: skip
    return path


def grade(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, ["grade", *args])
    return result.exit_code, result.stdout, result.stderr


def test_graded_replies_become_a_run_that_names_its_source(replies: Path, tmp_path: Path) -> None:
    code, stdout, _ = grade("--responses", str(replies), "--out", str(tmp_path / "run"), "--json")
    assert code == 0
    printed = json.loads(stdout)
    config = read_config(tmp_path / "run")
    assert config.policy == "my-model" and config.grader == "local" and config.models == {}
    source = config.replies_from
    assert source is not None and source.path == str(replies.resolve()) and source.replies == 42
    assert source.sha256 == hashlib.sha256(replies.read_bytes()).hexdigest()
    assert config.tasks_path == str(demo_tasks_path().resolve())
    stored = [json.loads(json.dumps(verdict_row(verdict))) for verdict in read_verdicts(tmp_path / "run")]
    assert sorted(stored, key=lambda v: (v["task_id"], v["sample"])) == sorted(
        printed["results"], key=lambda v: (v["task_id"], v["sample"])
    )  # what the run keeps is what grade printed
    assert printed["run_dir"] == str(tmp_path / "run")


def test_report_export_and_regrade_read_it_like_any_run(replies: Path, tmp_path: Path) -> None:
    assert grade("--responses", str(replies), "--out", str(tmp_path / "run"))[0] == 0
    report = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "report" / "report.html").read_text()
    assert f"replies: {replies.resolve()}" in page
    exported = runner.invoke(app, ["export", str(tmp_path / "run")])
    rows = [json.loads(line) for line in exported.stdout.splitlines()]
    sent = [json.loads(line) for line in replies.read_text().splitlines()]
    assert sorted((r["task_id"], r["sample"], r["reply"]) for r in rows) == sorted(
        (s["task_id"], s["sample"], s["response"]) for s in sent
    )
    regraded = runner.invoke(app, ["regrade", str(tmp_path / "run"), "--grader", "local", "--out",
                                   str(tmp_path / "regraded")])  # fmt: skip
    assert regraded.exit_code == 0, regraded.output
    assert read_config(tmp_path / "regraded").replies_from == read_config(tmp_path / "run").replies_from


def test_sweep_resume_refuses_a_run_of_replies(replies: Path, tmp_path: Path) -> None:
    assert grade("--responses", str(replies), "--out", str(tmp_path / "run"))[0] == 0
    result = runner.invoke(app, ["sweep", "--resume", str(tmp_path / "run")])
    assert result.exit_code == 2 and "no policy to ask" in result.stderr
    assert str(replies.resolve()) in result.stderr


def test_an_out_that_holds_files_is_refused_before_any_grading(replies: Path, tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine")
    code, _, stderr = grade("--responses", str(replies), "--out", str(tmp_path / "taken"))
    assert code == 2 and "already holds files" in stderr
    assert [p.name for p in (tmp_path / "taken").iterdir()] == ["notes.txt"]


def test_a_grader_that_cannot_be_reached_leaves_no_run(
    replies: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shorten_client_waits(monkeypatch)  # given up after 0.5 s of refused connections, not 5 s
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    code, _, stderr = grade("--responses", str(replies), "--grader", "llm", "--grader-base-url",
                            f"http://127.0.0.1:{port}/v1", "--grader-api-key", "sk-test", "--no-cache",
                            "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 1 and "the endpoint cannot be reached (connection refused)" in stderr
    assert "No run was written" in stderr and not (tmp_path / "run").exists()


def test_the_python_api_makes_the_same_run(replies: Path, tmp_path: Path) -> None:
    tasks = load_tasks(demo_tasks_path())
    loaded = load_replies(replies, tasks)
    config = replies_config(demo_tasks_path(), replies, loaded, tasks, grader="local", rule=RewardRule())
    session = RunSession.start(tmp_path / "run", config, plan=replies_plan(loaded))
    try:
        verdicts = asyncio.run(grade_into_run(tasks, loaded, LocalGrader(), session.store))
    finally:
        session.store.close()
    assert len(verdicts) == 42 and not any(verdict.errored for verdict in verdicts)
    assert read_config(tmp_path / "run").replies_from == config.replies_from


def test_replies_that_name_no_single_policy_are_recorded_as_replies(replies: Path, tmp_path: Path) -> None:
    anonymous = tmp_path / "anonymous.jsonl"
    anonymous.write_text("".join(json.dumps({k: v for k, v in json.loads(line).items() if k != "policy"}) + "\n"
                                 for line in replies.read_text().splitlines()))  # fmt: skip
    assert grade("--responses", str(anonymous), "--out", str(tmp_path / "run"))[0] == 0
    assert read_config(tmp_path / "run").policy == REPLIES_POLICY


def test_a_sweep_and_the_same_replies_graded_from_a_file_make_the_same_run(tmp_path: Path) -> None:
    """The sweep's replies, exported and graded with `grade --out` under the sweep's policy name: the same verdicts,
    the same report tables; export and regrade read both."""
    swept = tmp_path / "swept"
    made = runner.invoke(app, ["sweep", "--policy", "always_confident", "--per-family", "3", "--samples", "2",
                               "--out", str(swept)])  # fmt: skip
    assert made.exit_code == 0, made.output
    rows = [json.loads(line) for line in runner.invoke(app, ["export", str(swept)]).stdout.splitlines()]
    replies = tmp_path / "replies.jsonl"
    replies.write_text("".join(json.dumps({"task_id": r["task_id"], "sample": r["sample"], "response": r["reply"],
                                           "policy": "always_confident"}) + "\n" for r in rows))  # fmt: skip
    graded = tmp_path / "graded"
    assert grade("--responses", str(replies), "--out", str(graded))[0] == 0

    def verdicts(run: Path) -> list[dict[str, object]]:
        return sorted((verdict.model_dump(mode="json") for verdict in read_verdicts(run)),
                      key=lambda v: (str(v["task_id"]), int(str(v["sample"]))))  # fmt: skip

    assert verdicts(swept) == verdicts(graded) and len(verdicts(graded)) == 42

    def tables(run: Path) -> str:
        reported = runner.invoke(app, ["report", str(run), "--out", str(tmp_path / f"{run.name}-report")])
        assert reported.exit_code == 0, reported.output
        return reported.stdout.replace(str(run), "RUN")

    assert tables(swept) == tables(graded)
    for run in (swept, graded):
        again = runner.invoke(app, ["regrade", str(run), "--grader", "local", "--out", str(tmp_path / f"{run.name}-2")])
        assert again.exit_code == 0, again.output
        assert verdicts(tmp_path / f"{run.name}-2") == verdicts(swept)
