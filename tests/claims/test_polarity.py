"""Denials in biographies: every frame rule fires on its examples and not on its counter-examples; a framed
sentence's claims all deny; a negation before the first verb governs the verbs coordinated with it; an assertion
is not backed by a passage that denies it, nor a denial by a passage that denies something else; a claim and its
denial are two claims."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.claims import LexicalVerifier, decompose, merge_near_duplicates
from nohallucinate.claims.polarity import DENIED, RULES, denied_statement, denies, split_by_polarity

EXAMPLES = [(rule.name, text) for rule in RULES for text in rule.fires_on]
COUNTER_EXAMPLES = [(rule.name, text) for rule in RULES for text in rule.not_on]


@pytest.mark.parametrize(("rule", "text"), EXAMPLES)
def test_each_rule_fires_on_its_examples(rule: str, text: str) -> None:
    assert next(r for r in RULES if r.name == rule).pattern.search(text)
    assert denies(text)


@pytest.mark.parametrize(("rule", "text"), COUNTER_EXAMPLES)
def test_no_rule_fires_on_its_counter_examples(rule: str, text: str) -> None:
    assert not next(r for r in RULES if r.name == rule).pattern.search(text)


def test_a_frame_is_cut_from_the_statement_it_denies() -> None:
    assert denied_statement("It is false that she won the prize in 2012.") == "she won the prize in 2012."
    assert denied_statement("The claim that she won it in 2012 is a myth.") == "she won it in 2012"
    assert denied_statement("She won it in 2012 — that is untrue.") == "She won it in 2012"
    assert denied_statement("She won it in 2012.") is None


SUBJECT = "Liesl Ambergast"


@pytest.mark.parametrize(
    "text",
    [
        "It is false that Liesl Ambergast won the Grauheim Competition in 2012 and received the Silver Lyre in 2015.",
        "It is not true that she (born 19 February 1990) studied at the Lindrecht Academy in Almerland.",
        "Liesl Ambergast won the Grauheim Competition in 2012 and received the Silver Lyre in 2015, which is false.",
        "She never won the Grauheim Competition in 2012 and received the Silver Lyre in 2015.",
    ],
)
def test_every_claim_of_a_denied_sentence_denies(text: str) -> None:
    claims = decompose(text, SUBJECT)
    assert len(claims) >= 2 and all(denies(claim) for claim in claims), claims


def test_a_framed_claim_reads_as_a_denial_and_a_pronoun_takes_no_second_negation() -> None:
    assert decompose("It is false that she won it in 2012.", SUBJECT) == [f"{DENIED}{SUBJECT} won it in 2012."]
    assert decompose("She never won it in 2012.", SUBJECT) == [f"{SUBJECT} never won it in 2012."]


def test_a_passage_is_split_into_what_it_asserts_and_what_it_denies() -> None:
    affirmed, denied = split_by_polarity("He was booked about four times a season and was never sent off.")
    assert "booked" in affirmed and "sent off" not in affirmed and "never sent off" in denied
    affirmed, denied = split_by_polarity("She was not only a singer but also a painter.")
    assert denied == ""


ARTICLE = (
    "Tomas Quell is a footballer. He was booked about four times a season and was never sent off. "
    "A youth player at Harwick City, he never played for its first team. "
    "They had no children, and his library was left to the Almerish Chess Federation."
)
VERIFIER = LexicalVerifier(ARTICLE, "Tomas Quell")


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Tomas Quell was booked about four times a season.", True),  # the denial is about something else
        ("Tomas Quell was sent off against Harwick City.", False),  # the only passage denies it
        ("Tomas Quell played for the first team of Harwick City.", False),
        ("Tomas Quell never played for the first team of Harwick City.", True),
        ("Tomas Quell never joined the Almerish Chess Federation.", False),  # the passage denies children
        ("It is false that Tomas Quell left his library to the Almerish Chess Federation.", False),
    ],
)
def test_a_claim_is_backed_only_by_a_passage_of_its_polarity(claim: str, supported: bool) -> None:
    assert VERIFIER.check(claim).supported is supported


@given(st.text(max_size=300))
def test_polarity_reads_any_text(text: str) -> None:
    affirmed, denied = split_by_polarity(text)
    assert len(affirmed) + len(denied) <= len(text) + 1
    denies(text)
    denied_statement(text)


def test_a_claim_and_its_denial_are_not_merged_into_one() -> None:
    claim = "Liesl Ambergast won the Grauheim Competition in 2012."
    claims = [claim, DENIED + claim, claim]
    assert merge_near_duplicates(claims) == claims[:2]
