"""Merge claims that state the same fact, so that repeating a fact cannot raise recall.

A claim and its denial ("X won A in 2012", "it is false that X won A in 2012") are two claims, not one: merged,
a reply could assert and deny every fact and be scored on the assertions alone."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass

from nohallucinate.answers.dates import PartialDate, find_dates
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.questions import content_words
from nohallucinate.claims.anchors import Anchors, names_in
from nohallucinate.claims.polarity import denies

# Two claims with compatible dates and the same numbers whose words overlap this much state one fact.
SAME_FACT_JACCARD = 0.6


def merge_near_duplicates(claims: list[str], parsed: Mapping[str, Anchors] | None = None) -> list[str]:
    """The claims with near-duplicates removed, keeping the first wording of each fact (`parsed`: their dates and
    numbers, where the caller has read them already).

    Each claim is compared only with the kept claims that could state its fact (same numbers and number of dates,
    and a shared word where a Jaccard match or a containment would need one), so a long reply costs time
    roughly linear in its claims rather than quadratic."""
    parsed = parsed or {}
    entries = [(claim, frozenset(content_words(claim)), _anchors(claim, parsed.get(claim))) for claim in claims]
    rarity = Counter(word for _, words, _ in entries for word in words)
    kept: list[tuple[str, frozenset[str], _Anchors]] = []
    buckets: dict[tuple[frozenset[float], int, bool], _Bucket] = defaultdict(_Bucket)
    for claim, words, anchors in entries:
        if not words:
            kept.append((claim, words, anchors))  # a claim with no content word matches nothing
            continue
        order = sorted(words, key=lambda word: (rarity[word], word))
        bucket = buckets[(anchors.numbers, len(anchors.dates), denies(claim))]
        candidates = bucket.candidates(order, anchors.dates)
        if not any(_same_fact(words, anchors, kept[i][1], kept[i][2]) for i in sorted(candidates)):
            bucket.add(len(kept), order, anchors.dates)
            kept.append((claim, words, anchors))
    return [claim for claim, _, _ in kept]


class _Bucket:
    """Kept claims with the same numbers, number of dates and polarity, indexed by their words (rarest first) and
    by the years of their dates."""

    def __init__(self) -> None:
        self.prefix: dict[str, list[int]] = defaultdict(list)  # the words that a Jaccard match must share
        self.rarest: dict[str, list[int]] = defaultdict(list)  # a claim inside another shares its rarest word
        self.every: dict[str, list[int]] = defaultdict(list)
        self.years: dict[int | None, set[int]] = defaultdict(set)

    def candidates(self, order: list[str], dates: tuple[PartialDate, ...]) -> set[int]:
        found = {i for word in _prefix(order) for i in self.prefix.get(word, ())}
        found.update(i for word in order for i in self.rarest.get(word, ()))  # a kept claim inside this one
        found.update(self.every.get(order[0], ()))  # this claim inside a kept one
        year = next((d.year for d in dates if d.year is not None), None)
        if year is not None:  # a dated date is matched by a date of the same year, or by one without a year
            found &= self.years.get(year, set()) | self.years.get(None, set())
        return found

    def add(self, index: int, order: list[str], dates: tuple[PartialDate, ...]) -> None:
        for word in _prefix(order):
            self.prefix[word].append(index)
        self.rarest[order[0]].append(index)
        for word in order:
            self.every[word].append(index)
        for date in dates:
            self.years[date.year].add(index)


def _prefix(order: list[str]) -> list[str]:
    """Two word sets with Jaccard similarity >= t share a word among the first n - ceil(t * n) + 1 of each,
    when both are ordered the same way (the prefix filter of set-similarity joins)."""
    return order[: len(order) - math.ceil(SAME_FACT_JACCARD * len(order) - 1e-9) + 1]


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


def _anchors(claim: str, parsed: Anchors | None = None) -> _Anchors:
    return _Anchors(
        dates=parsed.dates if parsed else tuple(m.date for m in find_dates(claim)),
        numbers=frozenset(parsed.numbers if parsed else (n.value for n in find_numbers(claim))),
        names=frozenset(names_in(claim)[1:]),  # the opening word is capitalised anyway
    )


def _same_fact(words: frozenset[str], anchors: _Anchors, other_words: frozenset[str], other_anchors: _Anchors) -> bool:
    if not anchors.compatible(other_anchors) or not words or not other_words:
        return False
    shared = len(words & other_words)
    smaller = min(len(words), len(other_words))
    return shared / len(words | other_words) >= SAME_FACT_JACCARD or (smaller >= 2 and shared == smaller)
