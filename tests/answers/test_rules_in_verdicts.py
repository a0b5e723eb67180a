"""A local verdict names the rule that decided it: the defect rule that found the claim, or the abstention rule
that found the decline."""

from __future__ import annotations

from nohallucinate.answers.defects import DefectCue
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.defect import judge_unanswerable
from nohallucinate.graders.local.short_answer import judge_answerable

QUESTION = "In how many league appearances did Cristiano Ronaldo play for Liverpool?"


def test_an_identified_defect_names_its_rule() -> None:
    label, detail = judge_unanswerable(
        DefectCue.FALSE_PREMISE, QUESTION, "Cristiano Ronaldo", "He never played for them."
    )
    assert (label, detail["rule"]) == (Label.IDENTIFIED, "relation_denied")


def test_an_abstention_names_its_rule() -> None:
    label, detail = judge_unanswerable(DefectCue.FALSE_PREMISE, QUESTION, "Cristiano Ronaldo", "I don't know.")
    assert (label, detail["rule"]) == (Label.ABSTAINED, "do_not_know")


def test_a_declined_answerable_question_names_its_rule() -> None:
    label, detail = judge_answerable("Who designed it?", "Gustave Eiffel", "I can't verify who designed it.")
    assert (label, detail["rule"]) == (Label.NOT_ATTEMPTED, "cannot_answer")


def test_a_claimed_defect_on_an_answerable_question_names_its_rule() -> None:
    label, detail = judge_answerable(QUESTION, "17", "He never played for Liverpool.")
    assert (label, detail["rule"]) == (Label.INCORRECT, "relation_denied")


def test_a_value_decides_without_a_rule() -> None:
    label, detail = judge_answerable(QUESTION, "17", "17.")
    assert label is Label.CORRECT and "rule" not in detail
