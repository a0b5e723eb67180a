"""Find and parse calendar dates in model replies and gold answers.

Dates may be partial (year only, month and year, day and month). Rules that are not obvious:
- dd/mm/yyyy vs mm/dd/yyyy (also "." and "-"): a full date only when one of the first two parts is
  above 12 or both are equal; otherwise only the year is kept. The grader must never get a guess.
- Bare years are 4-digit numbers 1000-2099 standing alone; 3-digit years only in day-month-year dates.
- A day and month without a year ("11 March", "March 11") needs a capitalised month ("you may 5").
- A bare month ("July") or a year in words is a date only when it is the whole string (parse_date).
- "1950-52" and "2003/04" are two years; the short end must be later within the same century
  ("1999-00" wraps), so "1952-03" is just 1952.
"""

from __future__ import annotations

import bisect
import calendar
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from nohallucinate.answers.lexicon import (
    FOREIGN_MONTHS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    ORDINAL_TEENS,
    ORDINAL_UNITS,
    TEENS,
    TENS,
    UNITS,
)
from nohallucinate.answers.normalise import fold


@dataclass(frozen=True)
class PartialDate:
    """A Gregorian date of which any of year, month (1-12) and day may be unknown."""

    year: int | None
    month: int | None
    day: int | None

    def __post_init__(self) -> None:
        if self.month is not None and not 1 <= self.month <= 12:
            raise ValueError(f"month out of range: {self.month}")
        if self.day is not None and not 1 <= self.day <= 31:
            raise ValueError(f"day out of range: {self.day}")

    @property
    def is_full(self) -> bool:
        """True when year, month and day are all known."""
        return self.year is not None and self.month is not None and self.day is not None

    def conflicts_with(self, other: PartialDate) -> bool:
        """True when some field known in both dates differs."""
        pairs = zip(self._fields(), other._fields(), strict=True)
        return any(mine is not None and theirs is not None and mine != theirs for mine, theirs in pairs)

    def covers(self, other: PartialDate) -> bool:
        """True when every field known in `other` is known here and equal."""
        pairs = zip(self._fields(), other._fields(), strict=True)
        return all(theirs is None or mine == theirs for mine, theirs in pairs)

    def _fields(self) -> tuple[int | None, int | None, int | None]:
        return (self.year, self.month, self.day)

    def __str__(self) -> str:
        text = "-" if self.year is None else f"{self.year:04d}"
        if self.month is not None:
            text += f"-{self.month:02d}"
        elif self.day is not None:
            text += "-"
        if self.day is not None:
            text += f"-{self.day:02d}"
        return text


@dataclass(frozen=True)
class DateMention:
    """A date found in a text; start and end are offsets into that text."""

    date: PartialDate
    start: int
    end: int
    text: str


# --- vocabulary --------------------------------------------------------------------------------------

_MONTH_NUMBERS = {name[:3].lower(): number for number, name in enumerate(MONTHS, start=1)}


def _cardinal_words() -> dict[str, int]:
    words = {word: value for value, word in enumerate(UNITS, start=1)}
    words |= {word: value for value, word in enumerate(TEENS, start=10)}
    for tens_index, tens in enumerate(TENS, start=2):
        words[tens] = tens_index * 10
        for unit_value, unit in enumerate(UNITS, start=1):
            words[f"{tens} {unit}"] = tens_index * 10 + unit_value
    return words


def _ordinal_day_words() -> dict[str, int]:
    words = {word: value for value, word in enumerate(ORDINAL_UNITS, start=1)}
    words |= {word: value for value, word in enumerate(ORDINAL_TEENS, start=10)}
    words |= {"twentieth": 20, "thirtieth": 30, "thirty first": 31}
    words |= {f"twenty {word}": 20 + value for value, word in enumerate(ORDINAL_UNITS, start=1)}
    return words


_CARDINALS = _cardinal_words()
_ORDINAL_DAYS = _ordinal_day_words()
_DAY_WORDS = _ORDINAL_DAYS | {word: value for word, value in _CARDINALS.items() if value <= 31}


def _normalise_words(text: str) -> str:
    # folded, not lower-cased: the case-insensitive patterns also match "ſeptember" (long s) and "fİrst".
    return " ".join(re.findall(r"[a-z]+", fold(text)))


_WORD_SEPARATOR = r"[\s‐‑-]+"


def _alternation(words: Iterable[str]) -> str:
    """A regex alternative of the given phrases that prefers the longest, spaces matching spaces or hyphens.

    Written as a tree of words ("twenty", then optionally "one", "two", …) rather than every phrase listed longest
    first: it matches the same phrases in the same order of preference, since two phrases can both match at one
    place only when one extends the other, and a longer word or a continuation is always tried first. The flat
    list of the year-in-words patterns took about 0.2 s to compile at every start of the command line."""
    tree: dict[str, dict] = {}
    for phrase in words:
        node = tree
        for word in phrase.split(" "):
            node = node.setdefault(word, {})
        node[""] = {}  # a phrase ends here
    return r"\b(?:" + _branches(tree) + r")\b"


def _branches(tree: dict[str, dict]) -> str:
    alternatives = []
    for word in sorted((w for w in tree if w), key=len, reverse=True):  # of two words, the longer first
        rest = tree[word]
        below = [w for w in rest if w]
        if not below:
            alternatives.append(word)
            continue
        more = f"{_WORD_SEPARATOR}(?:{_branches(rest)})"
        alternatives.append(f"{word}(?:{more})?" if "" in rest else f"{word}{more}")  # greedy: the longer first
    return "|".join(alternatives)


# --- regex pieces ------------------------------------------------------------------------------------

_MONTH = _alternation(name.lower() for name in (*MONTHS, *MONTH_ABBREVIATIONS))
_FOREIGN_MONTH = _alternation(FOREIGN_MONTHS)
# Without a year, lower-case "may" and "march" are far more often a verb than a month.
_MONTH_CAPITALISED = r"(?-i:(?=[A-Z]))" + _MONTH
_DAY_NUMBER = r"(?<![\w.,:/])(?:0?[1-9]|[12]\d|3[01])(?:st|nd|rd|th)?(?!\w|[.:]\d)"
# A day in digits or in the given words ("11", "11th", "eleventh").
_DAY_ANY, _DAY_NO_CARDINAL_WORD = (rf"(?:{_DAY_NUMBER}|{_alternation(w)})" for w in (_DAY_WORDS, _ORDINAL_DAYS))


def _year(digits: str) -> str:
    """A year of these digits standing alone: not inside a longer number, not a decimal, not a decade ("1950s")."""
    return rf"(?<!\d){digits}(?!\w|[.,]\d|['’]s\b)"


_YEAR_3_OR_4, _YEAR_4, _YEAR_BARE = _year(r"\d{3,4}"), _year(r"\d{4}"), _year(r"(?:1\d{3}|20\d{2})")
_YEAR_WORDS = (
    rf"\btwo\s+thousand(?:\s+(?:and\s+)?{_alternation(_CARDINALS)})?\b"
    rf"|{_alternation((*TEENS, 'twenty'))}\s+"
    rf"(?:hundred(?:\s+(?:and\s+)?{_alternation(_CARDINALS)})?"
    rf"|oh?\s+{_alternation(UNITS)}"
    rf"|{_alternation(w for w, v in _CARDINALS.items() if v >= 10)})"
)
# Every year in words has one of these words, whole ("nineteen", "twenty", "thousand"). A text without any is read
# by the same rules less their year-in-words alternative: they find the same dates, as that alternative cannot
# match there, and compile in half the time (about 30 ms of every `grade` start). Each rule set is compiled on
# first use.
_YEAR_WORD_SIGN = re.compile(_alternation((*TEENS, "twenty", "thousand")), re.IGNORECASE)
_DASH = r"[‐‑–—−-]"
_OF = r"(?:of\s+)?"
_COMMA = r"(?:\s*,)?"
_DAY_JOINER = rf"\s*(?:{_DASH}|&|\band\b|\bto\b)\s*"
# Guards keep numeric dates out of version strings, times, fractions and longer digit runs.
_NUMERIC_START = r"(?<![\w.:/‐‑–—−-])"
_NUMERIC_END = r"(?!\w|[./:‐‑–—−-]\d)"


# --- values ------------------------------------------------------------------------------------------


def _day_value(text: str) -> int:
    digits = re.match(r"\d+", text)
    return int(digits.group()) if digits else _DAY_WORDS[_normalise_words(text)]


def _month_value(text: str) -> int:
    return int(text) if text.isdecimal() else _MONTH_NUMBERS[fold(text)[:3]]


def _year_value(text: str) -> int:
    return int(text) if text.isdecimal() else _year_words_value(_normalise_words(text).split())


def _year_words_value(words: list[str]) -> int:
    """Years such as "nineteen fifty two", "nineteen oh five", "two thousand and one"."""
    if words[:2] == ["two", "thousand"]:
        return 2000 + _cardinal_value(words[2:])
    century, rest = _CARDINALS[words[0]] * 100, words[1:]
    if rest[0] == "hundred" or rest[0] in ("oh", "o"):
        rest = rest[1:]
    return century + _cardinal_value(rest)


def _cardinal_value(words: list[str]) -> int:
    words = [word for word in words if word != "and"]
    return _CARDINALS[" ".join(words)] if words else 0


def _is_valid(year: int | None, month: int | None, day: int | None) -> bool:
    if year is not None and year < 100:
        return False
    if month is not None and not 1 <= month <= 12:
        return False
    if day is None:
        return True
    if month is None:
        return False
    # Without a year, 29 February is allowed: it exists in leap years.
    return 1 <= day <= calendar.monthrange(2000 if year is None else year, month)[1]


def _make_date(year: str | None, month: str | None, day: str | None) -> PartialDate | None:
    values = (
        None if year is None else _year_value(year),
        None if month is None else _month_value(month),
        None if day is None else _day_value(day),
    )
    return PartialDate(*values) if _is_valid(*values) else None


# --- rules -------------------------------------------------------------------------------------------

_Found = tuple[PartialDate, int, int]


@dataclass(frozen=True)
class _Rule:
    regex: re.Pattern[str]
    build: Callable[[re.Match[str]], list[_Found]]


def _build_single(match: re.Match[str]) -> list[_Found]:
    groups = match.groupdict()
    date = _make_date(groups.get("y"), groups.get("m"), groups.get("d"))
    return [] if date is None else [(date, match.start(), match.end())]


def _build_day_range(match: re.Match[str]) -> list[_Found]:
    """Two days sharing a month and year, as in "27 and 28 November 1994"."""
    first = _make_date(match["y"], match["m"], match["d1"])
    second = _make_date(match["y"], match["m"], match["d2"])
    if first is None or second is None:
        return []
    return [(first, match.start(), match.end("d1")), (second, match.start("d2"), match.end())]


def _build_foreign(match: re.Match[str]) -> list[_Found]:
    """A date with a month named in another language ("17. srpna 2022", "13 de abril de 1879", "1. Januar 2012",
    "21. listopadu")."""
    month = FOREIGN_MONTHS[match["fm"].lower()]
    groups = match.groupdict()
    day = int(groups["fd"]) if groups.get("fd") else None
    year = int(groups["fy"]) if groups.get("fy") else None
    if not _is_valid(year, month, day):
        return []
    return [(PartialDate(year, month, day), match.start(), match.end())]


def _build_day_first(match: re.Match[str]) -> list[_Found]:
    """ "6. 12. 1990": day, month and year with a dot after each of the first two, as Czech and German write them."""
    date = _make_date(match["y"], match["m"], match["d"])
    return [] if date is None else [(date, match.start(), match.end())]


def _build_numeric(match: re.Match[str]) -> list[_Found]:
    """dd/mm/yyyy or mm/dd/yyyy: full only when the order is certain, else the year alone; with dots, day first
    ("11.03.1952"), as every language that writes dots orders them."""
    first, second, year = int(match["a"]), int(match["b"]), int(match["y"])
    if first == 0 or second == 0:
        return []
    if first > 12 or first == second or match["sep"] == ".":
        day, month = first, second
    elif second > 12:
        day, month = second, first
    else:
        return [(PartialDate(year, None, None), match.start(), match.end())]
    if not _is_valid(year, month, day):
        return []
    return [(PartialDate(year, month, day), match.start(), match.end())]


def _build_year_range(match: re.Match[str]) -> list[_Found]:
    """Two year mentions from "1979-1983", "1950-52" or a season label "2003/04"."""
    first, raw_second = int(match["y1"]), match["y2"]
    if len(raw_second) == 4:
        second = int(raw_second)
        if not 1000 <= second <= 2099:
            return []
    else:
        second = first // 100 * 100 + int(raw_second)
        # "1999-00" wraps into the next century; otherwise "1952-03" is not a range.
        if raw_second == "00" and first % 100 == 99:
            second += 100
        if second <= first:
            return []
    return [
        (PartialDate(first, None, None), match.start("y1"), match.end("y1")),
        (PartialDate(second, None, None), match.start("y2"), match.end("y2")),
    ]


def _rules(strict_case: bool, year_words: bool, foreign: bool = True) -> tuple[_Rule, ...]:
    month_alone = _MONTH_CAPITALISED if strict_case else _MONTH
    or_year_words = f"|{_YEAR_WORDS}" if year_words else ""
    specs: list[tuple[str, Callable[[re.Match[str]], list[_Found]]]] = [
        # 11 March 1952, the 11th of March, 1952, 11 of March of 1952, 9, September 2016
        (
            rf"(?P<d>{_DAY_ANY}){_COMMA}\s+{_OF}(?P<m>{_MONTH})\.?{_COMMA}\s+{_OF}"
            rf"(?P<y>{_YEAR_3_OR_4}{or_year_words})",
            _build_single,
        ),
        # 20/May/1956, 20-May-1956
        (rf"(?P<d>{_DAY_NUMBER})(?P<sep>[/-])(?P<m>{_MONTH})(?P=sep)(?P<y>{_YEAR_4})", _build_single),
        # March 11, 1952, Mar. 11th 1952, May 25 of 2023, August 10, 840 (a three-digit year only after a comma)
        (
            rf"(?P<m>{_MONTH})\.?\s+(?P<d>{_DAY_ANY})(?:\s*,\s*|\s+){_OF}"
            rf"(?P<y>{_YEAR_4}{or_year_words}|(?<=,)\d{{3}}(?!\w|[.,:/]\d)|(?<=, )\d{{3}}(?!\w|[.,:/]\d))",
            _build_single,
        ),
        # 2002 September 30
        (rf"(?P<y>{_YEAR_4})\s+(?P<m>{_MONTH})\.?\s+(?P<d>{_DAY_NO_CARDINAL_WORD})", _build_single),
        # 1952-03-11, 1952/03/11
        (
            rf"{_NUMERIC_START}(?P<y>\d{{4}})(?P<sep>[-/.])(?P<m>\d{{1,2}})(?P=sep)(?P<d>\d{{1,2}}){_NUMERIC_END}",
            _build_single,
        ),
        # 16/05/1993, 05/16/1993, 16.05.1993
        (
            rf"{_NUMERIC_START}(?P<a>\d{{1,2}})(?P<sep>[-/.])(?P<b>\d{{1,2}})(?P=sep)(?P<y>\d{{4}}){_NUMERIC_END}",
            _build_numeric,
        ),
        # 6. 12. 1990, 6.12. 1990
        (
            rf"{_NUMERIC_START}(?P<d>0?[1-9]|[12]\d|3[01])\.\s*(?P<m>0?[1-9]|1[0-2])\.\s+(?P<y>\d{{4}}){_NUMERIC_END}",
            _build_day_first,
        ),
        # 27 and 28 November 1994, 27-28 November 1994
        (
            rf"(?P<d1>{_DAY_NUMBER}){_DAY_JOINER}(?P<d2>{_DAY_NUMBER}){_COMMA}\s+{_OF}(?P<m>{_MONTH})\.?"
            rf"{_COMMA}\s+(?P<y>{_YEAR_3_OR_4})",
            _build_day_range,
        ),
        # March 3-5, 2020
        (
            rf"(?P<m>{_MONTH})\.?\s+(?P<d1>{_DAY_NUMBER}){_DAY_JOINER}(?P<d2>{_DAY_NUMBER})(?:\s*,\s*|\s+)"
            rf"(?P<y>{_YEAR_4})",
            _build_day_range,
        ),
        # March 1952, March, 1952, May of 2023
        (rf"(?P<m>{_MONTH})\.?{_COMMA}\s+{_OF}(?P<y>{_YEAR_BARE}{or_year_words})", _build_single),
        # 08/1981, 10-2019 (two-digit month only: "3/2000" is more likely a fraction)
        (rf"{_NUMERIC_START}(?P<m>0[1-9]|1[0-2])[/-](?P<y>{_YEAR_BARE}){_NUMERIC_END}", _build_single),
        # 11 March, 1st of January
        (rf"(?P<d>{_DAY_NO_CARDINAL_WORD}){_COMMA}\s+{_OF}(?P<m>{month_alone})", _build_single),
        # March 11, March eleventh
        (rf"(?P<m>{month_alone})\.?\s+(?P<d>{_DAY_NO_CARDINAL_WORD})", _build_single),
        # 1979-1983, 1950-52, 2003/04
        (
            rf"(?<![\w.,:/$£€#])(?<!\d{_DASH})(?P<y1>{_YEAR_BARE})\s*(?:{_DASH}|/)\s*"
            rf"(?P<y2>\d{{4}}|\d{{2}})(?!\w|[.,]\d|{_DASH}\d|/\d)",
            _build_year_range,
        ),
        # in 1952, $1952$ (TeX math); not 1,952, $1952, Q1952, LV-1901 or 1989-075A
        (
            rf"(?:(?<![\w.,:/$£€#])|(?<=(?<!\\)\$)(?=\d{{4}}\$))(?<!\d{_DASH})(?<!(?-i:[A-Z])-)(?P<y>{_YEAR_BARE})"
            rf"(?!{_DASH}\d{{3}}|/\d)",
            _build_single,
        ),
    ]
    if foreign:  # 17. srpna 2022, 13 de abril de 1879, 1. Januar 2012, srpen 2022, en abril de 1879, v květnu roku 1698
        specs.append(
            (
                rf"(?:(?<![\w.,:/])(?P<fd>0?[1-9]|[12]\d|3[01])\.?\s+(?:de\s+)?)?(?P<fm>{_FOREIGN_MONTH}),?\s+"
                rf"(?:de\s+|del\s+|roku\s+|r\.\s*)?(?P<fy>{_YEAR_3_OR_4})",
                _build_foreign,
            )
        )
        # "21. listopadu": a Czech day, its dot and its month, without a year (a question may name the year).
        specs.append((rf"(?<![\w.,:/])(?P<fd>0?[1-9]|[12]\d|3[01])\.\s*(?P<fm>{_FOREIGN_MONTH})\b", _build_foreign))
    return tuple(_Rule(re.compile(pattern, re.IGNORECASE), build) for pattern, build in specs)


@cache
def _free_text_rules(year_words: bool, foreign: bool) -> tuple[_Rule, ...]:
    return _rules(strict_case=True, year_words=year_words, foreign=foreign)


_LETTERS = re.compile(r"[^\W\d_]+")


def foreign_month(text: str) -> int | None:
    """The month a string names when it is one month word of another language and nothing else ("Duben",
    "říjen."), else None. Read only where a month is asked: "Mars" is also a planet and "Mayo" a county."""
    return FOREIGN_MONTHS.get(text.strip(_WRAPPING).lower())


def _names_a_foreign_month(text: str) -> bool:
    """Whether a word of the text is a month in another language (read by word, which costs less than a rule)."""
    return not FOREIGN_MONTHS.keys().isdisjoint(_LETTERS.findall(text.lower()))


@cache
def _whole_string_rules(year_words: bool) -> tuple[_Rule, ...]:
    # A whole string may also be a bare month ("July") or a year in words; in free text those are too
    # often something else ("you may", "nineteen eighty-four").
    rules = (
        *_rules(strict_case=False, year_words=year_words),
        _Rule(re.compile(rf"(?P<m>{_MONTH})\.?", re.IGNORECASE), _build_single),
    )
    if not year_words:
        return rules
    return (*rules, _Rule(re.compile(rf"(?P<y>{_YEAR_WORDS})", re.IGNORECASE), _build_single))


_LEADING_WORDS = re.compile(r"(?:(?:on|in|the|(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b[\s,]*)+", re.IGNORECASE)
_WRAPPING = " \t\r\n\u00a0.,;:!?\"'()[]{}«»“”‘’"


def _select_longest(candidates: list[tuple[int, int, list[_Found]]]) -> list[_Found]:
    """Keep non-overlapping candidates, longest first, then earliest."""
    starts: list[int] = []  # the taken spans, disjoint and sorted: a new span can only overlap its neighbours
    ends: list[int] = []
    kept: list[_Found] = []
    for start, end, found in sorted(candidates, key=lambda c: (c[0] - c[1], c[0])):
        index = bisect.bisect_left(starts, start)
        if (index and ends[index - 1] > start) or (index < len(starts) and starts[index] < end):
            continue
        starts.insert(index, start)
        ends.insert(index, end)
        kept.extend(found)
    return sorted(kept, key=lambda f: f[1])


def find_dates(text: str) -> list[DateMention]:
    """Every date expression in free text, in order, non-overlapping (longest match wins)."""
    return list(_find_dates(text))


@lru_cache(maxsize=4096)
def _find_dates(text: str) -> tuple[DateMention, ...]:
    # Cached: a reply is searched for dates by the reader, the number finder and the claim checker alike.
    candidates = [
        (match.start(), match.end(), found)
        for rule in _free_text_rules(_YEAR_WORD_SIGN.search(text) is not None, _names_a_foreign_month(text))
        for match in rule.regex.finditer(text)
        if (found := rule.build(match))
    ]
    return tuple(DateMention(date, start, end, text[start:end]) for date, start, end in _select_longest(candidates))


_NUMERIC_DATE = re.compile(r"(\d{1,2})([-/.])(\d{1,2})\2(\d{4})")
_ORDER_STATED = (
    # A format written out with its separators; "What day, month and year ..." asks, it states no order.
    ("dmy", re.compile(r"\b(?:dd?[/.-]mm?[/.-]yy(?:yy)?|day\s*[/.-]\s*month\s*[/.-]\s*year)\b", re.I)),
    ("mdy", re.compile(r"\b(?:mm?[/.-]dd?[/.-]yy(?:yy)?|month\s*[/.-]\s*day\s*[/.-]\s*year)\b", re.I)),
)


def stated_order(text: str) -> str | None:
    """The order of numeric dates a text states ("(day/month/year)", "MM/DD/YYYY"): "dmy", "mdy" or None."""
    if "/" not in text and "." not in text and "-" not in text:
        return None  # the order is written between slashes, dots or hyphens: nothing to look for
    found = {order for order, pattern in _ORDER_STATED if pattern.search(text)}
    return found.pop() if len(found) == 1 else None


def numeric_readings(mention: DateMention) -> tuple[PartialDate, PartialDate] | None:
    """Both readings of a numeric date whose order is uncertain ("04/09/2004": 4 September or 9 April), day-month
    first; None for any other mention (find_dates keeps only the year of such a date)."""
    match = _NUMERIC_DATE.fullmatch(mention.text)
    if match is None or mention.date.month is not None:
        return None
    first, second, year = int(match[1]), int(match[3]), int(match[4])
    if not (1 <= first <= 12 and 1 <= second <= 12) or first == second:
        return None
    return PartialDate(year, second, first), PartialDate(year, first, second)


def parse_date(text: str) -> PartialDate | None:
    """The date when the whole string is one date expression (surrounding punctuation, 'On', 'In',
    'the' tolerated), else None."""
    core = text.strip(_WRAPPING)
    if leading := _LEADING_WORDS.match(core):
        core = core[leading.end() :].strip(_WRAPPING)
    for rule in _whole_string_rules(_YEAR_WORD_SIGN.search(core) is not None):
        match = rule.regex.fullmatch(core)
        if match and len(found := rule.build(match)) == 1:
            return found[0][0]
    return None
