"""`plain_text` blanks what sets words apart without being words, and keeps every offset into the reply."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.normalise import plain_text, straighten_quotes


@given(st.text())
def test_the_length_is_kept(text: str) -> None:
    assert len(plain_text(text)) == len(text)


@given(st.lists(st.sampled_from(["①", "②", "1)", "2)", "#1", "#2", "a.", "b.", " Paris", " Lyon", "\n", ", "])))
def test_the_length_is_kept_around_enumerators(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert len(plain_text(text)) == len(text)


@given(st.text(alphabet=st.sampled_from("ab1 2().)$&amp;\n,’*<>")))
def test_every_character_is_kept_or_blanked(text: str) -> None:
    """Or read as a bullet: a list's enumerator."""
    kept = zip(text, plain_text(text), strict=True)
    assert all(out == straighten_quotes(was) or out.isspace() or out == "•" for was, out in kept)


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
        ("Paris&nbsp;or&nbsp;Lyon &#124; Nice", "Paris or Lyon | Nice"),
        ("$$Paris$$ or \\(Lyon\\)", "Paris or Lyon"),
        ("A$AP Rocky", "A$AP Rocky"),
        ("```json\nParis\n```", "Paris"),
        ("Paris (60%), Lyon (40%)", "Paris , Lyon"),
        ("Paris 0.7; Lyon: 30%", "Paris ; Lyon:"),
        ("Paris (p=0.6)", "Paris"),
        ("Paris [1], Lyon [2] (score 0.9)", "Paris , Lyon"),  # ranks, citations and scores
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
        "Paris (1990) and Lyon (1991)",  # years, no enumerators
        "1) Paris\n2) Lyon",  # a list on lines of its own already
        "P&#345;emysl",  # an entity for a letter
        "&lt;UNKNOWN&gt;",
        "It ended 2:1, then 3:2.",
        "A. B. Smith and C. D. Jones",  # initials
        "It won 60% of the vote in 2001.",
        '["Paris", oops',  # no JSON
    ],
)
def test_what_is_no_markup_is_kept(reply: str) -> None:
    assert plain_text(reply) == reply


@pytest.mark.parametrize(
    ("reply", "lines"),
    [
        ("1) Paris 2) Lyon", ["Paris", "Lyon"]),
        ("1) Paris, 2) Lyon, 3) Nice", ["Paris,", "Lyon,", "Nice"]),
        ("(a) Paris (b) Lyon", ["Paris", "Lyon"]),
        ("Guesses: 1. Paris 2. Lyon", ["Guesses:", "Paris", "Lyon"]),
        ("2) Paris 4) Lyon", ["Paris", "Lyon"]),  # counting up from any number
        ("i) Paris ii) Lyon", ["Paris", "Lyon"]),
        ("① Paris ② Lyon", ["Paris", "Lyon"]),
        ("1)Paris 2)Lyon", ["Paris", "Lyon"]),
        ("#1 Paris #2 Lyon", ["Paris", "Lyon"]),
        ("1 - Paris 2 - Lyon", ["Paris", "Lyon"]),
        ("1.Paris 2.Lyon", ["Paris", "Lyon"]),
        ("It ended 2:1, then 3:2 and 4-3.", ["It ended 2:1, then 3:2 and 4-3."]),  # scores
        ("2) Paris 1) Lyon", ["2) Paris 1) Lyon"]),  # not counting up: no list
        ("1) Paris 2. Lyon", ["1) Paris 2. Lyon"]),  # two styles: no list
    ],
)
def test_an_inline_list_is_broken_into_lines(reply: str, lines: list[str]) -> None:
    """Each item on a line of its own, its enumerator read as a bullet."""
    assert [line.strip().removeprefix("•").strip() for line in plain_text(reply).splitlines()] == lines


@pytest.mark.parametrize(
    ("reply", "lines"),
    [
        ('{"answer": "Paris", "alternative": "Lyon"}', ["Paris", "Lyon"]),
        ('```json\n{"answers": ["Paris", "Lyon, France"]}\n```', ["Paris", "Lyon, France"]),
        ('{"answer": "Paris", "confidence": 0.9}', ["Paris"]),  # a comment on the answer is blanked
        ('{"reasoning": "It lies on the Seine.", "answer": "Lyon"}', ["Lyon"]),
        ('{"answer": null}', []),
    ],
)
def test_a_json_reply_is_read_as_its_values(reply: str, lines: list[str]) -> None:
    """Keys, quotes and brackets blanked, each value on a line of its own."""
    assert [line.strip() for line in plain_text(reply).splitlines() if line.strip()] == lines
