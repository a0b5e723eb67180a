"""The reward rule: the ladder at threshold t, the Brier mode's formula, and the spec's rule leaving verdicts be."""

from __future__ import annotations

import asyncio

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.graders import Label, LocalGrader, Verdict
from nohallucinate.rewards import RewardRule, StatedConfidence, under_rule
from nohallucinate.tasks import Family, Reply, load_demo_tasks

SHORT = [Family.PRECISE_FACT, Family.FOOTBALL_SEASON]
DEFECT = [Family.FALSE_PREMISE, Family.NONEXISTENT_ENTITY, Family.UNRECORDED_FACT, Family.AMBIGUOUS_ENTITY]


@pytest.mark.parametrize("t", [0.1, 0.25, 0.5, 0.75, 0.9])
@pytest.mark.parametrize("family", SHORT + DEFECT)
def test_the_ladder_at_t_pays_one_t_and_nothing(t: float, family: Family) -> None:
    rule = RewardRule(threshold=t)
    top, middle, bottom = (Label.CORRECT, Label.NOT_ATTEMPTED, Label.INCORRECT) if family in SHORT else (
        Label.IDENTIFIED, Label.ABSTAINED, Label.CONFABULATED)  # fmt: skip
    assert (rule.reward(family, top), rule.reward(family, middle), rule.reward(family, bottom)) == (1.0, t, 0.0)
    assert rule.abstention_reward(family) == t


def test_the_spec_rule_is_the_ladder_at_one_half_and_leaves_the_grader_alone() -> None:
    rule = RewardRule()
    assert rule.is_spec and rule.t == 0.5 and rule.abstention_reward(Family.PRECISE_FACT) == 0.5
    grader = LocalGrader()
    assert under_rule(grader, rule) is grader and under_rule(grader, None) is grader
    assert not RewardRule(threshold=0.5).is_spec  # a stated 0.5 changes the prompt, not the rewards


def test_biography_is_never_rescored() -> None:
    rule = RewardRule(threshold=0.9, confidence="brier")
    assert rule.abstention_reward(Family.BIOGRAPHY) == 0.0
    verdict = Verdict(task_id="b", family=Family.BIOGRAPHY, label=Label.F1_AT_K, reward=0.37)
    assert rule.rescored(verdict, StatedConfidence("x", 0.9, "stated")) == verdict
    with pytest.raises(ValueError, match="F1@K"):
        rule.reward(Family.BIOGRAPHY, Label.F1_AT_K)


@pytest.mark.parametrize(
    ("label", "confidence", "expected"),
    [
        (Label.CORRECT, 1.0, 1.0),  # (1 + 1 - 0) / 2
        (Label.CORRECT, 0.5, 0.875),  # (1 + 1 - 0.25) / 2
        (Label.CORRECT, 0.0, 0.5),  # (1 + 1 - 1) / 2
        (Label.INCORRECT, 0.0, 0.5),  # (1 + 0 - 0) / 2
        (Label.INCORRECT, 0.5, 0.375),  # (1 - 0.25) / 2
        (Label.INCORRECT, 1.0, 0.0),
        (Label.CORRECT, None, 0.5),  # missing: scored as q = 1 - y, the worst
        (Label.INCORRECT, None, 0.0),
        (Label.NOT_ATTEMPTED, None, (1 + 0.75**2) / 2),  # an abstention needs no confidence
        (Label.NOT_ATTEMPTED, 0.9, (1 + 0.75**2 - 0.81) / 2),  # one stated there claims a rightness it lacks
    ],
)
def test_the_brier_mode_by_hand(label: Label, confidence: float | None, expected: float) -> None:
    rule = RewardRule(threshold=0.75, confidence="brier")
    assert rule.reward(Family.PRECISE_FACT, label, confidence) == pytest.approx(expected)


@given(t=st.floats(0.01, 0.99), p=st.floats(0.0, 1.0), q=st.floats(0.0, 1.0))
def test_under_brier_the_truth_pays_best_and_answering_pays_exactly_above_t(t: float, p: float, q: float) -> None:
    """The expected reward of an answer right with probability p, stated at q: most at q = p (the rule is
    proper), and above abstaining exactly when p > t (the threshold keeps its meaning)."""
    rule = RewardRule(threshold=t, confidence="brier")

    def expected(stated: float) -> float:
        right = rule.reward(Family.PRECISE_FACT, Label.CORRECT, stated)
        wrong = rule.reward(Family.PRECISE_FACT, Label.INCORRECT, stated)
        return p * right + (1 - p) * wrong

    assert expected(p) >= expected(q) - 1e-12
    abstain = rule.abstention_reward(Family.PRECISE_FACT)
    if abs(p - t) > 1e-9:
        assert (expected(p) > abstain) == (p > t)


@pytest.mark.parametrize("bad", [0.0, 1.0, -0.1, 1.5, float("nan"), float("inf")])
def test_a_threshold_outside_the_open_interval_is_refused(bad: float) -> None:
    with pytest.raises(ValueError):
        RewardRule(threshold=bad)


def test_under_a_rule_the_confidence_line_is_read_off_and_recorded() -> None:
    task = next(t for t in load_demo_tasks() if t.family is Family.PRECISE_FACT)
    assert task.gold is not None
    grader = under_rule(LocalGrader(), RewardRule(threshold=0.75, confidence="brier"))

    def grade(text: str) -> Verdict:
        return asyncio.run(grader.grade(task, Reply(task_id=task.task_id, response=text)))

    right = grade(f"{task.gold}.\nConfidence: 0.8")
    assert right.label is Label.CORRECT and right.reward == pytest.approx((1 + 1 - 0.04) / 2)
    assert right.detail["confidence"] == {"value": 0.8, "status": "stated"}
    missing = grade(f"{task.gold}.")
    assert missing.label is Label.CORRECT and missing.reward == 0.5
    assert missing.detail["confidence"] == {"value": None, "status": "missing"}
    abstained = grade("I don't know.")
    assert abstained.label is Label.NOT_ATTEMPTED and abstained.reward == pytest.approx((1 + 0.75**2) / 2)


def test_a_malformed_confidence_line_is_graded_with_the_reply_it_is_in() -> None:
    """A line is cut from what the grader reads only when it holds a well-formed number: a second candidate in a
    malformed confidence line is read, so it cannot hide from the grader."""
    task = next(t for t in load_demo_tasks() if t.family is Family.PRECISE_FACT and t.gold)
    assert task.gold is not None
    grader = under_rule(LocalGrader(), RewardRule(confidence="report"))
    plain = asyncio.run(LocalGrader().grade(task, Reply(task_id=task.task_id, response=f"{task.gold}.")))
    reply = f"{task.gold}.\nConfidence: or maybe 1 January 1900"
    verdict = asyncio.run(grader.grade(task, Reply(task_id=task.task_id, response=reply)))
    assert verdict.detail["confidence"]["status"] == "malformed"
    alone = asyncio.run(LocalGrader().grade(task, Reply(task_id=task.task_id, response=reply)))
    assert (verdict.label, verdict.reward) == (alone.label, alone.reward)
    assert plain.label is Label.CORRECT


def test_a_biography_is_graded_as_written_and_an_over_long_reply_not_read() -> None:
    """A confidence line in a biography is a sentence like any other; a reply past its limit is not read, its
    confidence line included (cutting the line first would bring padding under the limit)."""
    tasks = load_demo_tasks()
    biography = next(t for t in tasks if t.family is Family.BIOGRAPHY)
    assert biography.article is not None
    rule = RewardRule(threshold=0.75, confidence="brier")
    text = f"{biography.article.lead}\nConfidence: 0.9"
    ruled = asyncio.run(
        under_rule(LocalGrader(), rule).grade(biography, Reply(task_id=biography.task_id, response=text))
    )
    plain = LocalGrader().grade_now(biography, Reply(task_id=biography.task_id, response=text))
    assert ruled == plain
    short = next(t for t in tasks if t.family is Family.PRECISE_FACT)
    padded = f"{short.gold}.\n{' ' * 20_000}\nConfidence: 1"
    verdict = asyncio.run(under_rule(LocalGrader(), rule).grade(short, Reply(task_id=short.task_id, response=padded)))
    assert verdict.label is Label.INCORRECT and verdict.detail["over_length"] == len(padded)
    assert verdict.detail["confidence"] == {"value": None, "status": "unread"} and verdict.reward == 0.0


def test_a_confidence_stated_on_a_wrong_defect_is_scored_as_wrong() -> None:
    """Naming a defect the row does not have is graded as an abstention (the spec's grading); a confidence stated
    there is a claim to be right that was not: overclaiming costs what it costs on a wrong answer."""
    task = next(t for t in load_demo_tasks() if t.family is Family.UNRECORDED_FACT)
    rule = RewardRule(threshold=0.5, confidence="brier")
    grader = under_rule(LocalGrader(), rule)

    def reward(text: str) -> float | None:
        return asyncio.run(grader.grade(task, Reply(task_id=task.task_id, response=text))).reward

    claim = f"No such person as {task.subject.label} exists."
    assert reward(claim + "\nConfidence: 1") == pytest.approx((1 + 0.25 - 1) / 2)
    assert reward(claim + "\nConfidence: 0.2") == pytest.approx((1 + 0.25 - 0.04) / 2)
    assert reward("I don't know.") == pytest.approx((1 + 0.25) / 2)
