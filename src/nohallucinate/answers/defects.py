"""Claims that a question is defective: a false premise, a missing entity, an unrecorded value, a shared name.

A claim is a statement about the world ("he never played for them", "no such prize exists", "only the year is
recorded", "several people share the name"), plain or hedged ("I don't think that award exists"). A statement
about the replier ("I don't know of anyone called X", "I can't find any record of it") is not a claim: it is an
abstention, and it is read as one everywhere, so that it earns the same on every question.

Each rule has a name, the phrases it must fire on and the phrases it must not (tests/answers/test_defects.py
runs them all); a verdict records which rule decided.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from nohallucinate.answers.lexicon import CZECH_QUESTION_WORDS
from nohallucinate.answers.normalise import normalise
from nohallucinate.answers.sentences import Span, SpanIndex, split_clauses, split_sentences
from nohallucinate.answers.word_forms import czech_case_form
from nohallucinate.tasks.families import DefectCue


@dataclass(frozen=True)
class DefectRule:
    """A named pattern that finds one kind of defect claim, with the phrases it must and must not fire on."""

    name: str
    cue: DefectCue
    pattern: re.Pattern[str]
    fires_on: tuple[str, ...]
    not_on: tuple[str, ...] = ()
    in_questions: bool = False  # a question ("Which Doug Adams do you mean?") still makes this claim
    # Counts only where its clause names something the question does, in any Czech case: "Petr Svoboda za Spartu
    # nikdy nehrál" claims the premise false; "Otce nikdy nepoznal" beside an answer says nothing of the question.
    about_the_question: bool = False


@dataclass(frozen=True)
class DefectClaim(Span):
    """One claim found in a reply, where it sits in the normalised reply: its defect and the rule that found it."""

    cue: DefectCue
    rule: str


# Patterns are written for normalised text: straight quotes, contractions expanded ("is not").
_NEG = r"(?:never|not|no longer)"
# Words after a negation that make it a statement about the replier, not about the world.
_ABOUT_ME = r"(?!\s+(?:sure|certain|aware|know|knew|recall|remember|familiar|able|find|found|see|have|verify|confirm))"
# "The day does not appear in the records" is about the record, not about a relation.
_NOT_IN_RECORDS = (
    r"(?! (?:in|on) (?:the |any |available )?(?:\w+ )?(?:record|records|sources?|documents?|registers?)"
    r"| to (?:be|have))"
)
_RELATION = (
    r"(?:play(?:ed|s|ing)?|appear(?:ed|s|ing)?|feature(?:d|s)?|join(?:ed|s)?|sign(?:ed|s)? (?:for|with)|"
    r"represent(?:ed|s)?|turn(?:ed)? out|won|win(?:s|ning)?|receiv(?:ed|e|es|ing)|award(?:ed)?|"
    r"given|granted|honou?red|recipient|winner|laureate|member|part of|associated|affiliated|"
    r"been (?:on|at|with) (?:their|the club's|his|the) (?:books|roster|squad|team)|"
    r"been (?:a |an )?(?:\w+ )?(?:player|footballer|member|recipient|winner|laureate))"
)
_ENTITY = (
    r"(?:person|people|individual|one|someone|anyone|anybody|player|footballer|athlete|club|team|side|prize|"
    r"award|medal|honou?r|trophy|entity|author|writer|scientist|politician|figure|organi[sz]ation|company|such)"
)
_DAY = r"(?:exact|precise|full|specific|complete|actual)?\s?(?:birth ?date|date of birth|date|day|birthday)"
_DAY_MONTH = rf"(?:{_DAY}|day (?:or|and) month|month (?:or|and) day|month)"
_RECORDED = (
    r"(?:recorded|documented|known|available|published|reported|established|listed|attested|preserved|"
    r"verified|given|disclosed|kept|on record|in (?:the |any )?records?)"
)
_NAMED_AS = r"(?:named|called|by (?:the|that|this) name|known as|titled|going by|who goes by)"
# How many people share a name, and who they are ("several different people", "more than one person").
_SEVERAL = (
    r"(?:several|multiple|many|two|three|four|five|various|numerous|different|more than one|a number of|a few|"
    r"at least (?:two|three|four)|a couple of|a handful of)"
)
_PERSONS = r"(?:people|persons|individuals|namesakes|person|individual)"
_PEOPLE_NOUNS = rf"(?:{_PERSONS}|men|women|figures|players|athletes|footballers|\w+ers|\w+ists|\w+ians)"
# What a name does when several people have it: "belongs to", "is borne by", "is the name of", "applies to".
_NAME_OF = (
    r"(?:belongs?|belonged|belonging|applies|applied|refers|referred|is common|was common|"
    r"(?:is|was|are|were|has been|have been) (?:borne|used|held|carried|worn|given)|is the name|was the name|"
    r"is a name|are the names?)"
)
# One person as the builder's namesake lists and replies describe them: "a footballer", "the Scottish organist".
_ONE_OF_THEM = r"(?:a|an|the|one) (?:[\w-]+ ){0,3}?[\w-]+"


def _rule(
    name: str,
    cue: DefectCue,
    pattern: str,
    fires_on: tuple[str, ...],
    not_on: tuple[str, ...] = (),
    in_questions: bool = False,
    about_the_question: bool = False,
) -> DefectRule:
    return DefectRule(name, cue, re.compile(pattern, re.IGNORECASE), fires_on, not_on, in_questions, about_the_question)


_FP, _NE, _UN, _AM = DefectCue.FALSE_PREMISE, DefectCue.NONEXISTENT, DefectCue.UNRECORDED, DefectCue.AMBIGUOUS
# A word of a name between a claim's words: hyphens and apostrophes inside it ("Marchetti-Oyelaran", "O'Neill",
# "Seán"), or initials with their dots ("J.", "F.C."); a bare \w+ stopped at the hyphen, so the claim went unread.
_NAME_WORD = r"(?:\w\.(?:\w\.)*|\w[\w'’-]*)"  # a dot only after a single letter ("J.", "F.C."): never a sentence's end

RULES: tuple[DefectRule, ...] = (
    # --- false premise: the relation the question takes for granted never held
    _rule(
        "relation_denied",
        _FP,
        rf"\b{_NEG}\b{_ABOUT_ME}(?:\s+{_NAME_WORD}){{0,3}}\s+{_RELATION}\b{_NOT_IN_RECORDS}",
        ("Ronaldo never played for Liverpool.", "She hasn't won a Nobel.", "He was not given that award."),
        (
            "I'm not sure he played for them.",
            "I don't know when he played for them.",
            "The day and month do not appear in the historical record.",
        ),
    ),
    _rule(
        "relation_doubted",
        _FP,
        rf"\b(?:do|does|did) not (?:think|believe|suppose|reckon) (?:that )?(?:[\w'-]+ ){{0,5}}?(?:ever |really )?"
        rf"{_RELATION}\b",
        ("I don't think Cristiano Ronaldo ever played for that club.", "I don't believe she won it."),
    ),
    _rule(
        "never_a_member",
        _FP,
        rf"\b{_NEG} (?:ever )?(?:a|an) (?:\w+ ){{0,3}}(?:player|member|recipient|winner|laureate)\b"
        r"(?! (?:i|that i|whom i|who i)\b)",
        ("He was never a Booker winner.", "she is not a Nobel laureate"),
        ("He is not a player I have detailed records on.",),
    ),
    _rule(
        "no_record_of_relation",
        _FP,
        r"\bno (?:record|evidence|indication|sign|mention|information)s? (?:\w+ ){0,3}(?:that|of|showing|"
        rf"suggesting)\b(?:\s+{_NAME_WORD}){{0,9}}\s+" + _RELATION + r"\b",
        (
            "There's no record of Douglas Adams ever winning the Booker Prize.",
            "There is no record of Ilse Marchetti-Oyelaran receiving the Austrian State Prize for Music.",
            "There is no record of Seán O'Neill receiving the prize.",
            "There is no record of Anna Maria von der Berg zu Stein receiving the prize.",
        ),
        ("I have no record of him playing for them.",),
    ),
    _rule(
        "false_premise_named",
        _FP,
        r"\b(?:false|incorrect|mistaken|wrong|flawed|faulty|erroneous|inaccurate|invalid|untrue) "
        r"(?:premise|assumption|presupposition)\b|"
        r"\b(?:premise|assumption|presupposition) (?:of (?:the|your|this) question )?(?:is|seems|appears|"
        r"looks) (?:to be )?(?:false|incorrect|mistaken|wrong|flawed|inaccurate|untrue)\b|"
        r"\bquestion (?:is based on|rests on|assumes|presupposes|contains) (?:a |an )?"
        r"(?:false|incorrect|mistaken|wrong|inaccurate)\b|\bnever happened\b|\bdid not happen\b",
        ("This question contains a false premise.", "The premise seems wrong.", "That never happened."),
    ),
    _rule(
        "premise_rejected",
        _FP,
        r"\bthat is not (?:correct|right|accurate|true)\b|\bthis is (?:incorrect|untrue|false)\b",
        ("That's not correct: he played elsewhere.",),
    ),
    # Czech: "nikdy" and a verb in the past, negated ("nikdy nehrál", "nikdy nepřevzala"), where its clause names
    # what the question does; not the replier's ("jsem o něm nikdy neslyšel": `_NOT_OF_THE_WORLD`), nor the future
    # ("nikdy nebude zastíněn"), nor a record ("nikdy nebyl zveřejněn", which of a count declines).
    _rule(
        "cs_never_did",
        _FP,
        r"\bnikdy (?!jsem\b|jsme\b|bych\b)(?:(?:se|si|to|tak|oficiálně|skutečně|veřejně|přímo|vlastně) ){0,2}"
        r"ne[^\W\d_]{2,}(?:l|la|lo|li|ly)\b(?! (?:[^\W\d_]+ )?(?:zveřejněn|zaznamenán|zdokumentován|uveden|"
        r"publikován|evidován|doložen|sledován|zjištěn|znám)[^\W\d_]*)",
        (
            "Deborah Rhode nikdy nepřevzala funkci ředitelky.",
            "Alessandro Costacurta nikdy nehrál semifinále.",
            "Oprah Winfrey nikdy nenapsala žádný dopis.",
        ),
        (
            "O takové ceně jsem nikdy neslyšel.",
            "Nikdy jsem o něm nečetl.",
            "S tímto jménem jsem se nikdy nesetkal.",
            "Takový údaj bych si nikdy nedovolil tipovat.",
            "Koupilo pozemek, aby výhled nikdy nebyl zastíněn.",
            "Pohled z náměstí nikdy nebude zastíněn.",
            "Přesný počet jeho zápasů nikdy nebyl zveřejněn.",
        ),
        about_the_question=True,
    ),
    # The same without "nikdy", for the relations the families ask about: "Petr Svoboda za Spartu nehrál",
    # "Cenu nezískala", "nebyl jí udělen".
    _rule(
        "cs_relation_denied",
        _FP,
        r"\bne(?:hrál|odehrál|nastoupil|působil|hostoval|reprezentoval|vyhrál|získal|obdržel|dostal|převzal|"
        r"vstřelil|startoval)[aoiy]?\b|\bnebyl[aoiy]? (?:[^\W\d_]+ )?(?:udělen|oceněn|vyznamenán|členem|hráčem)",
        ("Petr Svoboda za Spartu Praha nehrál.", "Marie Dvořáková tu cenu nezískala.", "Cena jí nebyla udělena."),
        ("Nevím, zda za Spartu hrál.", "Pokud cenu nezískala, nevím.", "Jsem si jistý, že jsem ji nezískal."),
        about_the_question=True,
    ),
    _rule(
        "cs_did_not_become",
        _FP,
        r"\bse (?:nikdy )?nestal[aoiy]?\b(?! jsem\b)",
        ("Karl Ludwig von Ficquelmont se nestal ministerským předsedou.",),
        ("Nevím, kdy se to stalo.",),
        about_the_question=True,
    ),
    _rule(
        "cs_false_premise_named",
        _FP,
        r"\bv (?:této |vaší |tvé )?otázce (?:je|se nachází|došlo k) (?:[^\W\d_]+ ){0,2}(?:chyb|omyl|nepřesnost|"
        r"nedorozumění)|"
        r"\botázka (?:obsahuje|vychází z|je založena na) (?:[^\W\d_]+ ){0,2}(?:chyb|myln|nesprávn|nepravdiv|"
        r"nepřesnost)|"
        r"\bpředpoklad (?:otázky |vaší otázky )?(?:je|se zdá|vypadá) (?:[^\W\d_]+ )?(?:chybný|mylný|nesprávný|"
        r"nepravdivý)|"
        r"\b(?:toto|to|takové|tohle) (?:je )?(?:tvrzení (?:není pravdivé|je (?:nepravdivé|mylné|chybné|nesprávné))|"
        r"(?:nepravdivé|mylné|chybné|nesprávné) tvrzení)",
        (
            "Omlouvám se, ale v této otázce je chyba.",
            "Tato otázka obsahuje chybný předpoklad.",
            "Toto tvrzení není pravdivé.",
            "Toto je nepravdivé tvrzení.",
            "Otázka vychází z mylného předpokladu.",
        ),
        (
            "Nemohu vyloučit chybu v mých informacích.",
            "Tvrzení v článku se týká jiného roku.",
            "Pokud otázka obsahuje chybný předpoklad, dejte mi vědět.",
            "Nechci odpovídat na základě chybných předpokladů.",
        ),
    ),
    # --- nonexistent: the person, club or prize asked about does not exist
    _rule(
        "does_not_exist",
        _NE,
        r"\b(?:does|did|do) not (?:appear to |seem to |actually |really )?exist\b|"
        r"\b(?:appears|seems) not to exist\b|\bnon-?existent\b|"
        rf"\b(?:do not|does not|did not) (?:think|believe) (?:{_NAME_WORD} ){{0,7}}(?:exists?|is real|is a real)\b|"
        rf"\bdoubt (?:that )?(?:{_NAME_WORD} ){{0,7}}(?:exists?|is real)\b|\b(?:might|may|could) not exist\b|"
        r"\bnever (?:actually |really )?existed\b",
        (
            "Dunmere Vale F.C. doesn't appear to exist.",
            "I don't think that award exists.",
            "It may not exist.",
            "The club never existed.",
        ),
        ("I can't find any evidence that it exists.",),
    ),
    _rule(
        "no_such",
        _NE,
        r"\bno such\b(?! (?:information|record|records|data|details)\b)|"
        r"\b(?:is|are|was) not (?:any|a|an) such\b|\bnot (?:seem|appear) to be (?:any|a|an) such\b",
        ("There is no such award.", "There doesn't seem to be any such person."),
        ("I have no such information.",),
    ),
    _rule(
        "not_real",
        _NE,
        r"\bnot(?: \w+){0,3} (?:a|an) (?:real|actual|existing|genuine|recogni[sz]ed)\b|\bnot real\b|"
        r"(?:\b(?:fictional|fictitious|fabricated|made[- ]up|imaginary|hypothetical)\b"
        # "invented" as what a thing is ("an invented name", "the name was invented"), not as a verb ("who invented")
        r"|\b(?:an?|is|was|been|be|being|entirely|probably|likely|seems|appears)\s+(?:\w+\s+)?invented\b(?!\s+(?:by|in)\b))"
        # A fictional character is what a question about a story asks about, not a claim that it does not exist.
        r"(?!\s+(?:character|characters|universe|world|series|story|stories|setting|comic|novel|film|show|book|town|"
        r"city|planet|kingdom)\b)",
        ("That club doesn't appear to be a real football club.", "This appears to be a made-up name."),
        (
            "Major Disaster, a fictional character from DC Comics, was killed by Superboy-Prime.",
            "The man who invented both the Forstner bit and an electric motor was born in Beaver County.",
            "The telephone was invented by Bell.",
        ),
    ),
    _rule(
        "there_is_no_such_name",
        _NE,
        r"\bthere (?:is|are|was|were) no (?:such )?[\"']?(?-i:[A-Z])",
        ('There is no "Aldous Brennick Prize" that I know of.', "There is no Ferrenholt Award."),
        ("There is no record of it.",),
    ),
    _rule(
        "no_entity_named",
        _NE,
        rf"\b(?:there (?:is|are|was|were) )?no (?:\w+ ){{0,3}}{_ENTITY}s? (?:\w+ ){{0,2}}{_NAMED_AS}\b|"
        rf"\bno (?:record|evidence|trace|mention|sign)s? (?:that|of) (?:(?:a|an|any|the) )?(?:\w+ ){{0,3}}"
        rf"(?:{_ENTITY}s? )?(?:{_NAMED_AS})?\b[^.]{{0,60}}\bexist",
        ("There's no club called Dunmere Vale F.C. that I know of.", "There is no record that the prize exists."),
        ("I couldn't find any record of a person named Perpetua.",),
    ),
    _rule(
        "name_is_wrong",
        _NE,
        r"\b(?:misremembered|garbled|mistaken|wrong|incorrect) name\b|"
        r"\b(?:club|prize|award|person|player|medal|trophy)(?:'s)? name (?:is|may be|might be|could be|seems|"
        r"appears to be) (?:\w+ )?(?:wrong|mistaken|incorrect|misremembered|garbled)\b",
        ("It may be a misremembered name for a different award.", "Perhaps the club name is wrong."),
    ),
    _rule(
        "cs_does_not_exist",
        _NE,
        # "Taková cena neexistuje", "oddělení ve skutečnosti neexistuje", "neexistuje žádná osoba jménem X", where the
        # clause names what the question does; not the replier's want of information ("neexistují přesné údaje",
        # "Žádný takový záznam neexistuje", of a record the question does not name).
        r"\b(?:tak(?:ová|ový|ové|ovýto)|ve skutečnosti|vůbec) (?:[^\W\d_]+ ){0,3}?neexist(?:uje|ují|oval[aoiy]?)\b|"
        r"\bneexist(?:uje|ují|oval[aoiy]?) (?:žádn[^\W\d_]* )?(?:[^\W\d_]+ ){0,2}?(?:osob|osobnost|cen|klub|tým|"
        r"hráč|postav|epizod|předmět|instituc|organizac|společnost|ocenění)[^\W\d_]* (?:jménem|s názvem|"
        r"s přezdívkou|zvan|nazvan|pojmenovan)",
        (
            "Taková cena ve skutečnosti neexistuje.",
            "Neexistuje žádná osoba jménem Nalikah.",
        ),
        ("Neexistují přesné údaje o jeho narození.", "Neexistuje žádný záznam o jeho smrti."),
        about_the_question=True,
    ),
    # --- unrecorded: only part of the value was ever recorded
    _rule(
        "date_not_recorded",
        _UN,
        rf"\b{_DAY_MONTH}\b[^.;]{{0,60}}?\b(?:is|are|was|were|has|have|remains?|appears|seems)\b(?: \w+){{0,2}}"
        rf" (?:not|never)\s*(?:been )?(?:publicly |reliably |widely |officially |ever )?{_RECORDED}|"
        rf"\b{_DAY_MONTH}\b[^.;]{{0,60}}?\b(?:does|do|did) not (?:appear|seem) to (?:be|have been) "
        rf"(?:publicly |reliably |widely |officially |ever )?{_RECORDED}|"
        rf"\b{_DAY_MONTH}\b[^.;]{{0,40}}?\b(?:is|are|was|were|remains?)\b(?: \w+)? (?:unknown|unrecorded|"
        r"undocumented|not known|lost|uncertain|a mystery)\b(?! to me)|"
        rf"\b{_DAY_MONTH} (?:\w+ ){{0,2}}(?:unknown|unrecorded|undocumented|not recorded|not known)\b(?! to me)",
        (
            "His exact date of birth isn't recorded.",
            "The day and month are unknown.",
            "exact date unknown",
            "His exact date of birth doesn't appear to be publicly recorded.",
        ),
        ("I don't know his exact date of birth.", "The exact date is unknown to me."),
    ),
    _rule(
        "only_year_recorded",
        _UN,
        r"\b(?:only|just) (?:the |his |her |their |a )?(?:birth )?year(?: of (?:[\w'-]+ ){0,3}birth)?"
        r",?(?: \(?\d{4}\)?,?)? (?:is|was|has been|are|were|seems to be|appears to be|survives|exists) "
        r"(?:\w+ )?(?:known|recorded|documented|available|given|listed|attested|on record)\b|"
        r"\b(?:records?|sources?|documents?|references?|wikipedia|wikidata|registers?) (?:only |just )"
        r"(?:give|gives|list|lists|show|shows|record|records|state|states|mention|mentions|note|notes|"
        r"provide|provides|say|says)\b|"
        r"\b(?:records?|sources?|documentation) (?:\w+ ){0,3}(?:give|gives|list|lists|record|records|show|"
        r"shows|say|says) only (?:the |his |her |their )?year\b|"
        r"\bonly (?:thing|information|detail|data|fact)(?: \w+){0,3} (?:is|are|was) (?:the |his |her )?"
        r"(?:birth )?year\b|"
        r"\bknown only (?:by|to) (?:the |his |her )?year\b|\bonly (?:\w+ )?known (?:by|to the) year\b",
        (
            "Only the year of his birth, 1911, is recorded.",
            "Sources only give the year.",
            "I believe only the year of Hallvard Østerby's birth was ever recorded.",
        ),
        ("I only know that he was born in 1911.",),
    ),
    _rule(
        "no_record_of_date",
        _UN,
        r"\bno (?:surviving |known |public |reliable |recorded |documented )?(?:record|records|"
        r"documentation|source|sources) (?:\w+ ){0,2}(?:of|for|give|gives|giving|with|record|records|"
        r"recording) (?:\w+ ){0,2}(?:exact|precise|full|specific|day|month)\b|"
        rf"\bno (?:recorded |documented |known )?(?:exact |precise |full |specific )?{_DAY_MONTH}\b"
        rf"[^.;]{{0,50}}\b(?:recorded|documented|known|on record|survives?|exists?|preserved)\b|"
        r"\bno (?:recorded|documented|known) (?:exact |precise |full )?(?:birth ?date|date|day|month)\b|"
        rf"\b{_DAY_MONTH}\b[^.;]{{0,40}}\b(?:not|never) (?:appear|appears|feature|features|survive|"
        r"survives|exist|exists) (?:in|on) (?:the |any )?(?:\w+ )?(?:record|records|sources|documents)\b|"
        rf"\b(?:not|never) (?:think|believe) (?:it|this|that|the date|the day|her birthday|his birthday)\b"
        rf"[^.;]{{0,20}}\b(?:is|was|has been) (?:\w+ )?{_RECORDED}|"
        r"\b(?:unrecorded|undocumented|not recorded|never recorded|not documented|lost to history)\b",
        ("No exact birth date survives in the records.", "There is no recorded day or month.", "undocumented"),
    ),
    # --- ambiguous: the name belongs to several people
    _rule(
        "several_share_the_name",
        _AM,
        r"\b(?:several|multiple|many|two|three|four|five|various|numerous|different|other|more than one|"
        r"a number of|a few|at least two|a couple of)\b(?: \w+){0,3} (?:people|persons|individuals|men|"
        r"women|figures|players|athletes|footballers|notable people|(?!(?:daughters|sons|brothers|sisters|mothers|"
        r"fathers|members|others)\b)\w+ers|\w+ists|people's)\b"
        r"(?: \w+){0,3}? ?(?:named|called|with (?:the|that|this) (?:same )?name|by (?:the|that|this) "
        r"name|known as|share|sharing|go by|going by|who share|have (?:the|that|this) name|"
        r"answer to|bear|bearing)\b|"
        r"\bmore than one (?:person|individual|\w+ (?:named|called))\b|"
        r"\bshared by (?:several|multiple|more than one|many|a number of|different)\b|\b(?:common|shared) name\b",
        ("There are several people named Doug Adams.", "The name is shared by multiple people."),
        ("They have two daughters named Girvani and Surangana.",),
    ),
    _rule(
        "name_belongs_to_several",
        _AM,
        # After "name" any people noun may follow ("the name belongs to two footballers"); without it only a word
        # for people does, so that "the club belongs to several owners" claims nothing.
        rf"\bnames?\b[^.;!?]{{0,80}}?\b{_NAME_OF} (?:to|by|of|for) (?:at least |more than |over )?{_SEVERAL}\b"
        rf"(?: [\w-]+){{0,3}}? {_PEOPLE_NOUNS}\b|"
        rf"\b{_NAME_OF} (?:to|by|of|for) (?:at least |more than |over )?{_SEVERAL}(?: (?:different|distinct|"
        rf"notable|other|separate|unrelated|well-known))* {_PERSONS}\b|"
        rf"\b{_SEVERAL} (?:different |notable |other )?namesakes\b",
        (
            "The name Anselm Kittering belongs to several people (footballer; organist).",
            "The name Doug Adams belongs to several people: an American football player (1949–1997).",
            "The name Odile Marchbank belongs to several different people (a botanical illustrator and a cyclist).",
            "Anselm Kittering is the name of several people.",
            "The name is borne by at least two footballers.",
            "That name has been used by more than one person.",
            "Anselm Kittering has several namesakes.",
        ),
        (
            "The prize belongs to the club.",
            "The club belongs to several owners.",
            "The record belongs to two clubs.",
            "He belongs to a family of three.",
        ),
    ),
    _rule(
        "namesakes_set_side_by_side",
        _AM,
        # Two of the people named, side by side: "the name is shared by a footballer and an organist".
        rf"\bnames?\b[^.;!?]{{0,80}}?\b(?:shared|borne|used|held|carried|belongs?|belonged) (?:by|to) "
        rf"(?:both |at least )?{_ONE_OF_THEM},? (?:and|as well as|&) (?:also )?(?:to |by )?"
        r"(?:a|an|the|another|one) [\w-]+|"
        rf"\b(?:both )?{_ONE_OF_THEM},? (?:and|as well as) {_ONE_OF_THEM},? (?:who )?(?:are |were |have been |both )*"
        r"(?:called|named|(?:share|shared|bear|bore|have|had|go by|went by) (?:the|that|this|a|one) (?:same )?name)"
        r"\b(?! after\b)",
        (
            "The name Anselm Kittering is shared by a footballer and an organist.",
            "The name belongs to both a Scottish footballer and a German organist.",
            "The name belongs to a footballer and to an organist.",
            "There is a footballer and an organist called Anselm Kittering.",
            "Both a botanist and a politician are named Maud Ellingsworth.",
            "A footballer and an organist share the name.",
        ),
        (
            "The record is held by a defender and a striker.",
            "He played alongside a winger and a striker.",
            "A stadium and a road were named after him.",
            "The prize is shared by a club and a city.",
        ),
    ),
    _rule(
        "either_of_the_namesakes",
        _AM,
        # Digits are no description of a person: "it could be the 5th or the 6th" is a hedged date.
        r"\b(?:could|can|may|might|would|is|was) (?:be |mean |refer to |be referring to |be asking about )?"
        r"(?:either|one of) (?:the|a|an) (?:[a-z-]+ ){0,3}?[a-z-]+(?: \([^()]{0,40}\))?,? or (?:the|a|an) [a-z-]+\b|"
        r"\b(?:could|can|may|might|would) (?:be|mean) (?:the|a|an) (?:[a-z-]+ ){0,3}?[a-z-]+,? or (?:the|a|an) "
        r"[a-z-]+\b",
        (
            "Anselm Kittering could be either the footballer or the organist.",
            "He may be the footballer or the organist.",
            "Anselm Kittering is either the footballer (born 1970) or the organist.",
        ),
        (
            "It could be the singer, or it could be the university.",
            "It could be either the 5th or the 6th of May.",
            "He could be the one.",
        ),
    ),
    _rule(
        "more_than_one_of_the_name",
        _AM,
        r"\bmore than one (?-i:[A-Z])[\w'.-]*|"
        r"\bthere (?:are|were) (?:two|three|four|several|multiple|many|at least two) (?:different |notable )?"
        r"(?-i:[A-Z])[\w'-]*(?: (?-i:[A-Z])[\w'-]*){0,3}s\b",
        ("There is more than one Anselm Kittering.", "There are two Elspeth Vargas."),
        ("There are several Harwick clubs, but no Harwick Vale.", "He won more than one award."),
    ),
    _rule(
        "which_of_the_namesakes",
        _AM,
        r"\b(?:do|did) you mean (?:the|a|an) [^.?!;]{1,60}? or (?:the|a|an)\b|"
        r"\bare you (?:asking|thinking|enquiring|inquiring) (?:about|of|after) (?:the|a|an) [^.?!;]{1,60}? or "
        r"(?:the|a|an)\b",
        ("Do you mean the footballer or the organist?", "Are you asking about the botanist or the politician?"),
        ("Did you mean the 2019 season?",),
        in_questions=True,
    ),
    _rule(
        "name_is_ambiguous",
        _AM,
        r"\bambiguous\b|\bambiguity\b|\bdisambiguat|\bnames?\b[^.;!?]{0,60}?\b(?:is|are|was) not unique\b|"
        r"\bnot a unique name\b",
        ("The name is ambiguous.", "The name Anselm Kittering is not unique."),
        ("The style is not unique to him.",),
    ),
    _rule(
        "could_refer_to_several",
        _AM,
        r"\b(?:could|can|may|might|would) (?:\w+ )?(?:refer|apply|belong|point) to\b(?: \w+){0,3} "
        r"(?:several|multiple|more than one|different|any of|one of|a number of|various|either)\b|"
        r"\b(?:could|can|may|might) (?:be|mean|describe) (?:any (?:one )?of )?(?:a few|several|multiple|many|"
        r"various|a number of|two|three|four|more than one) (?:different )?(?:people|persons|individuals|"
        r"men|women)\b|"
        r"\b(?:could|can|may|might) refer to (?:either )?(?:a|an|the) [^.?!;]{1,80}?\bor (?:to )?(?:a|an|the)\b",
        ("Doug Adams could be a few different people.", "He could refer to a referee, a designer, or a chemist."),
        ("It could be the singer, or it could be the university.",),
    ),
    _rule(
        "which_one_is_meant",
        _AM,
        # A name of up to four words, hyphens and particles included ("Which Ilse Marchetti-Oyelaran ...").
        r"\bwhich (?:one|person|individual|[\w'.-]+(?: [\w'.-]+){0,3}) (?:do|did|are|were) you (?:mean|refer|asking|"
        r"referring|thinking|have in mind)|(?:^|[.!?]\s+)which (?:(?-i:[A-Z])[\w'.-]*\s?){1,4}\?|"
        r"\b(?:clarify|specify|tell me) which\b",
        (
            "Which Doug Adams do you mean?",
            "Which Doug Adams?",
            "Could you clarify which Elspeth Varga you mean?",
            "Which Ilse Marchetti-Oyelaran do you mean?",
            "Which Matthijs van Oostergaard are you asking about?",
        ),
        ("Could you clarify who you mean?", "Could you give me more context about who she is?"),
        in_questions=True,
    ),
)

# Words that put the replier's own knowledge or search in front of a claim ("I have no record of ...", "S tímto
# jménem jsem se nikdy nesetkal"), or a Czech purpose or condition ("aby výhled nikdy nebyl zastíněn", "Pokud
# otázka obsahuje chybný předpoklad"): what follows is not said of the world.
_NOT_OF_THE_WORLD = re.compile(
    r"(?:\bi (?:\w+ ){0,2}(?:have|had|know|knew|found|find|see|saw|am aware|recall|remember|came across)\s+"
    r"|\b(?:aby|abych|abys|abychom|abyste|kdyby|bych|bychom|jsem|jsme|pokud|jestli|jestliže)(?: [^\W\d_]+){0,4} )$",
    re.IGNORECASE,
)


def defect_claims(text: str, question: str = "") -> list[DefectClaim]:
    """Every defect claim the text makes, in order (a claim inside a question counts only for the rules that
    ask one, such as "Which Doug Adams do you mean?"); the rules `about_the_question` count only where their
    clause names something `question` does, so without a question they count nowhere."""
    return list(_claims(normalise(text), question))


@lru_cache(maxsize=4096)
def _claims(text: str, question: str) -> tuple[DefectClaim, ...]:
    found = []
    sentences = SpanIndex(split_sentences(text))
    clauses = SpanIndex(split_clauses(text))
    quoted = SpanIndex([Span(m.group(0), m.start(), m.end()) for m in _QUOTED.finditer(text)])
    for rule in RULES:
        for match in rule.pattern.finditer(text):
            if quoted.at(match.start()) is not None:
                continue  # a quoted title claims nothing ("It Does Not Exist" was released in 2001)
            sentence = sentences.at(match.start())
            start, end = (sentence.start, sentence.end) if sentence else (match.start(), match.end())
            # Only the nearest stretch of the sentence is read, so that grading stays linear in length.
            start, end = max(start, match.start() - _WINDOW), min(end, match.end() + _WINDOW)
            if _NOT_OF_THE_WORLD.search(text[start : match.start()]):
                continue
            if not rule.in_questions and _asked(text[start:end], match.start() - start, match.end() - start):
                continue
            if rule.about_the_question and not (question and _names_the_asked(_clause_at(clauses, match), question)):
                continue
            found.append(DefectClaim(match.group(0), match.start(), match.end(), cue=rule.cue, rule=rule.name))
    return tuple(sorted(found, key=lambda c: (c.start, c.rule)))


_WINDOW = 200
_QUOTED = re.compile(r'"[^"\n]{1,200}"')
_WORD = re.compile(r"[^\W\d_]{4,}")


def _names_the_asked(clause: str, question: str) -> bool:
    """Whether a claim's clause names something `question` does: a word of four letters or more, as written or in
    another Czech case ("Spartu" for "Sparta")."""
    asked = _question_words(question)
    return any(
        w in asked or any(czech_case_form(q, w) or czech_case_form(w, q) for q in asked)
        for w in {w.casefold() for w in _WORD.findall(clause)}
    )


def _clause_at(clauses: SpanIndex, match: re.Match[str]) -> str:
    clause = clauses.at(match.start())
    return clause.text if clause else match.group(0)


@lru_cache(maxsize=1024)
def _question_words(question: str) -> frozenset[str]:
    return frozenset(w.casefold() for w in _WORD.findall(question)) - CZECH_QUESTION_WORDS


_SEGMENT_BREAK = re.compile(r"[,;:—–]|\s-\s")


def _asked(sentence: str, start: int, end: int) -> bool:
    """True when the part of the sentence around [start, end) is a question ("Is it true he never played?")."""
    breaks = [m.start() for m in _SEGMENT_BREAK.finditer(sentence)]
    after = next((b for b in breaks if b >= end), len(sentence))
    return sentence[:after].rstrip().endswith("?") or (after == len(sentence) and sentence.rstrip().endswith("?"))


def defect_cues(text: str, question: str = "") -> set[DefectCue]:
    """Which defects the text claims of `question` (it may claim none, or more than one)."""
    return {claim.cue for claim in defect_claims(text, question)}


# "Either he never played for them, or no such club exists": two defects offered as alternatives.
_ALTERNATIVES = re.compile(r"\b(?:or|either|alternatively|otherwise)\b", re.IGNORECASE)


def hedged_across(text: str, claims: list[DefectClaim]) -> bool:
    """True when claims of different defects are offered as alternatives to one another."""
    if len({c.cue for c in claims}) < 2:
        return False
    first, last = min(c.start for c in claims), max(c.end for c in claims)
    between = normalise(text)[max(0, first - 12) : last]
    return bool(_ALTERNATIVES.search(between))


_NEGATION = re.compile(r"\b(?:not|never|no|none|neither|nor|without)\b", re.IGNORECASE)
_UNCERTAINTY = re.compile(
    r"\bnot (?:entirely |completely |totally |100% |quite |really |absolutely )?(?:sure|certain|confident|"
    r"positive)\b|\bnot 100%",
    re.IGNORECASE,
)


def negates(clause: str) -> bool:
    """True when a clause denies something (uncertainty such as "not sure" is a hedge, not a denial)."""
    return bool(_NEGATION.search(_UNCERTAINTY.sub(" ", normalise(clause))))
