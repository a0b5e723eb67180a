"""Phrases that name what is wrong with a question: a false premise, a missing entity,
an unrecorded value, or a name shared by several people."""

from __future__ import annotations

import re
from enum import StrEnum

from nohallucinate.answers.abstention import normalise_quotes


class DefectCue(StrEnum):
    """The four defects an unanswerable question can carry."""

    FALSE_PREMISE = "false_premise"
    NONEXISTENT = "nonexistent"
    UNRECORDED = "unrecorded"
    AMBIGUOUS = "ambiguous"


_NEG = r"(?:never|not|n't|no longer|did not|does not|has not|have not|had not|was not|is not)"
_RELATION = (
    r"(?:play(?:ed|s|ing)?|appear(?:ed|s|ing)?|feature(?:d|s)?|join(?:ed|s)?|sign(?:ed|s)? (?:for|with)|"
    r"represent(?:ed|s)?|turn(?:ed)? out|won|win(?:s|ning)?|receiv(?:ed|e|es|ing)|award(?:ed)?|"
    r"given|granted|honou?red|recipient|winner|laureate|member|part of|associated|affiliated|"
    r"been (?:a |an )?(?:\w+ )?(?:player|footballer|member|recipient|winner|laureate))"
)
_ENTITY = (
    r"(?:person|people|individual|one|someone|anyone|player|footballer|athlete|club|team|side|prize|award|"
    r"medal|honou?r|entity|author|writer|scientist|politician|figure|organi[sz]ation|company|record|such)"
)

_PATTERNS: dict[DefectCue, re.Pattern[str]] = {
    DefectCue.FALSE_PREMISE: re.compile(
        "|".join(
            [
                rf"\b{_NEG}\b(?:\s+\w+){{0,3}}\s+{_RELATION}\b",
                rf"\b{_NEG} (?:ever )?(?:a|an) (?:\w+ ){{0,3}}(?:player|member|recipient|winner|laureate)\b",
                r"\bno (?:record|evidence|indication|sign|mention|information)s? (?:\w+ ){0,3}(?:that|of|"
                r"showing|suggesting)\b(?:\s+\w+){0,6}\s+" + _RELATION + r"\b",
                r"\b(?:false|incorrect|mistaken|wrong|flawed|faulty|erroneous|inaccurate|invalid) "
                r"(?:premise|assumption|presupposition)\b",
                r"\b(?:premise|assumption|presupposition) (?:of (?:the|your|this) question )?(?:is|seems|appears"
                r"|looks) (?:to be )?(?:false|incorrect|mistaken|wrong|flawed|inaccurate|untrue)\b",
                r"\bquestion (?:is based on|rests on|assumes|presupposes|contains) (?:a |an )?"
                r"(?:false|incorrect|mistaken|wrong|inaccurate)\b",
                r"\bthat(?:'s| is) not (?:correct|right|accurate|true)\b|\bthis is (?:incorrect|untrue|false)\b",
            ]
        ),
        re.IGNORECASE,
    ),
    DefectCue.NONEXISTENT: re.compile(
        "|".join(
            [
                r"\b(?:does not|doesn't|did not|didn't|do not|don't) (?:appear to |seem to )?exist\b",
                r"\b(?:appears|seems) not to exist\b|\bnon-?existent\b|\bno such\b",
                r"\bnot (?:a |an )?(?:real|actual|existing|genuine|known|recognised|recognized)\b"
                r"(?:\s+\w+){0,2}",
                r"\b(?:fictional|fictitious|fabricated|made[- ]up|invented|imaginary|hypothetical)\b",
                rf"\b(?:no|not aware of any|unaware of any|never heard of (?:a|an|any)|no knowledge of any|"
                rf"not familiar with any|cannot find any|can't find any|could not find any|couldn't find any|"
                rf"no record of any|no evidence of any|no trace of any)"
                rf" (?:\w+ ){{0,3}}{_ENTITY}s? (?:\w+ ){{0,2}}(?:named|called|by the name|known as|titled)\b",
                rf"\b(?:no|cannot find any|can't find any|could not find any|couldn't find any) "
                rf"(?:record|evidence|trace|mention|sign)s? (?:that|of) (?:(?:a|an|any|the) )?"
                rf"(?:\w+ ){{0,3}}(?:{_ENTITY}s? )?(?:named|called|by that name)?\b[^.]{{0,60}}\bexist",
                r"\bno (?:\w+ )?(?:wikipedia|wikidata) (?:article|entry|page)\b",
                r"\b(?:is|are) not (?:a|an) (?:real|known|recognised|recognized)\b",
            ]
        ),
        re.IGNORECASE,
    ),
    DefectCue.UNRECORDED: re.compile(
        "|".join(
            [
                r"\b(?:exact|precise|full|specific|complete|actual)(?: birth)? (?:date|day|birthdate|birth date|"
                r"date of birth|day and month|month and day|month)\b[^.;]{0,60}?\b(?:is|are|was|were|has|have|"
                r"remains?|appears|seems)\b(?: \w+){0,2} (?:not|n't|never|un)\w*\s*(?:been )?(?:publicly |"
                r"reliably |widely |officially )?(?:recorded|documented|known|available|published|reported|"
                r"established|listed|attested|preserved|verified|given|disclosed|kept)",
                r"\b(?:exact|precise|full|specific|complete|actual)(?: birth)? (?:date|day|birthdate|birth date|"
                r"date of birth)\b[^.;]{0,40}?\b(?:is|are|was|were|remains?) (?:unknown|unrecorded|undocumented|"
                r"not known|lost|uncertain)\b",
                r"\b(?:only|just) (?:the |his |her |their |a )?(?:birth )?year(?: of (?:his |her |their )?birth)?"
                r"(?: \(?\d{4}\)?)? (?:is|was|has been|are|were|seems to be|appears to be|survives|exists) "
                r"(?:\w+ )?(?:known|recorded|documented|available|given|listed|attested)\b",
                r"\b(?:records?|sources?|documents?|references?|wikipedia|wikidata|registers?) (?:only |just )"
                r"(?:give|gives|list|lists|show|shows|record|records|state|states|mention|mentions|note|notes|"
                r"provide|provides)\b",
                r"\b(?:records?|sources?|documentation) (?:\w+ ){0,3}(?:give|gives|list|lists|record|records|show|"
                r"shows) only (?:the |his |her |their )?year\b",
                r"\b(?:no|not any) (?:surviving |known |public |reliable )?(?:record|records|documentation|"
                r"source|sources) (?:\w+ ){0,2}(?:of|for|give|gives|giving|with|record|records|recording) "
                r"(?:\w+ ){0,2}(?:exact|precise|full|specific)\b",
                r"\b(?:date|day|birthdate|birth date|date of birth) (?:\w+ ){0,3}(?:is|was|are|were|has|have) "
                r"(?:not|never) (?:been )?(?:publicly |reliably )?(?:recorded|documented|published|preserved)\b",
                r"\b(?:unrecorded|undocumented|not recorded|never recorded|not documented|lost to history)\b",
                r"\bknown only (?:by|to) (?:the |his |her )?year\b|\bonly (?:\w+ )?known (?:by|to the) year\b",
            ]
        ),
        re.IGNORECASE,
    ),
    DefectCue.AMBIGUOUS: re.compile(
        "|".join(
            [
                r"\b(?:several|multiple|many|two|three|four|five|various|numerous|different|more than one|"
                r"a number of|a few|at least two|a couple of)\b(?: \w+){0,3} (?:people|persons|individuals|men|"
                r"women|figures|players|athletes|footballers|notable people|\w+ers|\w+ists|people's)\b"
                r"(?: \w+){0,3}? ?(?:named|called|with (?:the|that|this) (?:same )?name|by (?:the|that|this) "
                r"name|share|sharing|go by|going by|who share|have (?:the|that|this) name|"
                r"answer to|bear|bearing)\b",
                r"\b(?:name|question|reference|it) (?:is|seems|appears|remains) (?:\w+ )?ambiguous\b|"
                r"\bambiguous\b|\bambiguity\b|\bdisambiguat",
                r"\b(?:could|can|may|might|would) (?:\w+ )?(?:refer|apply|belong|point) to\b(?: \w+){0,3} "
                r"(?:several|multiple|more than one|different|any of|one of|a number of|various|either)\b",
                r"\bwhich (?:one|person|individual|\w+(?: \w+)?) (?:do|did|are|were) you (?:mean|refer|asking|"
                r"referring|thinking|have in mind)",
                r"\b(?:could|can|would) you (?:please )?(?:clarify|specify|be more specific|tell me which)\b",
                r"\bmore than one (?:person|individual|\w+ (?:named|called))\b",
                r"\bshared by (?:several|multiple|more than one|many|a number of|different)\b",
                r"\b(?:common|shared) name\b",
            ]
        ),
        re.IGNORECASE,
    ),
}


def defect_cues(text: str) -> set[DefectCue]:
    """Which defects the text names (it may name none, or more than one)."""
    text = normalise_quotes(text)
    return {cue for cue, pattern in _PATTERNS.items() if pattern.search(text)}


def names_defect(text: str, cue: DefectCue) -> bool:
    """True when the text names this particular defect."""
    return bool(_PATTERNS[cue].search(normalise_quotes(text)))


_NEGATION = re.compile(
    r"\b(?:not|never|no|none|neither|nor|without)\b|n't\b",
    re.IGNORECASE,
)
_UNCERTAINTY = re.compile(
    r"\b(?:not|n't) (?:entirely |completely |totally |100% |quite |really |absolutely )?"
    r"(?:sure|certain|confident|positive)\b|\bnot 100%",
    re.IGNORECASE,
)


def negates(clause: str) -> bool:
    """True when a clause denies something (uncertainty such as "not sure" is a hedge, not a denial)."""
    clause = _UNCERTAINTY.sub(" ", normalise_quotes(clause))
    return bool(_NEGATION.search(clause))
