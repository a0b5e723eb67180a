"""Read a reply against its question: which answer it commits to, and what else it says."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nohallucinate.answers.abstention import abstains, hedges, normalise_quotes
from nohallucinate.answers.dates import DateMention, PartialDate, find_dates
from nohallucinate.answers.defects import DefectCue, defect_cues, negates
from nohallucinate.answers.numbers import NumberMention, find_numbers
from nohallucinate.answers.questions import AnswerKind, content_words, expected_kind
from nohallucinate.answers.sentences import Span, split_clauses

# Words that tie a clause to the question's relation even when phrased differently.
_RELATION_SYNONYMS = (
    {"born", "birth", "birthday", "dob"},
    {
        "appear",
        "app",
        "apps",
        "game",
        "match",
        "matche",
        "played",
        "play",
        "cap",
        "outing",
        "featur",
        "start",
    },
    {"receiv", "won", "win", "award", "given", "got", "prize", "honour", "honor", "recipient"},
    {"die", "died", "death", "pass"},
    {"found", "founded", "establish", "form", "formed", "creat"},
)
_CAPITALISED = re.compile(r"\b[A-Z][\w'.-]*(?:\s+(?:of|the|de|van|von|der|da|di|du|F\.C\.|FC)?\s*[A-Z][\w'.-]*)*")
_NOT_NAMES = frozenset(
    """I I'm I've I'd He She It They We You The This That These Those His Her Their Its If In On At As
    But However Although Though Yes No Actually Unfortunately Sorry Hmm Well So Also There Here My Some
    Many Several Based According Without While When Where What Which Who Since From After Before During
    Perhaps Maybe Possibly Probably Unknown Note Answer January February March April May June July August
    September October November December Monday Tuesday Wednesday Thursday Friday Saturday Sunday""".split()
)
_LEADING_INTERJECTION = re.compile(r"^\s*(?:no|nope|actually|well|hmm|sorry|yes)\b[,.!:]?\s*", re.IGNORECASE)


@dataclass(frozen=True)
class Candidate:
    """An answer-shaped value in the reply, with the context that decides whether it is an answer."""

    text: str
    start: int
    end: int
    date: PartialDate | None
    number: NumberMention | None
    negated: bool  # a denial governs it ("not in 1998", "never played ... 0 times")
    parenthetical: bool  # sits inside brackets, as years after a work's title do
    on_relation: bool  # its clause speaks of the question's relation (born, appeared, received ...)
    foreign_names: bool  # its clause names someone or something the question does not

    @property
    def value(self) -> object:
        if self.date is not None:
            return self.date
        assert self.number is not None
        return (self.number.value, self.number.high)


@dataclass(frozen=True)
class Reading:
    """What a reply says about one question."""

    kind: AnswerKind
    candidates: tuple[Candidate, ...]  # answer-shaped values of the question's kind
    year_only: tuple[Candidate, ...]  # bare years offered to a full-date question
    abstains: bool
    hedged: bool
    cues: frozenset[DefectCue]
    text: str

    @property
    def committed(self) -> tuple[Candidate, ...]:
        """Candidates the reply asserts: not denied and not a bracketed aside."""
        return tuple(c for c in self.candidates if not c.negated and not c.parenthetical)

    @property
    def answers(self) -> tuple[Candidate, ...]:
        """The committed candidates that answer the question; when some speak of its relation, only those."""
        committed = self.committed
        on_relation = tuple(c for c in committed if c.on_relation)
        return on_relation or committed

    @property
    def offers_alternatives(self) -> bool:
        """True when the reply commits to more than one distinct value ("1952 or 1953")."""
        return len({c.value for c in self.answers}) > 1


def read_reply(question: str, reply: str, kind: AnswerKind | None = None) -> Reading:
    """Read `reply` as an answer to `question`; `kind` overrides the kind the question's wording implies."""
    text = normalise_quotes(reply)
    kind = kind or expected_kind(question)
    clauses = split_clauses(text)
    relation = _relation_words(question)
    question_tokens = {t.lower() for t in re.findall(r"[\w']+", question)}
    dates = find_dates(text)
    restated = _restated_values(question)

    def build(start: int, end: int, date: PartialDate | None, number: NumberMention | None) -> Candidate:
        clause = _clause_at(clauses, start)
        return Candidate(
            text=text[start:end],
            start=start,
            end=end,
            date=date,
            number=number,
            negated=_denied(text, clause, start, dates),
            parenthetical=_in_brackets(text, start, end),
            on_relation=bool(relation & _relation_words(clause.text)),
            foreign_names=_names_outside(clause.text, question_tokens),
        )

    candidates: list[Candidate] = []
    year_only: list[Candidate] = []
    if kind in (AnswerKind.DATE, AnswerKind.YEAR):
        for mention in dates:
            if mention.date.year is not None and mention.date.year in restated:
                continue
            candidate = build(mention.start, mention.end, mention.date, None)
            has_month = mention.date.month is not None
            if kind is AnswerKind.YEAR or has_month:
                if kind is AnswerKind.YEAR and mention.date.year is None:
                    continue
                candidates.append(candidate)
            else:
                year_only.append(candidate)
    elif kind is AnswerKind.NUMBER:
        for number in find_numbers(text):
            if number.value in restated and number.qualifier == "exact":
                continue
            candidates.append(build(number.start, number.end, None, number))
    return Reading(
        kind=kind,
        candidates=tuple(candidates),
        year_only=tuple(year_only),
        abstains=abstains(text),
        hedged=hedges(text),
        cues=frozenset(defect_cues(text)),
        text=text,
    )


def _relation_words(text: str) -> set[str]:
    words = {w.rstrip("e") for w in content_words(text)} | content_words(text)
    related: set[str] = set()
    for group in _RELATION_SYNONYMS:
        if words & group:
            related |= group
    return related


def _restated_values(question: str) -> set[float]:
    """Numbers and years the question itself contains; a reply repeating them is not answering."""
    values: set[float] = set()
    for mention in find_dates(question):
        if mention.date.year is not None:
            values.add(mention.date.year)
    for number in find_numbers(question):
        values.add(number.value)
    return values


def _clause_at(clauses: list[Span], position: int) -> Span:
    for clause in clauses:
        if clause.start <= position < clause.end:
            return clause
    return clauses[-1] if clauses else Span("", 0, 0)


def _denied(text: str, clause: Span, position: int, dates: list[DateMention]) -> bool:
    """A denial governs `position` when it stands before it in the same comma-separated part of its clause."""
    prefix = list(text[clause.start : position])
    for mention in dates:  # commas inside "March 11, 1952" do not separate parts
        for i in range(max(mention.start, clause.start), min(mention.end, position)):
            if prefix[i - clause.start] == ",":
                prefix[i - clause.start] = " "
    part = "".join(prefix).rsplit(",", 1)[-1]
    part = _LEADING_INTERJECTION.sub("", part)
    return negates(part)


def _in_brackets(text: str, start: int, end: int) -> bool:
    before, after = text[:start], text[end:]
    return before.count("(") > before.count(")") and ")" in after


def _names_outside(clause: str, question_tokens: set[str]) -> bool:
    for match in _CAPITALISED.finditer(clause):
        words = [w for w in re.findall(r"[\w']+", match.group(0)) if w not in _NOT_NAMES]
        if words and not any(w.lower() in question_tokens for w in words):
            return True
    return False
