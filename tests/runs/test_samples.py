"""Rollouts per task: `sweep --samples N` answers and grades every (task, sample) pair into the run store, resumes
asking only for the missing pairs (even after SIGKILL), and summaries carry standard errors clustered by task,
pass@N and the share of tasks whose samples disagree."""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from statistics import fmean, stdev
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.graders import Label, Verdict
from nohallucinate.runs import errored, read_config, read_verdicts, summarise
from nohallucinate.stats import clustered_se
from nohallucinate.tasks import Family, load_demo_tasks
from support.openai_server import Behaviour, OpenAIServer, Reply
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

runner = CliRunner()
DEMO = load_demo_tasks()


def by_hand_se(rewards_by_task: dict[str, list[float]]) -> float:
    """The clustered standard error written out: sqrt(C/(C-1) * sum over tasks of (sum of r - m)^2) / N."""
    clusters = [rewards for rewards in rewards_by_task.values() if rewards]
    total = 0
    summed = 0.0
    for rewards in clusters:
        for reward in rewards:
            total += 1
            summed += reward
    mean = summed / total
    squares = 0.0
    for rewards in clusters:
        deviation = 0.0
        for reward in rewards:
            deviation += reward - mean
        squares += deviation * deviation
    count = len(clusters)
    return math.sqrt(count / (count - 1) * squares) / total


def fact_verdict(task_id: str, sample: int, reward: float) -> Verdict:
    label = {1.0: Label.CORRECT, 0.5: Label.NOT_ATTEMPTED, 0.0: Label.INCORRECT}[reward]
    return Verdict(task_id=task_id, family=Family.PRECISE_FACT, tier="easy", sample=sample, label=label, reward=reward)


def test_three_tasks_of_two_samples_by_hand() -> None:
    # Rewards a: 1.0, 0.5; b: 0.5, 0.5; c: 0.0, 1.0. Mean m = 3.5 / 6 = 7/12. Per-task sums of (r - m):
    # a 1.5 - 14/12 = 1/3, b 1.0 - 14/12 = -1/6, c -1/6. Squares 1/9 + 1/36 + 1/36 = 1/6; times C/(C-1) = 3/2
    # gives 1/4; its root 1/2, over N = 6: SE = 1/12. The same as the plain SE of the three task means
    # (0.75, 0.5, 0.5): sd = sqrt(1/48), over sqrt(3) = 1/12.
    rewards = {"a": [1.0, 0.5], "b": [0.5, 0.5], "c": [0.0, 1.0]}
    assert clustered_se(list(rewards.values())) == pytest.approx(1 / 12, abs=1e-15)
    assert stdev([0.75, 0.5, 0.5]) / math.sqrt(3) == pytest.approx(1 / 12, abs=1e-15)

    verdicts = [fact_verdict(task, sample, r) for task, got in rewards.items() for sample, r in enumerate(got)]
    lost = Verdict(task_id="d", family=Family.PRECISE_FACT, label=None, reward=None, sample=1, error="grader failed")
    summary = summarise([*verdicts, lost])
    assert summary["overall"] == pytest.approx(7 / 12) and summary["overall_se"] == pytest.approx(1 / 12)
    assert summary["per_family_se"] == {"precise_fact": pytest.approx(1 / 12)}
    assert summary["per_tier_se"] == {"easy": pytest.approx(1 / 12)}
    # pass@2: a (a 1.0) and c (a 1.0) had a sample beat abstaining, b did not. Samples disagree on a and c.
    # Within-task sample variances: a 0.125, b 0.0, c 0.5; their mean 0.625 / 3.
    expected = {"tasks": 3, "samples": 2, "pass_at_n": 2 / 3, "learning_signal": 2 / 3,
                "within_task_variance": 0.625 / 3}  # fmt: skip
    assert summary["tasks"] == pytest.approx(expected) and summary["tasks_per_family"]["precise_fact"] == expected
    # The errored sample of task d is in no figure, and listed.
    assert summary["n"] == 6 and summary["errored"] == 1 and summary["errors"][0]["task_id"] == "d"


def test_with_one_sample_per_task_it_is_the_ordinary_standard_error() -> None:
    rewards = [1.0, 0.5, 0.5, 0.0, 1.0, 0.75]
    assert clustered_se([[reward] for reward in rewards]) == pytest.approx(stdev(rewards) / math.sqrt(6), abs=1e-15)
    assert clustered_se([[0.5, 1.0]]) is None and clustered_se([]) is None  # one task: no error bar
    summary = summarise([fact_verdict(f"t{i}", 0, r) for i, r in enumerate([1.0, 0.5, 0.0])])
    assert summary["tasks"]["learning_signal"] is None and summary["tasks"]["within_task_variance"] is None
    assert summary["tasks"]["pass_at_n"] == pytest.approx(1 / 3)


class KnowsEveryOtherTime:
    """A model that gives the gold answer the first, third, ... time it is asked a question and says "I don't
    know." otherwise: so with 4 samples every answerable task earns 1.0 twice and 0.5 twice."""

    def __init__(self) -> None:
        self.gold = {task.question: task.gold for task in DEMO}
        self.asked: Counter[str] = Counter()
        self._lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        question = request["messages"][-1]["content"]
        with self._lock:
            self.asked[question] += 1
            turn = self.asked[question]
        gold = self.gold.get(question)
        return Reply(gold if gold is not None and turn % 2 == 1 else "I don't know.")


def test_four_samples_per_task_are_stored_and_summarised_with_clustered_errors(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    model = KnowsEveryOtherTime()
    with OpenAIServer(model) as server:
        result = runner.invoke(app, ["sweep", "--policy", "openai:knows", "--policy-base-url", server.url,
                                     "--per-family", "5", "--samples", "4", "--out", str(run_dir), "--no-cache",
                                     "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    verdicts = read_verdicts(run_dir)
    assert sorted(Counter(v.sample for v in verdicts).items()) == [(0, 35), (1, 35), (2, 35), (3, 35)]
    assert len({(v.task_id, v.sample) for v in verdicts}) == 140 == payload["n"]
    assert set(model.asked.values()) == {4}  # every task asked four times, once per sample
    assert read_config(run_dir).samples == dict.fromkeys(payload["per_family"], 4)

    rewards: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for verdict in verdicts:
        assert verdict.reward is not None
        rewards[verdict.family.value][verdict.task_id].append(verdict.reward)
        rewards["overall"][verdict.task_id].append(verdict.reward)
    assert payload["overall_se"] == pytest.approx(by_hand_se(rewards["overall"]), abs=1e-12)
    for family, mean in payload["per_family"].items():
        assert mean == pytest.approx(fmean(r for task in rewards[family].values() for r in task))
        assert payload["per_family_se"][family] == pytest.approx(by_hand_se(rewards[family]), abs=1e-12)

    answerable = {"precise_fact", "football_season"}
    for family, stats in payload["tasks_per_family"].items():
        assert (stats["tasks"], stats["samples"]) == (5, 4)
        # Answerable: 1.0, 1.0, 0.5, 0.5 on every task; elsewhere four abstentions that never beat the floor.
        assert stats["pass_at_n"] == (1.0 if family in answerable else 0.0)
        assert stats["learning_signal"] == (1.0 if family in answerable else 0.0)
        assert stats["within_task_variance"] == pytest.approx(1 / 12 if family in answerable else 0.0)
        if family in answerable:
            assert payload["per_family_se"][family] == 0.0  # every task's mean is 0.75: nothing varies by task
    assert payload["tasks"]["pass_at_n"] == pytest.approx(10 / 35)


def test_the_printed_table_shows_error_bars_and_the_samples_of_each_task(tmp_path: Path) -> None:
    one = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--out", str(tmp_path / "a")])
    assert one.exit_code == 0
    assert "0.500 ± 0.000" in one.stdout and "14 tasks" in one.stdout and "pass@N" not in one.stdout
    four = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--samples", "4",
                               "--out", str(tmp_path / "b")])  # fmt: skip
    assert four.exit_code == 0
    assert "14 tasks × 4 samples (56 graded)" in four.stdout and "pass@N" in four.stdout


def test_samples_per_family_and_resume_keeps_them(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    made = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--samples", "2",
                               "--samples-for", "biography=3", "--samples-for", "precise_fact=1",
                               "--out", str(run_dir), "--json"])  # fmt: skip
    assert made.exit_code == 0, made.output
    payload = json.loads(made.stdout)
    assert payload["n_per_family"] == {**dict.fromkeys(payload["per_family"], 4), "biography": 6, "precise_fact": 2}
    assert read_config(run_dir).samples["biography"] == 3
    for flags in (["--samples", "2"], ["--samples", "3"], ["--samples-for", "biography=3"]):
        refused = runner.invoke(app, ["sweep", "--resume", str(run_dir), *flags])
        assert refused.exit_code == 2 and f"drop {flags[0]}" in refused.stderr, refused.stderr
    again = runner.invoke(app, ["sweep", "--resume", str(run_dir), "--json"])
    assert again.exit_code == 0 and json.loads(again.stdout)["resumed_items"] == 28  # nothing left to ask


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--samples-for", "biografy=2"], "--samples-for 'biografy=2': unknown family; choose from precise_fact"),
        (["--samples-for", "biography=0"], "expected NAME=N with N a whole number from 1 to 10,000"),
        (["--samples-for", "biography"], "expected NAME=N"),
        (["--samples", "0"], "--samples"),
        (["--samples", "10001"], "--samples"),
    ],
)
def test_bad_sample_counts_are_refused(tmp_path: Path, flags: list[str], message: str) -> None:
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--out", str(tmp_path / "r"), *flags])
    assert result.exit_code == 2 and message in result.stderr, result.stderr
    assert not (tmp_path / "r").exists()


def test_a_family_the_tasks_lack_is_refused(tmp_path: Path) -> None:
    tasks = tmp_path / "facts.jsonl"
    tasks.write_text("".join(t.model_dump_json() + "\n" for t in DEMO if t.family is Family.PRECISE_FACT))
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--tasks", str(tasks),
                                 "--samples-for", "biography=2", "--out", str(tmp_path / "r")])  # fmt: skip
    assert result.exit_code == 2
    assert "--samples-for 'biography=2': biography is not a family of this run" in result.stderr


def test_a_sweep_with_four_samples_killed_with_sigkill_keeps_every_finished_sample(tmp_path: Path) -> None:
    run_dir = tmp_path / "run"
    tasks = {task.question: task.task_id for task in labelled_tasks()}
    with OpenAIServer(latency=0.25) as server:
        command = [sys.executable, "-m", "nohallucinate.cli", "sweep", "--policy", "openai:test-model",
                   "--policy-base-url", server.url, "--out", str(run_dir), "--no-cache",
                   "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "2", "--samples", "4",
                   "--concurrency", "2", "--json"]  # fmt: skip
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while len(read_verdicts(run_dir) if (run_dir / "run.json").exists() else []) < 10:
            assert process.poll() is None and time.monotonic() < deadline, "the sweep ended before it could be killed"
            time.sleep(0.05)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        finished = {(v.task_id, v.sample) for v in read_verdicts(run_dir) if not v.errored}
        calls_before = len(server.requests)
        assert 10 <= len(finished) < 56

        result = runner.invoke(app, ["sweep", "--resume", str(run_dir), "--no-cache", "--json"])
        assert result.exit_code == 0, result.output
        asked_after = Counter(tasks[r["messages"][-1]["content"]] for r in server.requests[calls_before:])

    # Each task is asked again exactly for the samples it had no result for: a finished sample never.
    finished_per_task = Counter(task_id for task_id, _ in finished)
    chosen = {v.task_id for v in read_verdicts(run_dir)}
    assert len(chosen) == 14
    assert asked_after == Counter({task: 4 - finished_per_task[task] for task in chosen if finished_per_task[task] < 4})
    verdicts = read_verdicts(run_dir)
    pairs = [(v.task_id, v.sample) for v in verdicts]
    assert len(pairs) == len(set(pairs)) == 56 and finished <= set(pairs)  # every pair once, the finished kept
    assert not any(v.errored for v in verdicts)
    payload = json.loads(result.stdout)
    assert payload["resumed_items"] == len(finished) and payload["n"] == 56


def test_the_python_api_takes_samples_per_task_or_per_family() -> None:
    import asyncio

    from nohallucinate.graders import LocalGrader
    from nohallucinate.policies import AlwaysAbstain
    from nohallucinate.runs import pending, sweep

    tasks = DEMO[:3]
    verdicts = asyncio.run(sweep(tasks, AlwaysAbstain(), LocalGrader(), samples=3, skip={(tasks[0].task_id, 1)}))
    assert [(v.task_id, v.sample) for v in verdicts] == [
        (t.task_id, s) for t in tasks for s in range(3) if (t.task_id, s) != (tasks[0].task_id, 1)
    ]
    by_family = pending(tasks, {tasks[0].family.value: 2})  # a family not named gets one sample
    assert len(by_family) == sum(2 if t.family is tasks[0].family else 1 for t in tasks)
    assert errored(tasks[0], 2, "x").sample == 2


def test_each_sample_is_a_draw_of_its_own_that_a_rerun_replays_from_the_cache(tmp_path: Path) -> None:
    model = KnowsEveryOtherTime()
    with OpenAIServer(model) as server:
        args = ["sweep", "--policy", "openai:knows", "--policy-base-url", server.url, "--per-family", "1",
                "--samples", "2", "--json"]  # fmt: skip
        first = runner.invoke(app, [*args, "--out", str(tmp_path / "first")])
        asked = len(server.requests)
        second = runner.invoke(app, [*args, "--out", str(tmp_path / "second")])
        assert len(server.requests) == asked == 14  # 7 tasks x 2 samples, then nothing: the cache keys the sample
    assert first.exit_code == second.exit_code == 0
    replies = [{(v.task_id, v.sample): v.label for v in read_verdicts(tmp_path / run)} for run in ("first", "second")]
    assert replies[0] == replies[1] and len(replies[0]) == 14
    assert json.loads(first.stdout)["tasks_per_family"]["precise_fact"]["learning_signal"] == 1.0
