"""Every named description rule fires on its own examples and not on its counter-examples; a correction naming a
different thing is no description of the asked one."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.descriptions import EXAMPLE_ENTITIES, RULES, EntityKind, descriptions, entity_kind

EXAMPLES = [(rule.name, kind, text) for rule in RULES for kind, text in rule.fires_on]
COUNTER_EXAMPLES = [(rule.name, kind, text) for rule in RULES for kind, text in rule.not_on]


def found(kind: EntityKind, text: str) -> set[str]:
    subject, question = EXAMPLE_ENTITIES[kind]
    return {d.rule for d in descriptions(subject, question, text.replace("{X}", subject))}


@pytest.mark.parametrize(("rule", "kind", "text"), EXAMPLES)
def test_each_rule_fires_on_its_examples(rule: str, kind: EntityKind, text: str) -> None:
    assert rule in found(kind, text)


@pytest.mark.parametrize(("rule", "kind", "text"), COUNTER_EXAMPLES)
def test_no_rule_fires_on_its_counter_examples(rule: str, kind: EntityKind, text: str) -> None:
    assert rule not in found(kind, text)


def test_every_rule_has_examples_and_a_unique_name() -> None:
    assert len({rule.name for rule in RULES}) == len(RULES)
    assert all(rule.fires_on for rule in RULES)


def test_the_kind_of_entity_follows_the_question() -> None:
    assert [entity_kind(question, name) for name, question in EXAMPLE_ENTITIES.values()] == list(EXAMPLE_ENTITIES)


@pytest.mark.parametrize(
    ("question", "subject", "kind"),
    [
        ("In what year did Jorvane Hethercote receive the Greyfell Trophy?", "Jorvane Hethercote", EntityKind.PERSON),
        ("In what year did Agathe Morrowby receive the Vanstone Prize?", "Vanstone Prize", EntityKind.PRIZE),
        (
            "How many matches did Aubriel Nettlecombe play for Kestlebury Town F.C. between 2008 and 2009?",
            "Aubriel Nettlecombe",
            EntityKind.PERSON,
        ),
        (
            "How many league appearances did Evander Stoatley make for Dunkestle Athletic in the 2016–17 season?",
            "Dunkestle Athletic F.C.",
            EntityKind.CLUB,
        ),
    ],
)
def test_an_invented_person_beside_a_real_prize_or_club_is_a_person(
    question: str, subject: str, kind: EntityKind
) -> None:
    assert entity_kind(question, subject) is kind


def test_a_real_prize_beside_an_invented_person_is_not_described_as_the_person() -> None:
    question = "In what year did Jorvane Hethercote receive the Greyfell Trophy?"
    reply = "No person called Jorvane Hethercote exists. The trophy was founded in 1950."
    assert descriptions("Jorvane Hethercote", question, reply) == []
    assert descriptions("Jorvane Hethercote", question, "No such person exists. He was born in 1950.") != []


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        (EntityKind.CLUB, "No such club exists; there is a Harwick Town founded in 1890, which may be what you mean."),
        (EntityKind.CLUB, "No such club exists. It may be confused with Harwick Town, which was founded in 1890."),
        (EntityKind.CLUB, "There's no club called {X} that I know of. In 2018–19 he was playing for Farrowdale Town."),
        (EntityKind.CLUB, "{X} doesn't appear to be a real football club, so he couldn't have made any appearances."),
        (EntityKind.CLUB, "I don't know when it was founded, or whether it exists at all."),
        (EntityKind.PRIZE, "There is no such prize. She did win the Hugo Award in 1994, which may be what you mean."),
        (EntityKind.PRIZE, "I can't find it among the major poetry awards such as the Forward Prize."),
        (EntityKind.PRIZE, "It may be a misremembered name for a different award."),
        (EntityKind.PERSON, "The name {X} matches no one I know of. If he is a private individual, I can't help."),
        (EntityKind.PERSON, "No person called {X} exists: the name was recombined from parts of real names."),
    ],
)
def test_honest_replies_describe_nothing(kind: EntityKind, text: str) -> None:
    assert found(kind, text) == set()


@given(st.text(max_size=300), st.sampled_from(list(EntityKind)))
def test_descriptions_lie_inside_the_text_and_are_ordered(text: str, kind: EntityKind) -> None:
    subject, question = EXAMPLE_ENTITIES[kind]
    found = descriptions(subject, question, text)
    assert [d.start for d in found] == sorted(d.start for d in found)
    assert all(0 <= d.start < d.end for d in found)
