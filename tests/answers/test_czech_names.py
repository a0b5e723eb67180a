"""Czech replies inflect the names they give: a word of the gold with a Czech case ending is the gold's word."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.answers.lexicon import CZECH_CASE_ENDINGS
from nohallucinate.answers.text_match import Outcome, match_text
from nohallucinate.answers.word_forms import czech_case_form, word_form
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable

NAMES = st.text(alphabet="bcdfghjklmnprstvz", min_size=2, max_size=4).map(lambda s: s[0].upper() + "a" + s[1:] + "er")


@settings(max_examples=200, deadline=None)
@given(NAMES, st.sampled_from(sorted(CZECH_CASE_ENDINGS)))
def test_a_name_with_a_czech_case_ending_is_the_name(name: str, ending: str) -> None:
    assert czech_case_form(word_form(name), word_form(name + ending))


@settings(max_examples=100, deadline=None)
@given(NAMES, st.sampled_from(["ovi", "em", "ová", "a"]))
def test_a_czech_reply_names_the_gold_in_any_case(name: str, ending: str) -> None:
    question, gold = "Kdo získal cenu v roce 2008?", f"Jan {name}"
    assert judge_answerable(question, gold, f"Cenu předali Janu {name}{ending}.")[0] is Label.CORRECT
    # Another family name in the same case is another person.
    assert judge_answerable(question, gold, f"Cenu předali Janu Zbořil{ending}.")[0] is Label.INCORRECT


@pytest.mark.parametrize(
    ("question", "gold", "reply"),
    [
        ("Who was the first speaker?", "Onsari Gharti Magar", "It was Onsari Gharti Magarova."),  # English: no cases
        ("Ve kterém městě se narodil?", "Brno", "Narodil se v Brandýse."),
        ("Kdo to byl?", "Jan Novák", "Byl to Jan Nováček."),  # "-ček" is no case ending
        ("Kde stojí?", "Ulm", "Stojí v Ulmerově ulici."),  # a word under four letters takes no ending
    ],
)
def test_what_is_no_case_ending(question: str, gold: str, reply: str) -> None:
    assert match_text(question, gold, reply).outcome is Outcome.NONE


def test_a_name_run_ends_with_its_sentence() -> None:
    # "Barbara Liskov. Cenu získala ..." is a name and a new sentence, not the three-word name "Barbara Liskov Cenu".
    reply = "Druhou ženou, která obdržela Turingovu cenu, byla Barbara Liskov. Cenu získala v roce 2008."
    assert judge_answerable("Kdo byla druhou ženou s Turingovou cenou?", "Barbara Liskov", reply)[0] is Label.CORRECT
