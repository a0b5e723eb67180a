"""Phrases that decline to answer, and phrases that hedge an answer.

Each rule has a name, the replies it must fire on and the replies it must not (tests/answers/test_abstention.py
runs them all), kept with its pattern in `abstention.toml` (read at import); `abstention_rule` says which rule
found a reply's abstention, so a verdict can record it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from nohallucinate.answers import catalogues
from nohallucinate.answers.normalise import normalise


@dataclass(frozen=True)
class PhraseRule:
    """A named pattern that finds one way of declining or hedging, with the replies it must and must not fire on."""

    name: str
    pattern: re.Pattern[str]
    fires_on: tuple[str, ...]
    not_on: tuple[str, ...] = ()


_FLAGS = re.IGNORECASE | re.MULTILINE


def _any_of(rules: tuple[PhraseRule, ...]) -> re.Pattern[str]:
    """One pattern that tries every rule in order; the name of the group that matched is the rule that fired."""
    return re.compile("|".join(f"(?P<{rule.name}>{rule.pattern.pattern})" for rule in rules), _FLAGS)


_FILE = "abstention.toml"


def phrase_rules(catalogue: Mapping[str, Any], table: str) -> tuple[PhraseRule, ...]:
    """The rules of `[[table]]` in a parsed abstention.toml, in its order (the first that matches names a reply's
    abstention); each name once, fit to name a group of the combined pattern."""
    shared = catalogues.fragments(catalogue, _FILE)
    rules = []
    for entry in catalogues.entries(catalogue, _FILE, table, ("name", "pattern", "fires_on", "not_on")):
        name = entry.text("name")
        if not name.isidentifier():
            raise entry.error("the name is not an identifier (it names a group of the combined pattern)")
        pattern = entry.regex("pattern", shared, _FLAGS)
        rules.append(PhraseRule(name, pattern, entry.texts("fires_on"), entry.texts("not_on", ())))
    catalogues.check_names(_FILE, "rules", [rule.name for rule in rules], None)
    return tuple(rules)


_CATALOGUE = catalogues.load(_FILE, ("fragments", "abstention", "hedge"))
ABSTENTION_RULES = phrase_rules(_CATALOGUE, "abstention")
HEDGE_RULES = phrase_rules(_CATALOGUE, "hedge")
del _CATALOGUE

_ABSTENTION = _any_of(ABSTENTION_RULES)
_HEDGE = _any_of(HEDGE_RULES)


@lru_cache(maxsize=4096)
def abstention_rule(text: str) -> str | None:
    """The name of the rule that finds a phrase declining to answer in the text, or None when none does (cached: a
    reply is asked by its reader, its grader and the text matcher alike)."""
    match = _ABSTENTION.search(normalise(text))
    return match.lastgroup if match else None


def abstains(text: str) -> bool:
    """True when the text contains a phrase that declines to answer ("I don't know", "I can't verify")."""
    return abstention_rule(text) is not None


@lru_cache(maxsize=4096)
def hedge_rule(text: str) -> str | None:
    """The name of the rule that finds a phrase qualifying the text's own answer, or None when none does."""
    match = _HEDGE.search(normalise(text))
    return match.lastgroup if match else None


def hedges(text: str) -> bool:
    """True when the text qualifies its own answer ("I think", "probably", "not certain")."""
    return hedge_rule(text) is not None


@lru_cache(maxsize=4096)
def outside_declines(text: str) -> str:
    """The text, normalised, with every phrase that declines blanked out: what it says besides declining ("I'm not
    sure, but I believe it was Brno" leaves ", but I believe it was Brno", whose hedge is its own)."""
    return _ABSTENTION.sub(" ", normalise(text))


@lru_cache(maxsize=4096)
def outside_declines_and_hedges(text: str) -> str:
    """The text, normalised, with every phrase that declines or hedges blanked out ("Nejsem si jistý, ale Brno"
    leaves ", ale Brno"): a capitalised word of those phrases names no one."""
    return _HEDGE.sub(" ", outside_declines(text))
