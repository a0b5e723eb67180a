"""Every named defect rule fires on its own examples and not on its counter-examples; claims versus what the
replier says about itself; several defects offered as alternatives."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.defects import RULES, DefectCue, defect_claims, defect_cues, hedged_across

EXAMPLES = [(rule.name, text) for rule in RULES for text in rule.fires_on]
COUNTER_EXAMPLES = [(rule.name, text) for rule in RULES for text in rule.not_on]
# A rule about the question is tried with a question that names all its example does: the example itself.
ABOUT_THE_QUESTION = {rule.name for rule in RULES if rule.about_the_question}


def _rules_fired(rule: str, text: str) -> set[str]:
    return {claim.rule for claim in defect_claims(text, text if rule in ABOUT_THE_QUESTION else "")}


@pytest.mark.parametrize(("rule", "text"), EXAMPLES)
def test_each_rule_fires_on_its_examples(rule: str, text: str) -> None:
    assert rule in _rules_fired(rule, text)


@pytest.mark.parametrize(("rule", "text"), COUNTER_EXAMPLES)
def test_no_rule_fires_on_its_counter_examples(rule: str, text: str) -> None:
    assert rule not in _rules_fired(rule, text)


SPARTA = "Kolik ligových zápasů odehrál Jan Novák za Spartu Praha?"


@pytest.mark.parametrize(
    ("reply", "claims"),
    [
        ("Jan Novák za Spartu nikdy nehrál.", True),
        ("Za Spartu Praha nikdy nenastoupil.", True),  # "Spartu" as the question has it, "Praha" too
        ("Taková Sparta vůbec neexistuje.", True),  # another case of the question's "Spartu"
        ("Odehrál 23 zápasů, ligu ale nikdy nevyhrál.", False),  # beside the answer, of something not asked
        ("Odehrál 23 zápasů. Otce nikdy nepoznal.", False),
        ("Jan Novák odehrál 23 zápasů; v reprezentaci nikdy nenastoupil.", False),
        ("Taková statistika ve skutečnosti neexistuje.", False),
    ],
)
def test_a_czech_claim_counts_where_its_clause_names_what_the_question_does(reply: str, claims: bool) -> None:
    assert bool(defect_claims(reply, SPARTA)) is claims
    assert not defect_claims(reply)  # without the question, nothing ties the claim to it


def test_every_rule_has_examples_and_a_unique_name() -> None:
    assert len({rule.name for rule in RULES}) == len(RULES)
    assert all(rule.fires_on for rule in RULES)
    assert {rule.cue for rule in RULES} == set(DefectCue)


@pytest.mark.parametrize(
    "text",
    [
        "Is it true that he never played for them?",  # asked, not claimed
        "Did she ever receive that award?",
        "Perhaps you mean someone else.",
        "I don't know of anyone called Hesper Quibbington.",
        "I can't find any evidence that the prize exists.",
        "It doesn't ring a bell.",
    ],
)
def test_questions_and_statements_about_the_replier_claim_nothing(text: str) -> None:
    assert defect_cues(text) == set()


def test_a_clarification_question_claims_a_shared_name() -> None:
    assert defect_cues("Which Elspeth Varga are you asking about?") == {DefectCue.AMBIGUOUS}


def test_a_claim_records_where_it_stands() -> None:
    [claim] = defect_claims("Sorry. Ronaldo never played for Liverpool.")
    assert (claim.cue, claim.rule, claim.text) == (DefectCue.FALSE_PREMISE, "relation_denied", "never played")


@pytest.mark.parametrize(
    ("text", "across"),
    [
        ("Either he never played for that club, or no such club exists.", True),
        ("The question may rest on a false premise, or the name may be ambiguous.", True),
        ("He never played for them. In fact, no such club exists.", False),
        ("He never played for that club.", False),
    ],
)
def test_defects_offered_as_alternatives(text: str, across: bool) -> None:
    assert hedged_across(text, defect_claims(text)) is across


@given(st.text(max_size=300))
def test_claims_lie_inside_the_text_and_are_ordered(text: str) -> None:
    claims = defect_claims(text)
    assert [c.start for c in claims] == sorted(c.start for c in claims)
    assert all(0 <= c.start < c.end for c in claims)
