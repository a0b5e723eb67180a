"""Reading replies: abstention, hedging, defect cues, and which value a reply commits to."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.abstention import abstains, hedges
from nohallucinate.answers.defects import DefectCue, defect_cues, negates
from nohallucinate.answers.normalise import normalise, straighten_quotes
from nohallucinate.answers.questions import AnswerKind, expected_kind
from nohallucinate.answers.reading import read_reply

BIRTH = "On what day, month and year was Douglas Adams born?"
APPS = "How many league appearances did Cristiano Ronaldo make for Sporting CP in the 2002–03 season?"
PRIZE = "In what year did Veronica Roth receive the Nobel Prize in Literature?"
DEATH = "In what year did Doug Adams die?"


@pytest.mark.parametrize(
    ("question", "kind"),
    [(BIRTH, AnswerKind.DATE), (APPS, AnswerKind.NUMBER), (PRIZE, AnswerKind.YEAR), ("Who wrote Ulysses?", "text")],
)
def test_expected_kind(question: str, kind: AnswerKind) -> None:
    assert expected_kind(question) == kind


ABSTENTIONS = [
    "I don't know.",
    "I do not know the answer to that.",
    "I’m not sure.",
    "I don't have reliable information about this person.",
    "I can't verify that.",
    "Sorry, I am unable to answer that question.",
    "No idea, honestly.",
    "IDK",
    "I'd rather not guess.",
    "I have no information on this.",
]


@pytest.mark.parametrize("text", ABSTENTIONS)
def test_abstentions_are_recognised(text: str) -> None:
    assert abstains(text)


@pytest.mark.parametrize(
    "text",
    ["He was born on 11 March 1952.", "I know exactly: 25.", "It is not recorded anywhere.", "Knowledge is power."],
)
def test_answers_are_not_abstentions(text: str) -> None:
    assert not abstains(text)


@given(st.sampled_from(ABSTENTIONS), st.sampled_from([str.upper, str.lower, str.title, lambda s: s]))
def test_abstention_survives_case_and_curly_quotes(text: str, change) -> None:
    assert abstains(change(text).replace("'", "\u2019"))


@given(st.text(max_size=200))
def test_straightening_quotes_keeps_offsets(text: str) -> None:
    assert len(straighten_quotes(text)) == len(text)


def test_normalise_expands_contractions_and_drops_emphasis() -> None:
    assert normalise("It isn’t **recorded**; I can't say, they’re unsure.") == (
        "It is not recorded; I cannot say, they are unsure."
    )


def test_hedges() -> None:
    assert hedges("I think it was 1952, but I'm not certain.")
    assert not hedges("It was 1952.")


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("Ronaldo never played for Liverpool.", DefectCue.FALSE_PREMISE),
        ("That premise is false: she hasn't won a Nobel.", DefectCue.FALSE_PREMISE),
        ("There is no such prize.", DefectCue.NONEXISTENT),
        ("There is no footballer named Oswin Threlkeld-Mabry.", DefectCue.NONEXISTENT),
        ("That club doesn't appear to be a real football club.", DefectCue.NONEXISTENT),
        ("His exact date of birth isn't recorded; only the year, 1911, is known.", DefectCue.UNRECORDED),
        ("Sources only give the year.", DefectCue.UNRECORDED),
        ("There are several people named Doug Adams — which one do you mean?", DefectCue.AMBIGUOUS),
        ("Which Doug Adams?", DefectCue.AMBIGUOUS),
    ],
)
def test_defect_cues(text: str, cue: DefectCue) -> None:
    assert cue in defect_cues(text)


@pytest.mark.parametrize(
    "text",
    [
        "I don't know his exact date of birth.",
        "I'm not aware of any footballer named Oswin Threlkeld-Mabry.",
        "I don't know of anyone called Perpetua Quillfeather-Nakamura.",
        "I couldn't find any record of a person named Perpetua Quillfeather-Nakamura.",
        "I'm not sure he ever played for them.",
        "I have no record of him playing for Arsenal.",
    ],
)
def test_what_the_replier_does_not_know_claims_no_defect(text: str) -> None:
    assert defect_cues(text) == set()


def test_uncertainty_is_not_a_denial() -> None:
    assert not negates("I'm not sure, but")
    assert negates("he did not play for them")


def test_a_hedged_answer_is_committed() -> None:
    reading = read_reply(BIRTH, "I'm not certain, but I believe it was 11 March 1952.")
    assert [c.text for c in reading.answers] == ["11 March 1952"] and reading.hedged


def test_a_denied_value_is_not_committed() -> None:
    reading = read_reply(PRIZE, "She did not receive it in 2019, and has never won it.")
    assert reading.answers == ()


def test_denial_then_answer_commits() -> None:
    reading = read_reply(PRIZE, "She did not win it in 2018 but in 2019.")
    assert [c.text for c in reading.answers] == ["2019"]


def test_a_death_date_beside_the_birth_date_is_not_an_answer() -> None:
    reading = read_reply(BIRTH, "Douglas Adams was born on 11 March 1952 in Cambridge and died on 11 May 2001.")
    assert [c.text for c in reading.answers] == ["11 March 1952"] and not reading.offers_alternatives


def test_a_lifespan_gives_birth_first_and_death_last() -> None:
    reply = "Doug Adams (8 November 1939 – 31 December 2016) was a politician."
    assert [c.text for c in read_reply(BIRTH, reply).answers] == ["8 November 1939"]
    assert [c.text for c in read_reply(DEATH, "He lived 1949–1997.").answers] == ["1997"]


def test_goals_beside_appearances_are_not_an_answer() -> None:
    reading = read_reply(APPS, "He played 25 league matches and scored 3 goals.")
    assert [c.text for c in reading.answers] == ["25"]


def test_several_candidates_are_alternatives() -> None:
    assert read_reply(APPS, "Either 25 or 26.").offers_alternatives
    assert read_reply(BIRTH, "I think 11 or 12 March 1952.").offers_alternatives


def test_restating_the_question_is_not_answering() -> None:
    reading = read_reply(APPS, "In the 2002–03 season? I don't know.")
    assert reading.answers == () and reading.abstains


def test_a_zero_count_in_words_is_a_value() -> None:
    reading = read_reply(APPS, "He didn’t make a single league appearance.")
    assert [c.value for c in reading.answers] == [(0.0, None)]


@pytest.mark.parametrize("reply", ["\\(1989\\)", "The wall fell in \\(1989\\).", "$1989$", "\\[1989\\]"])
def test_a_year_in_tex_math_is_the_answer(reply: str) -> None:
    reading = read_reply("In what year did the Berlin Wall fall?", reply)
    assert reading.answer is not None and reading.answer.date is not None and reading.answer.date.year == 1989
