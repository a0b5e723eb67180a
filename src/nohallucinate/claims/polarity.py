"""Whether a claim denies what it states, and which parts of a passage deny theirs.

A claim denies when it negates ("never won", "did not study", "is no longer") or when a frame calls what it states
false: "It is false that X won ...", "X won ... — that is untrue", "The claim that X won ... is a myth", "X is
wrongly said to have won ...". The decomposer cuts a framed sentence's statement into claims and gives each the
frame in one wording (`DENIED`), so that every claim of "It is false that X won A and received B" denies.

A passage of the reference is read by its parts (cut at commas, semicolons and conjunctions): "He was booked four
times a season and was never sent off" denies only that he was sent off, so it still affirms the bookings.

Each frame is a named rule with the sentences it must and must not fire on (tests/claims/test_polarity.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

from nohallucinate.answers.abstention import PhraseRule
from nohallucinate.answers.defects import negates

DENIED = "It is not true that "  # the one wording a framed statement's claims are given

_FALSE = (
    r"(?:false|untrue|not true|not the case|incorrect|wrong|inaccurate|not correct|not accurate|a myth|"
    r"a misconception|a fabrication|a falsehood|unfounded|baseless|mistaken|fiction|made up|invented)"
)
_FALSELY = r"(?:falsely|wrongly|erroneously|mistakenly|incorrectly)"
_SAID = (
    r"(?:said|reported|credited|claimed|believed|thought|described|listed|named|stated|attributed|identified|"
    r"given|written|recorded)"
)
_FLAGS = re.IGNORECASE


def _rule(name: str, pattern: str, fires_on: tuple[str, ...], not_on: tuple[str, ...] = ()) -> PhraseRule:
    return PhraseRule(name, re.compile(pattern, _FLAGS), fires_on, not_on)


# Frames around a whole statement: the statement is the text with the frame cut out (the `body` group, when the
# frame surrounds it).
FRAME_RULES: tuple[PhraseRule, ...] = (
    _rule(
        "called_false_before",
        rf"^\W*(?:it is|it was|it has been|it would be)\s+(?:(?:\w+\s+)?{_FALSE}\s+(?:to (?:say|claim|suggest)\s+)?|"
        rf"{_FALSELY}\s+(?:\w+\s+)?{_SAID}\s+)that\s+",
        (
            "It is false that Liesl Ambergast won the Grauheim Competition in 2012.",
            "It is simply untrue that she studied in Almerland.",
            "It is not the case that he retired in 2020.",
            "It would be wrong to say that she lives in Castremo.",
            "It is wrongly said that she studied in Almerland and won in 2012.",
        ),
        ("It is true that she won it in 2012.", "It was clear that she would win."),
    ),
    _rule(
        "labelled_false",
        rf"^\W*(?:{_FALSE}|myth|not so)\s*[:—–-]\s*",
        ("False: Liesl Ambergast won the Grauheim Competition in 2012.", "Myth — she studied in Almerland."),
        ("Falsetto: she sang.",),
    ),
    _rule(
        "the_claim_is_false",
        r"^\W*(?:the|any) (?:claim|idea|notion|story|report|belief|suggestion|statement|assertion|rumou?r)s? that\s+"
        rf"(?P<body>.+?),?\s+(?:is|was|are|were)\s+(?:\w+\s+)?{_FALSE}\W*$",
        ("The claim that she won the Grauheim Competition in 2012 is false.",),
        ("The claim that she won it is well documented.",),
    ),
    _rule(
        "called_false_after",
        r"(?:[,;:—–]|\s-)\s*(?:but\s+|and\s+)?(?:this|that|which|it|all of this|all of that|none of this)\s+"
        rf"(?:is|was|are|were)\s+(?:\w+\s+)?(?:{_FALSE}|not so)\W*$|\s*\((?:{_FALSE})\)\W*$",
        (
            "Liesl Ambergast won the Grauheim Competition in 2012 — that is untrue.",
            "She studied in Almerland, which is false.",
            "She studied in Almerland (untrue).",
        ),
        ("She studied in Almerland, which is true.", "She won it, and that is remarkable."),
    ),
)

_SAID_FALSELY = _rule(
    "said_falsely",
    rf"\b{_FALSELY}\s+(?:\w+\s+)?{_SAID}\b",
    ("Ambergast is wrongly said to have won the Grauheim Competition in 2012.", "She is falsely credited with it."),
    ("She was rightly credited with it.",),
)
RULES: tuple[PhraseRule, ...] = (*FRAME_RULES, _SAID_FALSELY)


def denied_statement(sentence: str) -> str | None:
    """The statement a sentence calls false ("It is false that X won" -> "X won"), or None when no frame does."""
    for rule in FRAME_RULES:
        if match := rule.pattern.search(sentence):
            if "body" in rule.pattern.groupindex:
                return match.group("body")
            return (sentence[: match.start()] + sentence[match.end() :]).strip()
    return None


@lru_cache(maxsize=8192)  # a claim is read by the merger and by the checker
def denies(text: str) -> bool:
    """True when the claim or passage denies what it states: a negation, or a frame that calls it false."""
    return negates(text) or any(rule.pattern.search(text) for rule in RULES)


# A passage's parts: what a negation inside one of them governs. "Not only ... but also" denies nothing.
_PART_BREAK = re.compile(r"[,;:()—–]|\s-\s|\b(?:and|but|or|so|while|whereas|although|though|yet|because)\b", _FLAGS)
_NOT_ONLY = re.compile(r"\bnot only\b", _FLAGS)


def split_by_polarity(text: str) -> tuple[str, str]:
    """The parts of the text that deny nothing, and those that deny ("He was booked four times and was never sent
    off" -> "He was booked four times", "was never sent off"): what a passage asserts, and what it denies."""
    affirmed: list[str] = []
    denied: list[str] = []
    start = 0
    for match in [*_PART_BREAK.finditer(text), None]:
        end = match.start() if match else len(text)
        part = text[start:end]
        (denied if denies(_NOT_ONLY.sub(" ", part)) else affirmed).append(part)
        if match:
            start = match.end()
    return " ".join(affirmed), " ".join(denied)


# The words that make a denial; a denial backs another only when they share a word beyond these.
NEGATION_WORDS = frozenset(
    "not never no none neither nor without longer nothing nobody true false untrue myth wrong incorrect case "
    "wrongly falsely".split()
)
