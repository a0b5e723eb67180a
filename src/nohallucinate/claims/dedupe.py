"""Merge claims that state the same fact, so that repeating a fact cannot raise recall."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nohallucinate.answers.dates import PartialDate, find_dates
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.questions import content_words

# Two claims with compatible dates and the same numbers whose words overlap this much state one fact.
SAME_FACT_JACCARD = 0.6


def merge_near_duplicates(claims: list[str]) -> list[str]:
    """The claims with near-duplicates removed, keeping the first wording of each fact."""
    kept: list[tuple[str, frozenset[str], _Anchors]] = []
    for claim in claims:
        words, anchors = frozenset(content_words(claim)), _anchors(claim)
        if not any(_same_fact(words, anchors, w, a) for _, w, a in kept):
            kept.append((claim, words, anchors))
    return [claim for claim, _, _ in kept]


@dataclass(frozen=True)
class _Anchors:
    dates: tuple[PartialDate, ...]
    numbers: frozenset[float]
    names: frozenset[str]

    def compatible(self, other: _Anchors) -> bool:
        """Same numbers; each date equal to or a coarser form of one in the other ("1952", "11 March 1952");
        the names of one within those of the other ("Adams", "Douglas Adams")."""
        return (
            self.numbers == other.numbers
            and len(self.dates) == len(other.dates)
            and all(any(a.covers(b) or b.covers(a) for b in other.dates) for a in self.dates)
            and (self.names <= other.names or other.names <= self.names)
        )


def _anchors(claim: str) -> _Anchors:
    return _Anchors(
        dates=tuple(m.date for m in find_dates(claim)),
        numbers=frozenset(n.value for n in find_numbers(claim)),
        names=frozenset(re.findall(r"\b[A-Z][\w'-]*", claim)[1:]),  # the opening word is capitalised anyway
    )


def _same_fact(words: frozenset[str], anchors: _Anchors, other_words: frozenset[str], other_anchors: _Anchors) -> bool:
    if not anchors.compatible(other_anchors) or not words or not other_words:
        return False
    shared = len(words & other_words)
    smaller = min(len(words), len(other_words))
    return shared / len(words | other_words) >= SAME_FACT_JACCARD or (smaller >= 2 and shared == smaller)
