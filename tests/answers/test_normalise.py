"""`plain_text` blanks what sets words apart without being words, and keeps every offset into the reply."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.normalise import plain_text, straighten_quotes


@given(st.text())
def test_the_length_is_kept(text: str) -> None:
    assert len(plain_text(text)) == len(text)


@given(st.text(alphabet=st.sampled_from("ab1 2().)$&amp;\n,’*<>")))
def test_every_character_is_kept_or_blanked(text: str) -> None:
    assert all(out == straighten_quotes(was) or out.isspace() for was, out in zip(text, plain_text(text), strict=True))


@pytest.mark.parametrize(
    ("reply", "words"),
    [
        ("**Joseph Brodsky** or **Octavio Paz**", "Joseph Brodsky or Octavio Paz"),
        ("<ul><li>Joseph Brodsky</li><li>Octavio Paz</li></ul>", "Joseph Brodsky Octavio Paz"),
        ('<span class="x">Paris</span>', "Paris"),
        ("\\boxed{Salzburg} \\quad (\\text{Vienna})", "Salzburg ( Vienna )"),
        ("`Paris` ~~Lyon~~", "Paris Lyon"),
        ("$Paris$ or $\\text{Lyon}$", "Paris or Lyon"),
        ("Paris &amp; Lyon", "Paris & Lyon"),
    ],
)
def test_markup_is_blanked(reply: str, words: str) -> None:
    assert plain_text(reply).split() == words.split()


@pytest.mark.parametrize(
    "reply",
    [
        "Odpověď by tedy byla: <UNKNOWN>",
        "a < b and c > d",
        "* Paris\n* Lyon",
        "It cost $5 and $6.",
        'Singly "Dio$ No$ Libre Del Dinero".',
        "Narodil se 1. června, zemřel 2. července.",  # Czech dates, not a list
        "Paris (1) and Lyon (2)",  # no enumerator opens an item
        "1) Paris\n2) Lyon",  # a list on lines of its own already
        "Paris&nbsp;Lyon",
    ],
)
def test_what_is_no_markup_is_kept(reply: str) -> None:
    assert plain_text(reply) == reply


@pytest.mark.parametrize(
    ("reply", "lines"),
    [
        ("1) Paris 2) Lyon", ["1) Paris", "Lyon"]),
        ("1) Paris, 2) Lyon, 3) Nice", ["1) Paris,", "Lyon,", "Nice"]),
        ("(a) Paris (b) Lyon", ["(a) Paris", "Lyon"]),
        ("Guesses: 1. Paris 2. Lyon", ["Guesses:", "Paris", "Lyon"]),
        ("1) Paris 3) Lyon", ["1) Paris 3) Lyon"]),  # not counting up: no list
        ("1) Paris 2. Lyon", ["1) Paris 2. Lyon"]),  # two styles: no list
    ],
)
def test_an_inline_list_is_broken_into_lines(reply: str, lines: list[str]) -> None:
    assert [line.strip() for line in plain_text(reply).splitlines()] == lines
