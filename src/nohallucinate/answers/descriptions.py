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
(tests/answers/test_descriptions.py runs them all), kept with its pattern in `descriptions.toml` (read at import);
a verdict records which rule decided.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache
from typing import Any

from nohallucinate.answers import catalogues
from nohallucinate.answers.dates import find_dates
from nohallucinate.answers.defects import defect_claims, negates
from nohallucinate.answers.lexicon import NOT_NAMES_IN_REPLIES
from nohallucinate.answers.normalise import normalise
from nohallucinate.answers.numbers import find_numbers
from nohallucinate.answers.sentences import Span, SpanIndex, split_sentences


class EntityKind(StrEnum):
    """What the asked entity is: it decides which words refer back to it."""

    PERSON = "person"
    CLUB = "club"
    PRIZE = "prize"


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
class Description(Span):
    """One statement describing the entity, where it sits in the normalised reply, and the rule that found it."""

    rule: str


_FILE = "descriptions.toml"
_REFERENCES = ("name", "anaphor")
_RULE_KEYS = ("name", "pattern", "ignore_case", "after", "excused_by_a_hedge", "fires_on", "not_on")


def description_rules(catalogue: Mapping[str, Any]) -> tuple[DescriptionRule, ...]:
    """The `[[rule]]`s of a parsed descriptions.toml, in its order, each name once."""
    shared = catalogues.fragments(catalogue, _FILE)
    rules = []
    for entry in catalogues.entries(catalogue, _FILE, "rule", _RULE_KEYS):
        after = entry.texts("after", _REFERENCES)
        if unknown := set(after) - set(_REFERENCES):
            raise entry.error(f"'after' names {sorted(unknown)}: a rule follows a {' or an '.join(_REFERENCES)}")
        rules.append(
            DescriptionRule(
                entry.text("name"),
                entry.regex("pattern", shared, re.IGNORECASE if entry.flag("ignore_case", True) else 0),
                _examples(entry, "fires_on", required=True),
                _examples(entry, "not_on", required=False),
                after=after,
                excused_by_a_hedge=entry.flag("excused_by_a_hedge", True),
            )
        )
    catalogues.check_names(_FILE, "rules", [rule.name for rule in rules], None)
    return tuple(rules)


def _examples(entry: catalogues.Entry, key: str, *, required: bool) -> tuple[tuple[EntityKind, str], ...]:
    return tuple((_kind(entry, kind), reply) for kind, reply in entry.cases(key, "[kind, reply]", 2, required=required))


def _kind(entry: catalogues.Entry, value: str) -> EntityKind:
    try:
        return EntityKind(value)
    except ValueError:
        raise entry.error(f"{value!r} is not a kind ({', '.join(EntityKind)})") from None


def example_entities(catalogue: Mapping[str, Any]) -> dict[EntityKind, tuple[str, str]]:
    """`[examples]`: the name of the entity each kind's examples are about, and the question asked of it."""
    examples = catalogues.Entry(f"{_FILE}: [examples]", catalogue["examples"], list(EntityKind))
    found = {}
    for kind in EntityKind:
        entry = examples.table(kind, ("name", "question"))
        found[kind] = (entry.text("name"), entry.text("question"))
    return found


def anaphor_patterns(catalogue: Mapping[str, Any]) -> dict[EntityKind, re.Pattern[str]]:
    """`[anaphors]`: the words that refer back to the entity, by its kind."""
    entry = catalogues.Entry(f"{_FILE}: [anaphors]", catalogue["anaphors"], list(EntityKind))
    shared = catalogues.fragments(catalogue, _FILE)
    return {kind: entry.regex(kind, shared, re.IGNORECASE) for kind in EntityKind}


def kind_words(catalogue: Mapping[str, Any]) -> dict[EntityKind, re.Pattern[str]]:
    """`[kind_words]`: the words for a thing of each kind ("prize", "club", "person", "he")."""
    entry = catalogues.Entry(f"{_FILE}: [kind_words]", catalogue["kind_words"], list(EntityKind))
    shared = catalogues.fragments(catalogue, _FILE)
    return {kind: entry.regex(kind, shared, re.IGNORECASE) for kind in EntityKind}


_CATALOGUE = catalogues.load(_FILE, ("fragments", "examples", "anaphors", "kind_words", "rule"))
RULES = description_rules(_CATALOGUE)
EXAMPLE_ENTITIES = example_entities(_CATALOGUE)  # {X} in an example stands for its entity's name
KIND_WORDS = kind_words(_CATALOGUE)
_ANAPHOR_PATTERNS = anaphor_patterns(_CATALOGUE)
del _CATALOGUE

_RULES_AFTER = {ref: [r for r in RULES if ref in r.after] for ref in ("name", "anaphor")}
_FREE_RULES = [r for r in RULES if not r.after]

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


@lru_cache(maxsize=1024)  # per reply on a defect row, and it compiles a pattern of the subject
def entity_kind(question: str, subject: str) -> EntityKind:
    """What `subject`, an entity `question` names, is: a person when the question asks what they did, when they
    were born or what went to them ("did X receive", "was X born", "go to X"); else what the question's relation
    holds of a person: a prize for a receiving, a club for appearances and matches."""
    head = " ".join(subject.split()[:2])
    if head and re.search(rf"\b(?:did|was|is|does|to)\s+{re.escape(head)}(?!\w)", question, re.IGNORECASE):
        return EntityKind.PERSON
    return relation_kind(question) or EntityKind.PERSON


def relation_kind(question: str) -> EntityKind | None:
    """What the question's relation ties a person to: a prize (a receiving), a club (appearances, matches), or
    nothing (a birth or a death)."""
    text = question.lower()
    if re.search(r"\b(?:born|birth|die|died|death)\b", text):
        return None
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
            kept.append(Description(text[start:until], start, until, rule=rule.name))
    return tuple(sorted(kept, key=lambda d: (d.start, d.rule)))


class _Reply:
    """One reply as the rules read it: where it names the entity and refers back to it, and its defect claims.

    Lookups are indexed (bisect) and windows bounded, so that reading a reply takes time linear in its length."""

    def __init__(self, text: str, subject: str, question: str) -> None:
        self.text = text
        self.kind = entity_kind(question, subject)
        self.sentences = SpanIndex(split_sentences(text))
        self.claims = defect_claims(text, question)  # in order of their starts
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
