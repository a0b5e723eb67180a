"""`split_sentences` ends a sentence at its mark, not at an abbreviation's dot nor an initial's."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.sentences import split_sentences


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("Paris. Lyon.", ["Paris.", "Lyon."]),
        ("Eric Blair (a.k.a. George Orwell) wrote it.", ["Eric Blair (a.k.a. George Orwell) wrote it."]),
        ("Cities (e.g. Lyon) grew.", ["Cities (e.g. Lyon) grew."]),
        ("Dr. Adams won. He was 40.", ["Dr. Adams won.", "He was 40."]),
        ("J. R. R. Tolkien wrote it.", ["J. R. R. Tolkien wrote it."]),
        ("Paris\nLyon", ["Paris", "Lyon"]),
        ("Byla v Tokiu. Škola je známá. Řím ne.", ["Byla v Tokiu.", "Škola je známá.", "Řím ne."]),  # any capital
        ("Je to 5 m. a ne víc.", ["Je to 5 m. a ne víc."]),  # no capital, no new sentence
    ],
)
def test_sentences_end_at_their_marks(text: str, sentences: list[str]) -> None:
    assert [span.text for span in split_sentences(text)] == sentences


@given(st.text(alphabet=st.sampled_from("ab. (A)\n?!")))
def test_each_sentence_is_the_text_at_its_offsets(text: str) -> None:
    for span in split_sentences(text):
        assert text[span.start : span.end] == span.text and span.text.strip() == span.text
