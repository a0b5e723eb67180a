"""Find and parse cardinal numbers, with their qualifiers, in model replies and gold answers.

Rules for the word "one" in free text (kept deliberately simple): it is a number only
- right after "only", "just", "exactly", "precisely", "at least" or "more than",
- when the next word, or the word after it (one adjective allowed), is a countable noun from `_NOUNS`, or
- at the end of a sentence that is "one" alone or ends "is/was/are/were one" ("One.", "There was one."),
and never in "no one". So "one goal", "one international cap" and "only one" are numbers, while
"one of the best", "the one who" and "one day" are not. A whole string ("One.") is always a number. The Czech forms
of one ("jeden", "jednu", "jednoho") are numbers but in the idioms `_czech_one_is_number` names ("jeden z" is "one
of"): Czech has no article for "one" to be mistaken for.

Numbers in Czech words ("tři děti", "dvakrát") are read as English ones are (answers/czech_numbers.py), and so are
Czech scale words after figures ("1,9 milionu", "150 tisíc"). A figure with a dot before a lower-case word is an
ordinal, as Czech and German write them ("v 10. sérii", "v 80. letech"): read where ordinals are, never as a count.

Other rules: numbers glued to letters on the left ("Q42", "v1.3") or with an ordinal or plural suffix
("3rd", "1950s") are skipped, as are version strings and times; unit suffixes ("65W", "9.3mm") are
fine. "X-Y", "X to Y", "X až Y" and "od X do Y" are ranges only when X < Y ("38 - 35" is a score); "between X and
Y" ("mezi X a Y") always is.
A comma is a decimal mark where it cannot group thousands ("10,6" and "14 857,33", as Czech or German write
them); "1,234" is 1234, as in English, and "3,4,5" is no number.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal

from text_to_num import text2num

from nohallucinate.answers.czech_numbers import czech_ordinal_numbers, czech_word_numbers, writes_czech
from nohallucinate.answers.dates import find_dates
from nohallucinate.answers.lexicon import (
    CZECH_ONE,
    CZECH_ORDINALS,
    CZECH_SCALES,
    ORDINAL_TEENS,
    ORDINAL_UNITS,
    SCALES,
    TEENS,
    TENS,
    UNITS,
)
from nohallucinate.answers.normalise import fold
from nohallucinate.answers.number_words import longest_numbers
from nohallucinate.answers.sentences import Span, SpanIndex

Qualifier = Literal["exact", "approximate", "at_least", "at_most", "range"]


@dataclass(frozen=True)
class NumberMention:
    """A number (or range) found in a text, with its qualifier; start and end are offsets into that text."""

    value: float
    high: float | None
    qualifier: Qualifier
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class _Atom:
    value: float
    start: int
    end: int
    scale: int
    digits: str = ""  # the figures as written ("1,200", "2.5"), for a number in digits


# --- vocabulary --------------------------------------------------------------------------------------

_NUMBER_WORDS = ("zero", *UNITS, *TEENS, *TENS, *SCALES)
_SCALES = {
    "k": 1_000, "thousand": 1_000, "lakh": 100_000, "million": 1_000_000,
    "crore": 10_000_000, "bn": 1_000_000_000, "billion": 1_000_000_000, "trillion": 1_000_000_000_000,
}  # fmt: skip
_CZECH_SCALES = {word: value for word, value in CZECH_SCALES.items() if value >= 1_000}  # "1,9 milionu", "150 tisíc"
_SCALES |= {fold(word): value for word, value in _CZECH_SCALES.items()}
# Czech abbreviations of the scales, with their dot, before what they count ("10,69 mil. obyvatel", "382 tis. Kč",
# "1,1 mld. USD"); "48 mil." at a sentence's end is 48 miles.
_SCALES |= {"tis": 1_000, "mil": 1_000_000, "mld": 1_000_000_000}
_CZECH_SCALE_ABBREVIATIONS = (
    r"\s+(?P<abbreviation>tis|mil|mld)\.(?=[ \t\u00a0]+(?:(?-i:[^\W\d_A-ZÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ])|Kč|USD|EUR|CZK)|[ \t]*[$€£])"
)
_SCALE_WORDS = "|".join(
    sorted(("thousand", "million", "billion", "trillion", "lakh", "crore", *_CZECH_SCALES), key=len, reverse=True)
)
_NOUN_SINGULARS = (
    "appearance", "goal", "match", "game", "cap", "copy", "person", "member", "player", "team", "season",
    "year", "month", "week", "hour", "minute", "episode", "album", "song", "single", "book", "film",
    "movie", "novel", "child", "son", "daughter", "brother", "sister", "wife", "husband", "vote", "point",
    "run", "wicket", "seat", "medal", "award", "title", "trophy", "win", "loss", "draw", "assist",
    "touchdown", "student", "employee", "soldier", "worker", "resident", "inhabitant", "visitor",
    "spectator", "fan", "user", "subscriber", "unit", "car", "vehicle", "house", "building", "room",
    "floor", "storey", "page", "word", "chapter", "volume", "issue", "edition", "language", "country",
    "state", "city", "town", "village", "island", "district", "province", "species", "metre", "meter",
    "kilometre", "kilometer", "mile", "foot", "inch", "kilogram", "gram", "pound", "ton", "tonne", "litre",
    "liter", "acre", "hectare", "dollar", "euro", "rupee", "yen", "cent", "percent", "degree", "tree",
    "animal", "bird", "egg", "share", "victim", "casualty", "death", "case", "patient", "officer", "soul",
    "guinea",
)  # fmt: skip
# Unit symbols and currency codes, so that "1435 m" or "1800 JPY" is a measurement rather than a year.
_UNIT_SYMBOLS = frozenset({
    "mm", "cm", "m", "km", "km2", "ft", "mi", "kg", "g", "lb", "lbs", "hp", "cc", "mph", "kph", "nits",
    "hz", "khz", "mhz", "ghz", "kb", "mb", "gb", "tb", "w", "kw", "mw", "usd", "eur", "gbp", "jpy", "inr",
})  # fmt: skip
_IRREGULAR_PLURALS = {"person": "people", "child": "children", "foot": "feet", "species": "species"}
# "one day" and "one time" are idioms far more often than counts; their plurals are counts.
_PLURAL_ONLY = frozenset({"days", "times", "men", "women", "nights"})


def _plural(noun: str) -> str:
    if noun in _IRREGULAR_PLURALS:
        return _IRREGULAR_PLURALS[noun]
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


_NOUNS = frozenset({*_NOUN_SINGULARS, *(_plural(noun) for noun in _NOUN_SINGULARS), *_PLURAL_ONLY, *_UNIT_SYMBOLS})


def is_count_noun(word: str) -> bool:
    """True when `word` names something counted ("goals", "seasons") or a unit symbol ("km")."""
    return word.lower() in _NOUNS


# --- regexes -----------------------------------------------------------------------------------------

_DIGITS_RE = re.compile(
    r"(?P<sign>(?<![\w.,:‐‑–—−-])[-−])?"
    # Not glued to a word or another number: Q42, v1.3, 5.0.4, 10:30, the "234" of 1,234, MZ-05.
    r"(?<![\w.,:])(?<![^\W\d_][-‐‑])"
    # A comma is a decimal mark where no thousands separator could stand ("14 857,33", "10,6", "1,0495"); "1,234"
    # groups.
    r"(?P<body>(?P<number>\d{1,3}(?:[ \u00a0\u202f]\d{3})+,\d+|\d+,\d{1,2}(?!\d)|\d{1,3},\d{4,}(?!\d)"
    r"|(?:\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+|\d+)(?:\.\d+)?)"
    rf"(?:(?P<glued>k|bn)(?![^\W\d_])|\s*(?P<scale>{_SCALE_WORDS})s?\b|{_CZECH_SCALE_ABBREVIATIONS})?)"
    r"(?![.,:]\d)(?P<suffix>[^\W\d_]+)?(?!\w)",
    re.IGNORECASE,
)
_WORD = r"(?:" + "|".join(sorted(_NUMBER_WORDS, key=len, reverse=True)) + r")\b"
_ORDINALS_TO_TENTH = (*ORDINAL_UNITS, ORDINAL_TEENS[0])
# "twenty-first", "one-half", "two-thirds": a number word joined to an ordinal or a fraction is not a count.
_ORDINAL_OR_FRACTION = (
    "(?:"
    + "|".join((*_ORDINALS_TO_TENTH, "half", "halves", "quarters?", *(w + "s" for w in _ORDINALS_TO_TENTH[2:])))
    + r")\b"
)
_WORDS_RE = re.compile(
    rf"\b(?:a\s+dozen\b|(?:a\s+(?=(?:hundred|thousand|million|billion)\b))?{_WORD}"
    rf"(?:(?:\s+and\s+|[\s‐‑-]+){_WORD})*)(?![‐‑-]{_ORDINAL_OR_FRACTION})",
    re.IGNORECASE,
)
_TOKEN_RE = re.compile(r"[a-z]+", re.IGNORECASE)
# "v 10. sérii": a dot and a lower-case word after a figure make it an ordinal (the letter is checked in code).
_DOT_BEFORE_A_WORD = re.compile(r"\.[ \t\u00a0]+(\w)")
# Glued suffixes that make the digits an ordinal ("3rd") or a decade ("1950s") rather than a count.
_REJECTED_SUFFIXES = frozenset({"st", "nd", "rd", "th", "s"})
_ORDINAL_SUFFIXES = frozenset({"st", "nd", "rd", "th"})


def _ordinal_words() -> dict[str, int]:
    words = {word: value for value, word in enumerate(ORDINAL_UNITS, start=1)}
    words |= {word: value for value, word in enumerate(ORDINAL_TEENS, start=10)}
    for index, tens in enumerate(TENS, start=2):
        words[tens[:-1] + "ieth"] = index * 10  # twentieth, thirtieth, ...
        words |= {f"{tens} {unit}": index * 10 + value for value, unit in enumerate(ORDINAL_UNITS, start=1)}
    return words


# Ordinals in words, to ninety-ninth: a place, a rank, a round ("finished seventh", "the twenty-first").
_ORDINAL_WORDS = _ordinal_words()
_ORDINAL_WORDS_RE = re.compile(
    r"\b(?:" + "|".join(w.replace(" ", r"[\s‐‑-]+") for w in sorted(_ORDINAL_WORDS, key=len, reverse=True)) + r")\b",
    re.IGNORECASE,
)

QUALIFIER_PHRASES: dict[str, Qualifier] = {
    "about": "approximate", "around": "approximate", "approximately": "approximate",
    "approx.": "approximate", "roughly": "approximate", "some": "approximate", "nearly": "approximate",
    "almost": "approximate", "close to": "approximate", "~": "approximate", "circa": "approximate",
    "c.": "approximate", "ca.": "approximate", "an estimated": "approximate",
    "more than": "at_least", "over": "at_least", "at least": "at_least", "upwards of": "at_least",
    "in excess of": "at_least", "greater than": "at_least", "no fewer than": "at_least",
    "no less than": "at_least",
    "fewer than": "at_most", "less than": "at_most", "under": "at_most", "at most": "at_most",
    "up to": "at_most", "no more than": "at_most",
}  # fmt: skip


def _phrase_pattern(phrases: Iterable[str]) -> str:
    ordered = sorted(phrases, key=len, reverse=True)
    return "|".join(re.escape(phrase).replace(r"\ ", r"\s+") for phrase in ordered)


_QUALIFIER_BEFORE_RE = re.compile(rf"(?<!\w)(?P<q>{_phrase_pattern(QUALIFIER_PHRASES)})\s*\Z", re.IGNORECASE)
_AT_LEAST_AFTER_RE = re.compile(r"\s*\+|\s+or\s+(?:more|above|greater|over)\b|\s+plus\b", re.IGNORECASE)
_AT_MOST_AFTER_RE = re.compile(r"\s+or\s+(?:fewer|less|under|below)\b", re.IGNORECASE)
_RANGE_JOINER_RE = re.compile(r"\s*[‐‑–—-]\s*|\s+(?:to|až)\s+", re.IGNORECASE)  # "3000 až 5000 metrů"
_AND_JOINER_RE = re.compile(r"\s+(?:and|a)\s+", re.IGNORECASE)
_BETWEEN_BEFORE_RE = re.compile(r"(?<!\w)(?:between|mezi)\s+\Z", re.IGNORECASE)
_FROM_BEFORE_RE = re.compile(r"(?<!\w)od\s+\Z", re.IGNORECASE)  # "od 500 do 550"
_TO_JOINER_RE = re.compile(r"\s+do\s+", re.IGNORECASE)
_ONE_ALLOWED_BEFORE_RE = re.compile(
    r"(?<!\w)(?:only|just|exactly|precisely|at\s+least|more\s+than|pouze|jen|jenom|přesně|právě|celkem)\s+\Z",
    re.IGNORECASE,
)
_NO_BEFORE_RE = re.compile(r"(?<!\w)no\s+\Z", re.IGNORECASE)
_COPULA_BEFORE_RE = re.compile(r"(?:(?<!\w)(?:is|was|are|were|be|been)\s+|(?:^|[.!?:]\s*))\Z", re.IGNORECASE)
_SENTENCE_END_RE = re.compile(r"\s*(?:[.!?]|\Z)")
_NEXT_WORDS_RE = re.compile(r"\s+([^\W\d_][\w'-]*)(?:\s+([^\W\d_]+))?")
_WRAPPING = " \t\r\n\u00a0\"'()[]{}«»“”‘’"
_TRAILING_PUNCTUATION = ".,;:!?"
_LOOKBACK = 40
_GROUPED_BY_COMMAS = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?")  # "1,234" and "1,234,567.5": English grouping

# --- atoms -------------------------------------------------------------------------------------------


def _figures(digits: str) -> str:
    """Figures as written, as Python reads them: "1,234.5" is 1234.5, and "14 857,33" and "10,6", whose comma
    cannot group thousands, are 14857.33 and 10.6."""
    if "," in digits and not _GROUPED_BY_COMMAS.fullmatch(digits):
        digits = digits.replace(",", ".")
    return re.sub(r"[^\d.]", "", digits)


def _digit_atoms(text: str, ordinals: bool, czech: bool) -> list[_Atom]:
    atoms = []
    for match in _DIGITS_RE.finditer(text):
        suffix = fold(match["suffix"] or "")
        if suffix in _REJECTED_SUFFIXES and not (ordinals and suffix in _ORDINAL_SUFFIXES and not match["scale"]):
            continue
        if not suffix and _dotted_ordinal(text, match.end(), czech) and not (ordinals and not match["scale"]):
            continue
        scale_word = fold(match["glued"] or match["scale"] or match["abbreviation"] or "")
        scale = _SCALES.get(scale_word, 1)
        number = Decimal(_figures(match["number"]))
        value = float(-number * scale if match["sign"] else number * scale)
        if math.isfinite(value):  # 310 nines are no count: read as none, on every question alike
            end = match.end() if suffix in _ORDINAL_SUFFIXES else match.end("body")  # an ordinal keeps its "th"
            atoms.append(_Atom(value, match.start(), end, scale, match["number"]))
    return atoms


def _dotted_ordinal(text: str, end: int, czech: bool) -> bool:
    """Whether the figure ending at `end` is followed by a dot and a lower-case word ("10. sérii") in Czech: in
    English, "He made 27. no more." is a count and a careless full stop."""
    after = _DOT_BEFORE_A_WORD.match(text, end)
    return czech and after is not None and after.group(1).islower()


def _word_atoms(text: str, czech: bool) -> list[_Atom]:
    atoms = []
    for match in _WORDS_RE.finditer(text):
        if czech and match.group().casefold() in _CZECH_WORDS_NOT_NUMBERS:
            continue  # "Za ten klub nehrál": Czech "ten" is "that"
        atoms.extend(_split_words(match.group(), match.start()))
    atoms += [_Atom(value, start, end, 1) for value, start, end in czech_word_numbers(text, czech)]
    return atoms  # in text order once `_all_atoms` sorts them with the rest


# English number words that are Czech words of their own, never read as numbers in Czech.
_CZECH_WORDS_NOT_NUMBERS = frozenset({"ten"})
# The longest number written in words ("nine hundred and ninety-nine thousand nine hundred and ninety-nine" is
# 12 tokens): runs are tried no longer than this, so a wall of number words costs time linear in its length.
_MAX_NUMBER_WORDS = 16


def _split_words(span: str, offset: int) -> list[_Atom]:
    """Greedy longest runs that text2num accepts: "twenty three and four" -> 23, 4."""
    found = longest_numbers(list(_TOKEN_RE.finditer(span)), _words_value, _MAX_NUMBER_WORDS)
    return [_Atom(float(value), offset + start, offset + end, 1) for value, start, end in found]


def _words_value(written: list[str]) -> int | None:
    words = [fold(word) for word in written]
    if words[0] == "and" or words[-1] == "and":
        return None
    if words == ["a", "dozen"]:
        return 12
    if words[0] == "a":
        words = ["one", *words[1:]]
    try:
        return text2num(" ".join(words), "en")
    except ValueError:
        return None


def _ordinal_word_atoms(text: str, czech: bool) -> list[_Atom]:
    atoms = [
        _Atom(float(_ORDINAL_WORDS[" ".join(re.findall(r"[a-z]+", fold(m.group())))]), m.start(), m.end(), 1)
        for m in _ORDINAL_WORDS_RE.finditer(text)
    ]
    atoms += [_Atom(value, start, end, 1) for value, start, end in czech_ordinal_numbers(text, czech)]  # "čtvrtá"
    return atoms


def _all_atoms(text: str, ordinals: bool = False, czech: bool | None = None) -> list[_Atom]:
    czech = writes_czech(text) if czech is None else czech
    digits = _digit_atoms(text, ordinals, czech)
    # The scale word of "1.2 million" is already part of a digit atom.
    taken = SpanIndex([Span("", atom.start, atom.end) for atom in digits])
    words = [atom for atom in _word_atoms(text, czech) if not taken.overlaps(atom.start, atom.end)]
    if ordinals:
        # "twenty-first" is an ordinal, not 20 and 1: the ordinal wins where they overlap.
        ordinal_words = _ordinal_word_atoms(text, czech)
        spoken = SpanIndex([Span("", atom.start, atom.end) for atom in ordinal_words])
        words = [atom for atom in words if not spoken.overlaps(atom.start, atom.end)] + [
            atom for atom in ordinal_words if not taken.overlaps(atom.start, atom.end)
        ]
    return sorted(digits + words, key=lambda atom: atom.start)


# --- free-text filters -------------------------------------------------------------------------------


def _one_is_number(text: str, atom: _Atom) -> bool:
    """Whether a lone "one" counts something; see the module docstring."""
    window = max(0, atom.start - _LOOKBACK)
    if _NO_BEFORE_RE.search(text, window, atom.start):
        return False
    if _ONE_ALLOWED_BEFORE_RE.search(text, window, atom.start):
        return True
    if _COPULA_BEFORE_RE.search(text, window, atom.start) and _SENTENCE_END_RE.match(text, atom.end):
        return True  # "There was one."
    following = _NEXT_WORDS_RE.match(text, atom.end)
    return following is not None and any(word and is_count_noun(word) for word in following.groups())


# The idioms in which a Czech "one" counts nothing: "ani jeden" (not one), and "jeden z" (one of), "jedna se" (one
# is), "jednoho dne" (one day), "na jedné straně" (on one hand), "jeden ... druhý" (the one ... the other).
_CZECH_NO_BEFORE = re.compile(r"(?<!\w)ani\s+\Z", re.IGNORECASE)
_CZECH_NOT_A_COUNT_AFTER = re.compile(r"\s+(?:z|ze|se|si|dne|den|dni|strany|straně|stranu|druhý|druhá|druhé)\b", re.I)


def _czech_one_is_number(text: str, atom: _Atom) -> bool:
    """Whether a lone Czech "one" counts something: always but in "jeden z" (one of), "jedna se" (one is), "jednoho
    dne" (one day), "na jedné straně" (on one hand), "ani jeden" (not one) and "jednou" (once, or one day)."""
    window = max(0, atom.start - _LOOKBACK)
    if text[atom.start : atom.end].casefold() == "jednou" or _CZECH_NO_BEFORE.search(text, window, atom.start):
        return bool(_ONE_ALLOWED_BEFORE_RE.search(text, window, atom.start))  # "jen jednou" (only once)
    return not _CZECH_NOT_A_COUNT_AFTER.match(text, atom.end)


def _excluded_spans(text: str) -> SpanIndex:
    """Spans of dates, years and season labels, except years that count something ("1952 goals")."""
    spans = []
    for mention in find_dates(text):
        date = mention.date
        if date.month is None and date.day is None and len(mention.text) == 4:
            following = _NEXT_WORDS_RE.match(text, mention.end)
            if following and is_count_noun(following.group(1)):
                continue
        spans.append(Span(mention.text, mention.start, mention.end))
    return SpanIndex(spans)


def _free_text_atoms(text: str, ordinals: bool = False, czech: bool | None = None) -> list[_Atom]:
    excluded = _excluded_spans(text)
    atoms = []
    for atom in _all_atoms(text, ordinals, czech):
        if excluded.overlaps(atom.start, atom.end):  # inside a date
            continue
        written = text[atom.start : atom.end]
        if written.casefold() in CZECH_ONE and not _czech_one_is_number(text, atom):
            continue
        if fold(written) == "one" and not _one_is_number(text, atom):
            continue
        atoms.append(atom)
    return atoms


# --- qualifiers and ranges ---------------------------------------------------------------------------


def _range_between(text: str, low: _Atom, high: _Atom) -> tuple[float, float, int] | None:
    """(low, high, start) when two neighbouring atoms form a range, else None."""
    joiner = text[low.end : high.start]
    window = max(0, low.start - _LOOKBACK)
    between = _BETWEEN_BEFORE_RE.search(text, window, low.start)
    if between and _AND_JOINER_RE.fullmatch(joiner):
        start = between.start()
    elif (since := _FROM_BEFORE_RE.search(text, window, low.start)) and _TO_JOINER_RE.fullmatch(joiner):
        start = since.start()
    elif _RANGE_JOINER_RE.fullmatch(joiner):
        start = low.start
    else:
        return None
    low_value = low.value
    # "5 to 10 million": the scale written once applies to both ends.
    if low.scale == 1 and high.scale > 1 and low_value * high.scale <= high.value:
        low_value *= high.scale
    if low_value >= high.value and not between:
        return None  # a score such as "38 - 35", not a range
    return min(low_value, high.value), max(low_value, high.value), start


def _single(text: str, atom: _Atom) -> NumberMention:
    start, end = atom.start, atom.end
    qualifier: Qualifier = "exact"
    before = _QUALIFIER_BEFORE_RE.search(text, max(0, atom.start - _LOOKBACK), atom.start)
    if before:
        start = before.start()
        qualifier = QUALIFIER_PHRASES[re.sub(r"\s+", " ", fold(before["q"]))]
    elif after := _AT_LEAST_AFTER_RE.match(text, atom.end):
        end, qualifier = after.end(), "at_least"
    elif after := _AT_MOST_AFTER_RE.match(text, atom.end):
        end, qualifier = after.end(), "at_most"
    return NumberMention(atom.value, None, qualifier, start, end, text[start:end])


def _mentions(text: str, atoms: list[_Atom]) -> list[NumberMention]:
    mentions, i = [], 0
    while i < len(atoms):
        if i + 1 < len(atoms) and (found := _range_between(text, atoms[i], atoms[i + 1])):
            low, high, start = found
            end = atoms[i + 1].end
            mentions.append(NumberMention(low, high, "range", start, end, text[start:end]))
            i += 2
        else:
            mentions.append(_single(text, atoms[i]))
            i += 1
    return mentions


def ordinal_values(text: str, czech: bool | None = None) -> frozenset[float]:
    """The ordinals written as words in `text` ("second", "twenty-first", "druhou"); `czech` as for `find_numbers`."""
    czech = writes_czech(text) if czech is None else czech
    return frozenset(atom.value for atom in _ordinal_word_atoms(text, czech))


def find_numbers(text: str, ordinals: bool = False, czech: bool | None = None) -> list[NumberMention]:
    """Every cardinal number in free text, in order, with its qualifier; numbers inside dates, years,
    and season labels are excluded. With `ordinals`, ordinals count too ("39th", "seventh"), for questions that
    ask for a place, a rank or a round. `czech` says whether the text is read as Czech too ("dva", "10. sérii");
    None: when it writes Czech (`czech_numbers.writes_czech`)."""
    return _mentions(text, _free_text_atoms(text, ordinals, czech))


def parse_number(text: str, ordinals: bool = False, czech: bool | None = None) -> float | None:
    """The number when the whole string is one number (digits, words, 1,234 / 1 234 separators, decimals); with
    `ordinals`, an ordinal too ("3rd", "Seventh"); `czech` as for `find_numbers`."""
    atom = _whole_atom(text, ordinals, czech)
    return atom.value if atom else None


def stated_tolerance(text: str) -> float:
    """Half a unit of the last figure the number `text` writes, at its scale: "120k" admits 115k-125k and "2.5"
    2.45-2.55; a whole number without a scale ("27", "1,200", "twelve") admits only itself. 0.0 for a string
    that is not one number."""
    atom = _whole_atom(text)
    if atom is None or not atom.digits:
        return 0.0
    whole, _, decimals = _figures(atom.digits).partition(".")
    if decimals:
        unit = 10.0 ** -len(decimals)
    elif atom.scale == 1:
        return 0.0
    else:
        unit = 10.0 ** (len(whole) - len(whole.rstrip("0")))
    return unit * atom.scale / 2


def decimal_places(text: str) -> int:
    """How many figures the first number written in digits in `text` has after its decimal mark, a point or a comma
    as `find_numbers` reads it: "11.70" and "about 11,70 m" have 2, "1,234" and "1,5 million" have 0 and 1."""
    match = _DIGITS_RE.search(text)
    return len(_figures(match["number"]).partition(".")[2]) if match else 0


def leading_number(text: str, czech: bool | None = None) -> tuple[float, int, bool, str] | None:
    """The number `text` opens with, cardinal or ordinal: (value, end offset, is an ordinal, its digits as written,
    or "" in words); None when it does not open with one. `czech` as for `find_numbers`."""
    atoms = _all_atoms(text, ordinals=True, czech=czech)
    if not atoms or atoms[0].start != 0:
        return None
    atom = atoms[0]
    written = text[atom.start : atom.end]
    ordinal = fold(written).rstrip(".").endswith(("st", "nd", "rd", "th")) and not written.isdecimal()
    # "3. směna", "89. minuta" (a dot then a lower-case word: in a gold, always an ordinal), "Druhé"
    ordinal = ordinal or _dotted_ordinal(text, atom.end, czech=True) or written.casefold() in CZECH_ORDINALS
    return atom.value, atom.end, ordinal, atom.digits


def _whole_atom(text: str, ordinals: bool = False, czech: bool | None = None) -> _Atom | None:
    # Only trailing punctuation goes: ".5" is not 5.
    core = text.lstrip(_WRAPPING).rstrip(_WRAPPING + _TRAILING_PUNCTUATION)
    atoms = _all_atoms(core, ordinals, czech)
    if len(atoms) == 1 and atoms[0].start == 0 and atoms[0].end == len(core):
        return atoms[0]
    return None
