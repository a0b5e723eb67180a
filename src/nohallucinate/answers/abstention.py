"""Phrases that decline to answer, and phrases that hedge an answer."""

from __future__ import annotations

import re


def normalise_quotes(text: str) -> str:
    """Straighten curly apostrophes and quotes so one pattern matches every keyboard."""
    return text.translate(_QUOTES)


_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u02bc": "'"})

_KNOWLEDGE = (
    r"(?:information|info|data|details?|knowledge|record|records|source|sources|idea|clue|answer|memory|"
    r"way of knowing|means of knowing)"
)

_ABSTENTION = re.compile(
    "|".join(
        [
            r"\bi (?:really |honestly |simply |just |genuinely |actually )?(?:do not|don't|dont|did not|didn't) "
            r"(?:know|recall|remember)\b",
            rf"\bi (?:do not|don't|dont) have (?:\w+ ){{0,4}}{_KNOWLEDGE}\b",
            rf"\bi have (?:no|not got any) (?:\w+ ){{0,3}}{_KNOWLEDGE}\b",
            r"\bno idea\b|\bidk\b|\bnot known to me\b|\bunknown to me\b|\bbeyond my knowledge\b",
            r"\bi(?:'m| am) (?:not |un)?(?:able|afraid|unable) (?:to )?(?:answer|say|provide|determine|"
            r"verify|confirm|find|give|help|tell|recall|know)",
            r"\bi(?:'m| am) afraid i\b",
            r"\bi (?:cannot|can't|can not|could not|couldn't|won't|will not|am unable to) (?:\w+ )?"
            r"(?:answer|say|provide|determine|verify|confirm|find|give|tell|recall|pin down|be sure|"
            r"be certain|know|identify|locate|offer|supply)\b",
            r"\b(?:cannot|can't|unable to) (?:reliably |accurately |confidently )?(?:answer|determine|verify)\b",
            r"\bnot (?:able|in a position) to (?:answer|say|provide|determine|verify|confirm|give)\b",
            r"\bi(?:'m| am) (?:not |un)(?:entirely |completely |really |totally |100% )?(?:sure|certain|aware)\b",
            r"\bi(?:'m| am) not (?:confident|familiar)\b|\bi lack\b|\bi(?:'d| would) rather not guess\b",
            r"\bwithout (?:a |any )?(?:reliable |verifiable )?(?:source|sources|access|information)\b",
            r"\b(?:no|not enough|insufficient) (?:reliable |verifiable |available |specific )?"
            r"(?:information|data|details)\b",
            r"\brather than guess\b|\bwon't guess\b|\bnot going to guess\b|\bdon't want to guess\b",
            r"^\s*(?:unknown|not sure|unsure|no answer|pass)\s*[.!]?\s*$",
        ]
    ),
    re.IGNORECASE | re.MULTILINE,
)

_HEDGE = re.compile(
    r"\b(?:i think|i believe|i'm fairly|i am fairly|probably|possibly|perhaps|maybe|likely|might|may have|"
    r"could be|i guess|if i recall|if i remember|as far as i know|to my knowledge|not (?:entirely |completely )?"
    r"(?:sure|certain)|unsure|approximately|roughly|around|about|i suspect|my best guess|best guess|"
    r"it seems|seems|appears|i'd say|if memory serves)\b",
    re.IGNORECASE,
)


def abstains(text: str) -> bool:
    """True when the text contains a phrase that declines to answer ("I don't know", "I can't verify")."""
    return bool(_ABSTENTION.search(normalise_quotes(text)))


def hedges(text: str) -> bool:
    """True when the text qualifies its own answer ("I think", "probably", "not certain")."""
    return bool(_HEDGE.search(normalise_quotes(text)))
