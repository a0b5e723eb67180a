"""The text matcher's named rules, each on the cases it must and must not accept, and its properties."""

from __future__ import annotations

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

from nohallucinate.answers import person_names, reply_words
from nohallucinate.answers.reply_words import STOP_FORMS
from nohallucinate.answers.text_gold import ARTICLES, DESIGNATORS, PARTICLES, SUFFIXES, TITLES
from nohallucinate.answers.text_match import Outcome, match_text
from nohallucinate.answers.text_rules import LENIENCY_RULES, LESS_SPECIFIC_LENIENCIES, RIVAL_RULES, MatchRule
from nohallucinate.answers.word_forms import word_form

NORMALISED = "normalised"  # the rule of forms: no leniency, every spelling of the same words


def _cases(rules: tuple[MatchRule, ...], which: str) -> list[tuple[str, tuple[str, str, str]]]:
    return [(rule.name, case) for rule in rules for case in getattr(rule, which)]


def _id(value: object) -> str:
    return value if isinstance(value, str) else " | ".join(value)[:60]  # type: ignore[arg-type]


def _outcome_of(name: str) -> Outcome:
    return Outcome.LESS_SPECIFIC if name in LESS_SPECIFIC_LENIENCIES else Outcome.FULL


@pytest.mark.parametrize(("name", "case"), _cases(LENIENCY_RULES, "accepts"), ids=_id)
def test_a_leniency_accepts_its_cases(name: str, case: tuple[str, str, str]) -> None:
    match = match_text(*case)
    assert match.outcome is _outcome_of(name) and match.rival is None, match
    assert name == NORMALISED or name in match.leniencies, match


@pytest.mark.parametrize(("name", "case"), _cases(LENIENCY_RULES, "rejects"), ids=_id)
def test_a_leniency_rejects_its_cases(name: str, case: tuple[str, str, str]) -> None:
    match = match_text(*case)
    assert match.outcome is not _outcome_of(name) or (name != NORMALISED and name not in match.leniencies), match


@pytest.mark.parametrize(("name", "case"), _cases(RIVAL_RULES, "accepts"), ids=_id)
def test_a_rival_rule_fires_on_its_cases(name: str, case: tuple[str, str, str]) -> None:
    match = match_text(*case)
    assert match.outcome is not Outcome.NONE and match.rival == name, match


@pytest.mark.parametrize(("name", "case"), _cases(RIVAL_RULES, "rejects"), ids=_id)
def test_a_rival_rule_does_not_fire_on_its_cases(name: str, case: tuple[str, str, str]) -> None:
    match = match_text(*case)
    assert match.outcome is not Outcome.NONE and match.rival is None, match


def test_every_rule_has_cases_both_ways_or_says_why() -> None:
    for rule in (*LENIENCY_RULES, *RIVAL_RULES):
        assert rule.accepts, rule.name
    assert all(rule.rejects for rule in RIVAL_RULES)


# --- properties

_NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=2, max_size=10).map(str.capitalize)
_WORD = st.one_of(
    _NAME, st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=1, max_size=10), st.integers(0, 3000).map(str)
)
_GOLDS = st.lists(_WORD, min_size=1, max_size=5).map(" ".join)
_QUESTIONS = st.sampled_from(["Who won the prize in 1990?", "What is it called?", "Which place was it?", ""])
_ACCENTED = str.maketrans("aeiouncAEIOUNC", "áéíóúñçÁÉÍÓÚÑÇ")


@settings(max_examples=300, deadline=None)
@given(gold=_GOLDS, question=_QUESTIONS)
@example(gold="Aa Lt", question="Who won the prize in 1990?")  # its last word once read as a title, dropped
def test_the_gold_itself_always_matches(gold: str, question: str) -> None:
    match = match_text(question, gold, gold)
    assert match.outcome is Outcome.FULL and match.rival is None, match


@settings(max_examples=300, deadline=None)
@given(
    gold=_GOLDS,
    question=_QUESTIONS,
    case=st.sampled_from([str.upper, str.lower, str.title, str.swapcase]),
    accents=st.booleans(),
    article=st.sampled_from(["", "the ", "The "]),
    frame=st.sampled_from(["{}", "{}.", "It is {}.", "I believe the answer is {}, as far as I know."]),
)
@example(gold="Aa Aaa Co", question="Who won the prize in 1990?", case=str.upper, accents=False, article="",
         frame="{}")  # a designator once left the name read as a person's, who then did not match itself  # fmt: skip
@example(gold="Aa Da Aaa Da", question="Who won the prize in 1990?", case=str.upper, accents=False, article="",
         frame="{}")  # a family name's last word, a particle's form, once named no one in the gold  # fmt: skip
def test_casing_accents_and_articles_change_nothing(gold, question, case, accents, article, frame) -> None:  # type: ignore[no-untyped-def]
    written = case(gold).translate(_ACCENTED) if accents else case(gold)
    match = match_text(question, gold, frame.format(article + written))
    assert match.outcome is Outcome.FULL and match.rival is None, match


_SURNAMES = st.sampled_from(
    "Smith Jones Garcia Nakamura Okafor Novak Kowalski Rossi Dubois Schmidt Ivanova Silva Haddad Kim Chen".split()
)


@settings(max_examples=300, deadline=None)
@given(given_name=_NAME, surname=_NAME, other=_SURNAMES)
@example(given_name="District", surname="Aa", other="Smith")  # once read as "DistrictAa" misspelt
@example(given_name="Aa", surname="Or", other="Smith")  # once read as the alternatives "Aa" or nothing
@example(given_name="Aa", surname="Aka", other="Smith")  # once read as "Aa", also known as nothing
@example(given_name="Aa", surname="Was", other="Smith")  # once read as "was Aa", the family name first
def test_another_family_name_never_matches(given_name: str, surname: str, other: str) -> None:
    assume(other[0] != surname[0] and given_name != surname and surname.lower() not in {"who", "won", "the", "prize"})
    assume(
        not {word_form(given_name), word_form(surname)}
        & (TITLES | SUFFIXES | DESIGNATORS | PARTICLES | ARTICLES | STOP_FORMS)
    )
    match = match_text("Who won the prize?", f"{given_name} {surname}", f"The winner was {given_name} {other}.")
    assert match.outcome is Outcome.NONE, match


_FRAGMENTS = st.sampled_from(
    [
        "Bruce ",
        "or ",
        "A-",
        "A. ",
        "'a' ",
        "- John Smith\n",
        "first and ",
        "Hapke, ",
        "'",
        "1.2",
        "other sources say ",
        "not ",
        "Dr. ",
        '"',
        "(",
        ")",
        "ü",
        " ",
        "\n",
        "Hapke",
        "W.",
        "also known as ",
        "either ",
    ]
)


@settings(max_examples=200, deadline=None)
@given(reply=st.lists(_FRAGMENTS, max_size=400).map("".join))
def test_offsets_index_the_reply_as_given(reply: str) -> None:
    match = match_text("Who won the Kuiper Prize?", "Bruce W. Hapke", reply)
    if match.span is not None:
        start, end = match.span
        assert 0 <= start < end <= len(reply) and match.matched == reply[start:end]
    else:
        assert match.outcome is Outcome.NONE


def test_the_work_grows_linearly_with_the_reply(monkeypatch: pytest.MonkeyPatch) -> None:
    """The words compared (the costly step) grow with the reply's length, not with its square, even for replies
    built to make matches pile up."""
    compared = {"n": 0}
    real = reply_words.same_word

    def counting(a: str, b: str) -> bool:
        compared["n"] += 1
        return real(a, b)

    monkeypatch.setattr(reply_words, "same_word", counting)
    monkeypatch.setattr(person_names, "same_word", counting)
    chunk = "Hapke, Bruce or Bruce Hapke and Hapkes. Dr. B. Hapke, Bruce W. Hapke? - Bruce\n"
    work = []
    for copies in (25, 100):
        compared["n"] = 0
        match_text("Who won the Kuiper Prize?", "Bruce W. Hapke", chunk * copies)
        work.append(compared["n"])
    assert work[1] <= 4 * work[0] * 1.25 + 50, work


# --- sure: the rules leave no doubt


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        ("Who won the prize?", "Bruce W. Hapke", "Bruce W. Hapke."),
        ("What color is the stripe?", "White", "It is white."),
        ("Who was the vice-chancellor?", "Dr. A. W. Khan", "A. W. Khan"),
        ("In what inning?", "3rd", "In the third inning."),
    ],
)
def test_an_exact_match_in_a_short_plain_reply_is_sure(question: str, gold: str, reply: str) -> None:
    match = match_text(question, gold, reply)
    assert match.outcome is Outcome.FULL and match.sure, match


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        ("Who sculpted it?", "Nicholas Pirotton", "Nicolas Pirotton."),  # misspelt
        ("Who won the prize?", "Bruce W. Hapke", "Bruce Hapke."),  # a given name left out
        ("Who won the prize?", "Bruce W. Hapke", "Bruce W. Hapke or Gene Shoemaker."),  # a rival
        ("Who won the prize?", "Bruce W. Hapke", "Bruce W. Hapke, though I don't know."),  # a decline
        ("Who won the prize?", "Bruce W. Hapke", "Not Bruce W. Hapke but Gene Shoemaker."),  # a denial
        ("Which club?", "Liverpool", "Liverpool Ladies."),  # inside a longer name
        ("Who won the prize?", "Bruce W. Hapke", "Hapke."),  # less specific
        ("Who won the prize?", "Bruce W. Hapke", "Bruce W. Hapke. " + "He studied light scattering. " * 10),  # long
    ],
)
def test_anything_less_is_not_sure(question: str, gold: str, reply: str) -> None:
    assert not match_text(question, gold, reply).sure


def test_a_short_reply_naming_someone_else_is_surely_no_match() -> None:
    match = match_text("Who won the prize?", "Bruce W. Hapke", "Gene Shoemaker.")
    assert match.outcome is Outcome.NONE and match.names_other and match.sure


@pytest.mark.parametrize(
    "reply",
    ["Cindy Dooling.", "I don't know.", "C. Dooling or Gene Shoemaker."],
)
def test_no_match_near_the_gold_or_without_a_candidate_is_not_sure(reply: str) -> None:
    assert not match_text("Who received the award?", "Cynthia Dooling", reply).sure
