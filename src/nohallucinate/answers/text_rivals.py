"""Rivals: another candidate offered with the gold for the same slot. Several candidates are no answer on the
SimpleQA boundary ("I think it's either Malia and Sasha. Or it could be Malia and Jackie" is INCORRECT)."""

from __future__ import annotations

import bisect
import difflib
import itertools
import re
from collections.abc import Callable, Iterator
from enum import Enum

from nohallucinate.answers.abstention import abstention_rule
from nohallucinate.answers.lexicon import (
    ALTERNATIVE_CUES,
    ASSURANCES,
    HEDGE_WORDS,
    HOW_SURE,
    LABEL_WORDS,
    OR_FILLERS,
    OR_WORDS,
    PERSON_NOUNS,
    PLACE_PREPOSITIONS,
    PRONOUNS,
    SECOND_GUESS_CUES,
)
from nohallucinate.answers.normalise import fold
from nohallucinate.answers.numbers import ordinal_values
from nohallucinate.answers.places import Relation, relation
from nohallucinate.answers.questions import content_words
from nohallucinate.answers.reply_words import (
    NEGATION_WORDS,
    SHORT_WORDS,
    STOP_FORMS,
    Hit,
    ReplyWords,
    Spans,
    carries_meaning,
    is_label,
)
from nohallucinate.answers.sentences import Span
from nohallucinate.answers.text_gold import (
    ARTICLES,
    NOT_PERSON_WORDS,
    PARTICLES,
    PERSON_TITLES,
    TITLES,
    asks_for_a_person,
    is_czech_person_word,
    is_person_noun,
)
from nohallucinate.answers.text_rules import ANSWERED_OTHERWISE, EITHER_OR, LISTED_WITH_OTHERS, SOURCES_DISAGREE
from nohallucinate.answers.word_forms import Word, same_word, word_form, words_of

_OR = "|".join(OR_WORDS)  # "or" in any of the languages replies come in
_OR_FILLER = "|".join(OR_FILLERS)  # "or perhaps Y", "nebo snad Y"
# Quotes around the names ('"X" or "Y"', "„X“ nebo „Y“"); emphasis is blanked before the rules read a reply.
_CLOSING, _OPENING = "[\"'»“”]*", "[\"'„«“]*"
_OR_AFTER = re.compile(
    rf"^{_CLOSING}\s*[,;.]?\s*\(?(?:{_OR}|nor)\.?\s+(?!not\b|so\b|more\b|less\b|later\b|earlier\b|whether\b|rather\b|otherwise\b)"
    rf"(?:(?:{_OR_FILLER}|the|a)\s+)*(?=[\w\"“'„«])",
    re.IGNORECASE,
)
_PREPOSITION = "|".join(PLACE_PREPOSITIONS)
# "X or Y", "Either X or Y", "X. Or Y." (a second sentence that opens with "or" offers another candidate too).
_OR_BEFORE = re.compile(
    rf"(?:\b(?:{_OR}|either)\.?\s+(?:(?:{_OR_FILLER}|the|a)\s+)*(?:(?:{_PREPOSITION})\s+(?:(?:the|a|an)\s+)?)?"
    rf"|\w{_CLOSING}\s*/\s*){_OPENING}$",
    re.IGNORECASE,
)
# "X, maybe Y", "X, ale možná Y": after a comma or a dash, a hedge offers a second candidate as "or" does.
_ALTERNATIVE = "|".join(sorted(ALTERNATIVE_CUES, key=len, reverse=True))  # the longest first: "spíše však"
_ALTERNATIVE_AFTER = re.compile(
    rf"^{_CLOSING}\s*[,;—–]\s*(?:{_ALTERNATIVE})\s+(?:the\s+|a\s+)?(?=[\w\"“'„«])", re.IGNORECASE
)
_ALTERNATIVE_BEFORE = re.compile(
    rf"[,;—–]\s*(?:{_ALTERNATIVE})\s+(?:the\s+|a\s+|(?:{_PREPOSITION})\s+)?{_OPENING}$", re.IGNORECASE
)
# A second guess, after a mark, a bracket or "but", before a name: the cues, or any few words holding a hedge ("X, but
# it might be Y", "X (možná Y)", "X, though maybe Y", "X, ale mohl to být i Y", "X; my backup is Y").
_SECOND_GUESS = "|".join(sorted(SECOND_GUESS_CUES, key=len, reverse=True))
_HEDGE_WORD = (
    r"(?:maybe|perhaps|possibly|possibility|probably|might|could|may|else|unless|otherwise|alternatively|backup|"
    r"alternative|second|možná|asi|nejspíš|třeba|snad|mohl|mohla|mohlo|může|nevylučuji|případně|jinak|pokud)"
)
# Words after a second name that offer it as a guess ("Lyon is another possibility", "Brno je také možná odpověď"),
# in lower case ("signed in May" is no hedge) and not before a number ("za asi 41 milionů" is "about").
_OFFERED_AS_A_GUESS = re.compile(
    rf"\b(?:{_HEDGE_WORD}|likely|possible|plausible|candidate|contender|option|guess|fallback|možnost\w*|možn[ýáé]"
    r"|pravděpodobn\w*|kandidát\w*|tip)\b(?!\s*\d)"
)
_CONTRASTS = r"but|though|although|while|whereas|ale|avšak|však|i\s+když|zatímco"
_CONTRAST_BEFORE = re.compile(rf"(?:[,;—–(]\s*|\s)(?:{_CONTRASTS})\s+{_OPENING}$", re.IGNORECASE)
# Words before a name that set it on the side another beat or stood in for (not "defeated by", which names the
# winner), and the beginnings of the question words that ask for that side (word forms, accents dropped).
_BEATEN = (
    r"beating|defeating|beats?|defeated|ahead of|unlike|místo|namísto|porazil[aoiy]?|edges out|edged out|"
    r"(?:wins?|won|narrowly|chosen|preferred|picked) over|ved(?:e|l|la|lo) před"
)
_OTHER_SIDE_BEFORE = re.compile(rf"\b(?:{_BEATEN})\s+(?:the\s+)?{_OPENING}$", re.IGNORECASE)
_LOSING_SIDE_ASKED = frozenset(
    """lose lost loser runne secon defea beat beate oppon again face faced play playe prohr poraz druhy druha
    druhe soupe proti hral hrali""".split()
)
_SECOND_GUESS_OPENING = r"(?:[,;:—–(\[{<]|\s-|\.\.\.|…|\bbut|\bthough|\balthough|\bale|\bi\s+když)"
_SECOND_GUESS_WORDS = (
    rf"(?:(?:{_SECOND_GUESS})\s*[:,]?|(?:[\w'’]+\s+){{0,4}}?{_HEDGE_WORD}\b(?:\s+[\w'’]+){{0,4}}?\s*[:,]?)"
)
_SECOND_GUESS_AFTER = re.compile(
    rf"^{_CLOSING}\s*{_SECOND_GUESS_OPENING}\s*{_SECOND_GUESS_WORDS}\s+(?:the\s+)?{_OPENING}(?=(?-i:[A-ZÀ-Ž]))", re.I
)
# A concession before a name that ends its clause ("X, though Y.", "X, i když Y."): the reply wavers between the
# two. Before a name that goes on ("X, though Y presented it") it tells of something else. After the gold, "but"
# too ("X, ale Y."); not before it, where it turns from what is denied or only assumed ("Not X, but Y.", "Many
# assume X, but Y.").
_CONCEDED = r"though|although|even though|i když|ačkoli|ačkoliv|jenže"
_CONCEDED_AFTER = re.compile(
    rf"^{_CLOSING}\s*[,;—–]\s*(?:{_CONCEDED}|but|ale)\s+{_OPENING}(?=(?-i:[A-ZÀ-Ž]))", re.IGNORECASE
)
_CONCEDED_BEFORE = re.compile(rf"[,;—–]\s*(?:{_CONCEDED})\s+{_OPENING}$", re.IGNORECASE)
# A name in brackets that asks itself ("X (Y?)"): a second guess, as "X (maybe Y)" is.
_QUERIED_AFTER = re.compile(rf"^{_CLOSING}\s*\(\s*{_OPENING}(?=(?-i:[A-ZÀ-Ž])[^()\n]{{0,60}}\?\s*\))")
_QUERIED_BEFORE = re.compile(rf"\(\s*{_OPENING}$")
_QUERY_CLOSES = re.compile(rf"{_CLOSING}\s*\?+\s*\)")
_SECOND_GUESS_BEFORE = re.compile(rf"{_SECOND_GUESS_OPENING}\s*{_SECOND_GUESS_WORDS}\s+(?:the\s+)?{_OPENING}$", re.I)
# "in Vienna or in Berlin", "ve Vídni, nebo v Berlíně": a preposition repeated after "or". What follows it must be
# a candidate of the gold's kind that ends its clause, since a preposition also opens an aside ("or in other words").
_PREPOSITION_AT = re.compile(rf"(?:{_PREPOSITION})\s+(?:(?:the|a|an)\s+)?(?=\w)", re.IGNORECASE)
# "Brazil vs. Germany" names both sides, not the one asked for.
_VERSUS_AFTER = re.compile(rf"^{_CLOSING}\s*(?:vs\.?|versus)\s+(?:the\s+)?(?=[\w\"“'„«])", re.IGNORECASE)
_VERSUS_BEFORE = re.compile(rf"\b(?:vs\.?|versus)\s+(?:the\s+)?{_OPENING}$", re.IGNORECASE)
# Words after a name that say it is what the other name is called ("or in Mumbai, as it is now called", "as Austrians
# call it", "jak se tehdy říkalo"): one place, two names. Not any "as" ("or in Berlin, as far as I know").
_CALLED = (
    r"(?:as\s+(?:it|the\s+\w+|\w+)\s+(?:(?:is|was|are|were)\s+)?(?:now\s+|then\s+|also\s+|locally\s+|today\s+)?"
    r"(?:called|known|named|calls?\s+it|called\s+it)|jak\s+se\s+(?:\w+\s+)?(?:říká|říkalo|jmenuje|jmenovalo|nazývá|nazývalo))"
)
_DESCRIBED = re.compile(rf"^\s*,\s*{_CALLED}\b", re.IGNORECASE)
# Words that give the name before them another of its own ("X, also known as Y", "X (aka Y)").
_ALIAS_WORDS = ("also known as", "better known as", "known as", "aka", "also called", "nicknamed")
_ALIAS_CUE = re.compile(
    rf"^\s*[,(]?\s*(?:{'|'.join(_ALIAS_WORDS)}|a\.k\.a\.?|or simply)\s+",
    re.IGNORECASE,
)
# "Other sources say", "others claim", "is sometimes credited", "disputed": a clause that says sources differ.
_SOME = "other|some|several|different|conflicting|alternative|many"
_SOURCE_NOUNS = "sources|accounts|reports|records|references|historians|scholars|lists"
_THEY_SAY = "say|claim|suggest|believe|state|cite|give|list|argue|report|name|credit"
_CREDITED = "credited|attributed|cited|given|named|listed|reported"
_SAY_SO = rf"\bothers\s+(?:{_THEY_SAY})\b|\b(?:is|are|was|were)\s+(?:sometimes|also|variously)\s+(?:{_CREDITED})\b"
_SOURCES = re.compile(rf"\b(?:{_SOME})\s+(?:{_SOURCE_NOUNS})\b|{_SAY_SO}|\balternatively\b|\bdisputed\b", re.I)
_AND_AFTER = re.compile(r"^\s*,?\s*(?:and|&)\s+(?:the\s+)?(?=[\w\"“'])", re.IGNORECASE)
_AND_BEFORE = re.compile(r"(?P<word>[\w'-]+)\s*,?\s+(?:and|&)\s+(?:the\s+)?$", re.IGNORECASE)
# Czech "a" is "and" ("Albert Einstein a Niels Bohr", "ve Vídni a v Berlíně", "X a možná Y"), in lower case only:
# it is also the English article (`_joined_by_czech_and` says where it is read).
_AND_ALSO = r"(?:(?:také|taky|rovněž|snad|možná|asi)\s+)?"
_CZECH_AND_AFTER = re.compile(
    rf"^(?P<comma>\s*,)?\s*a\s+{_AND_ALSO}(?P<preposition>(?:{_PREPOSITION})\s+)?(?:[Tt]he\s+)?(?=\w)"
)
_CZECH_AND_BEFORE = re.compile(
    rf"(?P<word>\w[\w'-]*)(?P<comma>\s*,)?\s+a\s+{_AND_ALSO}(?P<preposition>(?:{_PREPOSITION})\s+)?(?:[Tt]he\s+)?$"
)
# "X a Y v roce 2001", "X, then Y", "Nejen X, ale i Y", "X + Y", "X – Y", "X with Y": a name joined to the one before
# it by a joining word or a mark, however the sentence goes on. Brackets only after a person's full name, where the
# gold is a person or the question asks for one ("Joseph Brodsky (Octavio Paz)"): elsewhere they mostly set an answer
# beside its other name ("Warrior (Válečník)"); "X / Y" is read as "or". A dash is read strictly: context put first
# ("Hans Gruber – Alan Rickman") reads as a rival would, but for a person's role or a country ("Colonel Drucker –
# Adrian Holmes", "India – New Delhi"). "With" after a name that opens its sentence names a companion ("Björn Borg
# with John McEnroe"), after a verb the answer ("He shared the prize with Ilya Prigogine").
_JOINING_WORDS = (
    "and then", "a pak", "a potom", "and", "a", "i", "together with", "along with", "as well as", "then",
    "potom", "pak", "poté", "spolu s", "společně s", "ale i", "ale také", "but also", "plus",
)  # fmt: skip
_JOINING = "|".join(_JOINING_WORDS)
_JOINING_FILLERS = (
    "také", "též", "rovněž", "taky", "also", "the", "The", "later", "finally", "eventually", "possibly", "maybe",
    "perhaps", "nakonec", "později", "možná", "asi", "snad", "případně",
)  # fmt: skip
_DASH_MARKS = (
    "–—―‒−‐‑~·•|×→⇒="  # with or without spaces; a hyphen only spaced or doubled ("Paris - Lyon", "Paris--Lyon")
)
_QUOTES = "\"'“”„‘’«»"
_QUOTES_OR_BOLD = f"[{_QUOTES}*_]*"  # around names that are quoted or set in bold ('"X", "Y"', "**X**, **Y**")
_JOINED = (
    rf"(?:(?P<mark>\s*[,;+&(]|\s*[{_DASH_MARKS}]|\s+-{{1,3}}|-{{2,3}})(?:\s*(?P<word>{_JOINING})\b)?"
    rf"|\s+(?P<alone>{_JOINING})"
    r"|\s+\(?(?P<companion>with|s|se))"
)
_JOINED_TO_ONE_BEFORE = re.compile(
    rf"{_QUOTES_OR_BOLD}(?:\s*\([^()\n]{{1,60}}\)(?=\s*[,;]))?{_JOINED}(?:\s+(?:{'|'.join(_JOINING_FILLERS)}))*\s*"
    rf"{_QUOTES_OR_BOLD}$"
)  # a note in brackets may stand between a name and a comma ("X (first), Y")
# The same with up to two words in lower case after it, read only when they are words for people ("X, premiér Y",
# "X a jeho žena Y", "X, prof. Y").
_JOINED_WITH_ROLES = re.compile(
    rf"{_QUOTES_OR_BOLD}{_JOINED}(?P<roles>(?:\s+[a-záčďéěíňóřšťúůýž]+\.?){{1,2}})\s*{_QUOTES_OR_BOLD}$"
)
# After a name, what makes it the subject of a clause of its own or describes it, not one of a list: a relative
# word after a comma ("Vienna, where he died"), and in Czech a verb in the singular past or a clitic ("Miloš Forman a
# Tom Hulce v něm ztvárnil Mozarta", "... a Bruce Hapke ji získal"). A plural verb keeps the two one subject, a list
# ("Gene Shoemaker a Bruce Hapke ji získali").
_RELATIVE_WORDS = r"which|where|who|kde|kdy|kter\w*|což|jež|jenž"  # open words about the name before them
_DESCRIBED_AFTER = re.compile(rf"\s*,\s*(?:{_RELATIVE_WORDS}|whose|whom|when|kdo|jehož|jejíž)\b", re.IGNORECASE)
_CLAUSE_WORDS = re.compile(r"[^,.;:!?()]*")
_CZECH_SINGULAR_PAST = re.compile(r"\b\w{2,}(?:l|la|lo)\b")
_CZECH_PLURAL_PAST = re.compile(r"\b\w{2,}(?:li|ly)\b")
_CZECH_CLITICS = frozenset("ji jej ho mu jí ně něm ním se si tak je má".split())
# In English, a verb right after the name ("Steve Jobs, then Tim Cook took over"): English verbs show no number.
_ENGLISH_VERB_AFTER = re.compile(
    r"\s+(?:was|is|has|had|took|won|became|wrote|made|gave|got|held|led|ran|went|came|said|left|began|\w{2,}ed)\b"
)
# Words that open a phrase put first: before a name and a comma, it is no answer ("According to NASA, X", "After the
# Velvet Revolution, X", "Born Cassius Clay, Muhammad Ali"). After "by" and "to" within a sentence a name is the
# answer ("It was won by X, Y"); after the other prepositions, a place it narrows ("He died in Baltimore, Maryland").
_FRONTED = frozenset(word_form(word) for word in (
    *PLACE_PREPOSITIONS, "of", "for", "with", "about", "according", "among", "between", "than", "after", "before",
    "during", "since", "until", "under", "like", "unlike", "despite", "following", "near", "born", "née", "besides",
    "beside", "except", "apart", "vedle", "when", "while", "as", "if", "once", "because", "citing", "whereas", "per",
    "podle", "mezi", "než", "během", "před", "od", "díky", "kromě", "jako", "rozený", "rozená", "když", "zatímco",
    "protože", "poté", "jak", "dle", "jakmile", "ačkoli", "ačkoliv", "pokud", "až",
))  # fmt: skip
_AFTER_A_PREPOSITION = _FRONTED - {"by", "to"}
_ROLES = TITLES | frozenset(word_form(noun) for noun in PERSON_NOUNS)
# Czech inflects a role and an institution: a role is read in any case (`is_czech_person_word`: "Prezidentem"), an
# institution by its stem ("Americká astronomická společnost").
_CZECH_INSTITUTION_STEMS = tuple(
    word_form(stem)
    for stem in """univerzit společnost ústav akademi observato diviz nakladatel muze divadl galeri fakult škol spolk
    klub strana strany straně stranu stranou hnutí ministerst výbor komis festival institut nadac agentur""".split()
)
_NOT_IN_A_NAME = _FRONTED | ARTICLES | PRONOUNS | frozenset({"was", "were", "are", "has", "had", "byl", "byla", "bylo"})
_SEPARATOR = re.compile(rf"\s*[,;]\s*(?:(?:and|{_OR})\.?\s+)?|\s+(?:and|{_OR}|&)\.?\s+", re.IGNORECASE)
_COORDINATOR = re.compile(rf"\b(?:and|{_OR})\b|&", re.IGNORECASE)
# Where a candidate ends its clause: a stop, or a comma that does not open words about it ("or in Mumbai, as it is
# now called", "v Praze, kde studoval": the name is described, not listed).
_ENDS_A_CLAUSE = re.compile(
    rf"\s*(?:[.;:!?)]|$|,(?!\s*(?:{_CALLED}|{_RELATIVE_WORDS}|known|then)\b))",
    re.IGNORECASE,
)
_DASHES = frozenset(_DASH_MARKS + "-")
_SET_BESIDE = frozenset("–;")  # marks (every dash read as "–") that join any names, but set a person in context
_OPENING_NAME = re.compile(r"\s*(?P<name>(?-i:[A-ZÀ-Ž])[\w'’-]*)\s*,\s*")
_CANDIDATES_LISTED = 4  # names in a row, past which the gold standing after the first is one candidate of many
_ENUMERATION_MAX = 12  # members read on either side: enough to see a list, bounded so a long one costs little
# A list item's mark: a bullet, or a number, a letter or a roman numeral as `layout` reads one ("A:" answers a "Q:").
_BULLET = re.compile(
    r"^\s*(?:[-*]\s+|•\s*|\d+\.\s+|[(\[（]?\s*(?:\d{1,2}\s*:|(?:\d{1,2}|[a-hA-H]|[ivxIVX]{1,4})\s*(?:\.\)|[)\]）、]))\s*"
    r"|[\u2460-\u2473]\s*)"
)
_OPENING_SENTENCES, _OPENING_CUES, _OPENING_CHARACTERS = 3, 3, 400
_STANDS_FOR_THE_ANSWER = re.compile(r"\s*(?:it|this|that|the answer|the winner)\s*", re.IGNORECASE)
_COPULA = re.compile(r"\b(?:is|was|are|were|titled|called|named)\s+(?:the\s+|a\s+|an\s+)?(?=[\"“'\w])", re.I)
# A candidate right before a copula that opens its sentence ("Frances Allen was the second woman to ...").
_SUBJECT_COPULA = re.compile(
    r"\s*(?:\([^()]{0,60}\)\s*)?,?\s*\b(?:is|was|are|were|je|jsou|byl|byla|bylo|byli|byly)\s+", re.I
)


def rival_rule(reply: ReplyWords, hits: list[Hit], gold_spans: Spans, multi_item: bool) -> str | None:
    """The name of the rival rule that finds another candidate offered with the gold, or None."""
    text = reply.text
    for hit in hits:
        start, end = reply.words[hit.start].start, reply.words[hit.end].end
        after = text[end : end + 80]
        alias = _ALIAS_CUE.match(after)
        if alias:  # "X, also known as Y or Z": each alias must resemble the gold
            clause = re.split(r"[.;:!?\n]", after[alias.end() :], maxsplit=1)[0]
            names = re.split(r"\s*(?:,|\bor\b)\s*", clause)
            aliases = [_candidate_words(name) for name in names if name.strip()]
            if re.search(r"\bor\b", clause) and not all(_resembles(reply, alias, hit) for alias in aliases):
                return EITHER_OR
        for after_the_gold in (_OR_AFTER, _ALTERNATIVE_AFTER, _SECOND_GUESS_AFTER, _VERSUS_AFTER, _QUERIED_AFTER):
            following = after_the_gold.match(after)
            if following and _offered_after(reply, end + following.end(), gold_spans, hit):
                return EITHER_OR
        described = _DESCRIBED.match(after)  # "Bombay (or Mumbai, as it is now called)": one place, two names
        for before_the_gold in (_OR_BEFORE, _ALTERNATIVE_BEFORE, _SECOND_GUESS_BEFORE, _VERSUS_BEFORE):
            preceding = before_the_gold.search(text[max(0, start - 40) : start])
            if not preceding or (described and before_the_gold is _OR_BEFORE):
                continue
            position = max(0, start - 40) + preceding.start()
            # "Brazil vs. Germany" answers "Whom did Brazil play?": the side the question names is no rival, unless
            # the question names the gold too ("Who won, Brazil or Germany?").
            if before_the_gold is _VERSUS_BEFORE and _asked_side(reply, position) and not _asked(reply, hit):
                continue
            if _offered_before_or(reply, position, gold_spans, hit):
                return EITHER_OR
        if _guessed_after_another(reply, hit, gold_spans) or _queried_after_another(reply, hit, gold_spans):
            return EITHER_OR
        if _conceded_beside_another(reply, hit, gold_spans):
            return EITHER_OR
        if _on_the_other_side(reply, hit, gold_spans):
            return ANSWERED_OTHERWISE
        if not multi_item:
            for rival, rule in _RIVALS_OF_ONE_ITEM:
                if rival(reply, hit, gold_spans):
                    return rule
    if multi_item and _listed_beyond_the_gold(reply, hits, gold_spans):
        return LISTED_WITH_OTHERS
    if _sources_disagree(reply, gold_spans):
        return SOURCES_DISAGREE
    if _answered_otherwise_first(reply, hits, gold_spans):
        return ANSWERED_OTHERWISE
    return None


def _taken_back(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold is taken back for another ("X. No wait, it's Y."), and not given again after as the correction of
    another ("X. No wait, it's Y. No wait, it's X." answers X)."""
    if not _corrected(reply, reply.words[hit.end].end, gold_spans):
        return False
    name = [w.form for w in reply.words[hit.start : hit.end + 1]]
    return not any(
        _given_as_a_correction(reply, reply.words[index].start, reply.words[hit.end].end, gold_spans)
        and not _corrected(reply, reply.words[index + len(name) - 1].end, gold_spans)
        for index in _mentions(reply, name, hit.end + 1)
    )


def _given_as_a_correction(reply: ReplyWords, position: int, since: int, gold_spans: Spans) -> bool:
    """A name that starts at `position` comes after another name after `since` that is taken back ("... No wait,
    it's Y. Ne, pardon, přece jen X")."""
    return any(_corrected(reply, end, gold_spans) for _, end in reply.candidates_within(since, position))


def _conceded_beside_another(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """A concession joins the gold and another candidate, the second ending its clause ("X, though Y.", "Y, i když
    X."): two answers the reply wavers between."""
    start, end = reply.words[hit.start].start, reply.words[hit.end].end
    after = _CONCEDED_AFTER.match(reply.text[end : end + 80])
    if after is not None and _closing_candidate(reply, hit, end + after.end(), gold_spans):
        return True
    before = _CONCEDED_BEFORE.search(reply.text[max(0, start - 40) : start])
    if before is None or not _ENDS_A_CLAUSE.match(reply.text[end : end + 40]):
        return False
    return _offered_before_or(reply, max(0, start - 40) + before.start(), gold_spans, hit)


def _offered_after(reply: ReplyWords, position: int, gold_spans: Spans, hit: Hit) -> bool:
    """After "or" (or a hedge, or "vs."), another candidate starts at `position`; after a repeated preposition, one
    of the gold's kind that ends its clause ("in Vienna or in Berlin")."""
    preposition = _PREPOSITION_AT.match(reply.text, position)
    if preposition is None:
        return _other_at(reply, position, gold_spans, hit)
    return _closing_candidate(reply, hit, preposition.end(), gold_spans)


def _other_at(reply: ReplyWords, position: int, gold_spans: Spans, hit: Hit) -> bool:
    """A candidate starts at `position` that is not the gold, nor like it, nor a word of the question."""
    if gold_spans.holds(position):
        return False
    said = _candidate_words(reply.text[position : position + 80])
    if said and said[0].form in ARTICLES:  # "The Rolling Stones", "the Rolling Stones": the name after its article
        said = _candidate_words(reply.text[position + said[0].end : position + 80])
    if not said or said[0].form in reply.question_forms or said[0].form in STOP_FORMS:
        return False
    # Words that decline name no one: "Nejsem si jistý.\nMilan Kundera." lists nothing beside the gold.
    if reply.declining_words_only(position + said[0].start, position + said[-1].end):
        return False
    # Made of the gold's own words, it is more of the gold ("Kansas City Chiefs 38 a Philadelphia Eagles 35").
    return not _resembles(reply, said, hit) and not all(w.form in reply.gold_forms for w in said)


def _candidate_words(text: str) -> list[Word]:
    """The candidate a text opens with: its run of capitalised words (with particles), else its first word."""
    words = words_of(text)[:6]
    if not words or not words[0].capitalised:
        return words[:1]
    run = [words[0]]
    for previous, w in itertools.pairwise(words):
        if text[previous.end : w.start] not in (" ", "-") or not (w.capitalised or w.form in PARTICLES):
            break
        run.append(w)
    return run


def _asked(reply: ReplyWords, hit: Hit) -> bool:
    """Every word of the gold as found is the question's."""
    return all(reply.of_question(reply.words[i].form) for i in range(hit.start, hit.end + 1))


def _asked_side(reply: ReplyWords, position: int) -> bool:
    """The name that ends right before `position` is the question's ("Brazil" in "Brazil vs." for "Whom did Brazil
    play?")."""
    forms = [w.form for w in words_of(reply.text[max(0, position - 60) : position])[-4:] if w.capitalised]
    return bool(forms) and all(reply.of_question(form) for form in forms)


def _offered_before_or(reply: ReplyWords, position: int, gold_spans: Spans, hit: Hit) -> bool:
    """ "Y or X", "either Y or X": a candidate stands before the "or" that precedes the gold (an "either" right
    before the gold is enough). Words that decline are none: "Nevím jistě, možná X" and "I don't know (maybe X)"
    guess once."""
    before = reply.text[max(0, position - 60) : position].rstrip(" .…").removesuffix(",")  # "Brno, or Hukvaldy"
    if re.search(r"\beither\s*$", reply.text[position : position + 12], re.IGNORECASE):
        return True
    pieces = re.split(r"[,.;:!?\n]", before)
    if pieces and abstention_rule(pieces[-1]) is not None:
        return False
    last = words_of(pieces[-1])[-3:] if pieces else []
    return bool(last) and not gold_spans.holds(position - 2) and not _resembles(reply, last, hit)


def _resembles(reply: ReplyWords, said: list[Word], hit: Hit, relatives: bool = True) -> bool:
    """The candidate shares a word with the gold as found, or its last word begins as the gold's last word does:
    a spelling of the same name ("Guilhelmus Fabricius Hildanus" beside "Wilhelm Fabricius von Hilden"). Not two
    names that share only their last word and open on different words: relatives and namesakes ("Venus Williams"
    beside "Serena Williams", "Jan Masaryk", "Atlético Madrid" beside "Real Madrid"), unless `relatives` is off."""
    found = [reply.words[i].form for i in range(hit.start, hit.end + 1)]
    gold = set(found)
    shortest = 0 if all(len(form) <= 2 for form in gold) else 2  # a letter beside a letter ("A, B, C, D" for "C")
    forms = [w.form for w in said if w.numeric or (w.form not in STOP_FORMS and len(w.form) > shortest)]
    if not forms:
        return True
    if relatives and _namesakes(forms, [f for f in found if f not in STOP_FORMS and f not in PERSON_TITLES]):
        return False
    last = reply.words[hit.end].form
    return any(f in gold for f in forms) or (len(last) >= 4 and not last.isdigit() and forms[-1][:4] == last[:4])


def _namesakes(said: list[str], gold: list[str]) -> bool:
    """Two names that share their last word but not the word before it ("Serena Williams", "Venus Williams"; "Jan
    Masaryk", "Tomáš Garrigue Masaryk"), or the word before it but not the last ("Joseph Brodsky", "Joseph Conrad";
    "Manchester United", "Manchester City"): relatives, namesakes, clubs of one city. Particles are passed over
    ("Wilhelm Fabricius von Hilden" is "Guilhelmus Fabricius Hildanus"), and an initial is its name's ("J. Brodsky")."""
    said, gold = [w for w in said if w not in PARTICLES], [w for w in gold if w not in PARTICLES]
    if len(said) < 2 or len(gold) < 2:
        return False
    return _alike(said[-1], gold[-1]) != _alike(said[-2], gold[-2])


def _alike(one: str, other: str) -> bool:
    """The same word, spelt or inflected otherwise, or an initial of it."""
    if one[:1] != other[:1]:
        return False
    return min(len(one), len(other)) == 1 or one[:4] == other[:4] or same_word(one, other)


def _listed_with_others(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold is one item of a list whose other items name candidates: a bulleted list, or items joined by
    "and" of the gold's kind (a number beside a number, "first and fifth"; a name beside a name)."""
    text = reply.text
    start, end = reply.words[hit.start].start, reply.words[hit.end].end
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end) if "\n" in text[end:] else len(text)
    line = text[line_start:line_end]
    sentence = reply.sentences.at(start)
    concluded = sentence is not None and bool(_CONCLUDES.search(text, sentence.start, start))
    if not concluded and (_BULLET.match(line) or (line_start > 0 and len(line.split()) <= 6)):
        for other_start, other_end in _neighbour_lines(text, line_start, line_end):
            body = _BULLET.sub("", text[other_start:other_end], count=1)
            position = other_end - len(body)
            if body.strip() and _other_at(reply, position, gold_spans, hit):
                return True
    following = _AND_AFTER.match(text[end : end + 40])
    if following and _same_kind(reply, hit, end + following.end(), gold_spans):
        return True
    preceding = _AND_BEFORE.search(text[max(0, start - 60) : start])
    if preceding is not None and _same_kind(reply, hit, max(0, start - 60) + preceding.start("word"), gold_spans):
        return True
    if _joined_by_czech_and(reply, hit, gold_spans) or _joined_to_another(reply, hit, gold_spans):
        return True
    return _enumerated_with_others(reply, hit, gold_spans)


# Words by which a sentence gives its name as the conclusion of what came before, not as one more item of a list
# ("1) ... 2) Parliament House is there. So the answer is Canberra.", "Therefore Mars.").
_CONCLUDES = re.compile(
    r"\b(?:answer|therefore|thus|hence|so|finally|in short|odpověď|tedy|proto|takže|tudíž|celkem)\b", re.IGNORECASE
)


class _Join(Enum):
    """How a name before the gold is joined to it, which decides what it must be to be another answer."""

    WORD = "a joining word or a mark that only lists: X a Y, X + Y, X with Y"
    CLAUSES = "two clauses, each headed by its name: X won, Y was second"
    COMMA = "a comma alone, or between people a semicolon or a dash: X, Y"
    BRACKET = "a round bracket after a person's full name, which may hold the same name written otherwise: X (Y)"
    BESIDE = "a semicolon or a dash beside a place or a thing, or a comma between two of one breadth: X – Y"


def _joined_to_another(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold is joined to another name before it in its sentence, the two read as two answers however the
    sentence goes on: "X a Y v roce 2001", "X, then Y", "Nejen X, ale i Y", "X + Y", "X; Y", "X – Y", "X with Y"
    (X opening the sentence), "X won, Y was second", and between people's names "X, Y". The first of them is taken
    as the reply's answer and the second is the rival case, so that naming a second never pays more than naming the
    first alone. A comma alone joins no other names, which it mostly sets in context ("Baltimore, Maryland", "Paris,
    Louvre"), and no name to words put first ("According to NASA, X", "In 1969, X", "Pokud vím, X") or to a role
    ("Union Minister of Commerce and Industry, X")."""
    words, start = reply.words, reply.words[hit.start].start
    named = next((i for i in range(hit.start, hit.end) if words[i].form not in PERSON_TITLES), hit.end)
    if not (words[named].capitalised or reply.lowercase):  # a title may be in lower case ("prof. Jiří Doležal")
        return False  # "historické a teologické studie": words in lower case join too often to be read so
    sentence = reply.sentences.at(start)
    opening = sentence.start if sentence is not None else 0
    if hit.start == 0 or words[hit.start - 1].start < opening:
        return False
    window = max(opening, words[hit.start - 1].start - 40)
    joined = _JOINED_TO_ONE_BEFORE.search(reply.text[window:start])
    roles: list[str] = []
    if joined is None and hit.person:
        joined = _JOINED_WITH_ROLES.search(reply.text[window:start])
        roles = joined["roles"].split() if joined else []
        if roles and not (_names_a_person(roles[-1].rstrip(".")) and all(map(_describes_a_person, roles[:-1]))):
            return False  # "X, ředitel Y" is no list; "X, premiér Y", "X a jeho žena Y" are, between people
    if joined is None:
        return False
    hedged = _hedged_after(reply, hit)
    # A comma alone: between people's names (", then Y" joins as "then" does), places or things of one breadth, or
    # two clauses each headed by a name ("X won, Y was second"). A semicolon, a dash and "with" join any names.
    mark = "" if joined["word"] else (joined["mark"] or "").strip()
    mark = "–" if mark[:1] in _DASHES else mark  # one dash for all ("—", "--", "~")
    if mark == "(" and not (hit.person or asks_for_a_person(reply.question)):
        return False  # "Válečník (Warrior)", "Bombay (Mumbai)": brackets mostly set a thing beside its other name
    bare_comma = mark == ","
    companion = joined["companion"] is not None
    end = window + joined.start()
    last = next((i for i in range(hit.start - 1, -1, -1) if words[i].end <= end), None)
    if last is None or words[last].end != end or words[last].start < opening or words[last].numeric:
        return False
    first = last
    # A name may end in words in lower case ("Národní divadlo a Stavovské divadlo", "Gene Shoemaker won, Bruce Hapke
    # was second"), though not before a comma and a joining word ("Gene Shoemaker died, and Bruce Hapke won").
    tail = 0
    while (
        tail < 2
        and not reply.lowercase
        and not joined["word"]
        and not words[first].capitalised
        and first > 0
        and words[first - 1].start >= opening
        and words[first].form.isalpha()
        and len(words[first].form) > 2
        and words[first].form not in _NOT_IN_A_NAME
    ):
        first, tail = first - 1, tail + 1
    if not reply.lowercase and not (words[first].capitalised and reply.name_like(first)):
        return False  # "As far as I know, X", "Of course, X"
    # "X won, Y was second": a clause of each name's, whatever the names are.
    clauses = bare_comma and tail > 0 and _acts(reply, last - tail) and _heads_a_clause(reply, hit)
    things = bare_comma and not hit.person and not clauses
    if things and (tail or not _a_bare_name(reply, hit, hedged)):
        return False  # "Gemma, Mark's wife": the gold goes on, or is no name
    if tail and (roles or companion or mark in ("–", "(")):
        return False  # "obdržela spisovatelka a novinářka Ann Druyanová": roles of one person, no list
    if tail and words[first].raw.endswith(("'s", "’s")):
        return False  # "Shoemaker's colleague, Bruce Hapke" says who Hapke is
    while first > 0 and words[first - 1].start >= opening and reply.name_gap(first - 1, first):
        if not (reply.name_like(first - 1) or words[first - 1].form in PARTICLES):
            break
        first -= 1
    # Between places, one narrowed or set in the other is one answer ("Maryland, United States", "France, Paris",
    # "India – New Delhi"); so is a town and a region, by a comma, for a question that asks where or for a region
    # ("Baltimore, Maryland"), as the tables cannot tell a town's region from another town. Not one offered as a guess.
    if (things or (mark in _SET_BESIDE and not hit.person)) and not hedged:
        other, gold = (reply.text[words[a].start : words[b].end] for a, b in ((first, last), (hit.start, hit.end)))
        places = relation(other, gold)
        if places is Relation.ONE_PLACE or (things and places is Relation.UNKNOWN and _asks_where(reply)):
            return False
    opens = reply.text[opening : words[first].start].strip(" \"'*-•(#") == ""
    if tail and opens and first + tail == last and not clauses:
        return False  # one capitalised word opening the sentence, then words in lower case: "Pokud vím, X"
    if companion and (not opens or joined["companion"] in reply.question_forms):
        return False  # "He shared the Nobel Prize with Ilya Prigogine", "Who discovered it with X?": the answer
    # The gold heading a clause of its own is no second item after a joining word ("Steve Jobs, then Tim Cook took
    # over"), nor after a dash or a semicolon that ends a clause ("He left Lazio; Juventus signed him"). After a
    # comma alone, "with", or a mark after a name that opens the sentence, it is a second name all the same ("X won,
    # Y was second", "X with Y won the doubles", "Lazio – Juventus ho koupil"), as is one offered as a guess
    # ("Paris; Lyon is another possibility").
    second_all_the_same = mark in _SET_BESIDE and (opens or hedged)
    if not bare_comma and not companion and not second_all_the_same and _heads_a_clause(reply, hit):
        return False
    # Between people's names, a semicolon or a dash is read as a comma is ("Czechoslovakia – Emil Zátopek" is none).
    if clauses:
        join = _Join.CLAUSES
    elif things:
        join = _Join.BESIDE
    elif mark == "(":
        join = _Join.BRACKET
    elif mark == "," or (hit.person and mark in _SET_BESIDE):
        join = _Join.COMMA
    else:
        join = _Join.BESIDE if mark in _SET_BESIDE else _Join.WORD
    return _named_before(reply, hit, first, last, gold_spans, join)


def _after_another_by_marks(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """Another candidate stands right before the gold in its sentence with only marks between, whatever they are
    ("X: Y", "X -> Y", "X [Y]", "X 🤔 Y", "X… Y", "X\tY"), or the gold is in brackets after words that give no other
    form of the other's name ("X (see Y)", "X [runner-up: Y]"): two names set side by side are two answers, the first
    the reply's, as with a dash. Not a label ("Winner: X", "Museum: X"), one place set in another ("France: Paris"),
    nor a name in quotes beside what it names ('HMS "Titanic"', 'Opera „Rusalka“'), but between two people's names
    ('Joseph Brodsky „Octavio Paz“') and beside another in quotes ('"Sydney" "Canberra"')."""
    start = reply.words[hit.start].start
    sentence = reply.sentences.at(start)
    opening = sentence.start if sentence is not None else 0
    other = _candidate_before(reply, opening, start)
    if other is None:
        return False
    other_start, other_end = other
    said = words_of(reply.text[other_start:other_end])
    cued = _CUED_IN_BRACKETS.search(reply.text, opening, start)
    if cued is None or cued.start() != other_end or not _a_cue(cued["cue"]):
        gap = _ARTICLE_ENDING.sub(" ", reply.text[other_end:start])  # "X ∨ The Y": the gold's own article
        if any(c.isalnum() for c in gap) or gap == " ":
            return False  # a space alone may part the words of one name; white space of another kind parts two
        marks = gap.strip().strip(_QUOTES).strip()
        both_quoted = other_start > 0 and reply.text[other_start - 1] in _QUOTES and gap.lstrip()[:1] in _QUOTES
        if gap.strip() and not marks and not both_quoted and not (hit.person and _a_person_s_name(said, opening)):
            return False  # quotes alone, around the gold only: 'HMS "Titanic"'
        between_people = marks == ":" and hit.person and _a_person_s_name(said, opening) and gap.strip() == ":"
        if not between_people and not _unread_marks(reply, marks, opening, other_start):
            return False  # a colon puts what it introduces after it, but a person is no context for a person
    if not reply.is_other(other_start, other_end, gold_spans) or _resembles(reply, said, hit):
        return False
    if all(_says_who_or_what(w, opening) for w in said):
        return False
    gold = reply.text[start : reply.words[hit.end].end]
    return relation(reply.text[other_start:other_end], gold) is not Relation.ONE_PLACE


def _aliased_from_another(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold is given as another name of a candidate right before it ("Sydney, also known as Canberra", "Bombay
    (now Mumbai)", "Eric Blair (aka George Orwell)", "Sydney (known in English as Canberra)", "X, which is also known
    as the Y") which is no form of it: the reply's answer is the first name, and an alias that neither shares a word
    with it ("Florencia Trinidad (aka Florencia de la V)") nor is spelt like it ("Tarnopolu (dnes Ternopil)") is a
    second answer, however true the alias may be, since nothing here knows what is whose other name."""
    start = reply.words[hit.start].start
    sentence = reply.sentences.at(start)
    opening = sentence.start if sentence is not None else 0
    window = max(opening, start - _ALIAS_REACH)
    cue = next(reversed([*_ALIAS_IN_BRACKETS.finditer(reply.text, window, start)]), None)  # the nearest
    if cue is None:
        return False
    bracket = max(reply.text.rfind("(", window, cue.start()), reply.text.rfind("[", window, cue.start()))
    in_brackets = bracket >= 0 and not re.search(r"[)\]]", reply.text[bracket : cue.start()])
    other = _candidate_before(reply, opening, bracket if in_brackets else cue.start())  # not "English" in "(English:"
    if other is None:
        return False
    before, after = reply.text[other[1] : cue.start()], reply.text[cue.end() : start]
    lead = words_of(before)
    if not in_brackets and not (
        _ALIAS_OUTSIDE_BRACKETS.fullmatch(cue.group()) and all(w.form in _ALIAS_LEAD for w in lead)
    ):
        return False  # "Sydney, aka Y", "Sydney, which is also known as Y"; not "Škola je známá jako Y"
    if len(lead) > _ALIAS_WORDS_BEFORE or _ALIAS_BREAK.search(before):
        return False
    if not all(word.form in _ALIAS_FILLERS or word.form in reply.gold_forms for word in words_of(after)):
        return False  # "X, born in Y", "X, whose real name is Y, was killed by Z": the cue is not the gold's
    said = words_of(reply.text[other[0] : other[1]])
    if not reply.is_other(*other, gold_spans) or _resembles(reply, said, hit, relatives=False):
        return False
    if any(w.form in reply.gold_forms for w in said if w.form not in STOP_FORMS):
        return False  # another of the gold's own names ("Carolyn Garcia, also known as Mountain Girl")
    gold = [reply.words[i].form for i in range(hit.start, hit.end + 1)]
    return not any(_spelt_alike(w.form, form) for w in said for form in gold)


def _spelt_alike(one: str, other: str) -> bool:
    """Two words that may be one name spelt in two languages: the same first letter, most letters in common
    ("tarnopolu", "ternopil"; "terijanova", "terian")."""
    one, other = fold(one), fold(other)
    if len(one) < 4 or len(other) < 4 or one[0] != other[0]:
        return False
    return difflib.SequenceMatcher(None, one, other).ratio() >= _SPELT_ALIKE


_SPELT_ALIKE = 0.6


_ARTICLE_ENDING = re.compile(r"(?<=\W)(?:the|an)\s+$", re.IGNORECASE)  # not "a", Czech "and"


def _offered_as_a_second_answer(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """Between another candidate and the end of the gold's clause, words say the gold is a second answer ("X is my
    answer; Y is my backup", "Primary: X | Secondary: Y", "X (plan B: Y)", "X, or if I'm wrong, Y", "X. A minority
    cite Y.", "X, a pokud ne, tak Y"): two answers, the first the reply's."""
    start, end = reply.words[hit.start].start, reply.words[hit.end].end
    closing = _CLAUSE_MARK.search(reply.text, end)
    clause_end = closing.start() if closing else len(reply.text)
    reach = max(0, start - _SECOND_ANSWER_REACH)
    openers = [(w.start, w.end) for i, w in enumerate(reply.words) if reach <= w.start < start and _opens(reply, i)]
    for other_start, other_end in sorted({*reply.candidates_within(reach, start), *openers}, reverse=True):
        if (
            other_end > start
            or reply.text[other_end : other_end + 1] == ":"
            or _SECOND_ANSWER.fullmatch(reply.text[other_start:other_end])
        ):
            continue  # past the gold, or a label ("Secondary: Y")
        said = words_of(reply.text[other_start:other_end])
        if reply.is_other(other_start, other_end, gold_spans) and not _resembles(reply, said, hit):
            return bool(_SECOND_ANSWER.search(reply.text, other_end, clause_end))
    return False


_SECOND_ANSWER_REACH = 120  # how far before the gold the other candidate is looked for


def _opens(reply: ReplyWords, index: int) -> bool:
    """The word opens its sentence and may be a name ("Brno, a pokud ne, tak Olomouc")."""
    sentence = reply.sentences.at(reply.words[index].start)
    return sentence is not None and reply.index_from(sentence.start) == index and reply.name_like(index)


_CLAUSE_MARK = re.compile(r"[.;|!?\n()\[\]]|,|\s[–—-]\s")
# Words by which a clause offers its name as a second answer, not as context ("runner-up" alone is a fact).
_SECOND_ANSWER = re.compile(
    r"\b(?:backup|fallback|secondary|second(?:[\s-]best)?\s+(?:guess|choice|pick|answer|option|thought)|plan\s+b|"
    r"alternative|alt\.|runner-up\s+(?:answer|guess|pick)|if\s+(?:i'?m|i\s+am)\s+wrong|if\s+pressed|if\s+allowed\s+two|"
    r"minority|in\s+a\s+few|unofficially|colloquially|also\s+possible|also\s+consider|just\s+in\s+case|alt|"
    r"runner-up|my\s+second|partly|in\s+practice|suspect|my\s+gut|colleague|would\s+say|"
    r"záložní|záloha|druhý\s+tip|v\s+horším\s+případě|a\s+pokud\s+ne|neoficiálně|přichází\s+v\s+úvahu|zvažuji|"
    r"druhá\s+nejpravděpodobnější|některé\s+(?:zdroje\s+)?uvádějí|některé|v\s+úvahu\s+přichází)\b",
    re.IGNORECASE,
)


def _guessed_again_later(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold stands in a later sentence of its own that only offers it as another guess ("Maybe Y.", "Y?", "If
    not, Y.", "Second guess: Y.", "Nebo Y."), after an earlier sentence, short or one that offers its name as the
    answer, named another candidate ("My best guess would be X. Maybe Y."), for a person another person. A sentence
    that says more than the guess is no bare guess ("The 1987 winner was probably Y."), and one of context is no
    answer ("The final was played in Barcelona. Probably Manchester United.")."""
    start = reply.words[hit.start].start
    index = reply.sentence_index(start)
    if index < 1:
        return False
    sentence = reply.sentences.spans[index]
    outside = [
        w
        for w in reply.words_within(sentence.start, sentence.end)
        if not hit.start <= reply.index_from(w.start) <= hit.end
    ]
    if len(outside) > _BARE_GUESS_WORDS or any(w.numeric for w in outside):
        return False
    if not (_GUESS_CUE.search(sentence.text) or sentence.text.rstrip(" .!\"'*)").endswith("?")):
        return False
    for span in reply.sentences.spans[:index]:
        if len(span.text.split()) > SHORT_WORDS and not _OFFERS_AN_ANSWER.search(span.text):
            continue  # context, not an answer: "The final was played in Barcelona. Probably Manchester United."
        for other_start, other_end in reply.candidates_within(span.start, span.end):
            said = words_of(reply.text[other_start:other_end])
            if not reply.is_other(other_start, other_end, gold_spans) or _resembles(reply, said, hit):
                continue
            if not hit.person or _a_person_s_name(said, span.start):  # a person's rival is a person
                return True
    return False


_BARE_GUESS_WORDS = 5  # words beside the gold in a sentence that only guesses it ("My second guess would be Y.")
# Words by which a sentence offers its name as the answer ("My best guess would be X", "I think it is X", "Myslím,
# že správná odpověď je X").
_OFFERS_AN_ANSWER = re.compile(
    r"\b(?:guess|think|believe|answer|confident|sure|certain|would be|go(?:ing)? with|pick|choose|vote|bet|say|odpověď|"
    r"myslím|tipuji|tipnu|jistý|jistá|řekl|řekla|volím|vsadím)\b",
    re.IGNORECASE,
)
_GUESS_WORDS = r"or|if not|backup|fallback|guess|confus\w*|mixing|just in case|nebo|anebo|či|pletu|tip"
_GUESS_CUE = re.compile(rf"\b(?:{_HEDGE_WORD}|{_GUESS_WORDS})\b", re.IGNORECASE)


def _candidate_before(reply: ReplyWords, opening: int, end: int) -> tuple[int, int] | None:
    """The last candidate that ends by `end` in the sentence from `opening`; a sentence's first word counts, though
    it is no name run ("Berlin: Munich", "Sydney, aka ...")."""
    before = [c for c in reply.candidates_within(opening, end) if c[1] <= end]
    first = reply.index_from(opening)
    if reply.words[first].end <= end and reply.name_like(first):
        before = sorted({*before, (reply.words[first].start, reply.words[first].end)})
    return before[-1] if before else None


def _unread_marks(reply: ReplyWords, marks: str, opening: int, other_start: int) -> bool:
    """The marks between two names are none that another reading reads: not a comma, a semicolon, "+", "&", a dash
    or a round bracket (`_joined_to_another` knows when they set context: "Baltimore, Maryland", "Warrior
    (Válečník)"), nor what goes on after a note in brackets ("Hissar (Haryana), Sonipat"). A name after a closing
    bracket alone answers, unless the bracket opens the sentence ("(X) Y"): "prezident Horní Volty (dnešní Burkiny
    Faso) Maurice Yaméogo" sets a note on the words before it."""
    if not marks.startswith(")"):
        return marks not in _READ_WHEN_JOINED and not _a_dash(marks)
    after_a_note = marks.removeprefix(")").strip()
    if after_a_note:
        return after_a_note not in _LISTING and not _a_dash(after_a_note)
    return not reply.text[opening : reply.text.rfind("(", opening, other_start)].strip(" \"'*#•-")


def _a_dash(marks: str) -> bool:
    """One dash as `_JOINED` reads it (any of `_DASH_MARKS`, or a hyphen doubled or tripled), not "||" or "==>"."""
    return (len(marks) == 1 and marks in _DASHES) or marks in ("--", "---")


# Marks read elsewhere, and a colon, which puts what it introduces after it ("Nobel Prize: Octavio Paz"; between two
# people's names `_after_another_by_marks` reads it as any other mark).
_LISTING = frozenset({",", ";", "+", "&"})
_READ_WHEN_JOINED = _LISTING | {"(", ":"}
# An opening bracket and up to three words before a name in it ("(see ", "[runner-up: ", "(2nd: ", "(I'd also say ").
_CUED_IN_BRACKETS = re.compile(r"(?P<bracket>\s*[(\[{<])\s*(?P<cue>(?:\w[\w'’.-]*[\s:]+){1,3})$")
# Words in brackets that give the name before them another form of its own, not another candidate: "(aka Y)",
# "(born Y)", "(now Y)", "(in English Y)", "(rozený Y)", "(dnes Y)".
_OTHER_NAME_CUES = (
    *_ALIAS_WORDS, "a.k.a.", "alias", "called", "born", "née", "real name", "birth name", "formerly", "originally",
    "now", "today", "later", "or", "then", "at the time", "who became", "which became", "renamed", "tehdy",
    "v té době", "přejmenovan", "also spelled", "also spelt", "also written", "in english", "english", "translated",
    "transliterated", "spelled", "spelt", "také známý jako", "také známá jako", "také známé jako", "též známý jako",
    "také zvaný", "také psáno", "známý jako", "známá jako", "známé jako", "rozený", "rozená", "vlastním jménem",
    "dříve", "původně", "dnes", "nyní", "později", "anglicky", "česky", "v překladu", "v originále", "zvaný", "zvaná",
    "v angličtině", "v češtině",
)  # fmt: skip


def _a_cue(words: str) -> bool:
    """Words in brackets before a name say what the name is, and give no other form of the name before them: in
    lower case ("see", "runner-up", "I'd also say"), or a label ("Note:", "2nd:"); not an article that opens the
    name ("(The Tin Drum)"), nor "aka", "born", "now" and their like."""
    label = words.rstrip().endswith(":")
    cue = words.strip(" :")
    if _OTHER_NAME_CUE.match(cue):
        return False
    forms = [(word, word_form(word)) for word in cue.split() if word[:1].isalpha()]
    return label or all(w[:1].islower() or (f in STOP_FORMS and f not in ARTICLES) for w, f in forms)


_OTHER_NAME_CUE = re.compile(rf"(?:{'|'.join(re.escape(cue) for cue in _OTHER_NAME_CUES)})(?!\w)", re.IGNORECASE)
# Words that give a name as another of the name before them: in brackets any of the cues ("or" aside, read as "or")
# and words that name a name ("known in English as", "English title:", "pen name"); outside them, only those that
# can mean nothing else ("X, then Y" is a sequence), after a name or words that lead to them ("which is also").
_MORE_ALIAS_CUES = (
    "a/k/a", "pen name", "stage name", "translated as", "neboli", "čili", "známé také jako", "známý také jako",
    "známá také jako", "přezdívaný", "přezdívaná", "přezdívané", "zvané", "dříve zvaný", "také nazývaný",
    "také nazývaná", "také nazývané", "nazývaný", "nazývaná", "nazývané", "namely", "i.e.", "sometimes called",
    "often called", "commonly called", "tzv.", "tj.", "engl.", "angl.", "orig.", "t.č.", "lat.",
)  # fmt: skip
_ALIASES_OUTSIDE_BRACKETS = (
    *_ALIAS_WORDS, *_MORE_ALIAS_CUES, "alias", "born", "née", "real name", "birth name", "formerly", "rozený",
    "rozená", "vlastním jménem", "také známý jako", "také známá jako", "také známé jako", "též známý jako",
    "známý jako", "známá jako", "známé jako", "zvaný", "zvaná",
)  # fmt: skip
_NAMES_A_NAME = (
    "title", "name", "translation", "nowadays", "dnešní", "v češtině", "v angličtině", "česky", "called", "named",
    "call", "calls", "in german", "in czech", "in french", "in spanish", "in italian", "in russian", "in latin",
    "in the original", "german", "czech", "french", "německy", "francouzsky", "v němčině", "ve francouzštině",
)  # fmt: skip
# "known to most people as", "referred to nowadays as", "a. k. a.", "also-known-as": words parted by spaces or dashes.
_KNOWN_AS = r"(?:known|referred[\s-]+to|called|named)(?:[\s-]+[\w-]+){0,3}?[\s-]+as|a\.?\s?k\.?\s?a\.?"


def _cues(cues: tuple[str, ...] | list[str]) -> str:
    """The cues as one alternation, longest first, each word parted by spaces or dashes."""
    return "|".join(re.escape(cue).replace(r"\ ", r"[\s-]+") for cue in sorted(cues, key=len, reverse=True))


_ALIAS_IN_BRACKETS = re.compile(
    rf"(?<!\w)(?:{_KNOWN_AS}|{_cues([*_OTHER_NAME_CUES, *_MORE_ALIAS_CUES, *_NAMES_A_NAME])})(?!\w)", re.IGNORECASE
)
_ALIAS_OUTSIDE_BRACKETS = re.compile(rf"(?<!\w)(?:{_KNOWN_AS}|{_cues(_ALIASES_OUTSIDE_BRACKETS)})(?!\w)", re.IGNORECASE)
# How far before the gold a cue is read, the words at most between the other name and the cue in brackets ("X
# (better ... as"), the only words between them outside brackets ("X, which is also known as"), and the only words
# between the cue and the gold ("born as", "dnes již", "aka the", "whose English name is").
_ALIAS_REACH, _ALIAS_WORDS_BEFORE = 100, 5
_ALIAS_FILLERS = frozenset(word_form(word) for word in "as the a an is to již také už i".split())
_ALIAS_LEAD = frozenset(
    word_form(word) for word in "which who that is was it also often commonly widely sometimes usually people".split()
)
_ALIAS_BREAK = re.compile(r"[.!?)\]）\n]")  # a clause, a sentence or a bracket that ends between the names


def _heads_a_clause(reply: ReplyWords, hit: Hit) -> bool:
    """The gold is described after it or is the subject of a clause of its own (`_DESCRIBED_AFTER`): "Paris, then
    Vienna, where he died", "Film natočil Miloš Forman a Tom Hulce v něm ztvárnil Mozarta", "Steve Jobs, then Tim
    Cook took over"."""
    end = reply.words[hit.end].end
    if _DESCRIBED_AFTER.match(reply.text, end):
        return True
    if _ENGLISH_VERB_AFTER.match(reply.text, end):
        return True
    if not reply.czech:
        return False
    clause = _CLAUSE_WORDS.match(reply.text, end)  # the words up to a stop or a comma
    rest = clause.group(0).lower() if clause else ""
    if _CZECH_PLURAL_PAST.search(rest):
        return False
    return bool(_CZECH_SINGULAR_PAST.search(rest)) or any(w in _CZECH_CLITICS for w in rest.split())


def _a_bare_name(reply: ReplyWords, hit: Hit, hedged: bool) -> bool:
    """The gold as found is a name alone: capitalised words (and particles), ending its clause (a note in brackets
    aside: "Lyon (second)") or, `hedged`, offered as a guess ("Lyon is another possibility")."""
    said = reply.words[hit.start : hit.end + 1]
    return (
        all(w.capitalised or w.form in PARTICLES for w in said)
        and not any(w.raw.endswith(("'s", "’s")) for w in said)
        and (hedged or bool(_ENDS_A_CLAUSE.match(reply.text, _past_a_note(reply.text, said[-1].end))))
    )


def _guessed_after_another(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """After another candidate in its sentence and a "but", the gold is offered as a guess: "Geneva, but Lausanne is
    also possible", "X, though Y is a strong candidate too", "X, ale Y je také možné"."""
    found = _cue_before(reply, hit, _CONTRAST_BEFORE)
    return found is not None and _hedged_after(reply, hit) and _another_before(reply, gold_spans, *found)


def _queried_after_another(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold is in brackets with a question mark after another candidate ("X (Y?)"): a second guess."""
    start = reply.words[hit.start].start
    bracket = _QUERIED_BEFORE.search(reply.text, max(0, start - 8), start)
    if bracket is None or not _QUERY_CLOSES.match(reply.text, reply.words[hit.end].end):
        return False
    sentence = reply.sentences.at(start)
    other = _candidate_before(reply, sentence.start if sentence is not None else 0, bracket.start())
    if other is None or reply.text[other[1] : bracket.start()].strip(" \"'*"):
        return False
    said = words_of(reply.text[other[0] : other[1]])
    return reply.is_other(*other, gold_spans) and not _resembles(reply, said, hit)


def _on_the_other_side(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """After another candidate in its sentence, the gold is named as the side it beat or stood in for: "France,
    beating Brazil in the final", "X defeated Y", "X, unlike Y", "X místo Y", "Sparta porazila Slavii". Not where
    the question asks for that side ("Who lost the final?", "Koho porazila Sparta?")."""
    if _LOSING_SIDE_ASKED & {form[:5] for form in reply.question_forms}:
        return False
    found = _cue_before(reply, hit, _OTHER_SIDE_BEFORE)
    return found is not None and _another_before(reply, gold_spans, *found)


def _cue_before(reply: ReplyWords, hit: Hit, cue: re.Pattern[str]) -> tuple[int, re.Match[str]] | None:
    """Where the gold's sentence opens, and `cue` matched right before the gold within it."""
    start = reply.words[hit.start].start
    sentence = reply.sentences.at(start)
    opening = sentence.start if sentence is not None else 0
    found = cue.search(reply.text, max(opening, start - 30), start)
    return (opening, found) if found else None


def _another_before(reply: ReplyWords, gold_spans: Spans, opening: int, cue: re.Match[str]) -> bool:
    """Another candidate, not denied, stands between the sentence's opening and `cue`; the sentence's first word
    counts before a comma, as it is capitalised whatever it is ("Geneva, but ..."). "It was not held in Geneva, but
    Lausanne probably hosted it" offers one candidate."""
    before = [*reply.candidates_within(opening, cue.start())]
    if (named := _OPENING_NAME.match(reply.text, opening)) and named.end() <= cue.end():
        before.append(named.span("name"))
    return any(reply.is_other(*c, gold_spans) and not reply.negated(reply.index_from(c[0])) for c in before)


def _hedged_after(reply: ReplyWords, hit: Hit) -> bool:
    """The gold's clause offers it as a guess: "Paris; Lyon is another possibility", "Slavia – Plzeň je druhá
    možnost", "Björn Borg — John McEnroe is the other strong candidate"."""
    clause = _CLAUSE_WORDS.match(reply.text, reply.words[hit.end].end)
    return bool(clause and _OFFERED_AS_A_GUESS.search(clause.group(0)))


def _asks_where(reply: ReplyWords) -> bool:
    """The question asks where, or for a region: a place narrowed before the gold is then no rival."""
    return bool(_REGION_WORDS & reply.question_forms)


_REGION_WORDS = frozenset(
    word_form(w)
    for w in """where whereabouts state states country countries county province
    region district territory nation continent borough prefecture canton kde kam odkud stát státě státu státy země zemi
    zemích okres okrese okresu kraj kraji kraje provincie provincii region regionu oblast oblasti kontinent kontinentu
    hrabství distrikt distriktu""".split()
)


def _acts(reply: ReplyWords, index: int) -> bool:
    """The word after word `index` is a verb in the past that it is the subject of ("Lyon won", "Sparta vyhrála")."""
    if _ENGLISH_VERB_AFTER.match(reply.text, reply.words[index].end):
        return True
    following = reply.words[index + 1 : index + 2]
    return reply.czech and bool(following) and bool(_CZECH_SINGULAR_PAST.fullmatch(following[0].raw.lower()))


def _named_before(reply: ReplyWords, hit: Hit, first: int, last: int, gold_spans: Spans, join: _Join) -> bool:
    """Words `first`..`last` name a candidate other than the gold. Before a comma alone (and so a person's name),
    another person's full name, not a phrase put first ("According to NASA, X", "In 1969, X", "After the Velvet
    Revolution, X"), nor words that say who the person is ("The Rector of the University of Geneva, X", "Union
    Minister of Commerce and Industry, X", "a Spaniard, X", "Předseda hnutí ANO, X"). Before a dash beside a place or
    a thing, any name but one after a preposition ("z Lumon Industries – Harmony Cobel"), so "Michael Jackson –
    Thriller" offers two candidates unless the question names Michael Jackson: the artist and a rival album read
    alike. Before a clause of its own, no phrase put first ("Když Gene Shoemaker zemřel, X")."""
    words = reply.words
    said = words[first : last + 1]
    if said[-1].form in STOP_FORMS or said[0].form in _FRONTED:
        return False
    relatives = join is not _Join.BRACKET  # "Iosif Brodsky (Joseph Brodsky)" is one name in two languages
    if not reply.is_other(said[0].start, said[-1].end, gold_spans) or _resembles(reply, said, hit, relatives):
        return False
    if all(reply.asked(w.form) for w in said if w.form not in PERSON_TITLES):
        return False  # the question's own person, in any case: "Václav Havel, manžel Olgy Havlové"
    if join is _Join.WORD:
        return True
    sentence = reply.sentences.at(words[first].start)
    opening = sentence.start if sentence is not None else 0
    before = reply.words_within(opening, words[first].start)  # the sentence's words before the name
    put_first = bool(before) and before[0].form in _FRONTED
    after_a_preposition = bool(before) and before[-1].form in _AFTER_A_PREPOSITION | ARTICLES
    if join is _Join.CLAUSES:
        return not put_first
    if join is _Join.BESIDE:
        return not after_a_preposition
    if not _a_person_s_name(said, opening):
        return False  # no person's name: "Czechoslovakia, Emil Zátopek", "Caltech, Carolyn Shoemaker"
    if put_first or after_a_preposition:
        return False  # a phrase put first, a name after a preposition, or after an article ("a Spaniard, X")
    return not _of_an_institution(reply, before, opening)


def _a_person_s_name(said: list[Word], opening: int) -> bool:
    """A person's full name: a title or an office before a name in capitals is the person's ("Dr. A, B", "Prezident
    Václav Havel, B"), and no other word says who or what ("Prezident České republiky, X", "Union Minister of
    Commerce and Industry, X")."""
    titles = next((i for i, w in enumerate(said[:-1]) if w.form not in PERSON_TITLES), len(said) - 1)
    name = said[titles:]
    if not all((w.capitalised or w.form in PARTICLES) and not _acronym(w) for w in name):
        name = said
    # A family name after a title may be a character's ("Colonel Drucker, Adrian Holmes"); an acronym is no name's.
    if len(name) < 2 or any(map(_acronym, name)):
        return False
    return not any(_says_who_or_what(w, opening) for w in name)


def _names_a_person(word: str) -> bool:
    """A word for a person, or a possessive before one ("premiér", "syn", "jeho")."""
    return word_form(word) in TITLES or is_person_noun(word) or word in ("jeho", "její", "his", "her")


def _describes_a_person(word: str) -> bool:
    """A word before a word for a person: another one, or an adjective ("starší bratr", "his elder brother")."""
    return _names_a_person(word) or word.endswith(("ý", "á", "é", "í")) or word in ("elder", "older", "younger")


def _acronym(word: Word) -> bool:
    """ "USA", "ČR", "NASA"; an initial ("J.") is none."""
    letters = word.raw.rstrip(".")
    return len(letters) > 1 and letters.isupper()


def _of_an_institution(reply: ReplyWords, before: list[Word], opening: int) -> bool:
    """The words right before a name make it an institution's, or a role's in one: "The Rector of the University of
    Geneva, X", "Union Minister of Commerce and Industry, X", "Předseda hnutí ANO, X". Only the words joined to the
    name count (capitalised, small joining words, roles, institutions), up to a comma or any other word, and roles
    alone title a person ("fotbalista A, B"; "Vítězem se stal A, B" has a verb between)."""
    joined: list[Word] = []
    for word in reversed(before):
        if joined and "," in reply.text[word.end : joined[-1].start]:
            break
        if not (word.capitalised or word.form in ARTICLES or _says_who_or_what(word, opening)):
            break
        joined.append(word)
    roles = [w for w in joined if _says_who_or_what(w, opening)]
    return bool(roles) and not all(_is_a_role(w, opening) for w in joined)


def _says_who_or_what(word: Word, opening: int) -> bool:
    """A role or a word for an institution, in English or Czech ("Minister", "Prezidentem", "společnost")."""
    form = word.form
    return _is_a_role(word, opening) or form in NOT_PERSON_WORDS or form.startswith(_CZECH_INSTITUTION_STEMS)


def _is_a_role(word: Word, opening: int) -> bool:
    """A word for a person's role; a Czech one in any case, in lower case or opening its sentence (a capital
    within a sentence is a name's: "Martin Voják")."""
    czech = is_czech_person_word(word.raw) and (word.raw.islower() or word.start == opening)
    return word.form in _ROLES or czech


def _joined_by_czech_and(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """ "Albert Einstein a Niels Bohr", "ve Vídni a v Berlíně": Czech "a" joins the gold and a candidate of its kind,
    the later of the two ending its clause ("Ligu vyhrála Sparta a Slavia skončila druhá" is two facts). A policy
    may write Czech "and" in any reply, but outside Czech replies "a" is also the English article: after a comma and
    a person's name, it joins only a full name ("Louis Pasteur, a Frenchman." is no list), and before a preposition
    nothing."""
    if "a" in reply.gold_forms:  # the gold joins its own items so ("William Beechey a Hannah Read")
        return False
    text = reply.text
    start, end = reply.words[hit.start].start, reply.words[hit.end].end
    following = _CZECH_AND_AFTER.match(text[end : end + 40])
    if following is not None and (reply.czech or not following["preposition"]):
        position = end + following.end()
        # After a comma outside Czech replies, "a" before one word says what a person is ("Louis Pasteur, a
        # Frenchman."); before a full name, or beside a place or a thing, it is "and" ("Vienna, a Berlin.").
        says_what_one_is = hit.person and len(_candidate_words(text[position : position + 80])) < 2
        if (reply.czech or not (following["comma"] and says_what_one_is)) and _closing_candidate(
            reply, hit, position, gold_spans
        ):
            return True
    window = max(0, start - 60)
    preceding = _CZECH_AND_BEFORE.search(text[window:start])
    if preceding is None or (not reply.czech and preceding["preposition"]):
        return False
    # After a comma outside Czech replies, "a" joins only where it follows a full name or stands before a person's
    # ("Pablo Picasso, a Matisse."); "Vienna, a Berlin" is read from Vienna's side.
    last_two = words_of(text[window : window + preceding.end("word")])[-2:]
    after_a_full_name = len(last_two) == 2 and all(w.capitalised for w in last_two)
    if not reply.czech and preceding["comma"] and not (hit.person or after_a_full_name):
        return False
    if not _ENDS_A_CLAUSE.match(text[end : end + 40]):
        return False
    return _same_kind(reply, hit, window + preceding.start("word"), gold_spans)


def _closing_candidate(reply: ReplyWords, hit: Hit, position: int, gold_spans: Spans) -> bool:
    """A candidate of the gold's kind starts at `position` and ends its clause."""
    said = _candidate_words(reply.text[position : position + 80])
    return (
        bool(said)
        and _same_kind(reply, hit, position, gold_spans)
        and bool(_ENDS_A_CLAUSE.match(reply.text[position + said[-1].end : position + said[-1].end + 40]))
    )


def _enumerated_with_others(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold stands in an enumeration with another candidate of its kind: for a person, other full names
    parted by commas and a closing "and"/"or", or by commas alone when there are three ("John Smith, Maria
    Garcia, David Lee"); for anything else, names joined by "or" ("London, Paris, or Rome"). Places in a row
    qualify one another ("Baltimore, Maryland, United States"), and a title before a name is no rival ("the
    Minister of Commerce and Industry, Suresh Prabhu"): an enumeration of people holds full names only."""
    text, runs = reply.text, _items(reply)
    start, end = reply.words[hit.start].start, _past_a_note(text, reply.words[hit.end].end)
    starts = [s for s, _ in runs]
    members, separators = [(start, end)], []
    index = bisect.bisect_left(starts, start) - 1
    while index >= 0 and runs[index][1] <= members[0][0] and len(members) < _ENUMERATION_MAX:
        gap = text[runs[index][1] : members[0][0]]
        if not _SEPARATOR.fullmatch(gap):
            break
        members.insert(0, runs[index])
        separators.append(gap)
        index -= 1
    index = bisect.bisect_left(starts, end)
    while index < len(runs) and len(members) < _ENUMERATION_MAX:
        gap = text[members[-1][1] : runs[index][0]]
        if not _SEPARATOR.fullmatch(gap):
            break
        members.append(runs[index])
        separators.append(gap)
        index += 1
    sentence = reply.sentences.at(members[0][0])
    opening = _OPENING_NAME.fullmatch(text, sentence.start, members[0][0]) if sentence else None
    if opening is not None:  # a sentence's first word is no name run, but "Paris, Nice, Lyon" opens with one
        members.insert(0, opening.span("name"))
    joined_by = {m.group(0).lower() for gap in separators for m in _COORDINATOR.finditer(gap)}
    names = [(s, _name_end(text, s, e)) for s, e in members if (s, e) != (start, end)]
    others = [
        (s, e)
        for s, e in names
        if reply.is_other(s, e, gold_spans)
        and not _resembles(reply, words_of(text[s:e]), hit)
        and (not hit.person or len(words_of(text[s:e])) >= 2)
    ]
    if hit.person:
        return bool(others) and (bool(joined_by) or len(members) >= 3)
    # Places in a row narrow the first ("Baltimore, Maryland, United States"); four names or more with the gold past
    # the first are a list of candidates ("Paris, Nice, Marseille, Lyon"), whose first alone would be the answer.
    listed = len(members) >= _CANDIDATES_LISTED and members[0] != (start, end)
    return bool(others) and (not joined_by <= {"and", "&"} or listed)


def _listed_beyond_the_gold(reply: ReplyWords, hits: list[Hit], gold_spans: Spans) -> bool:
    """A gold of several items is named in a list that holds another name too ("Rusko, Ukrajina, Quebec a USA" for
    "Rusko, Ukrajina a Quebec"): naming more than was asked covers the gold by guessing, as several candidates for
    one slot would. A name glued to another ("English-to-German", "Hingis/Kournikova") or holding a bracket is part of
    something longer, and ends the list."""
    text, runs = reply.text, _items(reply)
    starts = [s for s, _ in runs]
    for hit in hits:
        start, end = reply.words[hit.start].start, reply.words[hit.end].end
        if _glued(text, start, end):
            continue
        end = _past_a_note(text, end)
        members = []
        index, edge = bisect.bisect_left(starts, start) - 1, start
        while index >= 0 and runs[index][1] <= edge and _next_item(text, *runs[index], text[runs[index][1] : edge]):
            members.append(runs[index])
            edge, index = runs[index][0], index - 1
        index, edge = bisect.bisect_left(starts, end), end
        while index < len(runs) and _next_item(text, *runs[index], text[edge : runs[index][0]]):
            members.append(runs[index])
            edge, index = runs[index][1], index + 1
        names = [(s, _name_end(text, s, e)) for s, e in members[: 2 * _ENUMERATION_MAX]]
        if any(reply.is_other(s, e, gold_spans) and not _resembles(reply, words_of(text[s:e]), hit) for s, e in names):
            return True
    return False


def _next_item(text: str, start: int, end: int, gap: str) -> bool:
    """The name text[start:end], parted from the list by `gap`, is one more item of it."""
    return bool(_ITEM_SEPARATOR.fullmatch(gap)) and not _glued(text, start, end)


def _items(reply: ReplyWords) -> list[tuple[int, int]]:
    """The names of a reply as items of a list: a note in brackets after a name is part of its item ("Octavio Paz
    (Mexico), Derek Walcott (St Lucia)"), so that notes do not hide a list."""
    items: list[tuple[int, int]] = []
    for start, end in reply.name_spans:
        if not items or start >= items[-1][1]:
            items.append((start, _past_a_note(reply.text, end)))
    return items


def _past_a_note(text: str, end: int) -> int:
    """Where a note in brackets right after text[:end] ends, or `end` when there is none."""
    note = _NOTE_AFTER.match(text, end)
    return note.end() if note else end


def _name_end(text: str, start: int, end: int) -> int:
    """Where the name of the item text[start:end] ends, before its note."""
    note = _NOTE_ENDING.search(text, start, end)
    return note.start() if note else end


_NOTE_AFTER = re.compile(r"\s*\([^()\n]{1,60}\)")
_NOTE_ENDING = re.compile(r"\s*\([^()\n]{1,60}\)$")


def _glued(text: str, start: int, end: int) -> bool:
    """The name text[start:end] (less a note after it) holds a bracket or is joined to a neighbour by a hyphen or a
    slash."""
    end = _name_end(text, start, end)
    return "(" in text[start:end] or text[max(0, start - 1) : start] in ("-", "/") or text[end : end + 1] in ("-", "/")


# Between two items of a list: a comma or a semicolon, "and" or "a", perhaps both.
_ITEM_SEPARATOR = re.compile(r"\s*[,;]\s*(?:(?:and|a)\s+)?|\s+(?:and|a|&)\s+")


def _neighbour_lines(text: str, line_start: int, line_end: int) -> list[tuple[int, int]]:
    """The lines before and after, when they are list items (a bullet, or six words at most)."""
    lines = []
    if line_start > 0:
        before = text.rfind("\n", 0, line_start - 1) + 1
        lines.append((before, line_start - 1))
    if line_end < len(text):
        after = text.find("\n", line_end + 1)
        lines.append((line_end + 1, len(text) if after < 0 else after))
    items = [(a, b) for a, b in lines if _BULLET.match(text[a:b]) or 0 < len(text[a:b].split()) <= 6]
    return [(a, b) for a, b in items if not is_label(text[a:b])]


def _same_kind(reply: ReplyWords, hit: Hit, position: int, gold_spans: Spans) -> bool:
    """The word at `position` is a candidate of the gold's kind: a number beside a number, a name beside a
    name."""
    if not _other_at(reply, position, gold_spans, hit):
        return False
    word = reply.word_from(position)
    if word is None:
        return False
    gold = [reply.words[i] for i in range(hit.start, hit.end + 1)]
    return (word.numeric and any(w.numeric for w in gold)) or (
        word.capitalised and word.form not in TITLES and any(w.capitalised for w in gold)
    )


def _sources_disagree(reply: ReplyWords, gold_spans: Spans) -> bool:
    """A clause that says sources differ ("other sources say ...") names a candidate, and not the gold."""
    for match in _SOURCES.finditer(reply.text):
        clause = reply.clauses.at(match.start())
        if clause is None or gold_spans.overlaps(clause.start, clause.end):
            continue
        if any(
            reply.is_other(start, end, gold_spans) for start, end in reply.candidates_within(clause.start, clause.end)
        ):
            return True
    return False


def _answered_otherwise_first(reply: ReplyWords, hits: list[Hit], gold_spans: Spans) -> bool:
    """One of the reply's first sentences, before the gold, restates the question ("The opening theme song
    for the program") or opens with "It" standing for the answer, and gives another candidate as its answer ("...
    was titled the 'Bayer Aspirin Theme Song'", "It was Albert Einstein, while Niels Bohr ..."), or opens with another
    candidate and restates the question after its copula ("Frances Allen was the second woman to ..."); or the reply
    opens with another candidate alone ("Albert Einstein. Niels Bohr was a rival."), or names one before a gold given
    bare ("I'm going with Sydney. Canberra."). Only the first few sentences and answers in each are read: an answer
    comes early."""
    first_gold = min(reply.sentence_index(reply.words[h.start].start) for h in hits)
    gold_starts = min(reply.words[h.start].start for h in hits)
    if len(hits) == 1 and first_gold > 0:  # one answer asked: a listed gold's items come one after another
        # Any sentence before the gold's, of the first few ("Good question. Sydney. Canberra.", "I'm not sure, but
        # Sydney. Canberra.")
        # Headings that only label count for none of them ("### Summary\n### Notes\n### Key facts\nX").
        openings = [o for o in reply.sentences.spans[:first_gold] if not is_label(o.text)][:_OPENING_SENTENCES]
        for opening in openings:
            others = [
                c
                for c in reply.candidates_within(opening.start, opening.end)
                if reply.is_other(*c, gold_spans)
                and not _corrected(reply, c[1], gold_spans)
                and not (_denied(reply, c) and not _named_again_later(reply, c))
            ]
            short = len(opening.text.split()) <= SHORT_WORDS or any(reply.guesses_at(c[0]) for c in others)
            labels = _BULLET.fullmatch(opening.text + " ") or opening.text.rstrip(" *").endswith(":")
            alone = short and not labels
            if alone and any(_a_name_alone(reply, c, opening) or _under_a_label(reply, c, opening) for c in others):
                return True
        gold_sentence = reply.sentences.spans[first_gold]
        gold_span = (gold_starts, reply.words[hits[0].end].end)
        offered = _bare(reply, hits[0], gold_sentence) or _given_as_an_answer(reply, gold_span, gold_sentence)
        offered = offered and not _CONCLUDES.search(gold_sentence.text)  # "1) ... 2) ... So it is X."
        if offered and any(_named_before_a_bare_gold(reply, hits[0], opening, gold_spans) for opening in openings):
            return True
    # The gold's sentence refers back to what came before ("It was directed by James Cameron", "His wife was Martha
    # Washington"): what came before was a step on the way to the answer, not another answer.
    stepped = first_gold >= 0 and _refers_back(reply, reply.sentences.spans[first_gold], gold_spans)
    for index, sentence in enumerate(reply.sentences.spans[: min(max(first_gold, 0) + 1, _OPENING_SENTENCES)]):
        earlier = index < first_gold and not stepped
        if earlier and _subject_restates(reply, sentence, gold_spans, reply.sentences.spans[first_gold], gold_starts):
            return True
        for cue in itertools.islice(_COPULA.finditer(sentence.text, 0, _OPENING_CHARACTERS), _OPENING_CUES):
            before = sentence.text[: cue.start()]
            # The gold's own sentence only where "It was" opens it: a restated question may name the gold's context
            # first ("... from Hong Kong").
            restates = earlier and _restates(reply, before)
            if not (restates or (len(hits) == 1 and _STANDS_FOR_THE_ANSWER.fullmatch(before))):
                continue
            position = sentence.start + cue.end()
            if position >= gold_starts:
                break
            candidate = next(iter(reply.candidates_within(position, position + 2)), None)
            if (
                candidate is not None
                and reply.is_other(*candidate, gold_spans)
                and not (
                    first_gold >= 0 and _named_again(reply, candidate, reply.sentences.spans[first_gold], gold_starts)
                )
            ):
                return True
    return False


def _subject_restates(
    reply: ReplyWords, sentence: Span, gold_spans: Spans, gold_sentence: Span, gold_start: int
) -> bool:
    """The sentence opens with another candidate and a copula, and what follows restates the question ("Frances
    Allen was the second woman to win the Turing Award.", "Frances Allen byla druhou ženou, která ...")."""
    opener = next(iter(reply.candidates_within(sentence.start, sentence.start + 1)), None)
    if opener is None or not reply.is_other(*opener, gold_spans):
        return False
    if all(reply.asked(w.form) for w in reply.words_within(*opener) if len(w.form) >= 4):  # the question's subject
        return False
    cue = _SUBJECT_COPULA.match(reply.text, opener[1], sentence.end)
    restated = cue is not None and _restates(reply, reply.text[cue.end() : sentence.end])
    # Named again anywhere in the gold's sentence: "Martha Washington was the wife of George Washington".
    return restated and not _named_again(reply, opener, gold_sentence, None)


def _restates(reply: ReplyWords, text: str) -> bool:
    """`text` restates the question: it holds three of the question's content words (all, for a question of
    fewer), and no ordinal the question does not hold ("The first woman to win it was X" restates no question about
    the second)."""
    if not ordinal_values(text, reply.czech) <= reply.question_ordinals:
        return False
    if not reply.czech:
        asked = reply.question_stems
        return len(content_words(text) & asked) >= min(3, len(asked))
    said = {w.form for w in words_of(text) if carries_meaning(w) and reply.asked(w.form)}
    return len(said) >= min(3, len(reply.question_content))


def _a_name_alone(reply: ReplyWords, candidate: tuple[int, int], sentence: Span) -> bool:
    """The sentence gives a candidate as an answer alone: a name, its words capitalised but particles ("Albert
    Einstein.", "London."), after only short words, hedges or words that give an answer ("Probably X.", "Most likely:
    X.", "I believe X.", "Správně je X.") and before only short words and hedges; not a word that only opens a reply
    ("Absolutely."), nor manners ("Good question.", "Of course.", "Dobrá otázka.")."""
    said = words_of(reply.text[candidate[0] : candidate[1]])
    if not all(w.capitalised or w.numeric or w.form in PARTICLES for w in said):
        return False
    if len(said) == 1 and said[0].form in _INTERJECTIONS:
        return False
    if not all(_short_or_hedge(w) for w in reply.words_within(candidate[1], sentence.end)):
        return False
    before = _MANNERS.sub("", reply.text[sentence.start : candidate[0]])  # "Of course, X."
    gives = before.rstrip(" *\"'").endswith(":") or bool(_GIVES_AN_ANSWER.search(before))
    return gives or all(_short_or_hedge(w) for w in words_of(before))


# Words that take back the name before them ("X, no. Y.", "X. Actually, Y.", "X — wait, Y", "X. No wait, it's Y",
# "X, vlastně Y", "X, spíš ale Y", "X. Ne, pardon, přece jen Y"); not "X, ne Y", which denies Y. A regnal numeral
# may end the name taken back ("Charles IV. No wait, ...").
_TAKEN_BACK = re.compile(
    r"(?-i:\s+[IVX]{1,4}\b)?[\s\"'*]*[,.;:!?—–-]*\s*(?:(?:(?:no|oh|hmm|ne)[\s,]+)?(?:wait|actually|sorry|"
    r"correction|scratch that|i mean|"
    r"or rather|but rather|vlastně|pardon|oprava|počkat|spíš(?:e)?\s+ale|přesněji(?:\s+řečeno)?)\b|"
    r"(?:no|nope|ne)\s*[.,!;:—–-])[\s,.;:!—–-]*(?:(?:no|ne)[\s,.;:!—–-]+)?(?:(?:it'?s|it’s|it\s+is|it\s+was|je\s+to|přece(?:\s+jen)?)\s+)?",
    re.IGNORECASE,
)


_ARTICLE = re.compile(r"(?:the|a|an)\s+", re.IGNORECASE)


def _corrected(reply: ReplyWords, end: int, gold_spans: Spans) -> bool:
    """The name ending at `end` is taken back for another right after ("X, no. Y.", "X. Actually, Y."): the reply's
    answer is the second, as a careful reader takes it."""
    taken_back = _TAKEN_BACK.match(reply.text, end)
    if taken_back is None:
        return False
    article = _ARTICLE.match(reply.text, taken_back.end())  # "No wait, it's The Tempest": its name opens there
    following = reply.candidates_within(taken_back.end(), (article.end() if article else taken_back.end()) + 2)
    # The gold's own name counts even where its words deny it ("Sydney. No, Sydney is not the capital; Canberra is.").
    return any(
        reply.is_other(*c, gold_spans)
        or gold_spans.overlaps(*c)
        or all(w.form in reply.gold_forms for w in reply.words_within(*c))
        for c in following
    )


def _named_again_later(reply: ReplyWords, candidate: tuple[int, int]) -> bool:
    """The candidate's name stands again later in the reply, not denied there ("Not X. Y. X!"): the denial is
    taken back."""
    name = [w.form for w in reply.words_within(*candidate) if w.form not in NEGATION_WORDS]
    after = reply.index_from(candidate[1])
    return any(not reply.denied(index, index + len(name) - 1) for index in _mentions(reply, name, after))


def _mentions(reply: ReplyWords, name: list[str], start: int) -> Iterator[int]:
    """Where the words of `name` (forms) stand again, from word `start` on."""
    size = len(name)
    for index in range(start, len(reply.words) - size + 1):
        if size and [w.form for w in reply.words[index : index + size]] == name:
            yield index


def _denied(reply: ReplyWords, candidate: tuple[int, int]) -> bool:
    """The candidate is denied ("Not Sydney.", "It's not Sydney.", "Sydney is not the capital")."""
    first = reply.index_from(candidate[0])
    return reply.denied(first, max(first, reply.index_from(candidate[1]) - 1))


def _bare(reply: ReplyWords, hit: Hit, sentence: Span) -> bool:
    """The gold is all its sentence says, but an article or a label before a colon ("Canberra.", "**Canberra**!",
    "The Bartered Bride.", "Note: Canberra")."""
    start = reply.words[hit.start].start
    labelled = re.fullmatch(r"[^\w:]*[\w\s]+:\W*", reply.text[sentence.start : start])
    return all(
        hit.start <= reply.index_from(w.start) <= hit.end
        or w.form in ARTICLES
        or (labelled is not None and w.start < start and w.raw.casefold() in LABEL_WORDS)
        for w in reply.words_within(sentence.start, sentence.end)
    )


def _named_before_a_bare_gold(reply: ReplyWords, hit: Hit, opening: Span, gold_spans: Spans) -> bool:
    """An earlier sentence gives another name of the gold's kind as its answer, saying nothing else but how sure it
    is (`_given_as_an_answer`: "Sydney, definitely.", "I'm going with Sydney."), and takes it back nowhere: before a
    gold given so too, that name was the answer, and the gold a second one. A sentence of context names what it
    likes ("The Mona Lisa hangs in the Louvre.\n\nLeonardo da Vinci.")."""
    # A name before a comma that opens the sentence is no name run ("Sadly, ..."), but may be one ("Sydney,
    # definitely."): one that is no adverb nor a word that only opens a reply counts here.
    words = reply.words_within(opening.start, opening.end)
    opener = [
        (w.start, w.end)
        for w in words[:1]
        if reply.text[w.end : w.end + 1] == ","
        and w.capitalised
        and not w.raw.endswith("ly")
        and w.form not in _INTERJECTIONS
        and w.form not in STOP_FORMS
    ]
    for start, end in reply.name_spans + opener:
        if not (opening.start <= start < opening.end) or not reply.is_other(start, end, gold_spans):
            continue
        if not _same_kind(reply, hit, start, gold_spans) or reply.negated(reply.index_from(start)):
            continue
        if _given_as_an_answer(reply, (start, end), opening) and not _corrected(reply, end, gold_spans):
            return True
    return False


def _given_as_an_answer(reply: ReplyWords, name: tuple[int, int], sentence: Span) -> bool:
    """The sentence says nothing but the name and words that give it as an answer or say how sure it is ("Sydney.",
    "Sydney, definitely.", "I'm going with Sydney.", "Sydney is my answer.", "Je to Sydney, myslím."); not a lead-in
    ("Podle Wikipedie:") nor a list's item."""
    if sentence.text.rstrip(" *").endswith(":") or _BULLET.match(sentence.text):
        return False  # a lead-in, or a list's item
    rest = reply.text[sentence.start : name[0]] + " " + reply.text[name[1] : sentence.end]
    said = words_of(reply.text[name[0] : name[1]])
    if all(w.form in _INTERJECTIONS for w in said):
        return False  # "Jasně!", "Sure."
    cued = _GIVES_AN_ANSWER.search(rest) or _MANNERS.match(rest)
    rest = _GIVES_AN_ANSWER.sub(" ", _MANNERS.sub(" ", _SHORT_ASIDE.sub(" ", rest)))
    words = words_of(rest)
    if not all(_says_only_how_sure(word) for word in words):
        return False
    # A word capitalised only where it opens a sentence ("Zamyslím se.") is given as an answer only alone, or with
    # words that say so ("Sydney is my answer.", "Sydney, honestly.").
    return len(said) > 1 or not words or bool(cued) or any(map(_says_how_sure, words))


_SHORT_ASIDE = re.compile(r"\([^()]{0,30}\)")  # "X (see note).", "X (I think)."


def _says_only_how_sure(word: Word) -> bool:
    """A word that names nothing beside an answer: a short or common word, a hedge, an assurance, an interjection,
    an adverb ("honestly", "frankly", "zjevně"); not a negation ("Many think it's Sydney, but it isn't.")."""
    raw = word.raw.casefold()
    if raw in _NEGATIONS:
        return False
    return (
        word.form in STOP_FORMS
        or len(word.form) <= 2
        or not content_words(raw.replace("'", " "))
        or word.form in _INTERJECTIONS
        or _says_how_sure(word)
    )


def _says_how_sure(word: Word) -> bool:
    """A hedge, an assurance, or an adverb ("honestly", "frankly", "zjevně")."""
    raw = word.raw.casefold()
    return raw in HOW_SURE or raw.endswith(("ly", "ě"))


_NEGATIONS = frozenset("not no never isn't wasn't aren't weren't ne nikoli není nebyl nebyla nebylo".split())


def _under_a_label(reply: ReplyWords, candidate: tuple[int, int], sentence: Span) -> bool:
    """The candidate is all its sentence says, on a line of its own right under a heading that labels it ("### Short
    answer\nProdaná nevěsta"), and no item of a list of several: given as an answer, whatever its case."""
    text = reply.text
    line_start = text.rfind("\n", 0, sentence.start) + 1
    line_end = text.find("\n", sentence.end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    following = text[len(text) if line_end < 0 else line_end + 1 :].split("\n", 1)[0]
    if (_BULLET.match(line) and _BULLET.match(following)) or words_of(line) != words_of(
        text[candidate[0] : candidate[1]]
    ):
        return False  # an item of a list of several
    above = text[:line_start].rstrip().rsplit("\n", 1)[-1]
    return line_start > 0 and is_label(above)


def _short_or_hedge(word: Word) -> bool:
    return word.form in STOP_FORMS or word.raw.casefold() in HEDGE_WORDS


_GIVES_AN_ANSWER = re.compile(
    rf"{_OFFERS_AN_ANSWER.pattern}|\b(?:most likely|final|correct|first|správně|správná|nejspíš|zřejmě)\b"
    r"|\b(?:not\s+(?:just|only|merely)|nejen|nejenom|(?:ne|nikoli|nikoliv)\s+jen)\b"  # "Not just X.": X, and more
    r"|\b(?:(?:můj|moje)\s+(?:nejlepší\s+)?|nejlepší\s+)(?:odhad|tip)\b",  # "Můj odhad by byl X.", as "I think"
    re.IGNORECASE,
)
# What only opens a reply or minds its manners, never an answer: "Absolutely.", "Of course, X.", "Dobrá otázka. X."
_OPENERS = (
    *sorted(ASSURANCES),
    *"sure okay ok yes no well right alright hmm thanks jasně ano ne dobře díky".split(),
    *("of course", "good question", "great question", "dobrá otázka"),
)
_INTERJECTIONS = frozenset(word_form(word) for word in _OPENERS if " " not in word)
_MANNERS = re.compile(rf"^\W*(?:{'|'.join(_OPENERS)}|hm+)\b\W*", re.IGNORECASE)  # "Hmmm, X."


def _refers_back(reply: ReplyWords, sentence: Span, gold_spans: Spans) -> bool:
    """The sentence holds a pronoun that refers to what came before it ("It was directed by", "His wife was"); not one
    that stands for the answer, a copula and the gold after it ("It was Y", "He might be Y"), which offers another
    candidate."""
    pronouns = _BACK_REFERENCES | _CZECH_BACK_REFERENCES if reply.czech else _BACK_REFERENCES
    words = reply.words_within(sentence.start, sentence.end)
    for k, w in enumerate(words):
        if w.raw.lower() not in pronouns:
            continue
        rest = words[k + 1 : k + 5]
        linked = [x for x in rest if x.raw.lower() in _COPULAS_AFTER]
        after = rest[len(linked) :] if linked and rest[: len(linked)] == linked else []
        if not (after and gold_spans.holds(after[0].start)):
            return True
    return False


def _named_again(reply: ReplyWords, candidate: tuple[int, int], sentence: Span, gold_start: int | None) -> bool:
    """The gold's sentence names the candidate again ("Titanic was the film that won ... Titanic was directed by
    James Cameron"): the candidate was a step on the way to the answer, not another answer. With `gold_start`, only
    before the gold counts: after it, an answer given first may be said again ("... is Dream Serenade, but the
    primary theme is the Bayer Song")."""
    named = {w.form for w in reply.words_within(*candidate) if w.capitalised and not reply.of_question(w.form)}
    again = [
        w
        for w in reply.words_within(sentence.start, sentence.end if gold_start is None else gold_start)
        if w.capitalised and not candidate[0] <= w.start < candidate[1]
    ]
    return any(w.form in named for w in again)


_COPULAS_AFTER = frozenset(
    """was is were are may might could must would will should be been have has byl byla bylo byli je jsou mohl mohla
    mohlo to být ale i""".split()
)


_BACK_REFERENCES = frozenset("it its he his him she her they their them".split())
# Only in Czech: "on" is "he" there and a preposition in English.
_CZECH_BACK_REFERENCES = frozenset(
    "ho jej ji jí jeho její jejich jim mu něj ní něm on ona ono oni tento tato toto tohoto této tomto".split()
)


# What may stand between a name and the question's verb it does ("X has also won", "Kundera ji napsal"), and the
# verbs that ask nothing of their own (a copula, an auxiliary).
_BETWEEN_A_NAME_AND_ITS_VERB = frozenset("was is has had have did also originally first ji jej ho je to se".split())
_NO_VERB_OF_THE_QUESTION = frozenset(
    "was were is are be been has had have did does do byl byla bylo byli byly je jsou".split()
)
# The end of a name's clause: its verb is within it. "A" joins clauses in Czech only: in English it is an article
# ("X led a later expedition"), and an English question has English replies however Czech their names.
_CLAUSE_END = re.compile(r"[,;.:!?()\n]|\s(?:and|but|while)\s")
_CZECH_CLAUSE_END = re.compile(r"[,;.:!?()\n]|\s(?:and|but|while|a|ale|zatímco)\s")


def _clause_end(reply: ReplyWords) -> re.Pattern[str]:
    return _CZECH_CLAUSE_END if reply.question_czech else _CLAUSE_END


# Words that stand for what the question asks of: "X wrote it", "Kundera ji napsal".
_OBJECTS = frozenset("it this that them ji jej ho to".split())
# Words that set a deed at another time than the one asked of: "X led a later expedition", "o rok dříve".
_ANOTHER_OCCASION = frozenset(
    word_form(w)
    for w in "later earlier previous next subsequent pozdější později dřívější dříve předchozí následující".split()
)
# Words that say nothing of what a deed is done on: common words, when it was done ("a later expedition"), and
# that it was done again ("Y wrote it too", "Y to napsal také").
_NOT_WHAT = STOP_FORMS | _ANOTHER_OCCASION | {word_form(w) for w in "too again také taky též rovněž".split()}
# A name given as the answer in words: "X is the answer", "X je správná odpověď".
_IS_THE_ANSWER = re.compile(
    r"[\s*]*(?:is|was|would be|je)\s+(?:the\s+|my\s+|a\s+|správná\s+)?(?:final\s+)?(?:answer|odpověď|odpovědí)\b",
    re.IGNORECASE,
)
_AGENT_WORDS = frozenset(("by", "od"))  # "painted by X", "namalován od X"
# A name that takes over from the one before it: "It was led by Steve Jobs, then Tim Cook took over."
_TAKES_OVER = re.compile(
    r"\s+(?:\w+\s+)?(?:took over|succeeded|replaced|followed|nahradil\w*|převzal\w*|vystřídal\w*|následoval\w*)\b",
    re.IGNORECASE,
)


def _another_did_what_was_asked(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """Before a gold that does not do what the question asks, another person does ("Milan Kundera wrote it; Michael
    Henry Heim translated it" for "Who wrote ...?"): the reply's answer is the other, and the gold context."""
    gold_start, gold_end = reply.words[hit.start].start, reply.words[hit.end].end
    if not _asks_who_did_it(reply, gold_end) or _does_what_was_asked(reply, gold_start, gold_end):
        return False
    return _another_did_it(reply, hit, gold_spans, after=False)


def _another_did_it_too(reply: ReplyWords, hit: Hit, gold_spans: Spans) -> bool:
    """The gold does what the question asks, and another person does too, before it or in the next sentence at
    most ("X wrote it, and Y wrote it too", "X is the answer; Y wrote it"): two answers."""
    gold_start, gold_end = reply.words[hit.start].start, reply.words[hit.end].end
    if not _asks_who_did_it(reply, gold_end) or not _does_what_was_asked(reply, gold_start, gold_end):
        return False
    return _another_did_it(reply, hit, gold_spans, after=True)


def _asks_who_did_it(reply: ReplyWords, gold_end: int) -> bool:
    """The question asks for a person, and the gold takes over from no one ("It was led by Steve Jobs, then Tim Cook
    took over.")."""
    return asks_for_a_person(reply.question) and not _TAKES_OVER.match(reply.text, gold_end)


def _another_did_it(reply: ReplyWords, hit: Hit, gold_spans: Spans, after: bool) -> bool:
    """Another person's full name in the opening sentences before the gold (and, with `after`, in the gold's
    sentence or the next, doing the deed alone: "Y wrote it too", not "Ludvík Vaculík wrote a novel too") does what
    the question asks, at no other time than the gold (`_another_time`: not "Shoemaker won it in 2000; in 2001
    Hapke")."""
    gold_start, gold_end = reply.words[hit.start].start, reply.words[hit.end].end
    index, spans = reply.sentence_index(gold_start), reply.sentences.spans
    first, last = spans[max(0, index - _OPENING_SENTENCES + 1)].start, spans[min(index + 1, len(spans) - 1)].end
    gold_clause = _clause_of(reply, gold_start, gold_end)
    for c in reply.candidates_within(first, last if after else gold_start):
        if c[0] < gold_end and c[1] > gold_start:
            continue
        if not (reply.is_other(*c, gold_spans) and _someone_else(reply, c) and not _denied(reply, c)):
            continue
        if c[0] >= gold_end and not _the_deed_alone(reply, c):
            continue
        if _does_what_was_asked(reply, *c) and not _another_time(reply, c, gold_clause):
            return True
    return False


def _someone_else(reply: ReplyWords, candidate: tuple[int, int]) -> bool:
    """The candidate is a person's full name, none of its words the question's."""
    said = words_of(reply.text[candidate[0] : candidate[1]])
    return _a_person_s_name(said, 0) and not any(reply.asked(w.form) for w in said)


def _does_what_was_asked(reply: ReplyWords, start: int, end: int) -> bool:
    """The name at [start, end) is the subject of a verb of the question, on what the question asks of ("Milan
    Kundera wrote it", "Hapke has won the prize", "Kundera ji napsal"), or its agent ("painted by Leonardo")."""
    if _IS_THE_ANSWER.match(reply.text, end):
        return True
    after = reply.index_from(end)
    for index, word in enumerate(reply.words[after : after + 3], start=after):
        if _clause_end(reply).search(reply.text, end, word.start):
            break
        if _a_verb_of_the_question(reply, word):
            # The deed itself: the verb ends the clause, or a word for what was asked or an article follows it, or
            # a word came between ("X won.", "X won it", "X has won the prize"); not "X visited one of ...".
            following = reply.word_from(word.end)
            if following is None or _clause_end(reply).search(reply.text, word.end, following.start):
                return True
            right_after = following.form in _OBJECTS or following.form in ARTICLES or index > after
            return right_after and _on_what_was_asked(reply, start, end, word)
        if word.form not in _BETWEEN_A_NAME_AND_ITS_VERB:
            break
    before = reply.index_from(start) - 1
    if before < 0 or _clause_end(reply).search(reply.text, reply.words[before].end, start):
        return False
    if reply.czech and _a_verb_of_the_question(reply, reply.words[before]):  # "Cenu vyhrál Bruce Hapke"
        return _on_what_was_asked(reply, start, end, reply.words[before])
    # The agent of a passive, unless the question names its own ("criticized in 1906 by the director").
    agent = before > 0 and reply.words[before].form in _AGENT_WORDS
    agent = agent and not _AGENT_WORDS & reply.question_forms
    verb = reply.words[before - 1]
    return agent and _a_verb_of_the_question(reply, verb) and _on_what_was_asked(reply, start, end, verb)


def _on_what_was_asked(reply: ReplyWords, start: int, end: int, verb: Word) -> bool:
    """The clause of the name at [start, end) and its verb does the deed on what the question asks of: a pronoun
    ("wrote it"), words of the question only ("won the prize", "Cenu vyhrál X"), or nothing ("X won."); not on
    another thing ("Uran objevil William Herschel" for "Kdo objevil Pluto?", "X designed the Prague Maternity
    Hospital" for "Who designed the National Theatre in Prague?")."""
    said = [
        w
        for w in reply.words_within(*_clause_around(reply, min(start, verb.start), max(end, verb.end)))
        if not start <= w.start < end and w.start != verb.start and w.form not in _BETWEEN_A_NAME_AND_ITS_VERB
    ]
    content = [w for w in said if len(w.form) >= 3 and w.form not in _NOT_WHAT and not w.numeric]
    return any(w.form in _OBJECTS for w in said) or all(reply.asked(w.form) for w in content)


def _a_verb_of_the_question(reply: ReplyWords, word: Word) -> bool:
    return (
        not word.capitalised
        and len(word.form) >= 3
        and word.form not in _NO_VERB_OF_THE_QUESTION
        and word.form not in STOP_FORMS
        and word.form not in reply.gold_forms
        and not _names_a_person(word.raw)  # "prezident Horní Volty": a title, no verb
        and reply.asked(word.form)
    )


def _another_time(reply: ReplyWords, candidate: tuple[int, int], gold_clause: str) -> bool:
    """The candidate's clause tells of another time than the question's and the gold's: it holds a number that
    neither holds ("X won it in 2000"), or a word the question lacks that sets its deed at another time ("X led a
    later expedition", "X to zjistil o 30 let dříve"); or the gold's clause holds the question's own number and
    the candidate's does not ("Hapke won it in 2001, and Shoemaker the year before")."""
    clause = _clause_of(reply, *candidate)
    numbers, gold_numbers = re.findall(r"\d+", clause), re.findall(r"\d+", gold_clause)
    if any(number not in reply.question and number not in gold_numbers for number in numbers):
        return True
    if any(number in reply.question and number not in numbers for number in gold_numbers):
        return True
    return _on_another_occasion(reply, clause)


def _the_deed_alone(reply: ReplyWords, candidate: tuple[int, int]) -> bool:
    """The candidate's clause says nothing but the name, a verb of the question and words that stand for what was
    asked or carry no meaning ("Y wrote it too", "and written by Y")."""
    opening, closing = _clause_around(reply, *candidate)
    return not any(
        len(w.form) >= 3
        and w.form not in _NOT_WHAT
        and not w.numeric
        and not _a_verb_of_the_question(reply, w)
        and w.form not in _OBJECTS
        for w in reply.words_within(opening, closing)
        if not candidate[0] <= w.start < candidate[1]
    )


def _clause_of(reply: ReplyWords, start: int, end: int) -> str:
    opening, closing = _clause_around(reply, start, end)
    return reply.text[opening:closing]


def _clause_around(reply: ReplyWords, start: int, end: int) -> tuple[int, int]:
    """Where the clause that holds [start, end) opens and closes: at the clause ends before and after it."""
    ends = _clause_end(reply)
    opening = max((m.end() for m in ends.finditer(reply.text, 0, start)), default=0)
    closing = ends.search(reply.text, end)
    return opening, closing.start() if closing else len(reply.text)


def _on_another_occasion(reply: ReplyWords, clause: str) -> bool:
    """The clause holds a word the question lacks that sets its deed at another time ("a later expedition")."""
    return any(w.form in _ANOTHER_OCCASION and not reply.asked(w.form) for w in words_of(clause))


# The rivals of a gold of one item, in the order they are tried, each with the rule it names.
_RIVALS_OF_ONE_ITEM: tuple[tuple[Callable[[ReplyWords, Hit, Spans], bool], str], ...] = (
    (_listed_with_others, LISTED_WITH_OTHERS),
    (_after_another_by_marks, LISTED_WITH_OTHERS),
    (_guessed_again_later, EITHER_OR),
    (_aliased_from_another, ANSWERED_OTHERWISE),
    (_offered_as_a_second_answer, EITHER_OR),
    (_taken_back, ANSWERED_OTHERWISE),
    (_another_did_what_was_asked, ANSWERED_OTHERWISE),
    (_another_did_it_too, LISTED_WITH_OTHERS),
)
