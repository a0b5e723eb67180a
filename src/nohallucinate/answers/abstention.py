"""Phrases that decline to answer, and phrases that hedge an answer.

Each rule has a name, the replies it must fire on and the replies it must not (tests/answers/test_abstention.py
runs them all); `abstention_rule` says which rule found a reply's abstention, so a verdict can record it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nohallucinate.answers.normalise import normalise


@dataclass(frozen=True)
class PhraseRule:
    """A named pattern that finds one way of declining or hedging, with the replies it must and must not fire on."""

    name: str
    pattern: re.Pattern[str]
    fires_on: tuple[str, ...]
    not_on: tuple[str, ...] = ()


_FLAGS = re.IGNORECASE | re.MULTILINE


def _rule(name: str, pattern: str, fires_on: tuple[str, ...], not_on: tuple[str, ...] = ()) -> PhraseRule:
    return PhraseRule(name, re.compile(pattern, _FLAGS), fires_on, not_on)


def _any_of(rules: tuple[PhraseRule, ...]) -> re.Pattern[str]:
    """One pattern that tries every rule in order; the name of the group that matched is the rule that fired."""
    return re.compile("|".join(f"(?P<{rule.name}>{rule.pattern.pattern})" for rule in rules), _FLAGS)


# Patterns are written for normalised text: straight quotes, contractions expanded ("do not").
_KNOWLEDGE = (
    r"(?:information|info|data|details?|knowledge|record|records|source|sources|idea|clue|answer|memory|"
    r"way of knowing|means of knowing|access|date|birth ?date|date of birth|birthday|figure|number|count|year)"
)
_VERBS_OF_ANSWERING = (
    r"(?:answer|say|provide|determine|verify|confirm|find|give|tell|recall|pin down|be sure|be certain|know|"
    r"identify|locate|offer|supply|help|state|speak to|comment|search|access|look up|browse|retrieve|check)"
)

ABSTENTION_RULES: tuple[PhraseRule, ...] = (
    _rule(
        "do_not_know",
        r"\bi (?:really |honestly |simply |just |genuinely |actually )?(?:do|did) not (?:know|recall|remember)\b",
        ("I don't know.", "I honestly do not remember his birthday.", "I didn't recall that one."),
        ("You don't know him.", "I do not knowingly guess."),
    ),
    _rule(
        "do_not_have_the_information",
        rf"\bi (?:do not|did not) have (?:\w+ ){{0,4}}{_KNOWLEDGE}\b",
        (
            "I don't have reliable information on that.",
            "I do not have access to his records.",
            "I don't have his exact date of birth memorised.",
        ),
        ("I don't have a favourite club.",),
    ),
    _rule(
        "have_no_information",
        rf"\bi have (?:no|not got any) (?:\w+ ){{0,3}}{_KNOWLEDGE}\b",
        ("I have no record of that match.", "I've not got any details about her."),
        ("I have no doubt it was 1952.",),
    ),
    _rule(
        "no_idea",
        r"\bno idea\b|\bidk\b|\bnot known to me\b|\bunknown to me\b|\bbeyond my knowledge\b",
        ("No idea, sorry.", "idk", "That is beyond my knowledge.", "The date is unknown to me."),
        ("The date is unknown.", "What a good idea."),
    ),
    _rule(
        "not_able_to_answer",
        rf"\bi (?:am|was|have been) (?:not able|unable) to (?:\w+ )?{_VERBS_OF_ANSWERING}",
        (
            "I'm not able to confirm that.",
            "I am unable to reliably say.",
            "I am unable to search, to find out which contestant left.",
            "I was not able to find the founding year.",
        ),
        ("I am able to answer: 1952.", "He was not able to play that season."),
    ),
    _rule(
        "would_need_access",
        r"\b(?:to (?:provide|give) (?:an |a )?(?:accurate|precise|definitive|reliable) answer|to answer (?:this|that|"
        r"your question)),? i (?:would|will) (?:need|have) to\b|\bi would need (?:access|to (?:access|search|look|"
        r"check|consult|verify))\b",
        (
            "To provide an accurate answer, I would need access to the full text of the paper.",
            "I would need to search the archives to answer that.",
        ),
        ("I would need only a moment: it was 1952.", "To answer this, note that he was born in 1952."),
    ),
    _rule(
        "data_does_not_contain",
        r"\b(?:the provided|my|the available|my current|my training) (?:data|information|knowledge|sources?|text|"
        r"context|database)(?: base)? (?:does|do) not (?:contain|include|cover|mention|have|say|specify|provide)\b",
        (
            "The provided data does not contain the release date.",
            "My current data does not include detailed records of decommissioning dates.",
        ),
        ("The club's data does not include friendlies, but he made 23 league appearances.",),
    ),
    _rule(
        "not_publicly_available",
        r"\bnot (?:(?:publicly|readily|widely|officially|easily|explicitly|reliably)(?: or \w+)? )+(?:available|"
        r"documented|disclosed|accessible|stated|specified|reported|recorded|known)\b|"
        r"\b(?:cannot|can not|could not) be (?:reliably |definitively |clearly )?(?:identified|determined|found|"
        r"confirmed|verified|ascertained|established)\b|"
        r"\bnot (?:specified|stated|given|mentioned|documented|available|listed|found) in (?:the |any )?"
        r"(?:available |accessible |official |public |reliable |cited |provided )?(?:\w+ )?"
        r"(?:sources|records|documents|data|report)\b",
        (
            "The name of the judge is not publicly documented or readily available in accessible online sources.",
            "The expert cannot be identified from available sources.",
            "The exact month is not specified in the available reliable sources.",
        ),
        ("The album was not available on vinyl until 1990.", "He was not available for the match in 1990."),
    ),
    _rule(
        "afraid_i",
        r"\bi am afraid i\b",
        ("I'm afraid I can't help with that.",),
        ("I am afraid of heights.",),
    ),
    _rule(
        "cannot_answer",
        rf"\bi (?:cannot|can not|could not|will not|would not|am unable to) (?:\w+ )?{_VERBS_OF_ANSWERING}\b",
        ("I can't verify that.", "I couldn't find it.", "I won't say."),
        ("I can verify that: 1952.", "I could not believe he scored 30."),
    ),
    _rule(
        "cannot_determine",
        r"\b(?:cannot|unable to) (?:reliably |accurately |confidently )?(?:answer|determine|verify)\b",
        ("One cannot reliably determine it.", "Unable to verify."),
        ("It can be determined from the records.",),
    ),
    _rule(
        "not_in_a_position",
        r"\bnot (?:able|in a position) to (?:answer|say|provide|determine|verify|confirm|give)\b",
        ("Sadly I'm not in a position to say.", "We are not able to confirm it."),
        ("He was not able to play that season.",),
    ),
    _rule(
        "not_sure",
        r"\bi am (?:not |un)(?:entirely |completely |really |totally |100% )?(?:sure|certain|aware)\b",
        ("I'm not sure.", "I am uncertain about this.", "I'm not aware of any such record."),
        ("I am sure it was 1952.", "He is not sure."),
    ),
    _rule(
        "not_confident_or_lacking",
        r"\bi am not (?:confident|familiar)\b|\bi lack\b|\bi would rather not guess\b",
        ("I'm not familiar with this player.", "I lack the details.", "I would rather not guess."),
        ("I am confident it was 1952.",),
    ),
    _rule(
        "without_a_source",
        r"\bwithout (?:a |any )?(?:reliable |verifiable )?(?:source|sources|access|information)\b",
        ("Without a reliable source I can only speculate.", "Without access to the archive, no."),
        ("Without doubt it was 1952.",),
    ),
    _rule(
        "no_information",
        r"\b(?:no|not enough|insufficient) (?:reliable |verifiable |available |specific )?"
        r"(?:information|data|details)\b",
        ("There is not enough information to say.", "No reliable data exists on this."),
        ("There is enough information: 1952.",),
    ),
    _rule(
        "will_not_guess",
        r"\brather than guess\b|\bwill not guess\b|\bnot going to guess\b|\bi would rather not\b",
        ("Rather than guess, I'll leave it.", "I won't guess.", "I'd rather not."),
        ("My guess is 1952.",),
    ),
    _rule(
        "will_not_invent",
        r"\b(?:do not|did not) want to (?:guess|invent|speculate|fabricate|make (?:something|anything|things) "
        r"up)\b",
        ("I don't want to make something up.", "I do not want to speculate."),
        ("I want to guess 1952.",),
    ),
    _rule(
        "does_not_ring_a_bell",
        r"\b(?:does not|do not) ring a bell\b|\bnot (?:something|anything|anyone|someone) i (?:know|recognise|"
        r"recognize)\b",
        ("The name doesn't ring a bell.", "That's not someone I recognise."),
        ("It rings a bell: 1952.",),
    ),
    _rule(
        "unknown_marker",
        r"^\s*(?:<|&lt;)\s*unknown\s*(?:>|&gt;)\s*[.!]?\s*$",
        ("<UNKNOWN>", "&lt;UNKNOWN&gt;"),
        ("<UNKNOWN> was born in 1952.",),
    ),
    # Czech (the Czech translation of SimpleQA): the same declines, in the words its replies use.
    _rule(
        "cs_do_not_have",
        r"\bnemám\b(?:\s+[\w-]+){0,3}?\s+(?:informac\w*|údaj\w*|přístup\w*|znalost\w*|podklad\w*|dostatek)",
        ("Bohužel nemám přesné informace o tom, kdo cenu získal.", "Nemám přístup ke kompletnímu seznamu."),
        ("Nemám rád zimu, ale narodil se v roce 1952.",),
    ),
    _rule(
        "cs_cannot",
        r"\bnemohu\b(?:\s+[\w-]+){0,3}?\s+(?:určit|říct|říci|uvést|odpovědět|potvrdit|ověřit|poskytnout|najít|"
        r"dohledat|zjistit|identifikovat|specifikovat)",
        ("Na základě dostupných informací nemohu s jistotou určit, kdo hrál roli.", "Nemohu potvrdit datum."),
        ("Nemohu se dočkat, až to uvidím: 1952.",),
    ),
    _rule(
        "cs_not_available",
        r"\b(?:nejsou|není|nebyl[aoy]?)\s+(?:mi\s+)?(?:[\w-]+\s+){0,2}?(?:k\s+dispozici|známé?|známý|známa|známy|"
        r"dostupné|dostupná|dostupný|dohledatelné|ověřitelné|uveden[aáoéy]?)\b",
        (
            "Nejsou k dispozici přesné informace o počtu osob.",
            "Tento kód mi není známý.",
            "Informace není v textu uvedena.",
        ),
        ("Je k dispozici od roku 1952.",),
    ),
    _rule(
        "bare_decline",
        r"^\s*(?:unknown|not sure|unsure|no answer|pass|no comment)\s*[.!]?\s*$",
        ("Unknown.", "Not sure!", "pass", "1952?\nno comment"),
        ("Unknown at the time, he signed in 1952.", "A pass in 1952."),
    ),
)

HEDGE_RULES: tuple[PhraseRule, ...] = (
    _rule(
        "belief",
        r"\b(?:i think|i believe|i am fairly|i guess|i suspect|i would say)\b",
        ("I think it was 1952.", "I'm fairly sure: 25.", "I'd say 30."),
        ("Think of 1952.", "She believes it was 1952."),
    ),
    _rule(
        "likelihood",
        r"\b(?:probably|possibly|perhaps|maybe|likely|might|may have|could be)\b",
        ("Probably 1952.", "It might be 25.", "He may have scored 3."),
        ("It was 1952.", "In May he scored 3."),
    ),
    _rule(
        "memory",
        r"\b(?:if i recall|if i remember|as far as i know|to my knowledge|if memory serves)\b",
        ("If I recall, 1952.", "To my knowledge he scored 3.", "If memory serves, 25."),
        ("I recall it well: 1952.",),
    ),
    _rule(
        "not_certain",
        r"\b(?:not (?:entirely |completely )?(?:sure|certain)|unsure)\b",
        ("1952, though I'm not entirely sure.", "Unsure, but 25."),
        ("I'm sure: 1952.",),
    ),
    _rule(
        "approximation",
        r"\b(?:approximately|roughly|around|about)\b",
        ("Around 30.", "Roughly 120,000 people.", "About 1952."),
        ("Exactly 30.",),
    ),
    _rule(
        "best_guess",
        r"\b(?:my best guess|best guess)\b",
        ("My best guess is 1952.",),
        ("The best answer is 1952.",),
    ),
    _rule(
        "appearance",
        r"\b(?:it seems|seems|appears)\b",
        ("It seems he was born in 1952.", "He appears to have scored 3."),
        ("He appeared 30 times.",),
    ),
)

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
