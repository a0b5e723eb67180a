"""Fixed strategies judged under another reward rule: a threshold t, and a stated confidence scored by the Brier
rule. The replies are graded once; a label does not depend on t, so each rule rescores the same labels.

What a family must not be beaten by changes with t. At t = 0.5 no plain claim beats abstaining on a set that
passes `check`. At a low t it can, by the set's composition alone: where 13 of a form's 66 rows are about a person
who does not exist, "no such person" on every row of the form is right 20% of the time, so at t = 0.1 a policy
that knows only that base rate is more than t sure and *should* say so; that is calibrated behaviour, not a
leniency of the grader. So under a rule the audit measures two things per family pool:

- the **prior**: what a calibrated policy that knows nothing but the set earns, i.e. the strongest meta-strategy
  (best per form, per form and recurrence, per form and name parts) over the *plain* strategies only (abstaining,
  the form's commonest answer stated plainly, one defect stated plainly: `Strategy.plain`), with, under the Brier
  rule, the confidence that is its success rate in the form;
- the **ceiling**: the strongest meta-strategy over the whole catalogue, with every confidence strategy a policy
  would learn (confidence 1.0 always; a constant 0.75, 0.5, 0.25 or 0; the constant that fits each form best,
  which is what a confidence that ignores the answer can at most be worth), stated on every reply of the template.

Under the Brier rule the margin is halved: its rewards are its [-1, 1] scores mapped onto [0, 1].

A family passes when the ceiling is at most the prior plus the margin: no hedge, list, leniency or confidence
trick beats honest calibrated behaviour. Where the prior itself lands above the floor t by more than the margin,
the set pays a knowledge-free guess at that t (its **composition**): reported, with the claims, as information
for choosing a threshold or a set; it fails nothing, since the guess it pays is the calibrated one.

Under the Brier rule the prior's confidence is fitted per form, over every row of the form (a fixed template states
it on every row, and a confidence stated on a reply graded as an abstention is scored as wrong), while a per-cell
meta-strategy chooses its claim per form and recurrence bucket; a constant nearer a bucket's own rate could beat
it a little. Measured on both bundled sets at t = 0.1 to 0.9, none does: every ceiling is at or below its prior.
Confidences fitted per cell were tried and left out: in hindsight a cell of one row states that row's own label,
and on the other rows each row's confidence leans away from its own label.
"""

from __future__ import annotations

import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from nohallucinate.audit.catalogue import META_STRATEGIES, Strategy
from nohallucinate.audit.evaluate import FamilyAudit, Figure, _figure, _judge
from nohallucinate.graders import Verdict
from nohallucinate.graders.ladder import FULL_CREDIT
from nohallucinate.rewards import RewardRule
from nohallucinate.tasks import Family, Kind, Task, spec_of
from nohallucinate.tasks.forms import question_form

CONFIDENCES = (1.0, 0.75, 0.5, 0.25, 0.0)  # the constant confidences tried on every strategy under the Brier rule


@dataclass(frozen=True)
class ThresholdFamily:
    """One family's pool under a rule: its floor, the calibrated prior, and the strongest strategy."""

    family: Family
    forms: list[str]
    floor: float
    margin: float
    prior: Figure
    prior_claims: dict[str, dict[str, int]]  # each form of the pool: the plain claims the prior makes there, in rows
    ceiling: Figure
    ceiling_meta: str  # which meta-strategy reaches the ceiling
    strongest: tuple[str, Figure]  # the single strongest attack (not a meta-strategy, not the floor everywhere)

    @property
    def claims(self) -> list[str]:
        """The plain claims the prior makes in the pool, other than abstaining; abstaining alone when it makes
        none."""
        names = {name for plays in self.prior_claims.values() for name in plays}
        return sorted(names - {"i_dont_know"}) or ["i_dont_know"]

    @property
    def composition(self) -> float:
        """How far a knowledge-free calibrated guess lands above abstaining: what the set's composition pays."""
        return (self.prior.mean or 0.0) - self.floor

    @property
    def excess(self) -> float:
        """How far the strongest fixed policy lands above the calibrated prior."""
        return (self.ceiling.mean or 0.0) - (self.prior.mean or 0.0)

    @property
    def passed(self) -> bool:
        return self.excess <= self.margin + 1e-9

    def as_dict(self) -> dict[str, Any]:
        return {
            "forms": self.forms,
            "floor": self.floor,
            "margin": self.margin,
            "prior": _figure(self.prior),
            "prior_claims": self.prior_claims,
            "ceiling": _figure(self.ceiling),
            "ceiling_meta": self.ceiling_meta,
            "strongest_attack": self.strongest[0],
            "strongest_attack_figure": _figure(self.strongest[1]),
            "excess_over_prior": self.excess,
            "composition": self.composition,
            "composition_pays": self.composition > self.margin + 1e-9,
            "passed": self.passed,
        }


@dataclass
class ThresholdAudit:
    """Every family's pool under one rule."""

    rule: RewardRule
    families: list[ThresholdFamily]
    errors: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.errors and all(family.passed for family in self.families)

    def as_dict(self) -> dict[str, Any]:
        return {
            "threshold": self.rule.t,
            "confidence": self.rule.confidence,
            "passed": self.passed,
            "families": {family.family.value: family.as_dict() for family in self.families},
        }


def judge_under(
    rule: RewardRule,
    tasks: Sequence[Task],
    strategies: Sequence[Strategy],
    graded: dict[str, dict[str, Verdict]],
    margin: float,
    biography_margin: float,
    replies_graded: int,
    errors: list[str],
) -> ThresholdAudit:
    """Judge every family's pool under `rule` from the labels in `graded` (strategy -> task id -> verdict)."""
    variants, rewards = _rescored(rule, tasks, strategies, graded)
    plain = [variant for variant in variants if variant.plain]
    # The Brier rule's rewards are its [-1, 1] scores mapped onto [0, 1]: the same margin is half as much there.
    margin = margin / 2 if rule.confidence == "brier" else margin
    full = _judge(tasks, variants, rewards, margin, biography_margin, replies_graded, errors, rule)
    prior = _judge(tasks, plain, {v.name: rewards[v.name] for v in plain}, margin, biography_margin, 0, [], rule)
    families = []
    for audit, calibrated in zip(full.families, prior.families, strict=True):
        families.append(
            ThresholdFamily(
                family=audit.family,
                forms=audit.forms,
                floor=audit.floor,
                margin=audit.margin,
                prior=calibrated.ceiling,
                prior_claims=_claims(tasks, prior.chosen[_strongest_meta(calibrated)], audit.forms),
                ceiling=audit.ceiling,
                ceiling_meta=_strongest_meta(audit),
                strongest=audit.best,
            )
        )
    return ThresholdAudit(rule, families, list(errors))


def _strongest_meta(audit: FamilyAudit) -> str:
    """The meta-strategy that reaches the pool's ceiling (ties to the earlier one, as `FamilyAudit.ceiling`)."""
    return max(META_STRATEGIES, key=lambda name: audit.strategies[name].mean or 0.0)


def _claims(tasks: Sequence[Task], plays: dict[str, str], forms: list[str]) -> dict[str, dict[str, int]]:
    """Per form of the pool, the strategies a meta-strategy plays on its rows (`plays`: task id -> strategy) and on
    how many rows, the most played first."""
    played: dict[str, Counter[str]] = {form: Counter() for form in forms}
    for task in tasks:
        if (form := question_form(task.question)) in played:
            played[form][plays[task.task_id]] += 1
    return {form: dict(sorted(counts.items(), key=lambda item: (-item[1], item[0]))) for form, counts in played.items()}


def _rescored(
    rule: RewardRule, tasks: Sequence[Task], strategies: Sequence[Strategy], graded: dict[str, dict[str, Verdict]]
) -> tuple[list[Strategy], dict[str, dict[str, float | None]]]:
    """Every strategy (and, under the Brier rule, each with every confidence strategy) and its reward on every
    row under `rule`."""
    if rule.confidence != "brier":
        return list(strategies), {s.name: {t.task_id: _reward(rule, graded[s.name][t.task_id]) for t in tasks}
                                  for s in strategies}  # fmt: skip
    form_of = {task.task_id: question_form(task.question) for task in tasks}
    variants: list[Strategy] = []
    rewards: dict[str, dict[str, float | None]] = {}
    for strategy in strategies:
        verdicts = graded[strategy.name]
        fitted = _fitted(verdicts, form_of)
        # The strategy as itself states the fitted confidence: a plain claim is honest only with the confidence
        # its success rate warrants.
        variants.append(Strategy(strategy.name, strategy.attack, strategy.replies, strategy.plain))
        rewards[strategy.name] = {
            task_id: _reward(rule, verdict, fitted[form_of[task_id]]) for task_id, verdict in verdicts.items()
        }
        for confidence in CONFIDENCES:
            name = f"{strategy.name} @ confidence {confidence:g}"
            variants.append(Strategy(name, strategy.attack, strategy.replies))
            rewards[name] = {task_id: _reward(rule, verdict, confidence) for task_id, verdict in verdicts.items()}
    return variants, rewards


def _fitted(verdicts: dict[str, Verdict], form_of: dict[str, str]) -> dict[str, float]:
    """Per form, the constant confidence that earns most under the Brier rule: the share of the form's rows on which
    the strategy's reply earns full credit (a fixed template states it on every row, and a confidence stated on a
    reply graded as an abstention is scored as wrong)."""
    rights: dict[str, list[float]] = defaultdict(list)
    for task_id, verdict in verdicts.items():
        if verdict.label is not None and spec_of(verdict.family).kind is not Kind.LONG_FORM:
            rights[form_of[task_id]].append(1.0 if verdict.label in FULL_CREDIT else 0.0)
    return defaultdict(lambda: 0.0, {form: statistics.fmean(values) for form, values in rights.items()})


def _reward(rule: RewardRule, verdict: Verdict, confidence: float | None = None) -> float | None:
    """The verdict's reward under `rule`, the answer stated at `confidence`; a biography's is its own."""
    if verdict.errored or verdict.label is None:
        return None
    if spec_of(verdict.family).kind is Kind.LONG_FORM:
        return verdict.reward
    return rule.reward(verdict.family, verdict.label, confidence)
