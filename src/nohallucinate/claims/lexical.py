"""Check claims against a reference text by lexical evidence, without a model.

A claim is supported when every date, number and name it states occurs in the reference and its
content words overlap one reference passage well enough. This is an approximation: it cannot tell
"wrote" from "did not write", and a paraphrase with new words can fail it.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from nohallucinate.answers.abstention import normalise_quotes
from nohallucinate.answers.dates import PartialDate, find_dates
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.questions import content_words
from nohallucinate.answers.sentences import split_sentences

# Share of a claim's content words that must occur in one reference passage.
MIN_OVERLAP = 0.6

_NAME = re.compile(r"\b[A-Z][\w']*")
_POSSESSIVE = re.compile(r"'s?$")
_COMMON_CAPITALISED = frozenset(
    """I He She It They We The This That His Her Their Its In On At As A An And But Also Later January
    February March April May June July August September October November December""".split()
)


@dataclass(frozen=True)
class ClaimCheck:
    """Whether the reference backs one claim, and why."""

    claim: str
    supported: bool
    reason: str
    evidence: str | None = None


class LexicalVerifier:
    """Checks claims against one reference text; build once per article, call many times."""

    def __init__(self, reference: str) -> None:
        reference = normalise_quotes(reference)
        self._lower = reference.lower()
        self._tokens = {_POSSESSIVE.sub("", t) for t in re.findall(r"[\w']+", self._lower)}
        self._dates = [m.date for m in find_dates(reference)]
        self._numbers = {n.value for n in find_numbers(reference)}
        sentences = [s.text for s in split_sentences(reference)]
        # Adjacent pairs let a claim draw on a fact split over two sentences.
        passages = sentences + [f"{a} {b}" for a, b in itertools.pairwise(sentences)]
        self._passages = [(p, content_words(p)) for p in passages]

    def check(self, claim: str) -> ClaimCheck:
        """Decide one claim."""
        claim = normalise_quotes(claim)
        for mention in find_dates(claim):
            if not any(_covers(known, mention.date) for known in self._dates):
                return ClaimCheck(claim, False, f"date {mention.text!r} is not in the reference")
        for number in find_numbers(claim):
            if number.value not in self._numbers:
                return ClaimCheck(claim, False, f"number {number.text!r} is not in the reference")
        for name in _names(claim):
            if name.lower() not in self._tokens:
                return ClaimCheck(claim, False, f"name {name!r} is not in the reference")
        words = content_words(claim)
        if not words:
            return ClaimCheck(claim, False, "the claim states nothing checkable")
        best, overlap = max(((p, len(words & w) / len(words)) for p, w in self._passages), key=lambda x: x[1])
        if overlap < MIN_OVERLAP:
            return ClaimCheck(claim, False, f"best passage overlap {overlap:.2f} < {MIN_OVERLAP}", best)
        return ClaimCheck(claim, True, f"overlap {overlap:.2f}", best)


def _covers(known: PartialDate, stated: PartialDate) -> bool:
    return known.covers(stated)


def _names(claim: str) -> list[str]:
    return [
        _POSSESSIVE.sub("", word) for word in _NAME.findall(claim) if word not in _COMMON_CAPITALISED and len(word) > 1
    ]
