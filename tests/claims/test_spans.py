"""Locating a triple's object in the answer: exact, then tolerant of spacing, quotes and dashes, then of case."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.claims.spans import locate

ANSWER = "Dutse is the capital city of Jigawa State. It was founded in 1991 — “officially” — by decree."


def test_exact_match_is_half_open() -> None:
    span = locate("capital city of Jigawa State", ANSWER)
    assert span is not None and ANSWER[slice(*span)] == "capital city of Jigawa State"


def test_whitespace_quotes_and_dashes_are_forgiven() -> None:
    span = locate('1991 - "officially"', ANSWER)
    assert span is not None and ANSWER[slice(*span)] == "1991 — “officially"  # trimmed of the closing quote
    span = locate("capital   city", ANSWER)
    assert span is not None and ANSWER[slice(*span)] == "capital city"


def test_case_is_forgiven_last() -> None:
    text = "the State house and the state house"
    assert locate("state house", text) == (24, 35)  # the exact-case match wins over the earlier one
    assert locate("STATE HOUSE", text) == (4, 15)


def test_search_prefers_the_given_region_then_falls_back_to_the_whole_text() -> None:
    text = "Paris is in France. Lyon is in France."
    assert locate("France", text, within=(20, len(text))) == (31, 37)
    assert locate("Paris", text, within=(20, len(text))) == (0, 5)


def test_surrounding_punctuation_is_trimmed_and_absent_objects_give_none() -> None:
    assert locate("“Jigawa State.”", ANSWER) == (ANSWER.index("Jigawa"), ANSWER.index("Jigawa") + len("Jigawa State"))
    assert locate("Kano", ANSWER) is None
    assert locate(" ... ", ANSWER) is None


words = st.text(alphabet="abcdefghijXYZ019", min_size=1, max_size=8)


@given(st.lists(words, min_size=1, max_size=12), st.data())
def test_any_run_of_words_is_found_and_spans_its_text(parts: list[str], data: st.DataObject) -> None:
    text = " ".join(parts)
    first = data.draw(st.integers(0, len(parts) - 1))
    last = data.draw(st.integers(first, len(parts) - 1))
    needle = " ".join(parts[first : last + 1])
    span = locate(needle, text)
    assert span is not None
    start, end = span
    assert 0 <= start < end <= len(text)
    assert text[start:end] == needle  # the exact match; it may be an earlier occurrence of the same words


@given(st.lists(words, min_size=2, max_size=10), st.data())
def test_respaced_and_recased_needles_are_found(parts: list[str], data: st.DataObject) -> None:
    gaps = data.draw(
        st.lists(st.sampled_from([" ", "  ", "\n", " \t"]), min_size=len(parts) - 1, max_size=len(parts) - 1)
    )
    text = parts[0] + "".join(gap + part for gap, part in zip(gaps, parts[1:], strict=True))
    needle = " ".join(parts).upper()
    span = locate(needle, text)
    assert span is not None
    found = text[slice(*span)]
    assert found.upper().split() == needle.split()
