"""Phrases that name what is wrong with a question: a false premise, a missing entity,
an unrecorded value, or a name shared by several people."""

from __future__ import annotations

import re
from enum import StrEnum

from nohallucinate.answers.normalise import normalise


class DefectCue(StrEnum):
    """The four defects an unanswerable question can carry."""

    FALSE_PREMISE = "false_premise"
    NONEXISTENT = "nonexistent"
    UNRECORDED = "unrecorded"
    AMBIGUOUS = "ambiguous"


# Patterns are written for normalised text: straight quotes, contractions expanded ("is not").
_NEG = r"(?:never|not|no longer)"
_RELATION = (
    r"(?:play(?:ed|s|ing)?|appear(?:ed|s|ing)?|feature(?:d|s)?|join(?:ed|s)?|sign(?:ed|s)? (?:for|with)|"
    r"represent(?:ed|s)?|turn(?:ed)? out|won|win(?:s|ning)?|receiv(?:ed|e|es|ing)|award(?:ed)?|"
    r"given|granted|honou?red|recipient|winner|laureate|member|part of|associated|affiliated|"
    r"been (?:on|at|with) (?:their|the club's|his|the) (?:books|roster|squad|team)|"
    r"been (?:a |an )?(?:\w+ )?(?:player|footballer|member|recipient|winner|laureate))"
)
_ENTITY = (
    r"(?:person|people|individual|one|someone|anyone|anybody|player|footballer|athlete|club|team|side|prize|"
    r"award|medal|honou?r|entity|author|writer|scientist|politician|figure|organi[sz]ation|company|record|such)"
)
_DAY = r"(?:exact|precise|full|specific|complete|actual)?\s?(?:birth ?date|date of birth|date|day|birthday)"
_DAY_MONTH = rf"(?:{_DAY}|day (?:or|and) month|month (?:or|and) day|month)"
_RECORDED = (
    r"(?:recorded|documented|known|available|published|reported|established|listed|attested|preserved|"
    r"verified|given|disclosed|kept|on record|in (?:the |any )?records?)"
)
_NAMED_AS = r"(?:named|called|by (?:the|that|this) name|known as|titled|going by|who goes by)"

_PATTERNS: dict[DefectCue, re.Pattern[str]] = {
    DefectCue.FALSE_PREMISE: re.compile(
        "|".join(
            [
                rf"\b{_NEG}\b(?:\s+\w+){{0,3}}\s+{_RELATION}\b",
                rf"\b{_NEG} (?:ever )?(?:a|an) (?:\w+ ){{0,3}}(?:player|member|recipient|winner|laureate)\b",
                r"\bno (?:record|evidence|indication|sign|mention|information)s? (?:\w+ ){0,3}(?:that|of|showing|"
                r"suggesting)\b(?:\s+\w+){0,6}\s+" + _RELATION + r"\b",
                r"\b(?:false|incorrect|mistaken|wrong|flawed|faulty|erroneous|inaccurate|invalid) "
                r"(?:premise|assumption|presupposition)\b",
                r"\b(?:premise|assumption|presupposition) (?:of (?:the|your|this) question )?(?:is|seems|appears|"
                r"looks) (?:to be )?(?:false|incorrect|mistaken|wrong|flawed|inaccurate|untrue)\b",
                r"\bquestion (?:is based on|rests on|assumes|presupposes|contains) (?:a |an )?"
                r"(?:false|incorrect|mistaken|wrong|inaccurate)\b",
                r"\bthat is not (?:correct|right|accurate|true)\b|\bthis is (?:incorrect|untrue|false)\b",
            ]
        ),
        re.IGNORECASE,
    ),
    DefectCue.NONEXISTENT: re.compile(
        "|".join(
            [
                r"\b(?:does|did|do) not (?:appear to |seem to |actually )?exist\b",
                r"\b(?:appears|seems) not to exist\b|\bnon-?existent\b|\bno such\b",
                r"\b(?:is|are|was) not (?:any|a|an) such\b|\bnot (?:seem|appear) to be (?:any|a|an) such\b",
                r"\bnot(?: \w+){0,3} (?:a|an) (?:real|actual|existing|genuine|recogni[sz]ed)\b|\bnot real\b",
                r"\b(?:fictional|fictitious|fabricated|made[- ]up|invented|imaginary|hypothetical)\b",
                rf"\b(?:no|not aware of any|unaware of any|never heard of (?:a|an|any)|no knowledge of any|"
                rf"not familiar with any|cannot find any|could not find any|no record of any|no evidence of any|"
                rf"no trace of any|do not know of (?:a|an|any)|not know of (?:a|an|any))"
                rf" (?:\w+ ){{0,3}}{_ENTITY}s? (?:\w+ ){{0,2}}{_NAMED_AS}",
                rf"\b(?:do|did) not know (?:of )?(?:anyone|anybody|any one|a single \w+)(?: \w+){{0,3}} {_NAMED_AS}",
                rf"\b(?:no|cannot find any|could not find any) (?:record|evidence|trace|mention|sign)s? (?:that|of) "
                rf"(?:(?:a|an|any|the) )?(?:\w+ ){{0,3}}(?:{_ENTITY}s? )?(?:{_NAMED_AS})?\b[^.]{{0,60}}\bexist",
                rf"\b(?:cannot|could not|can not) find (?:any|a) (?:\w+ ){{0,2}}{_ENTITY}s?\b(?: \w+){{0,2}} "
                rf"{_NAMED_AS}",
                r"\b(?:do not|does not) (?:think|believe) (?:\w+ ){0,5}(?:exists?|is real|is a real)\b",
                r"\bdoubt (?:that )?(?:\w+ ){0,5}(?:exists?|is real)\b",
                r"\b(?:does|do) not match (?:anyone|anybody|anything|any (?:\w+ )?(?:person|club|prize|award|team))\b",
                r"\bno (?:\w+ )?(?:wikipedia|wikidata) (?:article|entry|page)\b",
            ]
        ),
        re.IGNORECASE,
    ),
    DefectCue.UNRECORDED: re.compile(
        "|".join(
            [
                rf"\b{_DAY_MONTH}\b[^.;]{{0,60}}?\b(?:is|are|was|were|has|have|remains?|appears|seems)\b(?: \w+){{0,2}}"
                rf" (?:not|never)\s*(?:been )?(?:publicly |reliably |widely |officially |ever )?{_RECORDED}",
                rf"\b{_DAY_MONTH}\b[^.;]{{0,40}}?\b(?:is|are|was|were|remains?)\b(?: \w+)? (?:unknown|unrecorded|"
                r"undocumented|not known|lost|uncertain|a mystery)\b",
                rf"\b{_DAY_MONTH} (?:\w+ ){{0,2}}(?:unknown|unrecorded|undocumented|not recorded|not known)\b",
                r"\b(?:only|just) (?:the |his |her |their |a )?(?:birth )?year(?: of (?:his |her |their )?birth)?"
                r",?(?: \(?\d{4}\)?,?)? (?:is|was|has been|are|were|seems to be|appears to be|survives|exists) "
                r"(?:\w+ )?(?:known|recorded|documented|available|given|listed|attested|on record)\b",
                r"\b(?:records?|sources?|documents?|references?|wikipedia|wikidata|registers?) (?:only |just )"
                r"(?:give|gives|list|lists|show|shows|record|records|state|states|mention|mentions|note|notes|"
                r"provide|provides|say|says)\b",
                r"\b(?:records?|sources?|documentation) (?:\w+ ){0,3}(?:give|gives|list|lists|record|records|show|"
                r"shows|say|says) only (?:the |his |her |their )?year\b",
                r"\bonly (?:thing|information|detail|data|fact)(?: \w+){0,3} (?:is|are|was) (?:the |his |her )?"
                r"(?:birth )?year\b",
                r"\bno (?:surviving |known |public |reliable |recorded |documented )?(?:record|records|"
                r"documentation|source|sources) (?:\w+ ){0,2}(?:of|for|give|gives|giving|with|record|records|"
                r"recording) (?:\w+ ){0,2}(?:exact|precise|full|specific|day|month)\b",
                rf"\bno (?:recorded |documented |known )?(?:exact |precise |full |specific )?{_DAY_MONTH}\b"
                rf"[^.;]{{0,50}}\b(?:recorded|documented|known|on record|survives?|exists?|preserved)\b",
                r"\bno (?:recorded|documented|known) (?:exact |precise |full )?(?:birth ?date|date|day|month)\b",
                rf"\b{_DAY_MONTH}\b[^.;]{{0,40}}\b(?:not|never) (?:appear|appears|feature|features|survive|"
                r"survives|exist|exists) (?:in|on) (?:the |any )?(?:\w+ )?(?:record|records|sources|documents)\b",
                rf"\b(?:not|never) (?:think|believe) (?:it|this|that|the date|the day|her birthday|his birthday)\b"
                rf"[^.;]{{0,20}}\b(?:is|was|has been) (?:\w+ )?{_RECORDED}",
                r"\b(?:unrecorded|undocumented|not recorded|never recorded|not documented|lost to history)\b",
                r"\bknown only (?:by|to) (?:the |his |her )?year\b|\bonly (?:\w+ )?known (?:by|to the) year\b",
            ]
        ),
        re.IGNORECASE,
    ),
    DefectCue.AMBIGUOUS: re.compile(
        "|".join(
            [
                r"\b(?:several|multiple|many|two|three|four|five|various|numerous|different|other|more than one|"
                r"a number of|a few|at least two|a couple of)\b(?: \w+){0,3} (?:people|persons|individuals|men|"
                r"women|figures|players|athletes|footballers|notable people|\w+ers|\w+ists|people's)\b"
                r"(?: \w+){0,3}? ?(?:named|called|with (?:the|that|this) (?:same )?name|by (?:the|that|this) "
                r"name|known as|share|sharing|go by|going by|who share|have (?:the|that|this) name|"
                r"answer to|bear|bearing)\b",
                r"\b(?:name|question|reference|it) (?:is|seems|appears|remains) (?:\w+ )?ambiguous\b|"
                r"\bambiguous\b|\bambiguity\b|\bdisambiguat",
                r"\b(?:could|can|may|might|would) (?:\w+ )?(?:refer|apply|belong|point) to\b(?: \w+){0,3} "
                r"(?:several|multiple|more than one|different|any of|one of|a number of|various|either)\b",
                r"\b(?:could|can|may|might) (?:be|mean|describe) (?:any (?:one )?of )?(?:a few|several|multiple|many|"
                r"various|a number of|two|three|four|more than one) (?:different )?(?:people|persons|individuals|"
                r"men|women)\b",
                r"\bwhich (?:one|person|individual|\w+(?: \w+)?) (?:do|did|are|were) you (?:mean|refer|asking|"
                r"referring|thinking|have in mind)",
                r"(?:^|[.!?]\s+)which (?:(?-i:[A-Z])[\w'.-]*\s?){1,4}\?",
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
    text = normalise(text)
    return {cue for cue, pattern in _PATTERNS.items() if pattern.search(text)}


_NEGATION = re.compile(r"\b(?:not|never|no|none|neither|nor|without)\b", re.IGNORECASE)
_UNCERTAINTY = re.compile(
    r"\bnot (?:entirely |completely |totally |100% |quite |really |absolutely )?(?:sure|certain|confident|"
    r"positive)\b|\bnot 100%",
    re.IGNORECASE,
)


def negates(clause: str) -> bool:
    """True when a clause denies something (uncertainty such as "not sure" is a hedge, not a denial)."""
    return bool(_NEGATION.search(_UNCERTAINTY.sub(" ", normalise(clause))))
