"""A grader's verdicts on labelled replies, set against the labels: overall, by group, by who decided, and each
disagreement. A verdict that errored is no label: it is counted apart and left out of every figure."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from nohallucinate.agreement.labelled import LabelledReply
from nohallucinate.agreement.measures import Agreement, Interval, measure
from nohallucinate.bounds import clip
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.verdict import Verdict


@dataclass(frozen=True)
class Disagreement:
    """One row where the grader's label is not the reference's."""

    group: str
    question: str
    gold: str | None
    reply: str
    reference: Label
    grader: Label
    rule: str | None  # the rule that decided, when the verdict names one
    decided_by: str


@dataclass(frozen=True)
class AgreementReport:
    """Every figure of one grader against one labelled file."""

    grader: str
    overall: Agreement
    groups: dict[str, Agreement]
    # Who decided: "local" and "model" for the hybrid grader; "sure" and "unsure" for the local grader's own view.
    decided: dict[str, Agreement]
    disagreements: list[Disagreement]
    errored: list[tuple[str, str]] = field(default_factory=list)  # (task id, reason)

    def as_json(self) -> dict[str, Any]:
        """The report as plain JSON values."""
        return {
            "grader": self.grader,
            "overall": _agreement_json(self.overall),
            "groups": {name: _agreement_json(a) for name, a in self.groups.items()},
            "decided": {name: _agreement_json(a) for name, a in self.decided.items()},
            "disagreements": [asdict(d) for d in self.disagreements],
            "errored": [{"task_id": task_id, "reason": reason} for task_id, reason in self.errored],
        }


def compare(
    grader: str, labelled: Sequence[LabelledReply], verdicts: Sequence[Verdict], *, resamples: int = 1000, seed: int = 0
) -> AgreementReport:
    """Set each verdict (in the order of `labelled`) against its reference label."""
    if len(labelled) != len(verdicts):
        raise ValueError("one verdict per labelled reply is needed")
    rows: list[tuple[LabelledReply, Verdict, Label]] = []
    errored = []
    for item, verdict in zip(labelled, verdicts, strict=True):
        if verdict.errored or verdict.label is None:
            errored.append((item.task.task_id, verdict.error or "no label"))
        else:
            rows.append((item, verdict, verdict.label))
    if not rows:
        raise ValueError("every verdict errored: nothing to measure")

    def figures(subset: list[tuple[LabelledReply, Verdict, Label]]) -> Agreement:
        return measure([(item.label, label) for item, _, label in subset], resamples=resamples, seed=seed)

    by_group: dict[str, list[tuple[LabelledReply, Verdict, Label]]] = defaultdict(list)
    by_decider: dict[str, list[tuple[LabelledReply, Verdict, Label]]] = defaultdict(list)
    for row in rows:
        for group in row[0].groups:
            by_group[group].append(row)
        by_decider[_decider(grader, row[1])].append(row)
    return AgreementReport(
        grader=grader,
        overall=figures(rows),
        groups={name: figures(subset) for name, subset in sorted(by_group.items())},
        decided={name: figures(subset) for name, subset in sorted(by_decider.items()) if name},
        disagreements=[_disagreement(item, verdict, label) for item, verdict, label in rows if label is not item.label],
        errored=errored,
    )


def _decider(grader: str, verdict: Verdict) -> str:
    if grader == "hybrid":
        return verdict.decided_by
    if grader == "local" and "sure" in verdict.detail:
        return "sure" if verdict.detail["sure"] else "unsure"
    return ""


def _disagreement(item: LabelledReply, verdict: Verdict, label: Label) -> Disagreement:
    rule = verdict.detail.get("rule")
    return Disagreement(
        group=item.groups[-1],
        question=item.task.question,
        gold=item.task.gold if item.task.gold is not None else item.task.defect,
        reply=clip(item.reply.response, 600),
        reference=item.label,
        grader=label,
        rule=rule if isinstance(rule, str) else None,
        decided_by=verdict.decided_by,
    )


def _interval_json(interval: Interval) -> dict[str, float | None]:
    return {"estimate": interval.estimate, "low": interval.low, "high": interval.high}


def _agreement_json(agreement: Agreement) -> dict[str, Any]:
    return {
        "n": agreement.n,
        "labels": [label.value for label in agreement.labels],
        "accuracy": _interval_json(agreement.accuracy),
        "kappa": _interval_json(agreement.kappa),
        "confusion": {r.value: {g.value: n for g, n in row.items()} for r, row in agreement.confusion.items()},
        "precision": {label.value: _interval_json(i) for label, i in agreement.precision.items()},
        "recall": {label.value: _interval_json(i) for label, i in agreement.recall.items()},
        "reference_share": {label.value: share for label, share in agreement.reference_share.items()},
        "grader_share": {label.value: _interval_json(i) for label, i in agreement.grader_share.items()},
    }
