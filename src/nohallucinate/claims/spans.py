"""Find where a claim's object sits in the answer: exact, then forgiving of spacing, quotes and dashes, then of
case. Spans are half-open [start, end) and trimmed of surrounding spaces and punctuation."""

from __future__ import annotations

import re
from collections.abc import Callable

_Finder = Callable[[str, str, int, int], "tuple[int, int] | None"]

_TRIM = " \t\n\"'“”‘’.,;:!?()[]"
_QUOTES = "\"'“”‘’`´"
_DASHES = "-‐‑‒–—―−"


def locate(needle: str, text: str, within: tuple[int, int] | None = None) -> tuple[int, int] | None:
    """The span of `needle` in `text` (first inside `within`, when given, then anywhere), or None."""
    needle = needle.strip(_TRIM)
    if not needle:
        return None
    regions = [within, None] if within is not None else [None]
    for finder in (_exact, _tolerant(case_sensitive=True), _tolerant(case_sensitive=False)):
        for region in regions:
            start, end = region or (0, len(text))
            found = finder(needle, text, start, end)
            if found is not None:
                return _trimmed(text, *found)
    return None


def _exact(needle: str, text: str, start: int, end: int) -> tuple[int, int] | None:
    at = text.find(needle, start, end)
    return None if at < 0 else (at, at + len(needle))


def _tolerant(case_sensitive: bool) -> _Finder:
    def find(needle: str, text: str, start: int, end: int) -> tuple[int, int] | None:
        match = _pattern(needle, case_sensitive).search(text, start, end)
        return None if match is None else match.span()

    return find


def _pattern(needle: str, case_sensitive: bool) -> re.Pattern[str]:
    parts = []
    for char in needle:
        if char.isspace():
            parts.append(r"\s+")
        elif char in _QUOTES:
            parts.append(f"[{re.escape(_QUOTES)}]")
        elif char in _DASHES:
            parts.append(f"\\s*[{re.escape(_DASHES)}]\\s*")
        else:
            parts.append(re.escape(char))
    pattern = re.sub(r"(?:\\s\+)+", r"\\s+", "".join(parts))
    return re.compile(pattern, 0 if case_sensitive else re.IGNORECASE)


def _trimmed(text: str, start: int, end: int) -> tuple[int, int] | None:
    while start < end and text[start] in _TRIM:
        start += 1
    while end > start and text[end - 1] in _TRIM:
        end -= 1
    return (start, end) if start < end else None
