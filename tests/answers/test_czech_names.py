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
@given(NAMES, st.sampled_from(["ovi", "em", "a", "u"]))
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
        ("Kde stojí?", "Ulm", "Stojí v Ulmu."),  # a stem under four letters takes no ending
        ("Ve kterém městě žil?", "Paris", "Žil v Parmu."),
        # A woman's name made of a man's, or the other way, is another person.
        ("Kdo vyhrál závod v roce 2010?", "Jan Novák", "Vyhrála ho Jana Nováková."),
        ("Kdo vyhrál závod v roce 2010?", "Petr Černý", "Byla to Petra Černá."),
        ("Ve které obci se narodil?", "Slaný", "Narodil se v obci Slaná."),
        # The question's own names, inflected, repeat the question, whichever of them the gold is.
        ("Kdo vyhrál, Jaume Munar nebo Stefanos Tsitsipas?", "Jaume Munar", "Mezi Jaumem Munarem a Stefanosem."),
    ],
)
def test_what_is_no_case_ending(question: str, gold: str, reply: str) -> None:
    assert match_text(question, gold, reply).outcome is Outcome.NONE


def test_the_question_s_name_misspelt_is_not_the_gold() -> None:
    # The daughter shares her father's names; the reply restates his, inflected as the question has it.
    question = "Uveďte celé jméno dcery Ghulama Nabi Azada (indického politika)."
    reply = "Dcera Ghulama Nabi Azada se jmenuje Saira Azad."
    assert judge_answerable(question, "Sofiya Nabi Azad", reply)[0] is Label.INCORRECT
