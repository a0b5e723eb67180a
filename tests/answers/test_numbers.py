"""Tests for nohallucinate.answers.numbers: golden cases, SimpleQA golds, and round-trip properties."""

from __future__ import annotations

import ast
import csv
import re
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.answers.numbers import NumberMention, find_numbers, parse_number, stated_tolerance


def _summary(text: str) -> list[tuple[float, float | None, str, str]]:
    mentions = find_numbers(text)
    assert all(text[m.start : m.end] == m.text for m in mentions)
    return [(m.value, m.high, m.qualifier, m.text) for m in mentions]


# --- golden cases ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("He scored 196 goals.", [(196, None, "exact", "196")]),
        ("about 1,234 people", [(1234, None, "approximate", "about 1,234")]),
        ("1 234 people", [(1234, None, "exact", "1 234")]),
        ("3.5 metres", [(3.5, None, "exact", "3.5")]),
        ("12k views", [(12_000, None, "exact", "12k")]),
        ("1.2 million people", [(1_200_000, None, "exact", "1.2 million")]),
        ("$155 million", [(155_000_000, None, "exact", "155 million")]),
        ("one hundred and ninety-six", [(196, None, "exact", "one hundred and ninety-six")]),
        ("twenty-three caps", [(23, None, "exact", "twenty-three")]),
        ("Twenty two", [(22, None, "exact", "Twenty two")]),
        ("a dozen eggs", [(12, None, "exact", "a dozen")]),
        ("a hundred and twenty", [(120, None, "exact", "a hundred and twenty")]),
        ("zero", [(0, None, "exact", "zero")]),
        ("41% of voters", [(41, None, "exact", "41")]),
        ("-2 degrees", [(-2, None, "exact", "-2")]),
        ("9.3mm and 65W", [(9.3, None, "exact", "9.3"), (65, None, "exact", "65")]),
        ("23 or 24", [(23, None, "exact", "23"), (24, None, "exact", "24")]),
        ("two sons and three daughters", [(2, None, "exact", "two"), (3, None, "exact", "three")]),
        ("a twenty-one-year-old", [(21, None, "exact", "twenty-one")]),
    ],
)
def test_find_numbers_values(text: str, expected: list[tuple[float, float | None, str, str]]) -> None:
    assert _summary(text) == expected


@pytest.mark.parametrize(
    ("text", "qualifier", "span"),
    [
        ("about 500", "approximate", "about 500"),
        ("around 5", "approximate", "around 5"),
        ("approximately 20 kilometers", "approximate", "approximately 20"),
        ("roughly 3", "approximate", "roughly 3"),
        ("some 500 people", "approximate", "some 500"),
        ("nearly 40", "approximate", "nearly 40"),
        ("almost 9", "approximate", "almost 9"),
        ("close to 100", "approximate", "close to 100"),
        ("~50", "approximate", "~50"),
        ("circa 300", "approximate", "circa 300"),
        ("c. 300", "approximate", "c. 300"),
        ("more than 50", "at_least", "more than 50"),
        ("over 50", "at_least", "over 50"),
        ("at least 5", "at_least", "at least 5"),
        ("upwards of 300", "at_least", "upwards of 300"),
        ("in excess of 1,000", "at_least", "in excess of 1,000"),
        ("50 or more", "at_least", "50 or more"),
        ("500+ years", "at_least", "500+"),
        ("fewer than 10", "at_most", "fewer than 10"),
        ("less than 10", "at_most", "less than 10"),
        ("under 10", "at_most", "under 10"),
        ("at most 3", "at_most", "at most 3"),
        ("up to 7", "at_most", "up to 7"),
        ("no more than 4", "at_most", "no more than 4"),
        ("10 or fewer", "at_most", "10 or fewer"),
        ("More Than  50", "at_least", "More Than  50"),
    ],
)
def test_qualifiers(text: str, qualifier: str, span: str) -> None:
    [mention] = find_numbers(text)
    assert mention.qualifier == qualifier
    assert mention.text == span
    assert mention.high is None


@pytest.mark.parametrize(
    ("text", "low", "high", "span"),
    [
        ("between 5 and 10", 5, 10, "between 5 and 10"),
        ("5 to 10", 5, 10, "5 to 10"),
        ("5-10", 5, 10, "5-10"),
        ("5–10", 5, 10, "5–10"),
        ("aged 20-30 years", 20, 30, "20-30"),
        ("5 to 10 million", 5_000_000, 10_000_000, "5 to 10 million"),
        ("between five and ten", 5, 10, "between five and ten"),
    ],
)
def test_ranges(text: str, low: float, high: float, span: str) -> None:
    [mention] = find_numbers(text)
    assert (mention.value, mention.high, mention.qualifier, mention.text) == (low, high, "range", span)


def test_descending_pair_is_a_score_not_a_range() -> None:
    assert _summary("Chiefs 38 - 35 Eagles") == [(38, None, "exact", "38"), (35, None, "exact", "35")]


@pytest.mark.parametrize(
    "text",
    [
        "one of the best",
        "no one came",
        "the one who won",
        "one day he left",
        "One of them",
        "no goals",
        "None.",
    ],
)
def test_one_and_no_that_are_not_numbers(text: str) -> None:
    assert find_numbers(text) == []


@pytest.mark.parametrize(
    "text", ["one goal", "one international cap", "only one", "just one.", "exactly one", "at least one"]
)
def test_one_that_counts(text: str) -> None:
    [mention] = find_numbers(text)
    assert mention.value == 1


@pytest.mark.parametrize(
    "text",
    [
        "born on 11 March 1952",
        "In 1952 he won",
        "during the 2003–04 season",
        "2003-04",
        "from 1979-1983",
        "the 1950s",
        "the first and the 3rd",
        "Q42 P569 v1.3 5.0.4 1.2.3",
        "21w11a",
        "at 10:30",
        "MZ-05",
        "twenty-first",
        "one-third",
        "On March 11 he left",
    ],
)
def test_excluded_numbers(text: str) -> None:
    assert find_numbers(text) == []


@pytest.mark.parametrize(
    ("text", "value"),
    [("He made 1952 appearances", 1952), ("with 2000 people", 2000), ("1435 m", 1435), ("2010 goals", 2010)],
)
def test_year_like_number_followed_by_a_countable_noun_is_a_number(text: str, value: int) -> None:
    assert [m.value for m in find_numbers(text)] == [value]


def test_numbers_next_to_dates_keep_their_offsets() -> None:
    text = "Born 11 March 1952, he won 23 caps in 2003–04 and about 1,200 votes."
    mentions = find_numbers(text)
    assert [(m.value, m.qualifier, m.text) for m in mentions] == [
        (23, "exact", "23"),
        (1200, "approximate", "about 1,200"),
    ]
    for mention in mentions:
        assert isinstance(mention, NumberMention)
        assert text[mention.start : mention.end] == mention.text


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("23", 23),
        ("1,234", 1234),
        (" 1,078,692", 1_078_692),
        ("1 234", 1234),
        ("3.5", 3.5),
        ("0.", 0),
        ("12.", 12),
        ("-2", -2),
        ("13.00\t", 13),
        ("12k", 12_000),
        ("1.65 million", 1_650_000),
        ("One.", 1),
        ("Twenty two", 22),
        ("one hundred and ninety-six", 196),
        ("a dozen", 12),
        ("zero", 0),
        ("(42)", 42),
        ("1952", 1952),
    ],
)
def test_parse_number(text: str, value: float) -> None:
    assert parse_number(text) == value


@pytest.mark.parametrize(
    "text",
    [
        "",
        "none",
        "no",
        "17.190.636",
        "5.0.4",
        "3rd",
        "Third",
        "23 goals",
        "1 23",
        "about 5",
        "23 or 24",
        ".500",
    ],
)
def test_parse_number_rejects(text: str) -> None:
    assert parse_number(text) is None


# --- SimpleQA golds ----------------------------------------------------------------------------------

PLAIN_NUMBER = re.compile(r"\s*-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\.?\s*")


@pytest.fixture(scope="module")
def simpleqa_rows(shared_dir: Path) -> list[dict[str, str]]:
    path = shared_dir / "data" / "simpleqa" / "simple_qa_test_set.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_simpleqa_plain_number_golds_parse(simpleqa_rows: list[dict[str, str]]) -> None:
    golds = [row["answer"] for row in simpleqa_rows if ast.literal_eval(row["metadata"])["answer_type"] == "Number"]
    plain = [gold for gold in golds if PLAIN_NUMBER.fullmatch(gold)]
    assert len(plain) == 394
    wrong = [gold for gold in plain if parse_number(gold) != float(gold.strip().rstrip(".").replace(",", ""))]
    assert wrong == []


# --- properties --------------------------------------------------------------------------------------

_SMALL = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
)  # fmt: skip
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def _number_words(number: int) -> str:
    """English words for 0 <= number < 1,000,000, British style ("one hundred and five")."""
    if number < 20:
        return _SMALL[number]
    if number < 100:
        tens, unit = divmod(number, 10)
        return _TENS[tens] + (f"-{_SMALL[unit]}" if unit else "")
    if number < 1000:
        hundreds, rest = divmod(number, 100)
        return f"{_SMALL[hundreds]} hundred" + (f" and {_number_words(rest)}" if rest else "")
    thousands, rest = divmod(number, 1000)
    if not rest:
        return f"{_number_words(thousands)} thousand"
    joiner = " and " if rest < 100 else " "
    return f"{_number_words(thousands)} thousand{joiner}{_number_words(rest)}"


def _grouped(number: int, separator: str) -> str:
    return f"{number:,}".replace(",", separator)


def test_number_words_helper() -> None:
    assert _number_words(196) == "one hundred and ninety-six"
    assert _number_words(100_000) == "one hundred thousand"
    assert _number_words(12_005) == "twelve thousand and five"


RENDERERS = {
    "digits": str,
    "commas": lambda n: _grouped(n, ","),
    "spaces": lambda n: _grouped(n, " "),
    "words": _number_words,
}


@settings(max_examples=200, deadline=None)
@given(number=st.integers(min_value=0, max_value=100_000), form=st.sampled_from(sorted(RENDERERS)))
def test_rendered_numbers_round_trip(number: int, form: str) -> None:
    rendered = RENDERERS[form](number)
    assert parse_number(rendered) == number
    sentence = f"The total was {rendered} people."
    [mention] = find_numbers(sentence)
    assert (mention.value, mention.qualifier, mention.text) == (number, "exact", rendered)
    assert sentence[mention.start : mention.end] == rendered


@settings(max_examples=100, deadline=None)
@given(low=st.integers(min_value=0, max_value=5000), gap=st.integers(min_value=1, max_value=5000))
def test_between_ranges_round_trip(low: int, gap: int) -> None:
    [mention] = find_numbers(f"There were between {low:,} and {low + gap:,} people.")
    assert (mention.value, mention.high, mention.qualifier) == (low, low + gap, "range")


_FRAGMENTS = st.sampled_from(
    [*"0123456789 ,.-–:+~$%", "one", "twenty", "hundred", "and", "between", "about", "million", "k", "goals"]
)


@settings(max_examples=200, deadline=None)
@given(text=st.lists(_FRAGMENTS, max_size=30).map("".join))
def test_mentions_are_ordered_disjoint_and_exact(text: str) -> None:
    mentions = find_numbers(text)
    assert all(text[m.start : m.end] == m.text for m in mentions)
    assert all(first.end <= second.start for first, second in pairwise(mentions))
    parse_number(text)


@pytest.mark.parametrize(
    ("text", "tolerance"),
    [
        ("27", 0.0),
        ("1,200", 0.0),
        ("twelve", 0.0),
        ("120k", 5_000.0),
        ("1.5 million", 50_000.0),
        ("3 billion", 500_000_000.0),
        ("2.5", 0.05),
        ("2.50", 0.005),
        ("about 30", 0.0),  # not one number alone
    ],
)
def test_a_number_admits_half_a_unit_of_its_last_figure(text: str, tolerance: float) -> None:
    assert stated_tolerance(text) == pytest.approx(tolerance)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("10,6", 10.6),  # a comma no thousands separator could be is a decimal mark (Czech, German, French...)
        ("1,0495", 1.0495),  # four figures after it: no group of thousands either
        ("0,95 kilometru", 0.95),
        ("14 857,33", 14857.33),  # grouped by spaces, a decimal comma
        ("9,3mm", 9.3),
        ("1,5 million", 1_500_000),
        ("1,234", 1234),  # three figures after the comma: thousands, as in English
        ("1,234,567.5", 1_234_567.5),
    ],
)
def test_a_decimal_comma_is_read_where_it_cannot_group_thousands(text: str, value: float) -> None:
    [mention] = find_numbers(text)
    assert mention.value == pytest.approx(value)


@pytest.mark.parametrize("text", ["3,4,5", "1998,1999", "10,30,50"])
def test_commas_between_numbers_are_no_decimal_marks(text: str) -> None:
    """A list written without spaces is no number, as before: "1998,1999" is not 1998.1999."""
    assert find_numbers(text) == []


def test_a_decimal_comma_states_its_tolerance_as_a_point_does() -> None:
    assert stated_tolerance("2,5") == stated_tolerance("2.5") == pytest.approx(0.05)
    assert stated_tolerance("14 857,33") == pytest.approx(0.005)


@settings(max_examples=200, deadline=None)
@given(whole=st.integers(min_value=0, max_value=999_999), hundredths=st.integers(min_value=0, max_value=99))
def test_decimal_comma_renderings_round_trip(whole: int, hundredths: int) -> None:
    """Any amount written with a decimal comma, grouped by spaces or not, reads as it does with a point."""
    fraction = f"{hundredths:02d}"
    point = parse_number(f"{whole}.{fraction}")
    for written in (f"{whole},{fraction}", _grouped(whole, " ") + f",{fraction}"):
        assert parse_number(written) == point, written
        [mention] = find_numbers(f"It measured {written} metres.")
        assert (mention.value, mention.text) == (point, written)
