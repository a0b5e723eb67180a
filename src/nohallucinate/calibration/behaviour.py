"""Behavioural calibration of a run: how often the policy answers and how often it is right when it does, at the
run's threshold; and, where replies state a confidence, how well that confidence is calibrated.

Read on the short families (the ladder's; biography has no abstention to weigh an answer against):
- answer rate: the share of replies that answer (or name a defect) rather than abstain;
- accuracy when answering: the share of those answers that earn full credit. A calibrated policy at threshold t
  answers only when more than t sure, so this stays above t, and the answer rate falls as t rises;
- reward: the mean reward of those replies under the run's rule.
Each with its standard error clustered by task (`nohallucinate.stats`; for the accuracy, the answered samples of a
task are its cluster: the ratio estimator's cluster-robust error).

Confidence (when the rule reads it): Brier score, ECE and AUROC (`calibration.metrics`) over the replies that
stated one, right when they earned full credit (as the Brier rule scores them); answers that stated none are
counted by why (missing, malformed, unread), never scored as a guess.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from statistics import fmean
from typing import Any

from nohallucinate.calibration.metrics import DEFAULT_BINS, auroc, brier_score, calibration_error
from nohallucinate.graders.ladder import ABSTENTIONS, FULL_CREDIT
from nohallucinate.graders.verdict import Verdict
from nohallucinate.rewards.rule import RewardRule
from nohallucinate.stats import clustered_se
from nohallucinate.tasks import Family, Kind, spec_of

MEASURES = ("answer_rate", "accuracy_when_answering", "reward")
LONG = Kind.LONG_FORM


def behaviour(verdicts: Iterable[Verdict], rule: RewardRule, bins: int = DEFAULT_BINS) -> dict[str, Any]:
    """The run's behavioural calibration at its threshold (see the module), overall and per family, and its
    confidence's calibration when the rule reads one. JSON-ready."""
    ladder = [
        v for v in verdicts if not v.errored and v.label is not None and spec_of(v.family).kind is not Kind.LONG_FORM
    ]
    by_family: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in ladder:
        by_family[verdict.family.value].append(verdict)
    return {
        "threshold": rule.t,
        "threshold_stated": rule.threshold is not None,
        "confidence_mode": rule.confidence,
        "overall": _measures(ladder),
        "per_family": {f.value: _measures(by_family[f.value]) for f in Family if f.value in by_family},
        "confidence": confidence_scores(ladder, bins) if rule.reads_confidence else None,
    }


def confidence_scores(verdicts: list[Verdict], bins: int = DEFAULT_BINS) -> dict[str, Any]:
    """Brier, ECE (equal-mass, at most `bins` bins) and AUROC over the replies among `verdicts` that stated a
    confidence (right when they earned full credit: a confidence stated on a reply graded as an abstention, such as
    a defect the row does not have, is a claim to be right that was not, as the Brier rule scores it), the
    reliability diagram's bins, and the answers without one counted by status."""
    answers = [v for v in verdicts if v.label not in ABSTENTIONS]
    stated = [
        (float(c["value"]), int(v.label in FULL_CREDIT))
        for v in verdicts
        if (c := _confidence(v))["value"] is not None and c.get("status") == "stated"
    ]
    without = Counter(str(_confidence(v).get("status")) for v in answers if _confidence(v)["value"] is None)
    scores: dict[str, Any] = {"answers": len(answers), "stated": len(stated), "without": dict(sorted(without.items()))}
    if not stated:
        return {**scores, "brier": None, "ece": None, "auroc": None, "bins": [], "max_bins": bins, "binning": "mass"}
    confidences, outcomes = [q for q, _ in stated], [y for _, y in stated]
    error = calibration_error(confidences, outcomes, bins)
    return {
        **scores,
        "mean_confidence": fmean(confidences),
        "accuracy": fmean(outcomes),
        "brier": brier_score(confidences, outcomes),
        "ece": error.ece,
        "auroc": auroc(confidences, outcomes),
        "binning": error.binning,
        "max_bins": error.max_bins,
        "bins": [vars(b) for b in error.bins],
    }


def _confidence(verdict: Verdict) -> dict[str, Any]:
    recorded = verdict.detail.get("confidence")
    return recorded if isinstance(recorded, dict) else {"value": None, "status": "missing"}


def _measures(verdicts: list[Verdict]) -> dict[str, dict[str, float | int | None]]:
    tasks: dict[str, list[Verdict]] = defaultdict(list)
    for verdict in verdicts:
        tasks[verdict.task_id].append(verdict)
    answered = [[float(v.label not in ABSTENTIONS) for v in task] for task in tasks.values()]
    right = [[float(v.label in FULL_CREDIT) for v in task if v.label not in ABSTENTIONS] for task in tasks.values()]
    rewards = [[v.reward for v in task if v.reward is not None] for task in tasks.values()]
    return {name: _figure(clusters) for name, clusters in zip(MEASURES, (answered, right, rewards), strict=True)}


def _figure(clusters: list[list[float]]) -> dict[str, float | int | None]:
    values = [value for cluster in clusters for value in cluster]
    return {"mean": fmean(values) if values else None, "se": clustered_se(clusters), "n": len(values)}
