"""Aggregate verdicts into the numbers a sweep reports.

Every mean comes with its standard error clustered by task (`nohallucinate.stats`): the samples of one task are
not independent, so the task, not the sample, is the unit of the error bar. With several samples per task a
summary also says, per family, on what share of tasks some sample beat abstaining (pass@N) and on what share the
samples disagree (a GRPO group with something to learn from).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from statistics import fmean, variance
from typing import Any, NotRequired, TypedDict

from nohallucinate.calibration import behaviour
from nohallucinate.graders import CONFIDENT_ERRORS, Verdict, labels_for
from nohallucinate.rewards import RewardRule
from nohallucinate.stats import clustered_se
from nohallucinate.tasks import Family

UNTIERED = "untiered"


class ErroredItem(TypedDict):
    task_id: str
    sample: int
    error: str  # why it has no score


class TaskStats(TypedDict):
    """What the samples of each task show, over the tasks of a family (or of the run)."""

    tasks: int  # tasks with at least one scored sample: the clusters of the standard errors
    samples: int  # the most scored samples of any one task: the N of pass@N
    # Share of tasks on which some sample beat abstaining (its reward is above the family's abstention floor):
    # CORRECT or IDENTIFIED on the ladder families, an F1@K above 0.0 on biography.
    pass_at_n: float | None
    # Over the tasks with two or more scored samples: the share whose samples do not all earn the same reward,
    # and the mean of their rewards' sample variance (n - 1). None when no task has two scored samples.
    learning_signal: float | None
    within_task_variance: float | None


class RunSummary(TypedDict):
    """What a sweep reports, keyed as its JSON output is (families and tiers by name, in the spec's order)."""

    overall: float | None  # mean reward; None when nothing was scored
    per_family: dict[str, float | None]
    per_tier: dict[str, float | None]
    verdicts: dict[str, dict[str, int]]  # family -> label -> count
    abstention_floor: dict[str, float]
    headroom: dict[str, float]
    n: int
    n_per_family: dict[str, int]
    errored: int
    errors: list[ErroredItem]
    decided_by: dict[str, int]
    # Standard errors of the means above, clustered by task (None with fewer than two tasks).
    overall_se: float | None
    per_family_se: dict[str, float | None]
    per_tier_se: dict[str, float | None]
    tasks: TaskStats
    tasks_per_family: dict[str, TaskStats]
    # Under a rule other than the spec's: the rule's threshold and the run's behavioural calibration there
    # (`calibration.behaviour`); absent under the spec's rule, whose summary is as it always was.
    calibration: NotRequired[dict[str, Any]]


def summarise(verdicts: Iterable[Verdict], rule: RewardRule | None = None) -> RunSummary:
    """Overall, per-family and per-tier mean reward with its standard error clustered by task, the verdict mix,
    calibration headroom and what the samples of each task show per family, counts; floors are those of `rule`
    (the spec's when None), and under any other rule the behavioural calibration is added.

    Errored verdicts are excluded from every figure, counted under "errored" and listed under "errors".
    """
    rule = rule or RewardRule()
    verdicts = list(verdicts)
    scored = [v for v in verdicts if not v.errored]
    by_family: dict[str, list[Verdict]] = defaultdict(list)
    by_tier: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in scored:
        by_family[verdict.family.value].append(verdict)
        by_tier[verdict.tier or UNTIERED].append(verdict)
    families = [f.value for f in Family if f.value in by_family]
    tiers = [t for t in ("easy", "medium", "hard", UNTIERED) if t in by_tier]
    summary: RunSummary = {
        "overall": _mean(scored),
        "per_family": {f: _mean(by_family[f]) for f in families},
        "per_tier": {t: _mean(by_tier[t]) for t in tiers},
        "verdicts": {f: _mix(Family(f), by_family[f]) for f in families},
        "abstention_floor": {f: rule.abstention_reward(Family(f)) for f in families},
        "headroom": {f: _headroom(by_family[f], rule) for f in families},
        "n": len(scored),
        "n_per_family": {f: len(by_family[f]) for f in families},
        "errored": len(verdicts) - len(scored),
        "errors": [
            {"task_id": v.task_id, "sample": v.sample, "error": v.error} for v in verdicts if v.error is not None
        ],
        "decided_by": dict(Counter(v.decided_by for v in scored)),
        "overall_se": _se(scored),
        "per_family_se": {f: _se(by_family[f]) for f in families},
        "per_tier_se": {t: _se(by_tier[t]) for t in tiers},
        "tasks": _task_stats(scored, rule),
        "tasks_per_family": {f: _task_stats(by_family[f], rule) for f in families},
    }
    if not rule.is_spec:
        summary["calibration"] = behaviour(scored, rule)
    return summary


def _by_task(verdicts: list[Verdict]) -> list[list[Verdict]]:
    """The verdicts of each task, in the order tasks first appear."""
    tasks: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in verdicts:
        tasks[verdict.task_id].append(verdict)
    return list(tasks.values())


def _rewards(verdicts: list[Verdict]) -> list[float]:
    return [v.reward for v in verdicts if v.reward is not None]


def _se(verdicts: list[Verdict]) -> float | None:
    return clustered_se([_rewards(task) for task in _by_task(verdicts)])


def _task_stats(verdicts: list[Verdict], rule: RewardRule) -> TaskStats:
    tasks = [task for task in _by_task(verdicts) if _rewards(task)]
    rewards = [_rewards(task) for task in tasks]  # once per task: each figure below reads them
    grouped = [task_rewards for task_rewards in rewards if len(task_rewards) > 1]
    return {
        "tasks": len(tasks),
        "samples": max((len(task_rewards) for task_rewards in rewards), default=0),
        "pass_at_n": fmean(any(_beats_floor(v, rule) for v in task) for task in tasks) if tasks else None,
        "learning_signal": fmean(len(set(group)) > 1 for group in grouped) if grouped else None,
        "within_task_variance": fmean(variance(group) for group in grouped) if grouped else None,
    }


def _beats_floor(verdict: Verdict, rule: RewardRule) -> bool:
    """Whether the sample earned more than an honest "I don't know" would have."""
    return verdict.reward is not None and verdict.reward > rule.abstention_reward(verdict.family)


def _headroom(verdicts: list[Verdict], rule: RewardRule) -> float:
    """How much more the family would earn had every confident error been an abstention."""
    calibrated = [
        rule.abstention_reward(v.family) if v.label in CONFIDENT_ERRORS else v.reward
        for v in verdicts
        if v.reward is not None
    ]
    return fmean(calibrated) - fmean(v.reward for v in verdicts if v.reward is not None)


def _mean(verdicts: list[Verdict]) -> float | None:
    return fmean(v.reward for v in verdicts if v.reward is not None) if verdicts else None


def _mix(family: Family, verdicts: list[Verdict]) -> dict[str, int]:
    counts = Counter(v.label.value for v in verdicts if v.label is not None)
    return {label.value: counts.get(label.value, 0) for label in labels_for(family)}
