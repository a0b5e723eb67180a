"""`audit --thresholds` and `--confidence brier`: every fixed strategy, graded once, judged at each threshold against
the calibrated knowledge-free prior; where the set's composition alone pays a guess, that is reported, not failed."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections import defaultdict
from collections.abc import Sequence

import pytest
from typer.testing import CliRunner

from nohallucinate.audit import STRATEGIES, AuditReport, Strategy, run_audit, strategy_replies
from nohallucinate.audit.thresholds import _rescored
from nohallucinate.cli import app
from nohallucinate.graders import LocalGrader, Verdict
from nohallucinate.graders.ladder import labels_for
from nohallucinate.rewards import RewardRule, under_rule
from nohallucinate.tasks import Family, Reply, Task, load_demo_tasks
from nohallucinate.tasks.forms import question_form
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

THRESHOLDS = (0.1, 0.25, 0.5, 0.75, 0.9)
RULES = [RewardRule(threshold=t, confidence=mode) for mode in ("off", "brier") for t in THRESHOLDS]
runner = CliRunner()


def audited(tasks: Sequence[Task], grader: object = None) -> AuditReport:
    return asyncio.run(run_audit(tasks, grader or LocalGrader(), STRATEGIES, rules=RULES))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def demo() -> AuditReport:
    return audited(load_demo_tasks())


@pytest.fixture(scope="module")
def labelled() -> AuditReport:
    return audited(labelled_tasks())


@pytest.mark.parametrize("which", ["demo", "labelled"])
def test_no_fixed_strategy_beats_the_calibrated_prior_at_any_threshold(
    which: str, request: pytest.FixtureRequest
) -> None:
    report: AuditReport = request.getfixturevalue(which)
    assert report.passed and not report.errors
    judged = {(audit.rule.t, audit.rule.confidence) for audit in report.thresholds}
    assert judged == {(t, mode) for t in THRESHOLDS for mode in ("off", "brier")}
    for audit in report.thresholds:
        for family in audit.families:
            assert family.passed, (audit.rule, family.family, family.strongest[0], family.excess)
            floor = 0.0 if family.family is Family.BIOGRAPHY else audit.rule.abstention_reward(family.family)
            assert family.floor == pytest.approx(floor)


def test_at_one_half_the_judgement_is_the_spec_audits(demo: AuditReport) -> None:
    """On a set that passes `check`, no plain claim beats abstaining at 0.5: the prior is the floor, and each
    family's ceiling is the one the spec's audit finds."""
    [half] = [audit for audit in demo.thresholds if audit.rule == RewardRule(threshold=0.5)]
    for spec, family in zip(demo.families, half.families, strict=True):
        assert family.prior.mean == pytest.approx(family.floor) and family.composition == pytest.approx(0.0)
        assert (family.floor, family.ceiling.mean) == pytest.approx((spec.floor, spec.ceiling.mean))


def test_at_a_low_threshold_the_demo_sets_composition_pays_a_plain_guess_and_that_is_reported(
    demo: AuditReport,
) -> None:
    """At t = 0.1 naming "no such person" on every birth-date question is right more than a tenth of the time: the
    prior lands above the floor (calibrated behaviour, reported), and nothing beats the prior."""
    [low] = [audit for audit in demo.thresholds if audit.rule == RewardRule(threshold=0.1)]
    nonexistent = next(f for f in low.families if f.family is Family.NONEXISTENT_ENTITY)
    assert nonexistent.composition > nonexistent.margin and nonexistent.passed
    birth = "On what day, month and year was <name> born?"
    assert set(nonexistent.prior_claims[birth]) & {"claim_nonexistent", "builder_wording_nonexistent"}
    assert "i_dont_know" not in nonexistent.claims  # the claims named are the guesses the composition pays
    [high] = [audit for audit in demo.thresholds if audit.rule == RewardRule(threshold=0.9)]
    assert all(family.composition == pytest.approx(0.0) for family in high.families)


class TrustingGrader:
    """The local grader, except that any reply mentioning a premise names every defect: a leniency."""

    name = "trusting"

    async def grade(self, task: Task, reply: Reply):  # type: ignore[no-untyped-def]
        from nohallucinate.graders import Label, Verdict, reward_for

        verdict = LocalGrader().grade_now(task, reply)
        if task.family.is_unanswerable and "premise" in reply.response.lower():
            return Verdict.on(
                task, reply.sample, Label.IDENTIFIED, reward_for(task.family, Label.IDENTIFIED), "local", {}
            )
        return verdict


def test_a_leniency_beats_the_prior_and_fails_where_it_pays() -> None:
    """A leniency that names every defect at once pays where a defect is likely enough: up to t = 0.5 here. At a
    high threshold the same reply costs more on the answerable rows than it earns, and the audit says so too."""
    report = audited(labelled_tasks(), TrustingGrader())
    assert not report.passed
    for audit in report.thresholds:
        premise = next(f for f in audit.families if f.family is Family.FALSE_PREMISE)
        assert premise.passed == (audit.rule.t > 0.5), (audit.rule, premise.excess)


def test_a_stated_confidence_changes_no_label() -> None:
    """The threshold audit rescores labels graded once; a confidence line appended to a strategy's reply is read
    off before grading, so the label is the one the reply alone gets."""
    tasks = labelled_tasks()
    replies = strategy_replies(tasks, STRATEGIES)
    plain, ruled = LocalGrader(), under_rule(LocalGrader(), RewardRule(threshold=0.25, confidence="brier"))
    by_id = {task.task_id: task for task in tasks}
    for (_, task_id), text in sorted(replies.items())[::7]:
        task = by_id[task_id]
        if task.family is Family.BIOGRAPHY:
            continue  # graded as written under every rule: no confidence is read there
        alone = plain.grade_now(task, Reply(task_id=task_id, response=text))
        stated = asyncio.run(ruled.grade(task, Reply(task_id=task_id, response=f"{text}\nConfidence: 0.8")))
        assert stated.label == alone.label, text


def test_the_command_prints_each_threshold_and_the_json_carries_it() -> None:
    result = runner.invoke(app, ["audit", "--tasks", str(LABELLED_TASKS_PATH), "--thresholds", "0.1,0.9"])
    assert result.exit_code == 0, result.output
    assert "fixed strategies at each threshold" in result.stdout
    assert "no fixed policy beats the calibrated prior" in result.stdout
    assert "the set's composition pays a knowledge-free guess at t = 0.1 " in result.stdout
    assert re.search(r"\(\d+ replies graded once, rescored under each rule\)", result.stdout)
    result = runner.invoke(app, ["audit", "--tasks", str(LABELLED_TASKS_PATH), "--confidence", "brier", "--json"])
    assert result.exit_code == 0, result.output
    [half] = json.loads(result.stdout)["thresholds"]
    assert (half["threshold"], half["confidence"], half["passed"]) == (0.5, "brier", True)
    assert half["families"]["precise_fact"]["floor"] == 0.625  # (1 + 0.5²) / 2


def test_the_default_json_has_no_thresholds_and_report_mode_is_refused() -> None:
    result = runner.invoke(app, ["audit", "--tasks", str(LABELLED_TASKS_PATH), "--json"])
    assert "thresholds" not in json.loads(result.stdout)
    refused = runner.invoke(app, ["audit", "--confidence", "report"])
    assert refused.exit_code == 2 and "--confidence 'report'" in refused.stderr


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("threshold", [0.1, 0.25, 0.75])
def test_under_brier_the_prior_states_the_best_constant_confidence_of_each_form(seed: int, threshold: float) -> None:
    """A plain claim in the prior states its success rate in the form: no constant confidence earns more on the
    form's rows (Brier's best constant is the mean), so a confidence strategy can beat the prior only where the
    prior's claim is chosen in a finer cell than its confidence is fitted in."""
    tasks = [task for task in labelled_tasks() if task.family is not Family.BIOGRAPHY]
    draw = random.Random(seed)
    labels = {task.task_id: draw.choice(labels_for(task.family)) for task in tasks}
    graded = {"claim": {t.task_id: Verdict.on(t, 0, labels[t.task_id], 0.0, "local", {}) for t in tasks}}
    rule = RewardRule(threshold=threshold, confidence="brier")
    variants, rewards = _rescored(rule, tasks, [Strategy("claim", "a plain claim", {}, plain=True)], graded)
    assert [v.name for v in variants if v.plain] == ["claim"]
    forms: dict[str, list[Task]] = defaultdict(list)
    for task in tasks:
        forms[question_form(task.question)].append(task)
    for rows in forms.values():
        fitted = sum(rewards["claim"][t.task_id] or 0.0 for t in rows)
        for q in (i / 20 for i in range(21)):
            assert fitted >= sum(rule.reward(t.family, labels[t.task_id], q) for t in rows) - 1e-9, q
