"""What pins a claim to the world: its dates, numbers and names beyond its subject.

A claim with none of them ("X had a career", "X became known") says nothing a reader could check, and a claim
with nothing else ("X 1994.", "X is School.") relates nothing to anything: neither is counted as a fact. F1@K
counts only claims that carry at least one anchor and at least one word of their own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nohallucinate.answers.dates import PartialDate, find_dates
from nohallucinate.answers.lexicon import NOT_NAMES_IN_CLAIMS, PRONOUNS
from nohallucinate.answers.normalise import fold, straighten_quotes
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.questions import content_words

_NAME = re.compile(r"\b[A-Z][\w']*")
_POSSESSIVE = re.compile(r"'s?$")


@dataclass(frozen=True)
class Anchors:
    """A claim's dates, numbers and names (its subject's own name left out)."""

    dates: tuple[PartialDate, ...]
    numbers: tuple[float, ...]
    names: tuple[str, ...]
    exact: int  # how many of the dates and numbers are stated exactly, not as bounds ("after 1990", "about 30")
    relates: bool  # a word beyond the subject, the names and the values says what links them ("born", "won")

    @property
    def specific(self) -> bool:
        """True when the claim carries a fact a reference could confirm or contradict: a name, or a date or
        number stated exactly (a bound such as "born after 1000" holds for nearly everyone), and a word that
        says how it bears on the subject."""
        return bool(self.exact or self.names) and self.relates


# A value behind one of these is a bound, not a fact: "born after 1000" holds for nearly everyone, and a model
# verifier would call it entailed by any article with a birth year; so would "after 1001", "after 1002", ...
_BOUND = re.compile(
    r"(?:\b(?:after|before|over|under|above|below|nearly|almost|around|about|approximately|roughly|circa|some|"
    r"more than|less than|fewer than|at least|at most|upwards of|up to|no later than|no earlier than)|~|\bc\.)"
    r"\s*(?:the\s+(?:year\s+)?)?$",
    re.IGNORECASE,
)


def anchors_of(claim: str, subject: str | None = None) -> Anchors:
    """The dates, numbers and names `claim` states, leaving out the words of `subject`'s name."""
    claim = straighten_quotes(claim)
    own = subject_tokens(subject)
    dates, numbers = find_dates(claim), find_numbers(claim)
    exact = sum(not _BOUND.search(claim[max(0, m.start - 30) : m.start]) for m in dates)
    # The opening word is capitalised by its place ("Since 2016 ...", "Overall ..."), not as a name; and a
    # respelling of the subject ("Ambergasts", "Ambergasté", "Ambergast_") is the subject.
    names = tuple(n for n in names_in(claim[_first_word_end(claim) :]) if not _is_subject(n, own))
    values = " ".join(
        [*(m.text for m in dates), *(m.text for m in numbers)]
    )  # "two", "twenty-one", "March" are values, not links
    said = content_words(claim) - content_words(subject or "") - content_words(" ".join(names)) - content_words(values)
    return Anchors(
        dates=tuple(m.date for m in dates),
        numbers=tuple(n.value for n in numbers),
        exact=exact + sum(n.qualifier == "exact" for n in numbers),
        names=names,
        relates=any(not word.isdigit() and word not in PRONOUNS and not _is_subject(word, own) for word in said),
    )


def _is_subject(word: str, own: frozenset[str]) -> bool:
    """True when `word` is, or respells, a word of the subject's name: the same letters once folded, or those
    letters with something after them ("Ambergasts", "Ambergasté", "Ambergast_"), or a cut of five or more."""
    letters = re.sub(r"[^a-z]", "", fold(word))
    for token in own:
        name = re.sub(r"[^a-z]", "", fold(token))
        if name and (
            letters == name
            or (len(name) >= 4 and letters.startswith(name))
            or (len(letters) >= 5 and name.startswith(letters))
        ):
            return True
    return False


def _first_word_end(text: str) -> int:
    match = re.match(r"\s*[\w'’-]+", text)
    return match.end() if match else 0


def names_in(text: str) -> list[str]:
    """Capitalised words that may name someone or something, possessives trimmed."""
    return [
        _POSSESSIVE.sub("", word) for word in _NAME.findall(text) if word not in NOT_NAMES_IN_CLAIMS and len(word) > 1
    ]


def subject_tokens(subject: str | None) -> frozenset[str]:
    """The lower-cased words of a name, possessives trimmed."""
    return frozenset(tokens(subject or ""))


def tokens(text: str) -> set[str]:
    return {_POSSESSIVE.sub("", t) for t in re.findall(r"[\w']+", text.lower())}


def specific_claims(claims: list[str], subject: str | None) -> list[str]:
    """The claims that carry a fact (a date, number or name beyond `subject`): the ones F1@K and K count."""
    return [claim for claim in claims if anchors_of(claim, subject).specific]
