"""Check claims against a reference text by lexical evidence, without a model.

A claim is supported when one passage of the reference (a sentence, or two adjacent ones) holds every
date, number and name the claim states, and enough of the claim's other content words. A claim that denies
something ("never won", "it is false that she won": claims/polarity.py) needs a passage that denies too; a claim
that asserts needs the passage to assert it, so it is matched against the parts of the passage that deny nothing
("was never sent off" backs no sending-off). The subject's own name does not count as evidence: it occurs
everywhere. This is an approximation: a paraphrase with new words can fail it.
"""

from __future__ import annotations

import itertools
import re
from collections import defaultdict
from dataclasses import dataclass

from nohallucinate.answers.dates import PartialDate, find_dates
from nohallucinate.answers.lexicon import ORDINAL_TEENS, ORDINAL_UNITS
from nohallucinate.answers.normalise import straighten_quotes
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.questions import content_words
from nohallucinate.answers.sentences import split_sentences
from nohallucinate.claims.anchors import Anchors, anchors_of, subject_tokens, tokens
from nohallucinate.claims.check import ClaimCheck
from nohallucinate.claims.decompose import decompose
from nohallucinate.claims.polarity import NEGATION_WORDS, denies, split_by_polarity

# Share of a claim's content words (its subject's name aside) that one passage must hold.
MIN_OVERLAP = 0.6
# Claims with this many content words or fewer must find all of them in one passage.
SHORT_CLAIM_WORDS = 3
# Names match on this many leading letters, so that "Norway" finds "Norwegian" and "English" "England".
_NAME_PREFIX = 4

# Ordinals decide facts ("seventeenth season", "first novel") but are not numbers: they must match exactly.
_ORDINAL_WORDS = (*ORDINAL_UNITS, *ORDINAL_TEENS, "twentieth", "thirtieth", "last", "only", "eldest", "youngest")
_ORDINAL = re.compile(rf"\b(?:{'|'.join(_ORDINAL_WORDS)}|\w+teenth|\d+(?:st|nd|rd|th))\b", re.IGNORECASE)


@dataclass(frozen=True)
class _Evidence:
    """What a stretch of text holds: its content words, tokens, dates and numbers."""

    words: frozenset[str]
    tokens: frozenset[str]
    dates: tuple[PartialDate, ...]
    numbers: frozenset[float]

    @classmethod
    def of(cls, text: str) -> _Evidence:
        return cls(
            words=frozenset(content_words(text)),
            tokens=frozenset(tokens(text)),
            dates=tuple(m.date for m in find_dates(text)),
            numbers=frozenset(n.value for n in find_numbers(text)),
        )

    def holds(self, dates: list[PartialDate], numbers: list[float], names: list[str]) -> bool:
        return (
            all(any(known.covers(date) for known in self.dates) for date in dates)
            and all(number in self.numbers for number in numbers)
            and all(_name_in(name, self.tokens) for name in names)
        )


@dataclass(frozen=True)
class _Passage(_Evidence):
    text: str
    negated: bool  # some part of it denies something
    affirmed: _Evidence  # what its parts that deny nothing hold
    denied_words: frozenset[str]  # the content words of its parts that deny

    @classmethod
    def of(cls, text: str) -> _Passage:
        whole = _Evidence.of(text)
        if not denies(text):
            return cls(whole.words, whole.tokens, whole.dates, whole.numbers, text, False, whole, frozenset())
        affirmed, denied = split_by_polarity(text)
        return cls(
            whole.words,
            whole.tokens,
            whole.dates,
            whole.numbers,
            text,
            negated=True,
            affirmed=_Evidence.of(affirmed),
            denied_words=frozenset(content_words(denied)) - NEGATION_WORDS,
        )


class _Passages:
    """Passages indexed by the years, numbers and name prefixes they hold, so that a claim is checked only against
    the passages that could hold all its anchors: time linear in the claims, whatever the article's length."""

    def __init__(self, passages: list[_Passage]) -> None:
        self.passages = passages
        self._postings: dict[object, set[int]] = defaultdict(set)
        for index, passage in enumerate(passages):
            for key in [("year", d.year) for d in passage.dates if d.year is not None]:
                self._postings[key].add(index)
            for number in passage.numbers:
                self._postings[("number", number)].add(index)
            for token in passage.tokens:
                self._postings[("name", token[:_NAME_PREFIX])].add(index)

    def holding(self, dates: list[PartialDate], numbers: list[float], names: list[str]) -> list[_Passage]:
        keys: list[tuple[str, object]] = [("year", d.year) for d in dates if d.year is not None]
        keys += [("number", n) for n in numbers]
        keys += [("name", name.lower()[:_NAME_PREFIX]) for name in names]
        if keys:
            found = set.intersection(*(self._postings.get(key, set()) for key in keys))
            candidates = [self.passages[i] for i in sorted(found)]
        else:
            candidates = self.passages
        return [p for p in candidates if p.holds(dates, numbers, names)]


class LexicalVerifier:
    """Checks claims against one reference text; build once per article, call many times."""

    def __init__(self, reference: str, subject: str | None = None) -> None:
        reference = straighten_quotes(reference)
        sentences = [s.text for s in split_sentences(reference)]
        # The reference's own claims, cut by the same rules, put "(11 March 1952 – 11 May 2001)" as "was born
        # on 11 March 1952"; adjacent sentence pairs serve claims whose dates and names sit in two sentences.
        singles = sentences + decompose(reference, subject)
        self._passages = _Passages([_Passage.of(text) for text in singles])
        self._pairs = _Passages([_Passage.of(f"{a} {b}") for a, b in itertools.pairwise(sentences)])
        self._subject = subject
        self._subject_words = frozenset(content_words(subject or ""))
        self._subject_tokens = subject_tokens(subject)
        self._names = frozenset(proper_names(reference))

    def check(self, claim: str, anchors: Anchors | None = None) -> ClaimCheck:
        """Decide one claim (`anchors`: its dates, numbers and names, where the caller has read them already)."""
        claim = straighten_quotes(claim)
        anchors = anchors or anchors_of(claim, self._subject)
        dates, numbers = list(anchors.dates), list(anchors.numbers)
        names = [*anchors.names, *(m.group(0) for m in _ORDINAL.finditer(claim))]
        unknown = [name for name in anchors.names if not _name_in(name, self._names)]
        if unknown:
            # "X was Born In", "X had a Career": a capitalised word the article never uses as a name names nothing.
            return ClaimCheck(claim, False, f"not a name the article uses: {', '.join(unknown)}")
        holding = self._passages.holding(dates, numbers, names)
        if len(dates) + len(numbers) + len(names) >= 2:
            holding += self._pairs.holding(dates, numbers, names)
        if not holding:
            stated = ", ".join([*map(str, dates), *(f"{n:g}" for n in numbers), *names])
            return ClaimCheck(claim, False, f"no passage holds all of: {stated}")
        words = set(content_words(claim)) - self._subject_words
        denial = denies(claim)
        if denial:
            # A denial is backed only by a passage that denies what it denies: "never studied at X" is neither in
            # "studied at X" nor in "studied at X and had no children".
            holding = [p for p in holding if p.negated and (words - NEGATION_WORDS) & p.denied_words]
            if not holding:
                return ClaimCheck(claim, False, "it denies what no passage denies")
        else:
            # An assertion only by what a passage asserts: "was sent off" is not in "was never sent off".
            holding = [p for p in holding if p.affirmed.holds(dates, numbers, names)]
            if not holding:
                return ClaimCheck(claim, False, "the passages that hold its facts deny them")
        if not words:
            return ClaimCheck(claim, False, "the claim states nothing beyond its subject")
        evidence = [(p, p if denial else p.affirmed) for p in holding]
        best, overlap = max(((p, len(words & e.words) / len(words)) for p, e in evidence), key=lambda x: x[1])
        # A short claim has no word to spare: "born in London" is not backed by "born ... in Cambridge".
        needed = 1.0 if len(words) <= SHORT_CLAIM_WORDS else MIN_OVERLAP
        if overlap < needed:
            return ClaimCheck(claim, False, f"best passage overlap {overlap:.2f} < {needed:.2f}", best.text)
        return ClaimCheck(claim, True, f"overlap {overlap:.2f}", best.text)


def proper_names(text: str) -> set[str]:
    """The words `text` uses in names: capitalised somewhere other than at the start of a sentence or a line
    ("Cambridge", "Irish", the "Chamber" of "Danube Chamber Orchestra"; not "Born", nor a heading's "Career")."""
    names = set()
    for sentence in split_sentences(text):
        for line in sentence.text.split("\n"):
            for word in re.findall(r"[\w']+", line)[1:]:
                if word[:1].isupper():
                    names.add(_POSSESSIVE.sub("", word).lower())
    return names


_POSSESSIVE = re.compile(r"'s?$")


def _name_in(name: str, tokens: frozenset[str]) -> bool:
    name = name.lower()
    if name in tokens:
        return True
    return len(name) > _NAME_PREFIX and any(t[:_NAME_PREFIX] == name[:_NAME_PREFIX] for t in tokens)
