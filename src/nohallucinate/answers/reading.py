"""Read a reply against its question: which answer it commits to, and what else it says."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from functools import lru_cache

from nohallucinate.answers.abstention import abstention_rule, hedges
from nohallucinate.answers.dates import DateMention, PartialDate, find_dates
from nohallucinate.answers.defects import DefectCue, defect_cues, negates
from nohallucinate.answers.lexicon import MONTHS, NOT_NAMES_IN_REPLIES
from nohallucinate.answers.normalise import straighten_quotes
from nohallucinate.answers.numbers import NumberMention, find_numbers
from nohallucinate.answers.questions import AnswerKind, content_words, expected_kind, stem
from nohallucinate.answers.sentences import Span, SpanIndex, split_clauses, split_sentences

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
    r"(?P<lead>\b(?:in|around|about|early|late|mid|of|probably|perhaps|maybe)\s+)?\b(?P<month>"
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
_RANGE_DASH = re.compile(r"^\s*(?:[–—-]|to|until)\s*$")
_ALTERNATIVE_DIGITS = re.compile(r"\b\d+(?:st|nd|rd|th)?\s+or\s+(?:the\s+)?\d+(?:st|nd|rd|th)?\b")
_DECADE = re.compile(r"\b(?:the\s+)?(?:early\s+|mid-?\s*|late\s+)?(1[0-9]|20)(\d)0s\b", re.IGNORECASE)
_ZERO_COUNT = re.compile(
    r"(?:\bno\b|\bzero\b|(?:\bnot\b|n't\b|\bnever\b)(?:\s+\w+)?\s+(?:a\s+single|one|any)\b)"
    r"(?:\s+[\w-]+){0,2}?\s+(?:appearances?|apps|games?|match(?:es)?|caps?|goals?|times)\b",
    re.IGNORECASE,
)
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

    @property
    def abstains(self) -> bool:
        """True when the reply declines to answer somewhere ("I don't know", "I can't verify")."""
        return self.abstention is not None

    @property
    def committed(self) -> tuple[Candidate, ...]:
        """Candidates the reply asserts: not denied, not an aside, and from a span ("1939 – 2016") only the
        end that fits the question (the start for a birth, the end for a death)."""
        ends = {i for i, c in enumerate(self.candidates) if c.range_end}
        other_end = {i - 1 for i in ends} if self.relation == "death" else ends
        return tuple(c for i, c in enumerate(self.candidates) if i not in other_end and not c.negated and not c.aside)

    @property
    def answers(self) -> tuple[Candidate, ...]:
        """The committed candidates that answer the question: those tied to its relation when any are."""
        committed = [c for c in self.committed if c.relation is not False]
        on_relation = [c for c in committed if c.relation]
        if on_relation:
            committed = on_relation
        # Prefer values whose clause names only the question's people and things, then whose neighbours do.
        clean_clause = [c for c in committed if not c.foreign_clause]
        clean_neighbours = [c for c in committed if not c.foreign_names]
        return tuple(clean_clause or clean_neighbours or committed)

    @property
    def offers_alternatives(self) -> bool:
        """True when the reply commits to more than one distinct value ("1952 or 1953")."""
        return self.lists_alternatives or len({c.value for c in self.answers}) > 1


def read_reply(question: str, reply: str, kind: AnswerKind | None = None) -> Reading:
    """Read `reply` as an answer to `question`; `kind` overrides the kind the question's wording implies."""
    text = straighten_quotes(reply)
    kind = kind or expected_kind(question)
    relation = _question_relation(question)
    context = _Context(text, question, relation)

    # (start, end, date, number, bucket): built in text order, since each candidate looks back to the last.
    found: list[tuple[int, int, PartialDate | None, NumberMention | None, str]] = []
    if kind in (AnswerKind.DATE, AnswerKind.YEAR):
        for mention in context.dates:
            date = mention.date
            if date.year is not None and date.year in context.restated:
                continue
            if kind is AnswerKind.DATE:
                found.append((mention.start, mention.end, date, None, "full" if date.month else "partial"))
            elif date.year is not None:
                found.append((mention.start, mention.end, date, None, "full"))
        if kind is AnswerKind.DATE:
            found += [(start, end, month, None, "partial") for start, end, month in _bare_months(text, context.dates)]
        for match in _DECADE.finditer(text):
            decade = PartialDate(int(match.group(1) + match.group(2) + "0"), None, None)
            found.append((match.start(), match.end(), decade, None, "decade"))
    elif kind is AnswerKind.NUMBER:
        for number in find_numbers(text) + _zero_counts(text):
            if number.qualifier != "exact" or number.value not in context.restated:
                found.append((number.start, number.end, None, number, "full"))
    buckets: dict[str, list[Candidate]] = {"full": [], "partial": [], "decade": []}
    for start, end, found_date, found_number, bucket in sorted(found, key=lambda item: item[0]):
        buckets[bucket].append(context.candidate(start, end, found_date, found_number, kind))
    return Reading(
        kind=kind,
        relation=relation,
        candidates=tuple(buckets["full"]),
        partial=tuple(buckets["partial"]),
        decades=tuple(buckets["decade"]),
        abstention=abstention_rule(text),
        hedged=hedges(text),
        cues=frozenset(defect_cues(text)),
        lists_alternatives=bool(_ALTERNATIVE_DIGITS.search(text)),
        text=text,
    )


class _Context:
    """Everything about a reply's surroundings that a candidate's flags are computed from.

    Lookups are indexed and windows bounded, so that reading a reply takes time linear in its length."""

    def __init__(self, text: str, question: str, relation: str | None) -> None:
        self.text = text
        self.relation = relation
        self.clauses = SpanIndex(split_clauses(text))
        self.sentences = SpanIndex(split_sentences(text))
        self.dates = find_dates(text)
        self.restated = _restated_values(question)
        self.question_tokens = {_bare(t) for t in re.findall(r"[\w']+", question.lower())}
        self.redirected = {span.start for span in _redirected_sentences(self.sentences.spans, question)}
        self._undated = _without_date_commas(text, self.dates)
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


def _question_relation(question: str) -> str | None:
    """The one relation the question asks about ("birth", "appearance", ...), or None."""
    found = _relations_in(question)
    if len(found) == 1:
        return found.pop()
    return next(iter(sorted(found & {"birth", "death"})), None)


def _relations_in(text: str) -> set[str]:
    words = content_words(text)
    return {name for name, group in _RELATIONS.items() if words & group}


@lru_cache(maxsize=1024)
def _restated_values(question: str) -> frozenset[float]:
    """Numbers and years the question itself contains; a reply repeating them is not answering."""
    values: set[float] = {m.date.year for m in find_dates(question) if m.date.year is not None}
    return frozenset(values | {n.value for n in find_numbers(question)})


def _redirected_sentences(sentences: list[Span], question: str) -> list[Span]:
    """Sentences that set their values apart from the question's club or prize ("... for United, not Liverpool")."""
    names = [w for w in re.findall(r"\b[A-Z][\w'-]+", question)[1:] if w not in NOT_NAMES_IN_REPLIES]
    if not names:
        return []
    apart = re.compile(
        rf"\bnot\s+(?:for\s+|at\s+|with\s+|to\s+|in\s+)?(?:the\s+)?(?:{'|'.join(map(re.escape, names))})\b"
    )
    return [sentence for sentence in sentences if apart.search(sentence.text)]


def _bare_months(text: str, dates: list[DateMention]) -> list[tuple[int, int, PartialDate]]:
    """Month names standing alone ("probably in the spring, around April"); "May" only after a preposition."""
    months = []
    inside_dates = SpanIndex([Span(m.text, m.start, m.end) for m in dates])
    for match in _BARE_MONTH.finditer(text):
        inside = inside_dates.at(match.start()) is not None
        if inside or (match.group("month") == "May" and not match.group("lead")):
            continue
        month = PartialDate(None, MONTHS.index(match.group("month")) + 1, None)
        months.append((match.start("month"), match.end("month"), month))
    return months


def _zero_counts(text: str) -> list[NumberMention]:
    """ "No appearances", "not a single game": a count of zero written without a digit."""
    return [NumberMention(0.0, None, "exact", m.start(), m.end(), m.group(0)) for m in _ZERO_COUNT.finditer(text)]


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


def _names_outside(context: str, question_tokens: set[str]) -> bool:
    for match in _CAPITALISED.finditer(context):
        name = match.group(0)
        opens_sentence = not context[: match.start()].strip() or context[: match.start()].rstrip()[-1] in ".!?:*"
        if _COMPETITION.search(name) or (opens_sentence and " " not in name.strip()):
            continue
        words = [w for w in re.findall(r"[\w']+", name) if w not in NOT_NAMES_IN_REPLIES]
        if any(not _known(_bare(w.lower()), question_tokens) for w in words):
            return True
    return False


def _known(word: str, question_tokens: set[str]) -> bool:
    """The question uses this word, or a short form of it ("Doug" for "Douglas")."""
    return word in question_tokens or any(
        len(token) >= 3 and (word.startswith(token) or token.startswith(word)) for token in question_tokens
    )
