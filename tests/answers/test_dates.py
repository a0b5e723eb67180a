"""Tests for nohallucinate.answers.dates: golden surface forms, SimpleQA golds, and round-trip properties."""

from __future__ import annotations

import ast
import calendar
import csv
import datetime as dt
import re
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.answers.dates import DateMention, PartialDate, find_dates, parse_date

# --- PartialDate -------------------------------------------------------------------------------------


def test_partial_date_str_is_iso_like() -> None:
    assert str(PartialDate(1952, 3, 11)) == "1952-03-11"
    assert str(PartialDate(1952, 3, None)) == "1952-03"
    assert str(PartialDate(1952, None, None)) == "1952"
    assert str(PartialDate(None, 3, 11)) == "--03-11"
    assert str(PartialDate(None, 7, None)) == "--07"
    assert str(PartialDate(843, 8, 10)) == "0843-08-10"


def test_partial_date_is_full() -> None:
    assert PartialDate(1952, 3, 11).is_full
    assert not PartialDate(1952, 3, None).is_full
    assert not PartialDate(None, 3, 11).is_full


def test_conflicts_with_compares_only_fields_known_in_both() -> None:
    full = PartialDate(1952, 3, 11)
    assert not full.conflicts_with(PartialDate(1952, None, None))
    assert not full.conflicts_with(PartialDate(None, 3, 11))
    assert full.conflicts_with(PartialDate(1953, None, None))
    assert full.conflicts_with(PartialDate(None, 3, 12))
    assert not PartialDate(1952, None, None).conflicts_with(PartialDate(None, 4, 1))


def test_covers_needs_every_field_of_the_other() -> None:
    full = PartialDate(1952, 3, 11)
    assert full.covers(PartialDate(1952, 3, None))
    assert full.covers(PartialDate(None, 3, 11))
    assert full.covers(full)
    assert not PartialDate(1952, None, None).covers(full)
    assert not full.covers(PartialDate(1952, 4, None))


def test_partial_date_rejects_impossible_fields() -> None:
    with pytest.raises(ValueError):
        PartialDate(1952, 13, None)
    with pytest.raises(ValueError):
        PartialDate(1952, 1, 32)


# --- golden cases ------------------------------------------------------------------------------------

FULL_DATE_FORMS = [
    ("11 March 1952", "1952-03-11", "11 March 1952"),
    ("11 March, 1952", "1952-03-11", "11 March, 1952"),
    ("11th March 1952", "1952-03-11", "11th March 1952"),
    ("the 11th of March 1952", "1952-03-11", "11th of March 1952"),
    ("the 11th of March, 1952", "1952-03-11", "11th of March, 1952"),
    ("11 of March of 1952", "1952-03-11", "11 of March of 1952"),
    ("26 of December of 2021", "2021-12-26", "26 of December of 2021"),
    ("11th, March 1952", "1952-03-11", "11th, March 1952"),
    ("9, September 2016", "2016-09-09", "9, September 2016"),
    ("25th, July 2022", "2022-07-25", "25th, July 2022"),
    ("11  March   1952", "1952-03-11", "11  March   1952"),
    ("March 11, 1952", "1952-03-11", "March 11, 1952"),
    ("March 11 1952", "1952-03-11", "March 11 1952"),
    ("March 11th, 1952", "1952-03-11", "March 11th, 1952"),
    ("Mar. 11, 1952", "1952-03-11", "Mar. 11, 1952"),
    ("Sept. 11, 2001", "2001-09-11", "Sept. 11, 2001"),
    ("Sept 11 2001", "2001-09-11", "Sept 11 2001"),
    ("MARCH 11, 1952", "1952-03-11", "MARCH 11, 1952"),
    ("march 11, 1952", "1952-03-11", "march 11, 1952"),
    ("Wednesday, August 23, 2023", "2023-08-23", "August 23, 2023"),
    ("May 25 of 2023", "2023-05-25", "May 25 of 2023"),
    ("2002 September 30", "2002-09-30", "2002 September 30"),
    ("1952-03-11", "1952-03-11", "1952-03-11"),
    ("1952/03/11", "1952-03-11", "1952/03/11"),
    ("16/05/1993", "1993-05-16", "16/05/1993"),
    ("05/16/1993", "1993-05-16", "05/16/1993"),
    ("16.05.1993", "1993-05-16", "16.05.1993"),
    ("16-05-1993", "1993-05-16", "16-05-1993"),
    ("04/04/1993", "1993-04-04", "04/04/1993"),
    ("20/May/1956", "1956-05-20", "20/May/1956"),
    ("the eleventh of March, nineteen fifty-two", "1952-03-11", "eleventh of March, nineteen fifty-two"),
    ("March eleventh, 1952", "1952-03-11", "March eleventh, 1952"),
    ("eleven March 1952", "1952-03-11", "eleven March 1952"),
    ("the thirty-first of May, 1990", "1990-05-31", "thirty-first of May, 1990"),
    ("5 May nineteen oh five", "1905-05-05", "5 May nineteen oh five"),
    ("1 May two thousand and one", "2001-05-01", "1 May two thousand and one"),
    ("June 5, twenty twenty-one", "2021-06-05", "June 5, twenty twenty-one"),
    ("10 August 843", "0843-08-10", "10 August 843"),
    ("27 June 363", "0363-06-27", "27 June 363"),
    ("29 February 2000", "2000-02-29", "29 February 2000"),
]


@pytest.mark.parametrize(("text", "expected", "span"), FULL_DATE_FORMS)
def test_find_dates_full_forms(text: str, expected: str, span: str) -> None:
    [mention] = find_dates(text)
    assert str(mention.date) == expected
    assert mention.date.is_full
    assert mention.text == span == text[mention.start : mention.end]


@pytest.mark.parametrize(("text", "expected", "_span"), FULL_DATE_FORMS)
def test_parse_date_full_forms(text: str, expected: str, _span: str) -> None:
    date = parse_date(text)
    assert date is not None
    assert str(date) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("03/04/1993", "1993"),  # day and month order unknown: keep the year only
        ("1-2-1999", "1999"),
    ],
)
def test_ambiguous_numeric_dates_keep_only_the_year(text: str, expected: str) -> None:
    [mention] = find_dates(text)
    assert str(mention.date) == expected
    assert mention.text == text
    assert str(parse_date(text)) == expected


@pytest.mark.parametrize("text", ["13/14/1993", "31/02/1993", "00/05/1993", "2021-13-45x"])
def test_impossible_numeric_dates_are_not_full_dates(text: str) -> None:
    assert all(not mention.date.is_full for mention in find_dates(text))


PARTIAL_FORMS = [
    ("March 1952", "1952-03"),
    ("March, 1952", "1952-03"),
    ("Feb 2010", "2010-02"),
    ("May of 2023", "2023-05"),
    ("08-1981", "1981-08"),
    ("11 March", "--03-11"),
    ("March 11", "--03-11"),
    ("1st January", "--01-01"),
    ("the first of May", "--05-01"),
    ("in 1952", "1952"),
    ("1952.", "1952"),
]


@pytest.mark.parametrize(("text", "expected"), PARTIAL_FORMS)
def test_partial_dates(text: str, expected: str) -> None:
    [mention] = find_dates(text)
    assert str(mention.date) == expected
    assert text[mention.start : mention.end] == mention.text
    assert str(parse_date(text)) == expected


RANGES = [
    ("1979-1983", [("1979", "1979"), ("1983", "1983")]),
    ("1950-52", [("1950", "1950"), ("1952", "52")]),
    ("2004–2008", [("2004", "2004"), ("2008", "2008")]),
    ("Between 1979 – 1989", [("1979", "1979"), ("1989", "1989")]),
    ("1967—1994", [("1967", "1967"), ("1994", "1994")]),
    ("1903 to 1904", [("1903", "1903"), ("1904", "1904")]),
    ("1999-00", [("1999", "1999"), ("2000", "00")]),
    ("2003–04", [("2003", "2003"), ("2004", "04")]),
    ("2003-04", [("2003", "2003"), ("2004", "04")]),
    ("2003/04", [("2003", "2003"), ("2004", "04")]),
    (
        "August 9, 1979 - August 8, 1983",
        [("1979-08-09", "August 9, 1979"), ("1983-08-08", "August 8, 1983")],
    ),
    ("27 and 28 November 1994", [("1994-11-27", "27"), ("1994-11-28", "28 November 1994")]),
    ("27-28 November 1994", [("1994-11-27", "27"), ("1994-11-28", "28 November 1994")]),
    ("March 3-5, 2020", [("2020-03-03", "March 3"), ("2020-03-05", "5, 2020")]),
    ("17 July 1972 - 5 April 1977", [("1972-07-17", "17 July 1972"), ("1977-04-05", "5 April 1977")]),
    (
        "23 September, 2021 to 13 March, 2022",
        [("2021-09-23", "23 September, 2021"), ("2022-03-13", "13 March, 2022")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), RANGES)
def test_ranges_give_one_mention_per_endpoint(text: str, expected: list[tuple[str, str]]) -> None:
    mentions = find_dates(text)
    assert [(str(m.date), m.text) for m in mentions] == expected
    assert all(text[m.start : m.end] == m.text for m in mentions)
    assert parse_date(text) is None


def test_a_year_in_tex_math_is_a_year() -> None:
    [mention] = find_dates("He won in $1952$.")
    assert str(mention.date) == "1952" and mention.text == "1952"


def test_offsets_point_into_the_original_text() -> None:
    text = "Born on the 11th of March,\u00a01952 in Leeds, he moved in 1979-83 and died on 2 Nov 2020."
    mentions = find_dates(text)
    assert [str(m.date) for m in mentions] == ["1952-03-11", "1979", "1983", "2020-11-02"]
    for mention in mentions:
        assert isinstance(mention, DateMention)
        assert text[mention.start : mention.end] == mention.text
    assert mentions[0].text == "11th of March,\u00a01952"


def test_longest_match_wins_and_mentions_do_not_overlap() -> None:
    mentions = find_dates("On March 11, 1952 and in March 1953.")
    assert [(str(m.date), m.text) for m in mentions] == [
        ("1952-03-11", "March 11, 1952"),
        ("1953-03", "March 1953"),
    ]


@pytest.mark.parametrize(
    "text",
    [
        "the 1950s",
        "in the 1950's",
        "5.0.4",
        "1.2.3",
        "Patch 5.2.0",
        "Season 3, Episode 9",
        "21w11a",
        "1,952",
        "7",
        "23",
        "10:30",
        "03:11:22",
        "July",  # a bare month counts only as a whole string (parse_date)
        "You may go now.",
        "I may 5 times have said so.",
        "The first may be right.",
        "they march 5 miles",
        "LV-1901",
        "1989-075A",
        "Q1952",
        "$1999",
        "$1999 to $2000",
        "1/2000",
        "born in 843",
        "nineteen fifty-two",  # a year in words counts only as a whole string (parse_date)
    ],
)
def test_find_dates_negatives(text: str) -> None:
    assert find_dates(text) == []


def test_four_digit_number_before_a_noun_is_still_a_year_mention() -> None:
    assert [str(m.date) for m in find_dates("He made 1952 appearances")] == ["1952"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("July", "--07"),
        ("Sept.", "--09"),
        ("On 11 March 1952.", "1952-03-11"),
        ("In 1993. ", "1993"),
        ("(March 11, 1952)", "1952-03-11"),
        ('"1952"', "1952"),
        ("11 march", "--03-11"),
        ("nineteen fifty-two", "1952"),
        ("nineteen oh five", "1905"),
        ("two thousand and one", "2001"),
        ("twenty twenty-one", "2021"),
    ],
)
def test_parse_date_whole_string_forms(text: str, expected: str) -> None:
    assert str(parse_date(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "7",
        "5.0.4",
        "the 1950s",
        "27 Kartik 2014 BS",
        "He was born on 11 March 1952.",
        "1979-1983",
        "May be",
    ],
)
def test_parse_date_rejects_non_dates(text: str) -> None:
    assert parse_date(text) is None


# --- SimpleQA golds ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def simpleqa_rows(shared_dir: Path) -> list[dict[str, str]]:
    path = shared_dir / "data" / "simpleqa" / "simple_qa_test_set.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def _answer_type(row: dict[str, str]) -> str:
    return ast.literal_eval(row["metadata"])["answer_type"]


# Golds that are a whole sentence: the date must be found inside them.
_MITA_GOLD = "Mita died suddenly on 31 May 2010, after collapsing outside the studios of Māori Television."
SENTENCE_GOLDS = {"Salvador Dali's mother died on 6 February 1921.": "1921-02-06", _MITA_GOLD: "2010-05-31"}
BIKRAM_SAMBAT_GOLD = "27 Kartik 2014 BS"  # a non-Gregorian calendar: out of scope


def test_simpleqa_day_month_year_golds_parse_to_full_dates(simpleqa_rows: list[dict[str, str]]) -> None:
    rows = [row for row in simpleqa_rows if "day, month, and year" in row["problem"]]
    assert len(rows) == 388
    assert {BIKRAM_SAMBAT_GOLD, *SENTENCE_GOLDS} <= {row["answer"] for row in rows}
    failures, checked = [], 0
    for row in rows:
        gold = row["answer"]
        if gold == BIKRAM_SAMBAT_GOLD:
            continue
        checked += 1
        if gold in SENTENCE_GOLDS:
            found = [str(m.date) for m in find_dates(gold) if m.date.is_full]
            if found != [SENTENCE_GOLDS[gold]]:
                failures.append((gold, found))
            continue
        date = parse_date(gold)
        if date is None or not date.is_full:
            failures.append((gold, date))
    assert failures == []
    assert checked == 387


MONTH_OR_YEAR = re.compile(
    r"\b(?:january|february|march|april|may|june|july|august|september|october|november|december"
    r"|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)\b|(?<!\d)(?:1\d{3}|20\d{2})(?!\d)",
    re.IGNORECASE,
)
# A bare month is a date only as a whole string, so find_dates skips these; parse_date reads them.
DATE_GOLD_EXCEPTIONS = {"July", "April", "October"}


def test_simpleqa_date_golds_with_a_month_or_year_yield_a_mention(
    simpleqa_rows: list[dict[str, str]],
) -> None:
    golds = [row["answer"] for row in simpleqa_rows if _answer_type(row) == "Date"]
    candidates = [gold for gold in golds if MONTH_OR_YEAR.search(gold)]
    assert len(candidates) == 1394
    missing = [gold for gold in candidates if not find_dates(gold)]
    assert set(missing) == DATE_GOLD_EXCEPTIONS
    for gold in DATE_GOLD_EXCEPTIONS:
        date = parse_date(gold)
        assert date is not None
        assert date.month is not None
        assert date.year is None


@pytest.mark.parametrize(
    ("gold", "expected"),
    [
        ("June 24th, 1896.", "1896-06-24"),
        ("26 of December of 2021", "2021-12-26"),
        ("2 Nov 2020", "2020-11-02"),
        ("Dec 8th, 1962", "1962-12-08"),
        ("10 August 843", "0843-08-10"),
        ("\t16 September 2013", "2013-09-16"),
        ("01 Jul 2012 ", "2012-07-01"),
        ("25th, July 2022", "2022-07-25"),
        ("Wednesday, August 23, 2023", "2023-08-23"),
        ("September 2015.", "2015-09"),
        ("1st January ", "--01-01"),
    ],
)
def test_simpleqa_known_golds(simpleqa_rows: list[dict[str, str]], gold: str, expected: str) -> None:
    assert gold in {row["answer"] for row in simpleqa_rows}
    assert str(parse_date(gold)) == expected


# --- properties --------------------------------------------------------------------------------------

_MONTHS = list(calendar.month_name)[1:]
_ABBREVIATIONS = [
    "Jan.",
    "Feb.",
    "Mar.",
    "Apr.",
    "May",
    "Jun.",
    "Jul.",
    "Aug.",
    "Sept.",
    "Oct.",
    "Nov.",
    "Dec.",
]
_SMALL = (
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
)  # fmt: skip
_TENS = ("", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")
_ORDINAL_SMALL = (
    "", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
    "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth", "seventeenth",
    "eighteenth", "nineteenth",
)  # fmt: skip


def _words(number: int) -> str:
    if number < 20:
        return _SMALL[number]
    tens, unit = divmod(number, 10)
    return _TENS[tens] + (f"-{_SMALL[unit]}" if unit else "")


def _ordinal_words(day: int) -> str:
    if day < 20:
        return _ORDINAL_SMALL[day]
    tens, unit = divmod(day, 10)
    return f"{_TENS[tens]}-{_ORDINAL_SMALL[unit]}" if unit else _TENS[tens][:-1] + "ieth"


def _year_words(year: int) -> str:
    if 2000 <= year <= 2009:
        return "two thousand" + (f" and {_words(year - 2000)}" if year > 2000 else "")
    century, rest = divmod(year, 100)
    if rest == 0:
        return f"{_words(century)} hundred"
    if rest < 10:
        return f"{_words(century)} oh {_words(rest)}"
    return f"{_words(century)} {_words(rest)}"


def _suffix(day: int) -> str:
    if day in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")


RENDERERS: dict[str, Callable[[dt.date], str]] = {
    "dmy": lambda d: f"{d.day} {_MONTHS[d.month - 1]} {d.year}",
    "dmy_comma_suffix": lambda d: f"{d.day}{_suffix(d.day)} {_MONTHS[d.month - 1]}, {d.year}",
    "the_dth_of_month": lambda d: f"the {d.day}{_suffix(d.day)} of {_MONTHS[d.month - 1]}, {d.year}",
    "of_of": lambda d: f"{d.day:02d} of {_MONTHS[d.month - 1]} of {d.year}",
    "mdy": lambda d: f"{_MONTHS[d.month - 1]} {d.day}, {d.year}",
    "mdy_abbreviated": lambda d: f"{_ABBREVIATIONS[d.month - 1]} {d.day}, {d.year}",
    "mdy_upper_suffix": lambda d: f"{_MONTHS[d.month - 1].upper()} {d.day}{_suffix(d.day)} {d.year}",
    "weekday_mdy": lambda d: f"{d.strftime('%A')}, {_MONTHS[d.month - 1]} {d.day}, {d.year}",
    "ymd": lambda d: f"{d.year} {_MONTHS[d.month - 1]} {d.day}",
    "iso": lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}",
    "iso_slash": lambda d: f"{d.year:04d}/{d.month:02d}/{d.day:02d}",
    "ordinal_words": lambda d: f"the {_ordinal_words(d.day)} of {_MONTHS[d.month - 1]}, {d.year}",
    "month_ordinal_words": lambda d: f"{_MONTHS[d.month - 1]} {_ordinal_words(d.day)}, {d.year}",
    "cardinal_words": lambda d: f"{_words(d.day)} {_MONTHS[d.month - 1]} {d.year}",
    "year_words": lambda d: f"the {_ordinal_words(d.day)} of {_MONTHS[d.month - 1]}, {_year_words(d.year)}",
}
_DATES = st.dates(min_value=dt.date(1000, 1, 1), max_value=dt.date(2099, 12, 31))


def test_helpers_render_words_as_expected() -> None:
    assert _year_words(1952) == "nineteen fifty-two"
    assert _year_words(1905) == "nineteen oh five"
    assert _year_words(2001) == "two thousand and one"
    assert _year_words(2021) == "twenty twenty-one"
    assert [_ordinal_words(day) for day in (1, 11, 20, 23, 30, 31)] == [
        "first", "eleventh", "twentieth", "twenty-third", "thirtieth", "thirty-first",
    ]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(date=_DATES, form=st.sampled_from(sorted(RENDERERS)))
def test_rendered_dates_round_trip(date: dt.date, form: str) -> None:
    expected = PartialDate(date.year, date.month, date.day)
    rendered = RENDERERS[form](date)
    assert parse_date(rendered) == expected
    sentence = f"He was born on {rendered} in Leeds."
    [mention] = find_dates(sentence)
    assert mention.date == expected
    assert sentence[mention.start : mention.end] == mention.text
    assert mention.text in rendered


@settings(max_examples=200, deadline=None)
@given(date=_DATES, separator=st.sampled_from("/-"), day_first=st.booleans())
def test_numeric_dates_are_full_only_when_unambiguous(date: dt.date, separator: str, day_first: bool) -> None:
    first, second = (date.day, date.month) if day_first else (date.month, date.day)
    rendered = f"{first:02d}{separator}{second:02d}{separator}{date.year}"
    unambiguous = date.day > 12 or date.day == date.month
    expected = PartialDate(date.year, date.month, date.day) if unambiguous else PartialDate(date.year, None, None)
    [mention] = find_dates(f"Released on {rendered}.")
    assert mention.date == expected
    assert mention.text == rendered


@settings(max_examples=100, deadline=None)
@given(date=_DATES)
def test_dates_with_dots_are_day_first(date: dt.date) -> None:
    rendered = f"{date.day:02d}.{date.month:02d}.{date.year}"
    [mention] = find_dates(f"Released on {rendered}.")
    assert mention.date == PartialDate(date.year, date.month, date.day)


_FRAGMENTS = st.sampled_from(
    [
        *"0123456789 ,.-/–:",
        "March",
        "May",
        "may",
        "the",
        "of",
        "and",
        "to",
        "1952",
        "11th",
        "Sept.",
        "nineteen",
    ]
)


@settings(max_examples=200, deadline=None)
@given(text=st.lists(_FRAGMENTS, max_size=30).map("".join))
def test_mentions_are_ordered_disjoint_and_exact(text: str) -> None:
    mentions = find_dates(text)
    assert all(text[m.start : m.end] == m.text for m in mentions)
    assert all(first.end <= second.start for first, second in pairwise(mentions))
    parse_date(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("dne 17. srpna 2022.", "2022-08-17"),  # Czech, genitive
        ("17. srpen 2022", "2022-08-17"),  # Czech, nominative (a gold of the Czech SimpleQA)
        ("v srpnu 2022", "2022-08"),  # Czech, locative
        ("v květnu roku 1698", "1698-05"),  # Czech, "in May of the year 1698"
        ("26. července roku 1873", "1873-07-26"),
        ("v červenci r. 2008", "2008-07"),
        ("15. červen, 1923.", "1923-06-15"),  # a comma before the year, as some Czech golds write it
        ("21. listopadu", "--11-21"),  # a day and its month, the year left to the question
        ("fue fundada el 13 de abril de 1879.", "1879-04-13"),  # Spanish
        ("wurde am 1. Januar 2012 gebildet", "2012-01-01"),  # German
        ("le 3 mars 1990", "1990-03-03"),  # French
        ("6. 12. 1990", "1990-12-06"),  # day and month with dots and spaces: day first
    ],
)
def test_dates_in_other_languages(text: str, expected: str) -> None:
    [mention] = find_dates(text)
    assert str(mention.date) == expected


def test_a_foreign_month_needs_a_year_beside_it() -> None:
    assert find_dates("Mars is red and the mai tai is sweet.") == []
