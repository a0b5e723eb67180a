"""Birth and death dates of an article lead: the rules that read its opening parenthetical (plain text)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nohallucinate.answers.dates import PartialDate, find_dates


@dataclass(frozen=True)
class LeadDates:
    """Birth and death dates read from the opening parenthetical of an article lead."""

    born: PartialDate | None
    died: PartialDate | None
    birth_year_only: bool
    text: str | None


_ABBREVIATIONS = frozenset({"jr", "sr", "st", "dr", "mr", "mrs", "ms", "prof", "rev", "gen", "col", "lt", "mt", "no"})


def _is_sentence_end(text: str, index: int) -> bool:
    """A full stop followed by a capitalised word (or the end), not after an initial or abbreviation."""
    following = text[index + 1 :]
    if following and not re.match(r"\s+(?:[\"'“‘(]?[A-Z]|$)", following):
        return False
    word = re.search(r"(\w+)$", text[:index])
    if word is None:
        return True
    token = word.group(1)
    return not (len(token) == 1 and token.isupper()) and token.lower() not in _ABBREVIATIONS


def _closing(text: str, start: int) -> int | None:
    """The index of the parenthesis closing the one at `start`, or None."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    return None


def _first_parenthetical(lead: str) -> str | None:
    """The first non-empty parenthetical of the first sentence, parentheses included."""
    index = 0
    while index < len(lead):
        char = lead[index]
        if char == "." and _is_sentence_end(lead, index):
            return None
        if char == "(":
            end = _closing(lead, index)
            if end is None:
                return None
            if re.search(r"\w", lead[index + 1 : end]):
                return lead[index : end + 1]
            index = end
        index += 1
    return None


def _without_nested(text: str) -> str:
    """The text with bracketed and parenthesised asides removed (pronunciations, '(disputed)')."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", text)
    return text


def _dated(segment: str) -> list[tuple[PartialDate, int, int]]:
    return [(m.date, m.start, m.end) for m in find_dates(segment) if m.date.year is not None]


_OR_JOIN = re.compile(r"\s*(?:\bor\b|/)\s*", re.IGNORECASE)


def _date_after(segment: str, marker: re.Match[str], stop: int) -> PartialDate | None:
    """The first dated mention after a marker and before `stop`; None when it reads 'X or Y'."""
    found = [item for item in _dated(segment) if marker.end() <= item[1] < stop]
    if not found:
        return None
    if len(found) > 1 and _OR_JOIN.fullmatch(segment[found[0][2] : found[1][1]]):
        return None
    return found[0][0]


_BORN = re.compile(r"\bborn\b", re.IGNORECASE)
_DIED = re.compile(r"\bdied\b", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"\s*(?:[-–—−‐‑]|\bto\b)\s*", re.IGNORECASE)


def _segment_dates(segment: str) -> tuple[PartialDate | None, PartialDate | None]:
    """Born and died in one ';'-separated part of the parenthetical."""
    born_mark, died_mark = _BORN.search(segment), _DIED.search(segment)
    if born_mark is None and died_mark is None:
        found = _dated(segment)
        if len(found) >= 2 and _RANGE_JOIN.fullmatch(segment[found[0][2] : found[1][1]]):
            return found[0][0], found[1][0]
        return None, None
    born_stop = died_mark.start() if died_mark and born_mark and died_mark.start() > born_mark.start() else len(segment)
    born = _date_after(segment, born_mark, born_stop) if born_mark else None
    died = _date_after(segment, died_mark, len(segment)) if died_mark else None
    return born, died


# Abbreviations a parenthetical may use, rewritten in this order to what the rules below read.
_SPELLED_OUT = (
    (re.compile(r"(?<![\w.])b\.\s*", re.IGNORECASE), "born "),
    (re.compile(r"(?<![\w.])d\.\s*", re.IGNORECASE), "died "),
    (re.compile(r"(?<![\w.])(?:c|ca|circa)\.?\s*(?=\d)", re.IGNORECASE), ""),  # "c. 1820" reads as 1820
)
_SKIPPED_SEGMENT = re.compile(r"\s*(?:r\.|reign|fl\.|floruit|in office)", re.IGNORECASE)


def lead_dates(lead: str) -> LeadDates:
    """Birth and death dates from the first parenthetical of an article lead (plaintext)."""
    parenthetical = _first_parenthetical(lead)
    if parenthetical is None:
        return LeadDates(None, None, False, None)
    inner = _without_nested(parenthetical[1:-1])
    for abbreviation, spelled in _SPELLED_OUT:
        inner = abbreviation.sub(spelled, inner)
    born: PartialDate | None = None
    died: PartialDate | None = None
    for segment in inner.split(";"):
        if _SKIPPED_SEGMENT.match(segment):
            continue
        segment_born, segment_died = _segment_dates(segment)
        born = born or segment_born
        died = died or segment_died
    year_only = born is not None and born.month is None and born.day is None
    return LeadDates(born, died, year_only, parenthetical)


def full_dates_in(text: str, year: int) -> list[PartialDate]:
    """Every day-precision date in `text` that falls in `year`, each once, in order of appearance."""
    dates = [mention.date for mention in find_dates(text) if mention.date.is_full and mention.date.year == year]
    return list(dict.fromkeys(dates))
