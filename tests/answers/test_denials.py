"""A claim that something does not exist, read for what it denies: the asked entity, or another the question names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.defects import DefectCue, defect_claims
from nohallucinate.answers.denials import denials
from nohallucinate.answers.descriptions import EntityKind, entity_kind
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.defect import judge_unanswerable
from nohallucinate.tasks import Family, load_demo_tasks
from nohallucinate.tasks.forms import question_names

PERSON_ROW = ("In what year did Jorvane Hethercote receive the Greyfell Trophy?", "Jorvane Hethercote")
PRIZE_ROW = ("In what year did Agathe Morrowby receive the Vanstone Prize?", "Vanstone Prize")
CLUB_ROW = (
    "How many league appearances did Evander Stoatley make for Dunkestle Athletic in the 2016–17 season?",
    "Dunkestle Athletic F.C.",
)


def label(row: tuple[str, str], reply: str) -> Label:
    question, subject = row
    return judge_unanswerable(DefectCue.NONEXISTENT, question, subject, reply)[0]


@pytest.mark.parametrize(
    ("row", "reply"),
    [
        (PERSON_ROW, "Jorvane Hethercote does not exist."),
        (PERSON_ROW, "There is no person called Jorvane Hethercote."),
        (PERSON_ROW, "This person does not exist."),
        (PERSON_ROW, "No such person exists; the Greyfell Trophy is real, but nobody of that name has received it."),
        (PERSON_ROW, "Hethercote is a made-up name, although the Greyfell Trophy is a real prize."),
        (PERSON_ROW, "The Greyfell Trophy has never gone to anyone named Jorvane Hethercote, who does not exist."),
        (PERSON_ROW, "While the Greyfell Trophy is real, Jorvane Hethercote does not exist."),
        (PERSON_ROW, "The Greyfell Trophy has never gone to him, because Jorvane Hethercote does not exist."),
        (PERSON_ROW, "There is no Greyfell Trophy recipient named Jorvane Hethercote; no such person exists."),
        (PERSON_ROW, "Jorvane Hethercote, who supposedly won the Greyfell Trophy, is a made-up name."),
        (PERSON_ROW, "Jorvane Hethercote — supposedly a winner of the Greyfell Trophy — does not exist."),
        (PERSON_ROW, "I searched for Jorvane Hethercote and found nothing. That person does not exist."),
        (PERSON_ROW, "The Greyfell Trophy exists and is real, but Jorvane Hethercote is not a real person."),
        (PRIZE_ROW, "There is no Vanstone Prize."),
        (PRIZE_ROW, "No such prize exists."),
        (PRIZE_ROW, "Agathe Morrowby is real, but no prize called the Vanstone Prize exists."),
        (PRIZE_ROW, "Although Agathe Morrowby is a real poet, no such prize exists."),
        (PRIZE_ROW, "Agathe Morrowby won real awards, but the Vanstone Prize is not one of them: it does not exist."),
        (CLUB_ROW, "Evander Stoatley is a real midfielder, though Dunkestle Athletic does not exist."),
        (CLUB_ROW, "There is no club called Dunkestle Athletic."),
        (CLUB_ROW, "Dunkestle Athletic does not exist as a football club."),
    ],
)
def test_a_claim_about_the_invented_entity_identifies_it(row: tuple[str, str], reply: str) -> None:
    assert label(row, reply) is Label.IDENTIFIED


@pytest.mark.parametrize(
    ("row", "reply"),
    [
        (PERSON_ROW, "There is no such prize as the Greyfell Trophy."),
        (PERSON_ROW, "The Greyfell Trophy does not exist."),
        (PERSON_ROW, "The Greyfell Trophy is fictional."),
        (PERSON_ROW, "No such person or prize exists."),
        (PERSON_ROW, "Jorvane Hethercote and the Greyfell Trophy do not exist."),
        (PERSON_ROW, "Jorvane Hethercote is not a real person, and the Greyfell Trophy is not a real prize either."),
        (PRIZE_ROW, "Agathe Morrowby does not exist."),
        (PRIZE_ROW, "No such person exists."),
        (PRIZE_ROW, "Agathe Morrowby is a fictional person."),
        (PRIZE_ROW, "There is no such award or winner."),
        (CLUB_ROW, "Evander Stoatley is not a real footballer."),
        (CLUB_ROW, "No such player exists."),
        (CLUB_ROW, "Neither the club nor the player exist, as far as records go: both are made up."),
        (PERSON_ROW, "I searched for the Greyfell Trophy; it is made up."),
        (PERSON_ROW, "Jorvane Hethercote and the Greyfell Trophy, which do not exist."),
        (PERSON_ROW, "No such person, club or prize exists."),
        (PERSON_ROW, "Jorvane Hethercote, as well as the Greyfell Trophy, is fictional."),
        (PERSON_ROW, "Greyfell Tropy does not exist."),  # a name misspelt is still named by its first word
        (PERSON_ROW, "Jorvane\u00a0Hethercote and the Greyfell\u00a0Trophy do not exist."),
    ],
)
def test_a_claim_about_the_real_thing_beside_it_is_another_defect(row: tuple[str, str], reply: str) -> None:
    assert label(row, reply) is Label.ABSTAINED


@pytest.mark.parametrize(
    "reply",
    [
        "That does not exist.",
        "One of these does not exist.",
        "You mention Jorvane Hethercote and the Greyfell Trophy. One of them does not exist.",
        "Non-existent:\n- Jorvane Hethercote\n- Greyfell Trophy",
    ],
)
def test_a_claim_that_does_not_say_which_name_it_denies_does_not_identify_the_defect(reply: str) -> None:
    assert label(PERSON_ROW, reply) is Label.ABSTAINED
    question, subject = PERSON_ROW
    found = denials(question, subject, reply, defect_claims(reply))
    assert found.unnamed and not found.asked and not found.another


def test_a_question_that_names_only_the_asked_entity_attributes_every_claim_to_it() -> None:
    question = "On what day, month and year was Caelith Gorrington born?"
    for reply in ("No such prize, club or person exists.", "That does not exist."):
        found = denials(question, "Caelith Gorrington", reply, defect_claims(reply))
        assert found.name_the_asked and not found.unnamed


def test_a_subject_the_question_does_not_name_attributes_every_claim_to_it() -> None:
    question, _ = PERSON_ROW
    reply = "The Greyfell Trophy does not exist."
    assert denials(question, "Somebody Else", reply, defect_claims(reply)).name_the_asked


NONEXISTENT = [t for t in load_demo_tasks() if t.family is Family.NONEXISTENT_ENTITY]
_KINDS = {"person": EntityKind.PERSON, "football club": EntityKind.CLUB, "prize": EntityKind.PRIZE}


def test_the_kind_read_from_the_question_is_the_kind_the_builder_invented() -> None:
    assert {t.provenance["kind"] for t in NONEXISTENT} == set(_KINDS)
    for task in NONEXISTENT:
        assert entity_kind(task.question, task.subject.label) is _KINDS[task.provenance["kind"]], task.question


def test_on_every_demo_row_only_the_invented_name_denied_identifies_the_defect() -> None:
    tasks = [t for t in NONEXISTENT if len(question_names(t.question)) == 2]
    assert len(tasks) >= 10
    for task in tasks:
        row = (task.question, task.subject.label)
        invented = task.provenance["asked_as"]
        real = next(n for n in question_names(task.question) if n != invented)
        assert label(row, f"{invented} does not exist.") is Label.IDENTIFIED, task.question
        assert label(row, f"{real} does not exist.") is Label.ABSTAINED, task.question
        assert label(row, f"{invented} and {real} do not exist.") is Label.ABSTAINED, task.question
        assert label(row, f"{real} is real, but {invented} does not exist.") is Label.IDENTIFIED, task.question


_PLAIN_WORDS = st.lists(st.sampled_from("it this that is was not does exist real fictional made up and or a".split()))


@given(_PLAIN_WORDS, _PLAIN_WORDS)
def test_a_claim_that_names_nothing_denies_nothing_in_particular(before: list[str], after: list[str]) -> None:
    question, subject = PERSON_ROW
    reply = " ".join([*before, "does not exist", *after]) + "."
    found = denials(question, subject, reply, defect_claims(reply))
    assert found.unnamed and not found.asked and not found.another


@given(_PLAIN_WORDS, st.sampled_from(["Jorvane Hethercote", "Hethercote", "this person", "he"]))
def test_a_claim_whose_clause_names_the_asked_entity_alone_identifies_it(after: list[str], name: str) -> None:
    question, subject = PERSON_ROW
    reply = f"The Greyfell Trophy is real. {name} does not exist {' '.join(after)}."
    assert denials(question, subject, reply, defect_claims(reply)).name_the_asked


@given(st.text(max_size=200))
def test_each_claim_of_non_existence_is_sorted_once(reply: str) -> None:
    question, subject = PERSON_ROW
    claims = defect_claims(reply)
    found = denials(question, subject, reply, claims)
    sorted_claims = found.asked + found.another + found.unnamed
    assert sorted(sorted_claims, key=claims.index) == [c for c in claims if c.cue is DefectCue.NONEXISTENT]
