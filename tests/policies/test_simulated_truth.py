"""Simulated policies as ground truth: on a 1,000-task synthetic set, with knowledge known, the calibrated policy
beats every miscalibrated variant and the best fixed strategy at every threshold by more than two standard errors,
and the measured behavioural curve, ECE and Brier score recover the simulated truth.

The replies are graded by the real local grader once per distinct text (a right answer per task, a wrong one per
sample: the same texts at every threshold and for every variant, which differ only in whether they answer and what
confidence they state); the rewards then follow from the labels by the rule. `test_the_fast_path_is_the_sweep`
shows that this gives the rewards a real sweep gives. Knowledge: Beta(1, 1) (uniform), seed 0; 64 samples a task.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from nohallucinate.calibration import behaviour, calibration_error
from nohallucinate.graders import Label, LocalGrader, Verdict
from nohallucinate.graders.ladder import CONFIDENT_ERRORS, FULL_CREDIT
from nohallucinate.policies import AlwaysConfident, Knowledge, SimulatedPolicy
from nohallucinate.policies.simulated import VARIANTS, right_answer, wrong_answer
from nohallucinate.rewards import RewardRule, under_rule
from nohallucinate.runs import sweep
from nohallucinate.stats import clustered_se
from nohallucinate.tasks import Family, Kind, Reply, Task, load_demo_tasks, spec_of
from support.synthetic_tasks import synthetic_tasks
from support.task_sets import labelled_tasks

TASKS, SAMPLES = 1_000, 64
THRESHOLDS = (0.1, 0.25, 0.5, 0.75, 0.9)
MODES = ("off", "brier")
KNOWLEDGE = Knowledge(1.0, 1.0, seed=0)
MISCALIBRATED = ("simulated-overconfident", "simulated-underconfident")
ROOT = Path(__file__).resolve().parents[2]


def abstained(family: Family) -> Label:
    return Label.NOT_ATTEMPTED if spec_of(family).kind is Kind.SHORT_ANSWER else Label.ABSTAINED


@dataclass(frozen=True)
class World:
    """The synthetic set, each task's belief, and the label of every reply a simulated policy can give."""

    tasks: list[Task]
    belief: dict[str, float]
    knows: dict[tuple[str, int], bool]
    right: dict[str, Label]  # the label of the task's right answer
    wrong: dict[tuple[str, int], Label]  # the label of the sample's wrong answer

    def label(self, task: Task, sample: int) -> Label:
        return self.right[task.task_id] if self.knows[(task.task_id, sample)] else self.wrong[(task.task_id, sample)]


@pytest.fixture(scope="module")
def world() -> World:
    tasks = synthetic_tasks(TASKS)
    grader = LocalGrader()
    labels: dict[tuple[str, str], Label] = {}

    def label(task: Task, text: str) -> Label:
        if (task.task_id, text) not in labels:
            verdict = grader.grade_now(task, Reply(task_id=task.task_id, response=text))
            assert verdict.label is not None, verdict.error
            labels[(task.task_id, text)] = verdict.label
        return labels[(task.task_id, text)]

    return World(
        tasks=tasks,
        belief={task.task_id: KNOWLEDGE.belief(task.task_id) for task in tasks},
        knows={(t.task_id, s): KNOWLEDGE.knows(t.task_id, s) for t in tasks for s in range(SAMPLES)},
        right={task.task_id: label(task, right_answer(task)) for task in tasks},
        wrong={(t.task_id, s): label(t, wrong_answer(t, s)) for t in tasks for s in range(SAMPLES)},
    )


def stated(name: str, belief: float) -> float:
    """What a variant states (and decides by), as its reply writes it: to six places."""
    return float(f"{belief ** VARIANTS[name]:.6f}")


def rewards(world: World, name: str, rule: RewardRule, samples: int = SAMPLES) -> list[list[float]]:
    """Each task's rewards over its samples, for a simulated variant, or for "always_answer" (answers every task
    with its knowledge, stating its belief) or "always_abstain"."""
    per_task = []
    for task in world.tasks:
        p = world.belief[task.task_id]
        confidence = round(p, 6) if name == "always_answer" else stated(name, p) if name in VARIANTS else 0.0
        answers = name == "always_answer" or (name in VARIANTS and confidence > rule.t)
        row = []
        for sample in range(samples):
            if answers:
                row.append(rule.reward(task.family, world.label(task, sample), confidence))
            else:
                row.append(rule.abstention_reward(task.family))
        per_task.append(row)
    return per_task


def expected_reward(name: str, rule: RewardRule, p: float) -> float:
    """The analytic expected reward of a policy on a task it knows with probability p."""
    confidence = p if name == "always_answer" else p ** VARIANTS[name] if name in VARIANTS else 0.0
    if not (name == "always_answer" or (name in VARIANTS and confidence > rule.t)):
        return rule.abstention_reward(Family.PRECISE_FACT)
    right = rule.reward(Family.PRECISE_FACT, Label.CORRECT, confidence)
    wrong = rule.reward(Family.PRECISE_FACT, Label.INCORRECT, confidence)
    return p * right + (1 - p) * wrong


def analytic_gap(a: str, b: str, rule: RewardRule, points: int = 20_000) -> float:
    """E over p ~ Beta(1, 1) of a's expected reward less b's (midpoint rule)."""
    grid = [(i + 0.5) / points for i in range(points)]
    return statistics.fmean([expected_reward(a, rule, p) - expected_reward(b, rule, p) for p in grid])


def paired(a: list[list[float]], b: list[list[float]]) -> tuple[float, float]:
    """The mean of the paired differences and its standard error, clustered by task."""
    differences = [[x - y for x, y in zip(row_a, row_b, strict=True)] for row_a, row_b in zip(a, b, strict=True)]
    se = clustered_se(differences)
    assert se is not None
    return statistics.fmean([d for row in differences for d in row]), se


def test_every_right_reply_earns_full_credit_and_every_wrong_one_the_bottom(world: World) -> None:
    """On the synthetic set, the demo set and the labelled set: so a simulated policy's answer is right with
    probability exactly its belief."""
    assert set(world.right.values()) <= FULL_CREDIT and set(world.wrong.values()) <= CONFIDENT_ERRORS
    grader = LocalGrader()
    for task in [*load_demo_tasks(), *labelled_tasks()]:
        if spec_of(task.family).kind is Kind.LONG_FORM:
            continue
        assert grader.grade_now(task, Reply(task_id=task.task_id, response=right_answer(task))).label in FULL_CREDIT
        for sample in range(3):
            wrong = grader.grade_now(task, Reply(task_id=task.task_id, response=wrong_answer(task, sample)))
            assert wrong.label in CONFIDENT_ERRORS, (task.question, wrong_answer(task, sample))


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("t", THRESHOLDS)
def test_calibrated_beats_every_miscalibrated_variant_and_the_best_fixed_strategy(
    world: World, t: float, mode: str
) -> None:
    rule = RewardRule(threshold=t, confidence=mode)  # type: ignore[arg-type]
    calibrated = rewards(world, "simulated", rule)
    fixed = {name: rewards(world, name, rule) for name in ("always_answer", "always_abstain")}
    best_fixed = max(fixed, key=lambda name: statistics.fmean([r for row in fixed[name] for r in row]))
    for other in (*MISCALIBRATED, best_fixed):
        gap, se = paired(calibrated, fixed.get(other) or rewards(world, other, rule))
        assert gap > 2 * se, (other, gap, se)
        truth = analytic_gap("simulated", other, rule)
        assert abs(gap - truth) < 4 * se, (other, gap, truth, se)  # and it is the gap the simulation implies


def test_always_confident_is_below_every_floor(world: World) -> None:
    """The third fixed strategy, a confident invented answer everywhere, earns (almost) nothing: never the best."""
    policy = AlwaysConfident()
    grader = LocalGrader()
    scores = [
        grader.grade_now(task, asyncio.run(policy.answer(task, sample))).reward or 0.0
        for task in world.tasks
        for sample in range(2)
    ]
    assert statistics.fmean(scores) < 0.01


def verdicts(world: World, name: str, rule: RewardRule, samples: int) -> list[Verdict]:
    """The fast path's verdicts, as `under_rule` would record them."""
    made = []
    for task in world.tasks:
        confidence = stated(name, world.belief[task.task_id])
        for sample in range(samples):
            if confidence > rule.t:
                label = world.label(task, sample)
                reward = rule.reward(task.family, label, confidence)
                detail = {"confidence": {"value": confidence, "status": "stated"}}
            else:
                label, reward = abstained(task.family), rule.abstention_reward(task.family)
                detail = {"confidence": {"value": None, "status": "missing"}}
            made.append(Verdict(task_id=task.task_id, family=task.family, sample=sample, label=label, reward=reward,
                                detail=detail))  # fmt: skip
    return made


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("t", THRESHOLDS)
def test_the_measured_curve_recovers_the_truth(world: World, name: str, t: float) -> None:
    """Uniform beliefs, stated c = p ** gamma: the policy answers when p > t ** (1 / gamma), so its answer rate is
    1 - t ** (1 / gamma) and its accuracy when answering (1 + t ** (1 / gamma)) / 2; both measured within three
    clustered standard errors."""
    rule = RewardRule(threshold=t, confidence="report")
    overall = behaviour(verdicts(world, name, rule, 8), rule)["overall"]
    cut = t ** (1 / VARIANTS[name])
    for measure, truth in (("answer_rate", 1 - cut), ("accuracy_when_answering", (1 + cut) / 2)):
        figure = overall[measure]
        assert abs(figure["mean"] - truth) < 3 * figure["se"], (measure, figure, truth)


def resampled(stated_and_beliefs: list[tuple[float, float]], score: Callable[[list[float], list[int]], float],
              rounds: int = 100) -> list[float]:  # fmt: skip
    """The score of the stated confidences against outcomes drawn from the true beliefs, `rounds` times (seeded)."""
    rng = random.Random(0)
    confidences = [c for c, _ in stated_and_beliefs]
    return [score(confidences, [int(rng.random() < p) for _, p in stated_and_beliefs]) for _ in range(rounds)]


@pytest.mark.parametrize("name", VARIANTS)
@pytest.mark.parametrize("t", (0.1, 0.5))
def test_ece_and_brier_recover_the_simulated_truth(world: World, name: str, t: float) -> None:
    """The measured ECE and Brier score are what outcomes drawn from the true beliefs give (inside the 1%-99%
    range of 100 such draws), and the noise-free truth sits inside that range too: 0 miscalibration for the
    calibrated policy, the binned gap between stated confidence and true belief for the others."""
    rule = RewardRule(threshold=t, confidence="report")
    scores = behaviour(verdicts(world, name, rule, 8), rule)["confidence"]
    answered = [
        (stated(name, world.belief[task.task_id]), world.belief[task.task_id])
        for task in world.tasks
        for _ in range(8)
        if stated(name, world.belief[task.task_id]) > t
    ]
    assert scores["stated"] == len(answered) and scores["max_bins"] == 10

    def ece(confidences: list[float], outcomes: list[int]) -> float:
        return calibration_error(confidences, outcomes).ece

    def brier(confidences: list[float], outcomes: list[int]) -> float:
        return statistics.fmean([(c - y) ** 2 for c, y in zip(confidences, outcomes, strict=True)])

    for measured, score in ((scores["ece"], ece), (scores["brier"], brier)):
        draws = sorted(resampled(answered, score))
        low, high = draws[1], draws[-2]
        assert low <= measured <= high, (score.__name__, measured, low, high)
    # the noise-free truth: the binned gap between what is stated and what is true
    true_gap = calibration_error([c for c, _ in answered], [0] * len(answered))  # the bins only
    by_bin = []
    start = 0
    ordered = sorted(answered)
    for reliability in true_gap.bins:
        chunk = ordered[start : start + reliability.n]
        start += reliability.n
        by_bin.append(
            reliability.n * abs(statistics.fmean([c for c, _ in chunk]) - statistics.fmean([p for _, p in chunk]))
        )
    truth = sum(by_bin) / len(answered)
    draws = resampled(answered, ece)
    assert abs(statistics.fmean(draws) - truth) < 3 * statistics.stdev(draws) + (0.02 if name == "simulated" else 0.0)
    if name == "simulated":
        assert truth < 0.005  # stated to six places: calibrated by construction
    else:
        assert truth > 0.04 and scores["ece"] > 0.04  # and the measured ECE sees the miscalibration


@pytest.mark.parametrize("name", ("simulated", "simulated-overconfident"))
def test_the_fast_path_is_the_sweep(world: World, name: str) -> None:
    """A real sweep (the policy's replies, the local grader under the rule) gives the rewards the fast path gives."""
    rule = RewardRule(threshold=0.5, confidence="brier")
    tasks = world.tasks[:80]
    policy = SimulatedPolicy(name, KNOWLEDGE, rule)
    swept = asyncio.run(sweep(tasks, policy, under_rule(LocalGrader(), rule), samples=3))
    fast = rewards(World(tasks, world.belief, world.knows, world.right, world.wrong), name, rule, samples=3)
    assert [v.reward for v in swept] == pytest.approx([r for row in fast for r in row])


REPLIES = """
import hashlib, json, sys
sys.path.insert(0, sys.argv[1])
from support.synthetic_tasks import synthetic_tasks
from nohallucinate.policies import Knowledge, SimulatedPolicy
from nohallucinate.rewards import RewardRule
rule = RewardRule(threshold=0.5, confidence="brier")
digest = hashlib.sha256()
for name in ("simulated", "simulated-overconfident", "simulated-underconfident"):
    policy = SimulatedPolicy(name, Knowledge(1.0, 1.0, seed=0), rule)
    for task in synthetic_tasks(200):
        for sample in range(3):
            digest.update(policy.reply(task, sample).encode())
print(json.dumps(digest.hexdigest()))
"""


def test_the_same_replies_in_every_process() -> None:
    """Beliefs and draws are seeded by sha256, not by hash(): fresh processes with other hash seeds agree."""
    digests = {
        json.loads(
            subprocess.run(
                [sys.executable, "-c", REPLIES, str(ROOT / "tests")],
                capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": seed},
            ).stdout
        )
        for seed in ("0", "4242")
    }  # fmt: skip
    digest = hashlib.sha256()
    rule = RewardRule(threshold=0.5, confidence="brier")
    for name in ("simulated", "simulated-overconfident", "simulated-underconfident"):
        policy = SimulatedPolicy(name, Knowledge(1.0, 1.0, seed=0), rule)
        for task in synthetic_tasks(200):
            for sample in range(3):
                digest.update(policy.reply(task, sample).encode())
    assert digests == {digest.hexdigest()}
