"""Read a reply against its question: which answer it commits to, and what else it says."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from nohallucinate.answers.abstention import abstention_rule, hedges, outside_declines
from nohallucinate.answers.czech_numbers import writes_czech
from nohallucinate.answers.dates import (
    DateMention,
    PartialDate,
    find_dates,
    foreign_month,
    numeric_readings,
    parse_date,
    stated_order,
)
from nohallucinate.answers.defects import DefectCue, defect_cues, negates
from nohallucinate.answers.layout import laid_out, reasoning_blanked, thinking_blanked
from nohallucinate.answers.lexicon import CZECH_MONTH_FORMS, FOREIGN_MONTHS, MONTHS, NOT_NAMES_IN_REPLIES, OR_WORDS
from nohallucinate.answers.normalise import normalise, straighten_quotes
from nohallucinate.answers.numbers import QUALIFIER_PHRASES, NumberMention, find_numbers, is_count_noun, parse_number
from nohallucinate.answers.questions import AnswerKind, content_words, expected_kind, stem
from nohallucinate.answers.sentences import Span, SpanIndex, split_clauses, split_sentences
from nohallucinate.answers.units import Unit, unit_after, unit_named
from nohallucinate.answers.word_forms import czech_case_form

# Words naming the relation a value belongs to; a value next to another relation's words is not the answer
# ("born on 11 March 1952 ... died on 11 May 2001", "25 appearances, scoring 3 goals").
_RELATION_WORDS = {
    "birth": "born birth birthday dob",
    "death": "die died dies death passed",
    "appearance": "appear appeared appearance appearances app apps game games match matches played play plays cap "
    "caps outing outings featured starts",
    "goal": "goal goals scored scoring score scores netted",
    "award": "received receive receives won win wins award awarded prize honour honor recipient",
    "founding": "founded founding established formed created",
}
_RELATIONS = {name: frozenset(stem(w) for w in words.split()) for name, words in _RELATION_WORDS.items()}
# Competitions name no rival club or person: "22 Premier League appearances for Liverpool" is about Liverpool.
_COMPETITION = re.compile(r"\b(?:League|Liga|Ligue|Serie|Bundesliga|Division|Cup|Championship|Eredivisie)\b")
_CAPITALISED = re.compile(r"\b[A-Z][\w'.-]*(?:\s+(?:of|the|de|van|von|der|da|di|du)?\s*[A-Z][\w'.-]*)*")
_BARE_MONTH = re.compile(
    r"(?P<lead>\b(?:in|around|about|early|late|mid|of|probably|perhaps|maybe|was|is)\s+)?\b(?P<month>"
    + "|".join(MONTHS)
    + r")\b"
)
_PART_BREAK = re.compile(r",|:|\(|\s[–—-]\s")  # a bracket opens a part of its own: "never (17 apps)" denies nothing
_RELATIVE = re.compile(r"^\s*(?:where|which|who|whom|whose|when)\b", re.IGNORECASE)
_LEADING_INTERJECTION = re.compile(r"^\s*(?:no|nope|actually|well|hmm|sorry|yes)\b[,.!:]?\s*", re.IGNORECASE)
# A value credited to a source ("the Transfermarkt Archive shows 17", "according to Soccerbase, 17").
_SOURCE = re.compile(
    r"\b(?:according to|per|citing|as (?:listed|given|recorded) (?:by|in))\b|"
    r"\b(?P<source>[\w'.-]+)\s+(?:(?P<second>[\w'.-]+)\s+)?(?:shows?|showed|lists?|listed|gives?|gave|reports?|reported|says?|"
    r"said|states?|stated|puts?|notes?|noted|credits?|credited|records?|recorded)\b",
    re.IGNORECASE,
)
_SOURCE_NOUNS = frozenset(
    "record records source sources register registers archive archives database stats statistics data figures".split()
)
# A place is where something happened, not who it happened to: "born on 3 March 1990 in Leeds".
_PLACE = re.compile(r"\b(?:in|near|from)\s+(?:the\s+)?[A-Z][\w'.-]*(?:[ ,]+[A-Z][\w'.-]*)*")
# After a value, only these name its holder: "the 1988 prize went to the United Nations".
_HELD_AFTER = re.compile(
    r"\b(?:for|to|by|at|from)\s+(?:the\s+|a\s+|an\s+)?(?P<name>[A-Z][\w'.-]*+(?:\s+[A-Z][\w'.-]*+){0,5})"
)
# A companion shares the moment, not the value: "17 appearances alongside Gary Neville".
_COMPANION = re.compile(
    r"\b(?:alongside|beside|with|partnering|together with|next to)\s+(?:the\s+|his\s+|her\s+)?"
    r"(?:[a-z]+\s+)?[A-Z][\w'.-]*(?:\s+[A-Z][\w'.-]*)*"
)
# A name right before the relation's own word qualifies the count: "23 Gary Neville-era appearances". The
# quantifiers are possessive: a name never gives back characters, so "A-A-A-..." is read once, not once per letter.
_QUALIFYING = re.compile(r"\b[A-Z][\w'.-]*+(?:\s+[A-Z][\w'.-]*+){0,5}(?P<next>(?:[\s-]+[a-z][\w-]*+){1,2})")
_BETWEEN = re.compile(r"\bbetween\s+(?:the\s+)?(?:years?\s+)?$", re.IGNORECASE)
_RANGE_DASH = re.compile(r"^\s*(?:[–—-]|to|until)\s*$")
# A sentence that opens with "Or" offers another candidate: "It was 1952. Or 1953.", "Smith. Or Jones."
_OR_SENTENCE = re.compile(r"(?:\A|[.!?]\s+)[*_\"']*(?:Or|Alternatively)\b")
_ALTERNATIVE_DIGITS = re.compile(
    rf"\b\d+(?:st|nd|rd|th)?\s*,?\s+(?:{'|'.join(OR_WORDS)})\.?\s+(?:the\s+)?\d+(?:st|nd|rd|th)?\b", re.IGNORECASE
)
_DECADE = re.compile(r"\b(?:the\s+)?(?:early\s+|mid-?\s*|late\s+)?(1[0-9]|20)(\d)0s\b", re.IGNORECASE)
# A text that says none and nothing else ("None.", "Nikdo", "Žádnou."): a reply of a count of zero or of no one,
# or a gold of none.
SAYS_NONE = re.compile(
    r"\W*(?:none|zero|nobody|no one|nothing|never|nula|žádn(?:ý|á|é|ou|ého)|nikdo|nic|nikdy)\W*", re.IGNORECASE
)
_ZERO_COUNT = re.compile(
    r"(?:\bno\b|\bzero\b|(?:\bnot\b|n't\b|\bnever\b)(?:\s+\w+)?\s+(?:a\s+single|one|any)\b)"
    r"(?:\s+[\w-]+){0,2}?\s+(?:appearances?|apps|games?|match(?:es)?|caps?|goals?|times)\b",
    re.IGNORECASE,
)
# Words before a value that give it to another event than the one asked: "It was later established as a
# municipality in 1811", "after serving as speaker from 2004", "re-recorded and released in October 1994".
_OTHER_EVENT = re.compile(
    r"\b(?:later|subsequently|afterwards?|thereafter|then|until|till|again|previously|formerly|"
    r"prior to|before|after|following|re-\w+|reopened|rebuilt|renamed|reissued|relaunched|reformed|refounded|"
    r"reestablished|reelected|replaced|succeeded)\b",
    re.IGNORECASE,
)
# Words before a later value that offer it as another candidate for the same slot: "1952, or possibly 1953",
# "other sources give 1953", "also given as 1953".
_ALTERNATIVE = re.compile(
    r"\b(?:or|either|alternatively|otherwise|possibly|perhaps|maybe|might|disputed|conflicting|vs|versus|"
    rf"may have been|could have been|{'|'.join(OR_WORDS)}|vielleicht|možná|quizás|peut-être|misreported|wrongly|"
    r"mistakenly|erroneously|incorrectly)\b|"
    r"\bsome\s+(?:say|claim|suggest|give|list|put|report)\b|"
    r"\b(?:other|some|several|different|various|certain)\s+(?:\w+\s+)?(?:sources|accounts|records|reports|"
    r"references|historians|sites|websites|databases)\b|"
    r"\bothers?\s+(?:say|give|list|report|put|suggest|claim|state)\b|"
    r"\b(?:also|sometimes|elsewhere|variously)\s+(?:given|listed|reported|cited|stated|recorded|dated|quoted)\b",
    re.IGNORECASE,
)
# A value that sums up others: "a total of 23", "23 in total", "so 23 altogether".
_TOTAL_BEFORE = re.compile(
    r"\b(?:a total of|in total|totall?ing|altogether|overall|combined|all told),?\s+"
    r"(?:[\w'-]+,?\s+){0,12}?$|\btotal\b[^.,;:]{0,60}\b(?:is|was|are|were|of|comes to|came to)\s+$",
    re.IGNORECASE,
)
_TOTAL_AFTER = re.compile(r"(?:\s+[\w-]+){0,3}?\s+(?:in total|altogether|overall|combined|all told)\b", re.IGNORECASE)


def _noun(word: str) -> str:
    """A noun as the quantity readers compare it: stemmed, and without a final "e", so that the singular and the
    plural meet ("episode" and "episodes", "game" and "games")."""
    return stem(word.lower()).rstrip("e")


_ASKS_A_PART = re.compile(r"\b(?:per|each|every|average|a single|one)\b", re.IGNORECASE)
# Nouns that label a thing by a number ("Season 12", "Episode 4", "No. 3"): the number names it, it counts nothing.
_LABEL_NOUNS = frozenset(
    _noun(w)
    for w in "season seasons episode episodes series game games round rounds chapter chapters volume volumes page "
    "pages figure figures number no part parts week weeks stage stages level levels act scene track tracks "
    "match matchday leg heat pick seed grade class".split()
)
_HOW_MANY = re.compile(r"\bhow\s+(?:many|much)\s+((?:[\w'-]+\s*){1,3})", re.IGNORECASE)
# Words that end the noun phrase after "how many": "how many league appearances | did", "how many people | won".
_AFTER_THE_NOUN = frozenset(
    """did do does was were is are has have had can could would will of in for at on from to by with that which who
    go went make made won win get got take took the a an his her their its there""".split()
)
_WHAT_LABEL = re.compile(r"\b(?:what|which)\s+([\w'-]+)", re.IGNORECASE)
_IN_UNIT = re.compile(r"\b(?:in|into)\s+((?:square\s+|cubic\s+)?[a-z/²]+(?:\s+per\s+[a-z]+)?)", re.IGNORECASE)
_NEXT_WORDS = re.compile(r"[\s-]*([^\W\d_][\w'-]*)(?:\s+([^\W\d_][\w'-]*))?(?:\s+([^\W\d_][\w'-]*))?")
_PREVIOUS_WORD = re.compile(r"([^\W\d_][\w'.-]*)[\s#:.]*$")

# How far before a value its context is read (a denial, a source): enough for any sentence a reply writes.
_WINDOW = 300
# The words right after a value that still describe it ("33 Premier League appearances"): up to four, stopping at
# punctuation and at words that open a new phrase ("born on 14 June 1962 in Kyoto").
_WINDOW_AFTER = re.compile(
    r"(?:[ \t*_\"']*(?!(?:in|at|for|when|while|with|as|after|before|from|and|but|by|to|of|on)\b)[\w'-]+){0,4}",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Candidate:
    """An answer-shaped value in the reply, with the context that decides whether it is an answer."""

    text: str
    start: int
    end: int
    date: PartialDate | None
    number: NumberMention | None
    negated: bool  # a denial governs it ("not in 1998", "never played ... 0 times")
    bracketed: bool  # inside brackets, for a year or count question (a bracketed lifespan states a full date)
    in_question: bool  # inside a question the reply asks ("In 2021? No, ...")
    relation: bool | None  # its context speaks of the question's relation (True), of another (False), or neither
    foreign_names: bool  # the words around it name someone or something the question does not
    foreign_clause: bool  # its clause does
    sourced: bool  # credited to a source ("Transfermarkt lists 17", "according to the register, 1990")
    held_nearby: bool  # the words around it name someone else who may hold it (not a place, companion or qualifier)
    other_holder: bool  # its clause does
    range_end: bool  # the second value of a span ("1939 – 2016"): a death, an end
    alternative: bool = False  # offered as another candidate for the slot ("or possibly 1953", "other sources say")
    other_event: bool = False  # given to another event than the one asked ("it was later renamed in 1990")
    quantity: bool | None = None  # a count's unit or noun is what the question asks for (True), another (False)
    total: bool = False  # it sums up the values before it ("so 23 in total")
    readings: tuple[PartialDate, ...] = ()  # both dates a numeric date may be ("04/09/2004"), its order unstated
    unit: Unit | None = None  # the unit written after a number ("17.63 m"), in which its value is
    stated: bool = False  # given as a value: after the question's words or a copula, opening a sentence, or guessed

    @property
    def aside(self) -> bool:
        """Not asserted as an answer to an answerable question: in a question, or a bracketed year or count."""
        return self.in_question or self.bracketed

    @property
    def value(self) -> object:
        if self.date is not None:
            return self.date
        assert self.number is not None
        return (self.number.value, self.number.high)

    @property
    def is_zero(self) -> bool:
        return self.number is not None and self.number.value == 0 and self.number.high is None


@dataclass(frozen=True)
class Reading:
    """What a reply says about one question."""

    kind: AnswerKind
    relation: str | None  # the question's relation ("birth", "appearance", ...), when it names one
    candidates: tuple[Candidate, ...]  # answer-shaped values of the question's kind
    partial: tuple[Candidate, ...]  # a bare year or a bare month offered to a full-date question
    decades: tuple[Candidate, ...]  # "in the 1920s"
    abstention: str | None  # the name of the abstention rule that fired, if one did
    hedged: bool
    cues: frozenset[DefectCue]
    lists_alternatives: bool  # "11 or 12 March", "25 or 26"
    text: str
    qualifier: str | None = None  # the qualifier the question puts on its number ("Up to how many ...")
    asks_a_total: bool = True  # False when the question asks for a part: "per beam", "each", "on average"
    declines_from: int | None = None  # where the first sentence that declines begins

    def in_passing(self, candidate: Candidate) -> bool:
        """Whether a value is named only in passing beside a decline: in or after the first sentence that declines
        ("Nemám přesná data. Sčítání se koná každých 10 let."), neither tied to what is asked (its relation, unit or
        noun) nor given as a value (`Candidate.stated`). An answer before the decline is the reply's answer ("Vládl
        25 let. Nejsem si tím ale jistý.")."""
        if self.declines_from is None or candidate.start < self.declines_from:
            return False
        return not (candidate.relation or candidate.quantity or candidate.stated)

    @property
    def sets_apart(self) -> bool:
        """Whether the reply declines or states a zero somewhere ("I'm not sure ...", "He scored no goals; ..."):
        beside either, a value given to another holder is context, not the reply's answer, on every kind of row."""
        return self.abstention is not None or any(c.is_zero for c in self.candidates)

    @property
    def abstains(self) -> bool:
        """True when the reply declines to answer somewhere ("I don't know", "I can't verify")."""
        return self.abstention is not None

    @cached_property
    def committed(self) -> tuple[Candidate, ...]:
        """Candidates the reply asserts: not denied, not an aside, and from a span ("1939 – 2016") only the
        end that fits the question (the start for a birth, the end for a death)."""
        ends = {i for i, c in enumerate(self.candidates) if c.range_end}
        other_end = {i - 1 for i in ends} if self.relation == "death" else ends
        return tuple(c for i, c in enumerate(self.candidates) if i not in other_end and not c.negated and not c.aside)

    @cached_property
    def answers(self) -> tuple[Candidate, ...]:
        """The committed candidates that may answer the question, best first in kind and then in text order: those
        tied to its relation or to the quantity it counts when any are; for a relation that someone holds (a club's
        appearances, a prize), those whose clause names no one else; and those not given to another event."""
        # A count the relation's own words tie ("292 games" for appearances) is tied, whatever its noun.
        # and one whose noun is what the question counts is tied too, whatever verb is near it ("received 2 yellow
        # cards" for "how many yellow cards did they get in the match").
        pool = [
            c
            for c in self.committed
            if (c.relation is not False or c.quantity) and (c.quantity is not False or c.relation)
        ]
        pool = [c for c in pool if c.quantity or c.total] or [c for c in pool if c.relation or c.total] or pool
        if self.relation in _HELD_RELATIONS:
            # Prefer values whose clause names only the question's people and things, then whose neighbours do.
            # Where the reply sets other holders' values apart, a value given to another club, prize or person by
            # the words just before it is context, as it is on an unanswerable row (graders/local/defect.py): "I'm
            # not sure. Under manager Tom Baxter he made 28 appearances." pays what declining pays on both.
            fallback = [c for c in pool if not c.held_nearby or c.sourced] if self.sets_apart else pool
            pool = [c for c in pool if not c.foreign_clause] or [c for c in pool if not c.foreign_names] or fallback
        pool = [c for c in pool if not c.other_event] or pool
        # A value offered as another candidate ("some sources say 1953, but it was 1952") is not the reply's pick.
        pool = [c for c in pool if not c.alternative] or pool
        if self.qualifier is not None:  # "up to 3 metres" answers "Up to how many metres"; "about 2 metres" less so
            pool = [c for c in pool if c.number and c.number.qualifier == self.qualifier] or pool
        # A total sums up what came before it: "17 starts plus 6 off the bench, so 23 in total"; not where the
        # question asks for a part ("per beam", "each").
        if not self.asks_a_total:
            return tuple(pool)
        return tuple([c for c in pool if c.total] + [c for c in pool if not c.total])

    @cached_property
    def answer(self) -> Candidate | None:
        """The value the reply gives for the slot the question asks about: the first of its answers (a total
        first)."""
        return self.answers[0] if self.answers else None

    @cached_property
    def stated_date(self) -> PartialDate | None:
        """The answer's date made as specific as the reply's agreeing values make it: "in 2023 ... on 20 March
        2023" states 20 March 2023; "her birthday is 19 August; she was born in 1987" states 19 August 1987."""
        answer = self.answer
        if answer is None or answer.date is None:
            return None
        stated = answer.date
        for other in self._supporting():
            assert other.date is not None
            if not stated.conflicts_with(other.date):
                stated = PartialDate(
                    stated.year if stated.year is not None else other.date.year,
                    stated.month if stated.month is not None else other.date.month,
                    stated.day if stated.day is not None else other.date.day,
                )
        return stated

    @property
    def answer_span(self) -> tuple[Candidate, Candidate] | None:
        """The answer and the value that closes it when the reply hedges between two values where one is asked
        ("sometime between 1833 and 1843"). "From 1977 to 1982" and "1969-70" are not hedges: they give when
        something began, which is what a question about its start asks."""
        answer = self.answer
        if answer is None or self.relation in ("birth", "death") or answer not in self.candidates:
            return None
        index = self.candidates.index(answer)
        if index + 1 == len(self.candidates):
            return None
        closing = self.candidates[index + 1]
        joined = self.text[answer.end : closing.start]
        between = _BETWEEN.search(self.text[max(0, answer.start - 30) : answer.start])
        if between and re.fullmatch(r"\s+and\s+", joined):
            return answer, closing
        return None

    @cached_property
    def rivals(self) -> tuple[Candidate, ...]:
        """Values that compete with the answer for the same slot: different, and offered as another candidate ("or
        possibly 1953", "other sources give 1953"). A different value stated plainly is context, not a rival: the
        first answer is the reply's answer, so adding values never gives a reply a second chance."""
        answer = self.answer
        if answer is None:
            return ()
        stated = self.stated_date
        return tuple(
            c
            for c in self.committed
            if c is not answer
            and c.relation is not False
            and not c.other_event
            and c.alternative
            and _differs(c, answer, stated)
        )

    @property
    def offers_alternatives(self) -> bool:
        """True when the reply commits to more than one distinct value for the slot ("1952 or 1953")."""
        return self.lists_alternatives or bool(self.rivals)

    def _supporting(self) -> list[Candidate]:
        """Committed dates (and bare years) beside the answer that may refine it: not another event's, not another
        relation's, not offered as alternatives."""
        return [
            c
            for c in (*self.committed, *self.partial)
            if c is not self.answer
            and c.date is not None
            and c.date.year is not None
            and not (c.negated or c.aside or c.other_event or c.alternative or c.foreign_clause or c.range_end)
            and c.relation is not False
        ]


# Relations whose values someone holds: another club's appearances or another person's prize are not the answer.
_HELD_RELATIONS = frozenset({"appearance", "goal", "award"})


def _differs(candidate: Candidate, answer: Candidate, stated: PartialDate | None) -> bool:
    if candidate.date is not None and stated is not None:
        return candidate.date.conflicts_with(stated)
    if candidate.unit is not None and answer.unit is not None and candidate.unit != answer.unit:
        # "17.63 m, or 57.8 ft" restates the answer in another unit; a value of another measure is no rival.
        assert candidate.number is not None and answer.number is not None
        converted = candidate.unit.convert(candidate.number.value, answer.unit)
        return converted is not None and abs(converted - answer.number.value) > 0.01 * abs(answer.number.value)
    return candidate.value != answer.value


_TEX_BRACKETS = re.compile(r"\\[()]")


def read_reply(
    question: str,
    reply: str,
    kind: AnswerKind | None = None,
    *,
    unit: Unit | None = None,
    ordinals: bool = False,
    month_answers: bool = False,
    years_as_counts: bool = False,
    counted: str | None = None,
) -> Reading:
    """Read `reply` as an answer to `question`; `kind` overrides the kind the question's wording implies.

    For a count or measure, `unit` is the unit the answer is in (a gold's "km") and `ordinals` reads "39th" and
    "seventh" as values (a place or a rank is asked); for a date, `month_answers` takes a bare month ("in July") as
    an answer (the month is what is asked); `years_as_counts` reads a four-digit number that looks like a year as a
    count where nothing says it is a year ("The third vampire number is 1435."), and `counted` is what the gold
    counts ("duší" in "1000 duší"), so that a four-digit number before it is a count ("2000 duší") too."""
    # "\\(1989\\)" is TeX math, not a note in brackets; a JSON reply is read as its values ('{"answer": null}').
    text = laid_out(thinking_blanked(_TEX_BRACKETS.sub("  ", straighten_quotes(reply))))
    if abstention_rule(text) is None:
        text = reasoning_blanked(text)  # a final answer after reasoning (`reasoning_blanked` says why not a decline)
    kind = kind or expected_kind(question)
    relation = _question_relation(question)
    context = _Context(text, question, relation, _asked_quantity(question, unit, counted))
    restated = _restatements(question, ordinals)

    # (start, end, date, number, bucket): built in text order, since each candidate looks back to the last.
    found: list[tuple[int, int, PartialDate | None, NumberMention | None, str]] = []
    order = (stated_order(text) or stated_order(question)) if kind is AnswerKind.DATE else None
    ambiguous: dict[int, tuple[PartialDate, PartialDate]] = {}
    if kind in (AnswerKind.DATE, AnswerKind.YEAR):
        for mention in context.dates:
            date = mention.date
            if restated.restates(text, mention.start, mention.end, date):
                continue
            if (readings := numeric_readings(mention)) is not None:
                if order is None:
                    ambiguous[mention.start] = readings  # only the year is certain; both readings are kept
                else:
                    date = readings[0] if order == "dmy" else readings[1]
            if kind is AnswerKind.DATE:
                found.append((mention.start, mention.end, date, None, "full" if date.month else "partial"))
            elif date.year is not None:
                found.append((mention.start, mention.end, date, None, "full"))
        if kind is AnswerKind.DATE:
            months = "full" if month_answers else "partial"
            bare_months = _bare_months(text, context.dates)
            whole = parse_date(normalise(text)) if month_answers and not bare_months else None
            if whole is None and month_answers and not bare_months and (month := foreign_month(text)) is not None:
                whole = PartialDate(None, month, None)  # a Czech one ("únor."), read as a month only where one is asked
            if whole is not None and whole.year is None and whole.day is None:
                bare_months = [(0, len(text), whole)]  # a reply that is a month and nothing else ("May.")
            found += [(start, end, month, None, months) for start, end, month in bare_months]
        for match in _DECADE.finditer(text):
            decade = PartialDate(int(match.group(1) + match.group(2) + "0"), None, None)
            found.append((match.start(), match.end(), decade, None, "decade"))
    elif kind is AnswerKind.NUMBER:
        czech = writes_czech(question) or None  # a reply to a Czech question is read as Czech ("Dva.")
        numbers = find_numbers(text, ordinals, czech) + _zero_counts(text, context.asked)
        if years_as_counts:
            numbers += _years_as_counts(text, context.dates, context.asked)
        if not numbers and (whole_number := parse_number(normalise(text), ordinals, czech)) is not None:
            # A reply that is a number and nothing else ("One."), which free text reads only in some places.
            numbers = [NumberMention(whole_number, None, "exact", 0, len(text), text)]
        elif not numbers and SAYS_NONE.fullmatch(text):
            numbers = [NumberMention(0.0, None, "exact", 0, len(text), text)]  # "None.", "Žádný.", "Nikdy."
        markers = _list_markers(text)
        for number in sorted(numbers, key=lambda n: n.start):
            if number.start in markers:
                continue
            if not restated.restates(text, number.start, number.end, number.value):
                found.append((number.start, number.end, None, number, "full"))
    buckets: dict[str, list[Candidate]] = {"full": [], "partial": [], "decade": []}
    for start, end, found_date, found_number, bucket in sorted(found, key=lambda item: item[0]):
        candidate = context.candidate(start, end, found_date, found_number, kind)
        if start in ambiguous and found_date is not None:
            candidate = replace(candidate, readings=ambiguous[start])
        buckets[bucket].append(candidate)
    return Reading(
        kind=kind,
        relation=relation,
        candidates=tuple(buckets["full"]),
        partial=tuple(buckets["partial"]),
        decades=tuple(buckets["decade"]),
        abstention=abstention_rule(text),
        declines_from=next((s.start for s in context.sentences.spans if abstention_rule(s.text)), None),
        hedged=hedges(text),
        cues=frozenset(defect_cues(text, question)),
        lists_alternatives=bool(_ALTERNATIVE_DIGITS.search(text) or _OR_SENTENCE.search(text)),
        text=text,
        qualifier=context.asked.qualifier,
        asks_a_total=not _ASKS_A_PART.search(question),
    )


class _Context:
    """Everything about a reply's surroundings that a candidate's flags are computed from.

    Lookups are indexed and windows bounded, so that reading a reply takes time linear in its length."""

    def __init__(self, text: str, question: str, relation: str | None, asked: _AskedQuantity) -> None:
        self.text = text
        self.relation = relation
        self.asked = asked
        self.clauses = SpanIndex(split_clauses(text))
        self.sentences = SpanIndex(split_sentences(text))
        self.dates = find_dates(text)
        self.question_tokens = _question_tokens(question)
        self.redirected = {span.start for span in _redirected_sentences(self.sentences.spans, question)}
        self.question_denials = _denials_of(question)
        self._undated = _without_quotes(_without_date_commas(text, self.dates))
        self._opening = [m.start() for m in re.finditer(r"\(", text)]
        self._closing = [m.start() for m in re.finditer(r"\)", text)]
        self._previous_end = 0
        self._names_of_clause: dict[int, bool] = {}
        self._relations_of_clause: dict[int, set[str]] = {}

    def candidate(
        self, start: int, end: int, date: PartialDate | None, number: NumberMention | None, kind: AnswerKind
    ) -> Candidate:
        clause = self.clauses.at(start) or Span("", start, start)
        sentence = self.sentences.at(start) or Span("", start, start)
        prefix_start = max(clause.start, self._previous_end)
        between = self.text[self._previous_end : start] if self._previous_end else ""
        self._previous_end = end
        after_match = _WINDOW_AFTER.match(self.text, end)
        after = after_match.group(0) if after_match else ""
        before = _last_part(self.text[prefix_start:start])
        brackets = kind is not AnswerKind.DATE and self._in_brackets(start, end)
        return Candidate(
            text=self.text[start:end],
            start=start,
            end=end,
            date=date,
            number=number,
            negated=self._denied(clause, start) or sentence.start in self.redirected,
            bracketed=brackets,
            in_question=sentence.text.endswith("?"),
            relation=self._ties_to_relation(before, after, clause),
            foreign_names=_names_outside(f"{before} {after}", self.question_tokens),
            held_nearby=_names_outside(_context_names(before, self.relation), self.question_tokens),
            foreign_clause=self._names_another(clause),
            sourced=_credited(self.text[max(sentence.start, start - _WINDOW) : start])
            or _credited(self.text[end : min(sentence.end, end + _WINDOW // 3)]),  # "1990, Jane Smith reports"
            other_holder=self._held_elsewhere(clause, start, end),
            range_end=bool(between) and bool(_RANGE_DASH.match(between)),
            alternative=bool(_ALTERNATIVE.search(before) or _ALTERNATIVE.search(between[-40:])),
            other_event=bool(_OTHER_EVENT.search(_last_part(self.text[max(clause.start, start - _WINDOW) : start]))),
            total=bool(_TOTAL_BEFORE.search(self.text[max(sentence.start, start - _WINDOW) : start]))
            or bool(_TOTAL_AFTER.match(self.text, end)),
            quantity=self._ties_to_quantity(start, end, number) if number is not None else None,
            unit=found.unit if number is not None and (found := unit_after(self.text, end)) else None,
            stated=self._stated(start, before, sentence),
        )

    def _ties_to_quantity(self, start: int, end: int, number: NumberMention) -> bool | None:
        """Whether a number counts or measures what the question asks for: its unit is the asked unit, or the
        words around it name the asked noun ("18 lamps", "Season 12" for "what season"); False when they name
        another unit or count ("14-inch reflectors", "episode 5" for "how many episodes")."""
        asked = self.asked
        following = _NEXT_WORDS.match(self.text, end)
        if following and _names_counted(following.group(1), asked, shortest=4):
            # What "Kolik" counts, in another case ("2 narozeniny" for "Kolik narozenin"); not by a stem of three
            # letters, as the forms a number takes differ there ("1 rok", "2 roky", "16 let"; "2 dny", "30 dní").
            return True
        if not asked.units and not asked.nouns:
            return None
        found = unit_after(self.text, end)
        if asked.qualifier is not None and number.qualifier == asked.qualifier:
            # "up to 3 metres" answers "Up to how many metres ...?"
            return found is None or not asked.units or found.unit in asked.units
        if found:
            if asked.units:  # the asked unit, or one that converts to it ("55 miles" for a question in kilometres)
                return any(found.unit.convert(1.0, unit) is not None for unit in asked.units)
            return _noun(found.unit.name.split()[-1]) in asked.nouns or False
        words_after = [w.lower() for w in (following.groups() if following else ()) if w]
        next_words = [_noun(w) for w in words_after]
        previous = _PREVIOUS_WORD.search(self.text[max(0, start - 40) : start])
        previous_word = _noun(previous.group(1).rstrip(".")) if previous else ""
        if asked.nouns & {*next_words, previous_word}:
            return True
        counts_another = bool(words_after) and is_count_noun(words_after[0])
        return False if counts_another or previous_word in _LABEL_NOUNS else None

    def _stated(self, start: int, before: str, sentence: Span) -> bool:
        """Whether the reply gives a value as a value: a copula or a colon before it, or it opens a sentence ("17.
        But I don't know."), or its sentence guesses it before it ("I'm not sure, but I think it's 59,403", "myslím,
        že 523"),
        or one of the three words before it is the question's, in any Czech case ("ve věku 78 let" for "V jakém
        věku", "ID diazepamu 2955")."""
        if _STATED_AS_VALUE.search(self.text, max(0, start - 30), start):
            return True
        # The window is bounded as every other look back is, so that reading stays linear in a reply's length.
        if hedges(outside_declines(self.text[max(sentence.start, start - _WINDOW) : start])):
            return True
        return any(self._of_question(w.lower()) for w in _WORD_AROUND.findall(before)[-3:])

    def _of_question(self, word: str) -> bool:
        """A word of the question's, in any Czech case, long enough to mean something."""
        return (
            len(word) >= 4
            and word not in _STOPWORDS_AROUND
            and (
                word in self.question_tokens
                or any(czech_case_form(q, word) for q in self.question_tokens if len(q) >= 4)
            )
        )

    def _names_another(self, clause: Span) -> bool:
        """Whether the clause names someone the question does not (computed once per clause)."""
        if clause.start not in self._names_of_clause:
            self._names_of_clause[clause.start] = _names_outside(clause.text, self.question_tokens)
        return self._names_of_clause[clause.start]

    def _held_elsewhere(self, clause: Span, start: int, end: int) -> bool:
        """Whether the value's clause gives it to someone the question does not name: a name before it (places,
        companions and qualifiers aside), or after it only behind for/to/by/at/from ("went to the United
        Nations"). A name that merely follows a value ("1990 AD", "the 2001 Gala") holds nothing."""
        before = self.text[max(clause.start, start - _WINDOW) : start]
        after = self.text[end : min(clause.end, end + _WINDOW)]
        held_after = " ".join(m.group("name") for m in _HELD_AFTER.finditer(after))
        return _names_outside(_context_names(before, self.relation), self.question_tokens) or _names_outside(
            held_after, self.question_tokens
        )

    def _clause_relations(self, clause: Span) -> set[str]:
        if clause.start not in self._relations_of_clause:
            self._relations_of_clause[clause.start] = _relations_in(clause.text)
        return self._relations_of_clause[clause.start]

    def _denied(self, clause: Span, position: int) -> bool:
        """A denial governs `position` when it stands before it in the same comma-separated part of its clause
        (commas inside "March 11, 1952" do not separate parts); only the nearest stretch of text is read."""
        part = _LEADING_INTERJECTION.sub(
            "", _last_part(self._undated[max(clause.start, position - _WINDOW) : position])
        )
        for (
            denial
        ) in self.question_denials:  # the question's own frame: "did not participate" for "did not participate"
            part = denial.sub(" ", normalise(part))
        return negates(part)

    def _in_brackets(self, start: int, end: int) -> bool:
        opened = bisect.bisect_left(self._opening, start)
        closed = bisect.bisect_left(self._closing, start)
        return opened > closed and bisect.bisect_left(self._closing, end) < len(self._closing)

    def _ties_to_relation(self, before: str, after: str, clause: Span) -> bool | None:
        """Whether the relation nearest the value (words after it first, then before it) is the question's."""
        if self.relation is None:
            return None
        words = after.split() + before.split()[::-1]
        for word in words:
            found = _relations_in(word)
            if found:
                return self.relation in found
        return True if self.relation in self._clause_relations(clause) else None


@lru_cache(maxsize=1024)
def _question_tokens(question: str) -> frozenset[str]:
    return frozenset(_bare(t) for t in re.findall(r"[\w']+", question.lower()))


@lru_cache(maxsize=1024)
def _question_relation(question: str) -> str | None:
    """The one relation the question asks about ("birth", "appearance", ...), or None."""
    found = _relations_in(question)
    if len(found) == 1:
        return found.pop()
    return next(iter(sorted(found & {"birth", "death"})), None)


def _relations_in(text: str) -> set[str]:
    words = content_words(text)
    return {name for name, group in _RELATIONS.items() if words & group}


@dataclass(frozen=True)
class _AskedQuantity:
    """What a count or measure question asks for: its unit ("in kilometres", a gold's "km") and the nouns it counts
    ("how many league appearances", "what season"), as stems. A question's "in square kilometres" and a gold's
    "79/km2" may both hold: either is the unit asked."""

    units: frozenset[Unit]
    nouns: frozenset[str]
    qualifier: str | None = None  # "up to" in "Up to how many metres ...": an answer "up to 3 metres" is exact
    # The beginnings of the words for what is counted, from the gold's noun ("duší" in "1000 duší") and a Czech
    # question's "Kolik rodin": a Czech noun changes its ending with its case ("synů", "syny"), so only the
    # beginning is compared, and only right after a four-digit number or "žádný" ("1758 rodin", "žádné syny").
    stems: frozenset[str] = frozenset()


@lru_cache(maxsize=1024)
def _asked_nouns(question: str) -> tuple[Unit | None, frozenset[str]]:
    nouns: set[str] = set()
    unit = None
    for match in _HOW_MANY.finditer(question):
        words = _noun_phrase(match.group(1).split())
        if words and (named := unit_named(" ".join(words[-2:])) or unit_named(words[-1])):
            unit = named
        nouns |= {_noun(w) for w in words if w.lower() not in _QUESTION_FILLER}
    for match in _WHAT_LABEL.finditer(question):
        word = _noun(match.group(1))
        if word in _LABEL_NOUNS or word in _PLACE_NOUNS:
            nouns.add(word)
    return unit or measured_in(question), frozenset(nouns)


def _noun_phrase(words: list[str]) -> list[str]:
    """The words after "how many" up to the first that cannot be part of what is counted."""
    phrase: list[str] = []
    for word in words:
        if word.lower() in _AFTER_THE_NOUN and phrase:
            break
        phrase.append(word.strip("?,.;:"))
    return [w for w in phrase if w]


_QUALIFIED_HOW_MANY = re.compile(
    r"\b(up to|at least|at most|more than|fewer than|less than|no more than|no fewer than)\s+how\s+(?:many|much)\b",
    re.IGNORECASE,
)


def asked_qualifier(question: str) -> str | None:
    """The qualifier a question puts on the number it asks for ("Up to how many ..." -> "at_most"), or None."""
    match = _QUALIFIED_HOW_MANY.search(question)
    return QUALIFIER_PHRASES[re.sub(r"\s+", " ", match.group(1).lower())] if match else None


def measured_in(question: str) -> Unit | None:
    """The unit a question asks a measure in, in so many words ("in square miles", "in meters per second"); not
    "how many acres", which may ask for a count."""
    for match in _IN_UNIT.finditer(question):
        if named := unit_named(match.group(1)):
            return named
    return None


@lru_cache(maxsize=1024)
def _asked_quantity(question: str, unit: Unit | None, counted: str | None = None) -> _AskedQuantity:
    asked_unit, nouns = _asked_nouns(question)
    units = frozenset(u for u in (asked_unit, unit) if u is not None)
    words = [m.group(1) for m in _HOW_MANY_CZECH.finditer(question)] + (counted or "").split()[:1]
    return _AskedQuantity(units, nouns, asked_qualifier(question), frozenset(map(_stem_of, words)))


# Czech "kolik" (how many) and the word after it: "Kolik rodin", "Kolikrát" has none.
_HOW_MANY_CZECH = re.compile(r"\bkolika?\s+([^\W\d_]{3,})", re.IGNORECASE)


def _stem_of(word: str) -> str:
    """The beginning of a word that its case endings leave alone: all but its last two letters, three at least."""
    word = word.casefold()
    return word[: max(3, len(word) - 2)]


def _names_counted(word: str, asked: _AskedQuantity, shortest: int = 3) -> bool:
    """Whether `word` begins as the word for what is counted does ("rodin" for "Kolik rodin", "duší" for "1000
    duší"), by a stem of `shortest` letters or more."""
    return (
        bool(asked.stems)
        and len(word) >= 3
        and any(len(stem) >= shortest and word.casefold().startswith(stem) for stem in asked.stems)
    )


_QUESTION_FILLER = frozenset("total overall in all different of the a an".split())
_PLACE_NOUNS = frozenset(_noun(w) for w in "position place rank ranking spot minute inning level".split())
_WORD_AROUND = re.compile(r"[^\W_]+")
# Words a question shares with any sentence about it, which tie no value to what is asked.
_STOPWORDS_AROUND = frozenset(
    "with from that this than were have been about into jaká jaký jaké jako roce roku kolik".split()
)


@dataclass(frozen=True)
class _Restatements:
    """The values a question states, each as written and with the words beside it: a reply repeating one of them
    the same way in the same place ("The 1972 Canadian federal budget was presented on ...") restates the question,
    and does not answer it. The same value in another role ("... on May 8, 1972", "won 4 maxi challenges" for "in
    Season 4") or written otherwise ("1 ton" for "One Ton Prop") answers."""

    stated: tuple[tuple[object, str, str, str], ...]  # (value, as written, word before, word after)

    def restates(self, text: str, start: int, end: int, value: object) -> bool:
        if not self.stated:
            return False
        written = text[start:end]
        before, after = _neighbours(text, start, end)
        return any(
            value == stated
            and written == as_written
            and ((before and before == word_before) or (after and after == word_after))
            for stated, as_written, word_before, word_after in self.stated
        )


@lru_cache(maxsize=1024)
def _restatements(question: str, ordinals: bool) -> _Restatements:
    def entry(value: object, start: int, end: int) -> tuple[object, str, str, str]:
        return (value, question[start:end], *_neighbours(question, start, end))

    stated = [entry(mention.date, mention.start, mention.end) for mention in find_dates(question)]
    stated += [entry(n.value, n.start, n.end) for n in find_numbers(question, ordinals)]
    # A year the question names is a number too, for a count question that reads years as counts ("IPL 2015").
    stated += [
        entry(float(m.date.year), m.start, m.end)
        for m in find_dates(question)
        if m.date.year is not None and m.date.month is None
    ]
    return _Restatements(tuple(stated))


def _neighbours(text: str, start: int, end: int) -> tuple[str, str]:
    """The word just before [start, end) and the word just after it, folded and stemmed ("" at an edge)."""
    before = _WORD_AROUND.findall(text[max(0, start - 40) : start])
    after = _WORD_AROUND.match(text[end : end + 40].lstrip(" \t\u00a0-–—,:;\"'()"))
    return (stem(before[-1].lower()) if before else "", stem(after.group(0).lower()) if after else "")


def _redirected_sentences(sentences: list[Span], question: str) -> list[Span]:
    """Sentences that set their values apart from the question's club or prize ("... for United, not Liverpool")."""
    apart = _set_apart(question)
    return [] if apart is None else [sentence for sentence in sentences if apart.search(sentence.text)]


@lru_cache(maxsize=1024)
def _set_apart(question: str) -> re.Pattern[str] | None:
    names = [w for w in re.findall(r"\b[A-Z][\w'-]+", question)[1:] if w not in NOT_NAMES_IN_REPLIES]
    if not names:
        return None
    return re.compile(
        rf"\bnot\s+(?:for\s+|at\s+|with\s+|to\s+|in\s+)?(?:the\s+)?(?:{'|'.join(map(re.escape, names))})\b"
    )


def _bare_months(text: str, dates: list[DateMention]) -> list[tuple[int, int, PartialDate]]:
    """Month names standing alone ("probably in the spring, around April", "konkrétně v říjnu"); "May" only after a
    preposition, a Czech month only after one ("září" is also "it shines")."""
    months = []
    inside_dates = SpanIndex([Span(m.text, m.start, m.end) for m in dates])
    for match in _BARE_MONTH.finditer(text):
        inside = inside_dates.at(match.start()) is not None
        # "May" is a month after a preposition or standing alone ("May.", "in May"), a verb before a verb.
        alone = re.match(r"\s*(?:[.,;!?)]|\Z)", text[match.end() :])
        if inside or (match.group("month") == "May" and not match.group("lead") and not alone):
            continue
        month = PartialDate(None, MONTHS.index(match.group("month")) + 1, None)
        months.append((match.start("month"), match.end("month"), month))
    for match in _BARE_CZECH_MONTH.finditer(text):
        if inside_dates.at(match.start("month")) is None:
            month = PartialDate(None, FOREIGN_MONTHS[match.group("month").lower()], None)
            months.append((match.start("month"), match.end("month"), month))
    return sorted(months)


# A Czech month after the words that put a time in it ("v říjnu", "během února", "koncem listopadu").
_BARE_CZECH_MONTH = re.compile(
    r"\b(?:v|ve|během|koncem|začátkem|počátkem|polovině|od|do)\s+(?:měsíci\s+)?(?P<month>"
    + "|".join(sorted((w for w in FOREIGN_MONTHS if w in CZECH_MONTH_FORMS), key=len, reverse=True))
    + r")\b",
    re.IGNORECASE,
)


# Words before a four-digit number that make it a year ("in 1435", "since 2002", "v roce 1435"), and nouns that do
# with "of" ("the summer of 1435"); elsewhere a number question reads it as a count ("The third vampire number is
# 1435").
_YEAR_WORDS = r"""in since from until till by during to before after year years circa c\. around about early late mid
    between and or through spring summer autumn fall winter season [\w]+day roce roku rok letech léta od mezi až kolem
    okolo během sezóně sezoně sezóny sezony sezóna sezona""".split()
_OF_A_YEAR = """summer spring autumn fall winter year class season end start beginning middle half part events election
    games""".split()
_BEFORE_A_YEAR = re.compile(rf"(?:\b(?:{'|'.join(_YEAR_WORDS)})|\b(?:{'|'.join(_OF_A_YEAR)}) of)\s*[,(]?\s*$", re.I)
_NO_NOUN = re.compile(r"\b(?:no|zero|not a single|not one)\s+(?:[a-z]+\s+)?(?P<noun>[a-z]+)\b", re.IGNORECASE)
_NO_ONE = re.compile(r"\b(?:no one|no-one|nobody|none)\b", re.IGNORECASE)
_NO_NOUN_CZECH = re.compile(r"\bžádn(?:ý|á|é|ou|ého|ých|ým|ými)\s+(?P<words>[^\W\d_]+(?:\s+[^\W\d_]+)?)", re.I)
_PEOPLE = frozenset(_noun(w) for w in "people person persons individuals players winners recipients men women".split())


# "1. Access the full paper\n2. Ask a librarian": numbers that open the lines of a list number the items, they count
# nothing. A single line ("17. But I don't know.") is no list.
_LIST_MARKER = re.compile(r"^[ \t>*-]*(?:\*\*)?(\d{1,2})[.)](?:\*\*)?[ \t]+", re.MULTILINE)


def _list_markers(text: str) -> frozenset[int]:
    """Where the numbers that number a list's lines start (empty unless two lines or more are numbered)."""
    starts = frozenset(m.start(1) for m in _LIST_MARKER.finditer(text))
    return starts if len(starts) >= 2 else frozenset()


def _years_as_counts(text: str, dates: list[DateMention], asked: _AskedQuantity) -> list[NumberMention]:
    """Bare four-digit "years" that a count question's reply gives as its number: before a unit or what the
    question counts ("1480 English guineas", "5109 m"), or stated as the value ("the population was 1553", "1553.");
    not after a word of time ("in 2011") or before the thing a year dates ("the 2020 census", "v roce 2007")."""
    found = []
    for m in dates:
        if m.date.year is None or m.date.month is not None or not m.text.isdecimal() or len(m.text) != 4:
            continue
        if text[m.end : m.end + 1] in _JOINERS or text[max(0, m.start - 1) : m.start] in _JOINERS:
            continue
        # The window opens a sentence only where the text does: a window cut mid-text starts with a stand-in word.
        before = text[m.start - 30 : m.start] if m.start > 30 else text[: m.start]
        before = ("w " + before) if m.start > 30 else before
        measured = unit_after(text, m.end) is not None or _counts(text, m.end, asked)
        stated = _STATED_AS_VALUE.search(before) is not None and not _WORD_AFTER.match(text, m.end)
        if (measured or stated) and not _BEFORE_A_YEAR.search(before):
            found.append(NumberMention(float(m.date.year), None, "exact", m.start, m.end, m.text))
    return found


# What stands before a number given as the value: a copula (English or Czech), a colon, or the start of a sentence.
_STATED_AS_VALUE = re.compile(
    r"(?:\b(?:is|was|are|were|be|been|of|totall?ed|reached|numbered|stood at|counted|"
    r"je|jsou|byl|byla|bylo|byly|činí|činil|činila|činilo|celkem)\s+|[:=]\s*"
    r"|(?:\A|[.!?]\s+)[*_]*)\Z",
    re.IGNORECASE,
)


def _counts(text: str, end: int, asked: _AskedQuantity) -> bool:
    """Whether the words right after a number name what the question counts."""
    following = _NEXT_WORDS.match(text, end)
    if following is None:
        return False
    return bool(asked.nouns & {_noun(w) for w in following.groups() if w}) or _names_counted(following.group(1), asked)


_WORD_AFTER = re.compile(r"[ \t]*[^\W\d_]")  # "the 2020 census": a year before the thing it dates
_JOINERS = frozenset("-–—‐‑/")  # a year joined to another: a season ("2005–06") or a span, never a count


def _zero_counts(text: str, asked: _AskedQuantity | None = None) -> list[NumberMention]:
    """ "No appearances", "not a single game": a count of zero written without a digit."""
    found = [NumberMention(0.0, None, "exact", m.start(), m.end(), m.group(0)) for m in _ZERO_COUNT.finditer(text)]
    if asked is not None and asked.nouns:  # "no contestants quit" for "how many contestants quit"
        found += [
            NumberMention(0.0, None, "exact", m.start(), m.end(), m.group(0))
            for m in _NO_NOUN.finditer(text)
            if _noun(m.group("noun")) in asked.nouns and not _ZERO_COUNT.match(text, m.start())
        ]
    if asked is not None and asked.stems:  # "neměl žádné syny" for "Kolik synů měl ...?"
        found += [
            NumberMention(0.0, None, "exact", m.start(), m.end(), m.group(0))
            for m in _NO_NOUN_CZECH.finditer(text)
            if any(_names_counted(word, asked) for word in m.group("words").split())
        ]
    if asked is not None and asked.nouns & _PEOPLE:  # "How many people won it before her?" "No one."
        found += [NumberMention(0.0, None, "exact", m.start(), m.end(), m.group(0)) for m in _NO_ONE.finditer(text)]
    return found


def _last_part(prefix: str) -> str:
    """The words since the last comma, colon or dash; a part opening with "where"/"which"/"who" also takes the
    part before it, which it refers to ("he was at Manchester United, where he made 34 appearances")."""
    parts = _PART_BREAK.split(prefix)
    last = parts[-1]
    if len(parts) > 1 and _RELATIVE.match(last):
        last = parts[-2] + ", " + last
    return last


def _without_date_commas(text: str, dates: list[DateMention]) -> str:
    """The text with the commas inside dates ("March 11, 1952") made spaces; offsets unchanged."""
    chars = list(text)
    for mention in dates:
        for i in range(mention.start, mention.end):
            if chars[i] == ",":
                chars[i] = " "
    return "".join(chars)


@lru_cache(maxsize=1024)
def _denials_of(question: str) -> tuple[re.Pattern[str], ...]:
    """The denials a question makes itself ("in which years did the team not participate"), each as a pattern of
    its negation and the word it negates: a reply repeating one answers the question, it denies nothing."""
    found = re.finditer(r"\b(not|never|no)\s+([a-z]{3,})", normalise(question).lower())
    return tuple(re.compile(rf"\b{m.group(1)}\s+(?={re.escape(stem(m.group(2)))})", re.IGNORECASE) for m in found)


_QUOTED = re.compile(r'"[^"\n]{1,200}"')


def _without_quotes(text: str) -> str:
    """The text with what it quotes in double quotes blanked, offsets unchanged: a title or a quoted question denies
    nothing ("Someday Maybe I Won't Mind" was released on ...)."""
    return _QUOTED.sub(lambda m: " " * len(m.group(0)), text)


def _bare(token: str) -> str:
    return re.sub(r"'s?$", "", token)


def _credited(prefix: str) -> bool:
    """True when the words before a value credit it to a source: a name or a record that shows, lists, gives."""
    for match in _SOURCE.finditer(prefix):
        words = [w for w in (match.group("source"), match.group("second")) if w]
        if not words or any(
            w.lower() in _SOURCE_NOUNS or (w[0].isupper() and w not in NOT_NAMES_IN_REPLIES) for w in words
        ):
            return True
    return False


def _context_names(text: str, relation: str | None) -> str:
    """The text with the names that do not take a value away from the question's subject blanked: places ("in
    Leeds"), companions ("alongside Gary Neville", "with his brother Tom") and names that qualify the count itself
    ("23 Gary Neville-era appearances", where the question's relation word follows the name)."""
    text = _PLACE.sub(" ", text)
    text = _COMPANION.sub(" ", text)
    if relation is not None:
        text = _QUALIFYING.sub(
            lambda m: " " if _RELATIONS[relation] & content_words(m.group("next")) else m.group(0), text
        )
    return text


def _names_outside(context: str, question_tokens: frozenset[str]) -> bool:
    for match in _CAPITALISED.finditer(context):
        name = match.group(0)
        opens_sentence = not context[: match.start()].strip() or context[: match.start()].rstrip()[-1] in ".!?:*"
        if _COMPETITION.search(name) or (opens_sentence and " " not in name.strip()):
            continue
        words = [w for w in re.findall(r"[\w']+", name) if w not in NOT_NAMES_IN_REPLIES]
        if any(not _known(_bare(w.lower()), question_tokens) for w in words):
            return True
    return False


def _known(word: str, question_tokens: frozenset[str]) -> bool:
    """The question uses this word, or a short form of it ("Doug" for "Douglas")."""
    return word in question_tokens or any(
        len(token) >= 3 and (word.startswith(token) or token.startswith(word)) for token in question_tokens
    )
