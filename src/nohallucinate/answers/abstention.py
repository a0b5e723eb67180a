"""Phrases that decline to answer, and phrases that hedge an answer."""

from __future__ import annotations

import re

from nohallucinate.answers.normalise import normalise

# Patterns are written for normalised text: straight quotes, contractions expanded ("do not").
_KNOWLEDGE = (
    r"(?:information|info|data|details?|knowledge|record|records|source|sources|idea|clue|answer|memory|"
    r"way of knowing|means of knowing|access)"
)
_VERBS_OF_ANSWERING = (
    r"(?:answer|say|provide|determine|verify|confirm|find|give|tell|recall|pin down|be sure|be certain|know|"
    r"identify|locate|offer|supply|help|state|speak to|comment)"
)

_ABSTENTION = re.compile(
    "|".join(
        [
            r"\bi (?:really |honestly |simply |just |genuinely |actually )?(?:do|did) not (?:know|recall|remember)\b",
            rf"\bi (?:do not|did not) have (?:\w+ ){{0,4}}{_KNOWLEDGE}\b",
            rf"\bi have (?:no|not got any) (?:\w+ ){{0,3}}{_KNOWLEDGE}\b",
            r"\bno idea\b|\bidk\b|\bnot known to me\b|\bunknown to me\b|\bbeyond my knowledge\b",
            rf"\bi am (?:not able|unable) to (?:\w+ )?{_VERBS_OF_ANSWERING}",
            r"\bi am afraid i\b",
            rf"\bi (?:cannot|can not|could not|will not|would not|am unable to) (?:\w+ )?{_VERBS_OF_ANSWERING}\b",
            r"\b(?:cannot|unable to) (?:reliably |accurately |confidently )?(?:answer|determine|verify)\b",
            r"\bnot (?:able|in a position) to (?:answer|say|provide|determine|verify|confirm|give)\b",
            r"\bi am (?:not |un)(?:entirely |completely |really |totally |100% )?(?:sure|certain|aware)\b",
            r"\bi am not (?:confident|familiar)\b|\bi lack\b|\bi would rather not guess\b",
            r"\bwithout (?:a |any )?(?:reliable |verifiable )?(?:source|sources|access|information)\b",
            r"\b(?:no|not enough|insufficient) (?:reliable |verifiable |available |specific )?"
            r"(?:information|data|details)\b",
            r"\brather than guess\b|\bwill not guess\b|\bnot going to guess\b|\bi would rather not\b",
            r"\b(?:do not|did not) want to (?:guess|invent|speculate|fabricate|make (?:something|anything|things) "
            r"up)\b",
            r"\b(?:does not|do not) ring a bell\b|\bnot (?:something|anything|anyone|someone) i (?:know|recognise|"
            r"recognize)\b",
            r"^\s*(?:unknown|not sure|unsure|no answer|pass|no comment)\s*[.!]?\s*$",
        ]
    ),
    re.IGNORECASE | re.MULTILINE,
)

_HEDGE = re.compile(
    r"\b(?:i think|i believe|i am fairly|probably|possibly|perhaps|maybe|likely|might|may have|could be|i guess|"
    r"if i recall|if i remember|as far as i know|to my knowledge|not (?:entirely |completely )?(?:sure|certain)|"
    r"unsure|approximately|roughly|around|about|i suspect|my best guess|best guess|it seems|seems|appears|"
    r"i would say|if memory serves)\b",
    re.IGNORECASE,
)


def abstains(text: str) -> bool:
    """True when the text contains a phrase that declines to answer ("I don't know", "I can't verify")."""
    return bool(_ABSTENTION.search(normalise(text)))


def hedges(text: str) -> bool:
    """True when the text qualifies its own answer ("I think", "probably", "not certain")."""
    return bool(_HEDGE.search(normalise(text)))
