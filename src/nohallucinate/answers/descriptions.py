"""Statements that describe a person, club or prize as real: what it is, where and when it was founded, what
records list of it.

About something that does not exist, every such statement is an invented record, whether or not the reply first
denied the thing, hedged the record ("it may have been founded in 1971") or credited it to a source ("records
list it in Tarrowby", "the Harwick Gazette gives 4 May 1971").

A statement is about the asked entity when it
- names it: the first two words of its name (for a person, the surname too), used, not mentioned ("the name X"
  talks about the name);
- refers back to it with a word fit for its kind ("it", "the club"; "the prize"; "he", "she", "the person") and no
  other name stands between the reference and the last mention of the entity (or the reply's start): in "there
  is a Harwick Town; it was founded in 1890" the "it" is Harwick Town;
- or credits a source with recording it, or with a value, when nothing else is named between the two.

A correction that names a different, real thing is no record of the asked one: "No such club exists; there is a
Harwick Town founded in 1890, which may be what you mean" describes Harwick Town. Not a record either: a denial
("it was never founded"), a question, a condition ("if it existed ..."), an indirect question ("nobody knows when
it was founded" asks, it does not tell), a supposition that gives no value or place ("it may be a small amateur
club"), and a statement that is itself a defect claim ("it is a fictional club"). A predicate set off by a comma
or a relative word keeps its own polarity: "he never played for X, which was founded in 1971" records a founding.

Each rule has a name, the replies it must fire on and the replies it must not, about an example entity of its kind
(tests/answers/test_descriptions.py runs them all); a verdict records which rule decided.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from nohallucinate.answers.dates import find_dates
from nohallucinate.answers.defects import defect_claims, negates
from nohallucinate.answers.lexicon import NOT_NAMES_IN_REPLIES
from nohallucinate.answers.normalise import normalise
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.sentences import SpanIndex, split_sentences


class EntityKind(StrEnum):
    """What the asked entity is: it decides which words refer back to it."""

    PERSON = "person"
    CLUB = "club"
    PRIZE = "prize"


# The entity each rule's examples are about, by kind ({X} in an example stands for its name).
EXAMPLE_ENTITIES = {
    EntityKind.PERSON: ("Oswin Velderkamp", "On what day, month and year was Oswin Velderkamp born?"),
    EntityKind.CLUB: (
        "Harwick Vale F.C.",
        "How many league appearances did Thaddeus Wrenfield make for Harwick Vale in the 2018–19 season?",
    ),
    EntityKind.PRIZE: (
        "Tarrow Prize for Poetry",
        "In what year did Liesl Ambergast receive the Tarrow Prize for Poetry?",
    ),
}


@dataclass(frozen=True)
class DescriptionRule:
    """A named way of describing the entity as real, with the replies it must and must not fire on.

    `after` rules are matched right after a reference to the entity (its name or a word for it); the others
    (a source's record) anywhere in the reply."""

    name: str
    pattern: re.Pattern[str]
    fires_on: tuple[tuple[EntityKind, str], ...]
    not_on: tuple[tuple[EntityKind, str], ...] = ()
    after: tuple[str, ...] = ("name", "anaphor")  # the references it follows; () for a free-standing rule
    # A supposition ("it is possible that it is a small club", "perhaps it was founded recently") records nothing
    # unless it gives a value or a place; the rules that find one are not excused by it.
    excused_by_a_hedge: bool = True


@dataclass(frozen=True)
class Description:
    """One statement describing the entity: the rule that found it, and where (in the normalised reply)."""

    rule: str
    start: int
    end: int
    text: str


# Patterns are written for normalised text: straight quotes, contractions expanded ("is not").
# A statement of fact; a hedged one ("it may be a small club") supposes the thing, it records nothing of it, unless
# it gives a value or a place ("it may have been founded in 1971").
_BE = r"(?:is|was|were|are|has been|had been|have been) "
_HEDGED_BE = (
    r"(?:(?:may|might|could|would|must|should) (?:have been|be) |(?:probably|possibly|perhaps|likely) (?:is|was) |"
    r"(?:is|was|were|has been|had been) (?:probably|possibly|perhaps|likely) )"
)
_ADVERBS = r"(?:(?:first|originally|only|later|briefly|once|reportedly|allegedly|also|still|then) )*"
# What the history of a person, club or prize is made of.
_HISTORY = (
    r"(?:founded|established|formed|created|set up|inaugurated|instituted|launched|dissolved|disbanded|folded|"
    r"merged|relegated|promoted|renamed|based|located|situated|headquartered|awarded|presented|conferred|"
    r"endowed|sponsored|funded|organi[sz]ed|administered|won|born|raised|educated|married|died|played|plays|"
    r"competed|competes|finished|hosted|named after|first given|given (?:annually|every|each|since|to|for|by))"
)
# A value or a place a hedged history gives: "in 1971", "in Tarrowby", "by 1990".
_VALUE_OR_PLACE = r"[^.;:!?]{0,60}?(?:\b\d{3,4}\b|\b(?:in|at|near) (?:the )?(?-i:[A-Z]))"
# Words after "is a" that say something of the reply or the name, not of the thing ("it is a made-up name").
_NOT_A_THING = (
    r"(?!(?:[\w-]+ )?(?:name|word|term|mistake|confusion|question|possibility|case|guess|misunderstanding|"
    r"misspelling|typo|hypothetical|reference|common|good|fair|reasonable|easy|simple|natural|understandable)\b)"
)
_CLUB_NOUNS = r"(?:club|team|side|outfit|football club)"
_PRIZE_NOUNS = r"(?:prize|award|medal|honou?r|trophy|fellowship|lectureship|decoration)"
# What a source is: a record of some kind, or a named publication ("the Harwick Gazette", "Transfermarkt").
_SOURCE = (
    r"(?:records?|sources?|archives?|registers?|reports?|newspapers?|accounts?|histories|documents?|databases?|"
    r"(?:(?-i:[A-Z])[\w'.-]* ){0,4}(?:Gazette|Times|Herald|Chronicle|Post|News|Journal|Register|Archives?|"
    r"Records|Yearbook|Almanac|Almanack|Annual|Encyclop(?:a)?edia|Database|Review)|Wikipedia|Wikidata|"
    r"Transfermarkt|Soccerbase|Soccerway|Britannica)"
)

RULES: tuple[DescriptionRule, ...] = (
    DescriptionRule(
        "said_to_be",
        re.compile(
            rf" (?:is|was|remains|became|has been) (?:also |still |now |once |actually |really |indeed )?"
            rf"(?:a|an|the|one) {_NOT_A_THING}",
            re.IGNORECASE,
        ),
        (
            (EntityKind.CLUB, "{X} is a non-league club in Cornwall; he never played there."),
            (EntityKind.PRIZE, "The Tarrow Prize is a small British award for debut poets."),
            (EntityKind.PERSON, "Oswin Velderkamp (born 1978) is a British-Japanese ceramicist."),
        ),
        (
            (EntityKind.CLUB, "No such club exists. It may be a misremembered name."),
            (EntityKind.CLUB, "{X} is not a real club."),
            (EntityKind.PERSON, "The name Oswin Velderkamp is a made-up name."),
            (EntityKind.PERSON, "Oswin Velderkamp is likely a private person, so no records exist."),
        ),
        after=("name",),
    ),
    DescriptionRule(
        "said_to_be_one_of_its_kind",
        re.compile(rf" {_BE}(?:[\w-]+ ){{0,4}}?(?:{_CLUB_NOUNS}|{_PRIZE_NOUNS})\b(?! name\b)", re.IGNORECASE),
        (
            (EntityKind.CLUB, "No such club exists; it was a non-league club in Cornwall."),
            (EntityKind.PRIZE, "There is no such prize. It is a regional award for poets."),
        ),
        (
            (EntityKind.CLUB, "No such club exists. It is possibly a fictional club."),
            (EntityKind.CLUB, "No such club exists. It is not a club I know."),
            (EntityKind.CLUB, "I can't find it. It may be a small amateur club."),
            (EntityKind.CLUB, "I can't find it. It is possible that it is a small amateur club."),
            (EntityKind.CLUB, "I am not aware of a club called {X}; if it exists, it is a small non-league side."),
            (EntityKind.PRIZE, "No such prize exists: there is a Harwick Prize, and it is a regional award."),
        ),
        after=("anaphor",),
    ),
    DescriptionRule(
        "given_a_history",
        re.compile(rf",? (?:which |that |who )?(?:{_BE})?{_ADVERBS}{_HISTORY}\b", re.IGNORECASE),
        (
            (EntityKind.CLUB, "No such thing exists. It was founded in 1971."),
            (EntityKind.CLUB, "{X} was founded by miners."),
            (EntityKind.CLUB, "That club does not exist; the club was then dissolved."),
            (EntityKind.PRIZE, "No such prize exists. It was first awarded in 1971 to Ann Leckie."),
            (EntityKind.PRIZE, "She never received the Tarrow Prize, which was founded in 1971."),
            (EntityKind.PERSON, "No such person exists. He was born in Leeds."),
            (EntityKind.PERSON, "Velderkamp died in Leeds."),
        ),
        (
            (EntityKind.CLUB, "No such club exists; it was never founded."),
            (EntityKind.CLUB, "No such club exists. Nobody knows when it was founded."),
            (EntityKind.CLUB, "There is a Harwick Town; it was founded in 1890."),
            (EntityKind.CLUB, "No such club exists. He played for Farrowdale Town."),
            (EntityKind.PRIZE, "No such prize exists. She won the Hugo Award in 1994."),
            (EntityKind.CLUB, "If it existed, it would have been founded after 1990?"),
        ),
    ),
    DescriptionRule(
        "given_a_dated_history",
        re.compile(
            rf",? (?:which |that |who )?(?:{_HEDGED_BE}|{_BE})?{_ADVERBS}{_HISTORY}\b{_VALUE_OR_PLACE}", re.IGNORECASE
        ),
        (
            (EntityKind.CLUB, "That club does not exist; the club may have been founded in 1971."),
            (EntityKind.PERSON, "No such person exists; he was probably born in Leeds."),
            (EntityKind.CLUB, "No such club exists; perhaps it was founded in 1971."),
        ),
        (
            (EntityKind.CLUB, "It might have been founded recently, which would explain why I can't find it."),
            (EntityKind.CLUB, "If it exists, it may have been founded in 1971."),
        ),
        excused_by_a_hedge=False,
    ),
    DescriptionRule(
        "given_a_place",
        re.compile(
            rf",? (?:(?:{_BE}|{_HEDGED_BE})(?:based |located |situated |headquartered )?|"
            r"(?:based|located|situated|headquartered) )(?:in|near|outside|at) (?:the )?(?-i:[A-Z])",
            re.IGNORECASE,
        ),
        (
            (EntityKind.CLUB, "No such club exists; it is in Tarrowby."),
            (EntityKind.CLUB, "{X} is based in Tarrowby."),
            (EntityKind.CLUB, "No such club exists, though it may be based in Tarrowby."),
        ),
        ((EntityKind.CLUB, "No such club exists; it is not in Tarrowby."),),
        excused_by_a_hedge=False,
    ),
    DescriptionRule(
        "given_a_founding_in_brackets",
        re.compile(r"(?: [\w.-]+){0,3}? ?\((?:founded |established |est\.? |formed |born |b\. )?(?:c\. )?\d{3,4}\b"),
        (
            (EntityKind.CLUB, "There is no such club, though {X} (founded 1971) once played in Tarrowby."),
            (EntityKind.CLUB, "{X} (1971–2003)."),
        ),
        ((EntityKind.CLUB, "He played for Harwick Town (1998–2003)."),),
        after=("name",),
        excused_by_a_hedge=False,
    ),
    DescriptionRule(
        "described_in_apposition",
        re.compile(
            rf",? (?:a|an|the) (?:[\w-]+ ){{0,4}}?(?:{_CLUB_NOUNS}|{_PRIZE_NOUNS}|[\w-]+er|[\w-]+ist|[\w-]+ian)"
            rf"\b(?! name\b)(?:,| (?:in|from|of|for|based|founded|awarded|who|which|that)\b)",
            re.IGNORECASE,
        ),
        (
            (EntityKind.CLUB, "{X}, a non-league club in Cornwall, never signed him."),
            (EntityKind.PERSON, "Oswin Velderkamp, the English cricketer, never married."),
        ),
        (
            (EntityKind.CLUB, "{X}, a name I do not recognise, may not exist."),
            (EntityKind.CLUB, "{X}, the club you mention, does not exist."),
        ),
        after=("name",),
    ),
    DescriptionRule(
        "listed_by_a_source",
        re.compile(
            rf"\b{_SOURCE} (?:only |also |still |even )?(?:lists?|listed|gives?|gave|shows?|showed|records?|"
            r"recorded|mentions?|mentioned|places?|placed|dates?|dated|describes?|described|notes?|noted|reports?|"
            r"reported|credits?|credited|says?|said|states?|stated) ",
            re.IGNORECASE,
        ),
        (
            (EntityKind.CLUB, "No such thing exists. Records list it in Tarrowby in 1971."),
            (EntityKind.CLUB, "It does not exist, although the Harwick Gazette mentions the club."),
            (EntityKind.CLUB, "No such club exists, and the Harwick Gazette gives 4 May 1971."),
            (EntityKind.PRIZE, "No such prize exists, though one archive dates it to 1971."),
        ),
        (
            (EntityKind.CLUB, "No such club exists; no records list it."),
            (EntityKind.CLUB, "No such club exists; records list Harwick Town, founded in 1890."),
            (EntityKind.CLUB, "No such club exists; the FA register lists no club of that name."),
            (EntityKind.CLUB, "No such club exists. Records show him at Farrowdale Town in the 2018–19 season."),
            (EntityKind.CLUB, "No such club exists. Farrowdale Town named him captain in 2015."),
            (EntityKind.CLUB, "No such club exists: the FA's records show it never existed."),
        ),
        after=(),
        excused_by_a_hedge=False,
    ),
)

_RULES_AFTER = {ref: [r for r in RULES if ref in r.after] for ref in ("name", "anaphor")}
_FREE_RULES = [r for r in RULES if not r.after]

# Words that refer back to the entity, by its kind (a person asked about by name; a club or prize beside a real
# person, whom "he" and "she" refer to).
_ANAPHORS = {
    EntityKind.PERSON: r"\b(?:he|she|the (?:person|man|woman)|this (?:person|man|woman))\b",
    EntityKind.CLUB: rf"\b(?:it|the {_CLUB_NOUNS}|th(?:is|at) {_CLUB_NOUNS})\b",
    EntityKind.PRIZE: rf"\b(?:it|the {_PRIZE_NOUNS}|th(?:is|at) {_PRIZE_NOUNS})\b",
}
_ANAPHOR_PATTERNS = {kind: re.compile(pattern, re.IGNORECASE) for kind, pattern in _ANAPHORS.items()}
# The rest of a name after its first two words, as replies write it ("Prize for Speculative Fiction", "F.C.").
_REST_OF_NAME = re.compile(r"(?:[ -]+(?:(?:of|for|the|de|and|&) )?(?-i:[A-Z])[\w'.–-]*)*")
_ASIDE = re.compile(r" ?\([^()]{0,60}\)")
# Before a reference: talk about the name, not the thing ("the name X").
_MENTION = re.compile(r"\b(?:name|term|word|title)\W*$", re.IGNORECASE)
# Before a statement: an indirect question ("nobody knows when it was founded") or a condition ("if it existed").
_SUBORDINATE = re.compile(r"\b(?:when|where|whether|if|how|why|unless|(?:which|what)(?: \w+)?)\s+$", re.IGNORECASE)
_CONDITION = re.compile(r"\b(?:if|unless|whether|supposing|assuming)\b|^\W*(?:were|had) \w+ ", re.IGNORECASE)
_HEDGE = re.compile(
    r"\b(?:possible|possibly|perhaps|maybe|probably|likely|conceivably|may|might|could)\b", re.IGNORECASE
)
_OWN_POLARITY = re.compile(r",|\s+(?:which|that|who)\b", re.IGNORECASE)
_PART_BREAK = re.compile(r"[,;:—–]|\s-\s|\b(?:but|although|though|while)\b", re.IGNORECASE)
_CAPITALISED = re.compile(r"(?-i:[A-Z])[\w'.–-]*(?:\s+(?-i:[A-Z])[\w'.–-]*)*")
_WINDOW = 300  # how far back a statement's context and a word's antecedent are looked for
_AFTER_SOURCE = 80  # how far after a source's verb its value is looked for


@lru_cache(maxsize=1024)
def _words(head: str) -> re.Pattern[str]:
    """`head` as a pattern of whole words, any case (compiled once per name)."""
    return re.compile(rf"(?<!\w){re.escape(head)}(?!\w)", re.IGNORECASE)


def entity_kind(question: str) -> EntityKind:
    """What the question asks about, by its relation: a birth or a death is a person's, a receiving a prize's,
    appearances and matches a club's."""
    text = question.lower()
    if re.search(r"\b(?:born|birth|die|died|death)\b", text):
        return EntityKind.PERSON
    if re.search(r"\b(?:receive|received|award|awarded|prize|win|won)\b", text):
        return EntityKind.PRIZE
    return EntityKind.CLUB


def descriptions(subject: str, question: str, text: str) -> list[Description]:
    """Every statement of `text` that describes `subject`, the entity `question` asks about, as real."""
    return list(_descriptions(subject, question, normalise(text)))


@lru_cache(maxsize=4096)
def _descriptions(subject: str, question: str, text: str) -> tuple[Description, ...]:
    reply = _Reply(text, subject, question)
    found = []  # (rule, start, where its predicate starts, end)
    for ref, spans in (("name", reply.names), ("anaphor", reply.anaphors)):
        for start, end in spans:
            for rule in _RULES_AFTER[ref]:
                if match := rule.pattern.match(text, end):
                    found.append((rule, start, end, match.end()))
    for rule in _FREE_RULES:
        for match in rule.pattern.finditer(text):
            if reply.records_the_entity(match.end()):
                found.append((rule, match.start(), match.start(), match.end()))
    kept = []
    for rule, start, predicate, end in found:
        if (until := reply.told_until(start, predicate, end, rule.excused_by_a_hedge)) is not None:
            kept.append(Description(rule.name, start, until, text[start:until]))
    return tuple(sorted(kept, key=lambda d: (d.start, d.rule)))


class _Reply:
    """One reply as the rules read it: where it names the entity and refers back to it, and its defect claims.

    Lookups are indexed (bisect) and windows bounded, so that reading a reply takes time linear in its length."""

    def __init__(self, text: str, subject: str, question: str) -> None:
        self.text = text
        self.kind = entity_kind(question)
        self.sentences = SpanIndex(split_sentences(text))
        self.claims = defect_claims(text)  # in order of their starts
        self._claim_starts = [c.start for c in self.claims]
        self._longest_claim = max((c.end - c.start for c in self.claims), default=0)
        self.question_words = {w.casefold() for w in re.findall(r"[\w'.–-]+", f"{question} {subject}")}
        self.question_values = {float(v) for v in re.findall(r"\d+", question)}
        self.names = self._name_references(subject)
        self._name_starts = {start for start, _ in self.names}
        self.anaphors = self._anaphor_references()

    def _name_references(self, subject: str) -> list[tuple[int, int]]:
        """Where the text uses the entity's name: the name as written, its remaining words and a bracketed aside
        included ("Oswin Velderkamp (born 1978)"); a person is named by the surname too, outside the full name."""
        words = subject.split()
        full = self._uses(" ".join(words[:2]))
        surnames = []
        if self.kind is EntityKind.PERSON and len(words) == 2 and len(words[-1]) >= 4:
            starts = [start for start, _ in full]
            for start, end in self._uses(words[-1]):
                inside = bisect.bisect_right(starts, start) - 1
                if inside < 0 or full[inside][1] <= start:
                    surnames.append((start, end))
        spans = []
        for start, end in sorted(full + surnames):
            end = _REST_OF_NAME.match(self.text, end).end()  # type: ignore[union-attr]
            spans.append((start, end))
            if aside := _ASIDE.match(self.text, end):
                spans.append((start, aside.end()))
        return spans

    def _uses(self, head: str) -> list[tuple[int, int]]:
        """Where `head` stands as words of its own, used rather than mentioned ("the name X" mentions it)."""
        if not head:
            return []
        return [
            (m.start(), m.end())
            for m in _words(head).finditer(self.text)
            if not _MENTION.search(self.text[max(0, m.start() - 12) : m.start()])
        ]

    def _anaphor_references(self) -> list[tuple[int, int]]:
        """Where a word for the entity refers back to it: nothing else is named since it was last mentioned (by
        name or by a defect claim) or in the stretch before the word."""
        mentions = sorted([end for _, end in self.names] + [c.end for c in self.claims])
        spans = []
        for match in _ANAPHOR_PATTERNS[self.kind].finditer(self.text):
            index = bisect.bisect_right(mentions, match.start()) - 1
            last = mentions[index] if index >= 0 else 0
            if not self._names_another(self.text[max(last, match.start() - _WINDOW) : match.start()]):
                spans.append((match.start(), match.end()))
        return spans

    def _claims_between(self, start: int, end: int) -> bool:
        """True when a defect claim overlaps [start, end)."""
        first = bisect.bisect_left(self._claim_starts, start - self._longest_claim)
        last = bisect.bisect_left(self._claim_starts, end)
        return any(self.claims[i].end > start for i in range(first, last))

    def records_the_entity(self, end: int) -> bool:
        """After a source's verb: the entity itself ("lists it", "mentions the club"), or a value the question did
        not state, with no other name before it ("gives 4 May 1971")."""
        if end in self._name_starts or _ANAPHOR_PATTERNS[self.kind].match(self.text, end):
            return True
        sentence = self.sentences.at(end)
        after = self.text[end : min(sentence.end if sentence else len(self.text), end + _AFTER_SOURCE)]
        values = [m.start for m in find_dates(after) if m.date.year not in self.question_values]
        values += [n.start for n in find_numbers(after) if n.value not in self.question_values and n.value != 0]
        return bool(values) and not self._names_another(after[: min(values)])

    def told_until(self, start: int, predicate: int, end: int, excused_by_a_hedge: bool) -> int | None:
        """Where the statement at [start, end) ends (with its part of the sentence), when it is told: not denied,
        asked, supposed ("if it exists, ..."), asked indirectly ("nobody knows when it was founded"), nor itself a
        defect claim ("it is a made-up name"); else None. A predicate set off by a comma or a relative word ("...,
        which was founded in 1971") has a polarity of its own: "she never received the prize, which was founded in
        1971" records the founding."""
        sentence = self.sentences.at(start)
        if sentence is None or sentence.text.rstrip().endswith("?"):
            return None
        rest = _PART_BREAK.search(self.text, end, sentence.end)
        until = rest.start() if rest else sentence.end
        lead = self.text[max(sentence.start, start - _WINDOW) : start]
        if _CONDITION.search(lead) or _SUBORDINATE.search(lead):
            return None
        part = lead[max((m.end() for m in _PART_BREAK.finditer(lead)), default=0) :]
        if excused_by_a_hedge and _HEDGE.search(part + self.text[start:end]):
            return None
        if own := _OWN_POLARITY.match(self.text, predicate):
            closing = _PART_BREAK.search(self.text, own.end(), sentence.end)  # the part the predicate opens
            told = self.text[own.end() : closing.start() if closing else sentence.end]
        else:
            told = part + self.text[start:until]
        if negates(told) or self._claims_between(start, until):
            return None
        return until

    def _names_another(self, stretch: str) -> bool:
        """True when `stretch` names someone or something the question does not (a sentence's opening word aside)."""
        for match in _CAPITALISED.finditer(stretch):
            before = stretch[: match.start()].rstrip()
            words = [w.strip(".,'") for w in match.group(0).split() if w not in NOT_NAMES_IN_REPLIES]
            if (not before or before[-1] in ".!?:") and len(words) <= 1:
                continue
            if any(w.casefold() not in self.question_words for w in words if w):
                return True
        return False
