"""The named leniencies and rival rules of text matching (answers/text_match.py), each with the cases it must
and must not accept: the names here, for the code that applies them; their meanings and cases in
`match_rules.toml`, one entry a rule, read once at import.

A leniency is something a match may leave out or write otherwise; a rival rule finds another candidate offered
with the gold for the same slot. Verdicts name them, tests/answers/test_text_match.py runs every case, and each
leniency is a template a policy could learn: the audit catalogue holds strategies for them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from nohallucinate.answers import catalogues
from nohallucinate.answers.text_gold import DESIGNATOR, IN_QUESTION, TITLE, GoldPhrase


@dataclass(frozen=True)
class MatchRule:
    """A named leniency or rival rule, with the (question, gold, reply) cases it must decide each way: a
    leniency turns `accepts` into a match that names it and leaves `rejects` unmatched by it; a rival rule
    fires on `accepts` and not on `rejects`."""

    name: str
    explains: str
    accepts: tuple[tuple[str, str, str], ...]
    rejects: tuple[tuple[str, str, str], ...] = ()


# Leniencies: what a match may leave out or write otherwise. All give a FULL match but the last three.
FUZZY = "fuzzy_spelling"
CZECH_CASE = "czech_case_ending"
CZECH_FEMININE = "czech_feminine_surname"
JOINED = "joined_pieces"
ANY_ORDER = "any_order"
TITLE_DROPPED = "title_dropped"
DESIGNATOR_DROPPED = "designator_dropped"
PRESUMED = "presumed_from_question"
GIVEN_DROPPED = "given_names_dropped"
INITIALS = "initials"
SHORT_GIVEN = "short_given_name"
SURNAME_FIRST = "surname_first"
QUALIFIER_DROPPED = "qualifier_dropped"
ALIAS = "alias_in_gold"
TRIMMED = "gold_trimmed"
SURNAME_ONLY = "surname_only"
GIVEN_ONLY = "given_name_only"
PART_ONLY = "part_only"
# Rivals: the gold is offered with another candidate for the same slot.
EITHER_OR = "either_or"
SOURCES_DISAGREE = "sources_disagree"
LISTED_WITH_OTHERS = "listed_with_others"
ANSWERED_OTHERWISE = "answered_otherwise_first"

SURE_LENIENCIES = frozenset({TITLE_DROPPED})  # a title left out changes no reading; a sure match may drop one
LESS_SPECIFIC_LENIENCIES = frozenset({SURNAME_ONLY, GIVEN_ONLY, PART_ONLY})

_FILE = "match_rules.toml"
_CASE = "[question, gold, reply]"
# Every rule the file must hold: "normalised" is the rule of forms, which no match names as a leniency.
_LENIENCIES = ("normalised", FUZZY, JOINED, ANY_ORDER, TITLE_DROPPED, DESIGNATOR_DROPPED, PRESUMED, GIVEN_DROPPED,
               INITIALS, SHORT_GIVEN, SURNAME_FIRST, QUALIFIER_DROPPED, ALIAS, TRIMMED, CZECH_CASE, CZECH_FEMININE,
               SURNAME_ONLY, GIVEN_ONLY, PART_ONLY)  # fmt: skip
_RIVALS = (EITHER_OR, SOURCES_DISAGREE, LISTED_WITH_OTHERS, ANSWERED_OTHERWISE)


def match_rules(catalogue: Mapping[str, Any], table: str, known: tuple[str, ...]) -> tuple[MatchRule, ...]:
    """The rules of `[[table]]` in a parsed match_rules.toml, in its order; they must be `known` exactly (a rule
    the code names needs its cases, and a rule the code does not know would be tested as nothing)."""
    rules = tuple(
        MatchRule(
            entry.text("name"),
            entry.text("explains"),
            tuple((q, g, r) for q, g, r in entry.cases("accepts", _CASE, 3)),
            tuple((q, g, r) for q, g, r in entry.cases("rejects", _CASE, 3, required=False)),
        )
        for entry in catalogues.entries(catalogue, _FILE, table, ("name", "explains", "accepts", "rejects"))
    )
    catalogues.check_names(_FILE, f"[[{table}]] rules", [rule.name for rule in rules], known)
    return rules


_CATALOGUE = catalogues.load(_FILE, ("leniency", "rival"))
LENIENCY_RULES = match_rules(_CATALOGUE, "leniency", _LENIENCIES)
RIVAL_RULES = match_rules(_CATALOGUE, "rival", _RIVALS)
del _CATALOGUE


def dropped_leniencies(phrase: GoldPhrase, said: set[int]) -> set[str]:
    """The leniencies of leaving out the optional words of `phrase` whose indices are not in `said`."""
    names = set()
    for i, role in enumerate(phrase.roles):
        if i not in said and role == TITLE:
            names.add(TITLE_DROPPED)
        elif i not in said and role == DESIGNATOR:
            names.add(DESIGNATOR_DROPPED)
        elif i not in said and role == IN_QUESTION:
            names.add(PRESUMED)
    return names
