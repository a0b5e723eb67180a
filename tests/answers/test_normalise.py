"""`plain_text` blanks what sets words apart without being words, and keeps every offset into the reply."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.normalise import plain_text


@given(st.text())
def test_the_length_is_kept(text: str) -> None:
    assert len(plain_text(text)) == len(text)


@pytest.mark.parametrize(
    ("reply", "words"),
    [
        ("**Joseph Brodsky** or **Octavio Paz**", "Joseph Brodsky or Octavio Paz"),
        ("<ul><li>Joseph Brodsky</li><li>Octavio Paz</li></ul>", "Joseph Brodsky Octavio Paz"),
        ('<span class="x">Paris</span>', "Paris"),
        ("\\boxed{Salzburg} \\quad (\\text{Vienna})", "Salzburg ( Vienna )"),
        ("`Paris` ~~Lyon~~", "Paris Lyon"),
    ],
)
def test_markup_is_blanked(reply: str, words: str) -> None:
    assert plain_text(reply).split() == words.split()


@pytest.mark.parametrize("reply", ["Odpověď by tedy byla: <UNKNOWN>", "a < b and c > d", "* Paris\n* Lyon"])
def test_what_is_no_markup_is_kept(reply: str) -> None:
    assert plain_text(reply) == reply
