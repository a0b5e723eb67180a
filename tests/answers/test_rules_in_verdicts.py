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


def test_a_description_of_an_invented_entity_names_its_rule() -> None:
    question = "How many league appearances did Thaddeus Wrenfield make for Harwick Vale in the 2018–19 season?"
    reply = "No such club exists. Records list it in Tarrowby in 1971."
    label, detail = judge_unanswerable(DefectCue.NONEXISTENT, question, "Harwick Vale F.C.", reply)
    assert (label, detail["rule"]) == (Label.CONFABULATED, "listed_by_a_source")
    assert detail["committed_to"] == ["a description of Harwick Vale F.C.: 'Records list it in Tarrowby in 1971.'"]
