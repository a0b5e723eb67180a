"""Durations in one form: a clock ("40:30", "0:40:30", "16:01.73") or words ("40 minutes and 30 seconds", "2 hours,
5 minutes and 30 seconds", "16 minut a 1,73 sekundy") read as the same clock, so that a gold and a reply that give
one time in two forms compare as text: "40:30" and "40 minutes and 30 seconds" are both "0:40:30"."""

from __future__ import annotations

import re

_HOURS = r"(?:hours?|hrs?|h|hodin[ay]?|hod)"
_MINUTES = r"(?:minutes?|mins?|min|minut[ay]?)"
_SECONDS = r"(?:seconds?|secs?|sec|s|sekund[ay]?|vteřin[ay]?)"
_AND = r"[^\S\n]*,?[^\S\n]*(?:(?:and|a)[^\S\n]+)?"
_CLOCK = re.compile(r"(?<![\d:.,])(?:(?P<h>\d{1,3}):)?(?P<m>\d{1,3}):(?P<s>\d{2}(?:[.,]\d+)?)(?![\d:]|[.,]\d)")
_IN_WORDS = re.compile(
    rf"(?<![\d.,])(?:(?P<h>\d{{1,3}})[^\S\n]*{_HOURS}\b{_AND})?(?P<m>\d{{1,3}})[^\S\n]*{_MINUTES}\b{_AND}"
    rf"(?P<s>\d{{1,2}}(?:[.,]\d+)?)[^\S\n]*{_SECONDS}\b",
    re.IGNORECASE,
)
_GOLD = re.compile(rf"\s*(?:{_CLOCK.pattern})(?:\s*{_SECONDS}|\s*{_MINUTES}|\s*{_HOURS})?\s*\.?\s*", re.IGNORECASE)


def clock(hours: int, minutes: int, seconds: str) -> str:
    """The one form of a duration: hours always (so that "40:30" is no part of "1:40:30"), minutes and seconds in
    two digits, and a decimal point."""
    whole, _, fraction = seconds.replace(",", ".").partition(".")
    second = f"{int(whole):02d}" + (f".{fraction}" if fraction else "")
    return f"{hours}:{minutes:02d}:{second}"


def _read(match: re.Match[str]) -> str:
    return clock(int(match["h"] or 0), int(match["m"]), match["s"])


def gold_clock(gold: str) -> str | None:
    """A gold that is one duration, as a clock ("0:40:30", "16:01.73 seconds") or in words ("2 hours, 5 minutes and
    30 seconds"), in the one form; else None."""
    match = _GOLD.fullmatch(gold) or _IN_WORDS.fullmatch(gold.strip().rstrip("."))
    return _read(match) if match else None


def clocks_read(text: str) -> str:
    """The text with each duration, as a clock or in words, in the one form (its length may change)."""
    return _CLOCK.sub(_read, _IN_WORDS.sub(_read, text))


# Two times one after the other, as a list offers them: "0:40:30, 0:41:02", "0:40:30 / 0:41:02", "0:40:30 nebo
# 0:41:02".
_LISTED = re.compile(
    r"(?<![\d:])(\d+:\d{2}:\d{2}(?:\.\d+)?)\s*(?:[,;/|\n]|\bor\b|\bnebo\b|\bči\b)\s*(?:\w+\s+){0,2}?(\d+:\d{2}:\d{2}(?:\.\d+)?)"
    r"(?=\s*(?:[.,;!?)\n]|$|or\b|nebo\b))"  # a time that ends its clause: no gap ("2:15 behind the winner")
)


def clocks_listed(text: str) -> bool:
    """Two different times, in the one form (`clocks_read`), stand listed one after the other."""
    return any(match[1] != match[2] for match in _LISTED.finditer(text))
