"""Aggregate verdicts into the numbers a sweep reports."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from statistics import fmean
from typing import TypedDict

from nohallucinate.graders import ABSTENTION_REWARD, Verdict, calibrated_reward, labels_for
from nohallucinate.tasks import Family

UNTIERED = "untiered"


class ErroredItem(TypedDict):
    task_id: str
    sample: int
    error: str  # why it has no score


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


def summarise(verdicts: Iterable[Verdict]) -> RunSummary:
    """Overall, per-family and per-tier mean reward, the verdict mix and calibration headroom per family, counts.

    Errored verdicts are excluded from every mean and counted under "errored".
    """
    verdicts = list(verdicts)
    scored = [v for v in verdicts if not v.errored]
    by_family: dict[str, list[Verdict]] = defaultdict(list)
    by_tier: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in scored:
        by_family[verdict.family.value].append(verdict)
        by_tier[verdict.tier or UNTIERED].append(verdict)
    families = [f.value for f in Family if f.value in by_family]
    tiers = [t for t in ("easy", "medium", "hard", UNTIERED) if t in by_tier]
    return {
        "overall": _mean(scored),
        "per_family": {f: _mean(by_family[f]) for f in families},
        "per_tier": {t: _mean(by_tier[t]) for t in tiers},
        "verdicts": {f: _mix(Family(f), by_family[f]) for f in families},
        "abstention_floor": {f: ABSTENTION_REWARD[Family(f)] for f in families},
        "headroom": {f: _headroom(by_family[f]) for f in families},
        "n": len(scored),
        "n_per_family": {f: len(by_family[f]) for f in families},
        "errored": len(verdicts) - len(scored),
        "errors": [
            {"task_id": v.task_id, "sample": v.sample, "error": v.error} for v in verdicts if v.error is not None
        ],
        "decided_by": dict(Counter(v.decided_by for v in scored)),
    }


def _headroom(verdicts: list[Verdict]) -> float:
    """How much more the family would earn had every confident error been an abstention."""
    calibrated = [calibrated_reward(v.family, v.label, v.reward) for v in verdicts if v.reward is not None]
    return fmean(calibrated) - fmean(v.reward for v in verdicts if v.reward is not None)


def _mean(verdicts: list[Verdict]) -> float | None:
    return fmean(v.reward for v in verdicts if v.reward is not None) if verdicts else None


def _mix(family: Family, verdicts: list[Verdict]) -> dict[str, int]:
    counts = Counter(v.label.value for v in verdicts if v.label is not None)
    return {label.value: counts.get(label.value, 0) for label in labels_for(family)}
