"""What a claim that something does not exist denies: the entity the question asks about, or another it names.

A question about an invented name often names a real thing beside it: "In what year did Jorvane Hethercote receive
the Greyfell Trophy?" asks about an invented person and a real prize. "No such prize exists" there denies the
prize: not the row's defect but another, and false. So is "Jorvane Hethercote and the Greyfell Trophy do not
exist", which denies both, and "one of them does not exist", which does not say which: neither needs any knowledge
of which name is invented.

A claim denies the thing it refers to, with whatever is joined to that by "and", "or", "nor", "as well as" or a
comma ("no such person or prize"). A reference is a name of the question (in full, its first two words, its first
word, a person's surname) or a word for a kind of thing ("prize", "club", "person", "he"; descriptions.toml's
`[kind_words]`), and is looked for in turn:
- inside the claim ("I doubt Jorvane Hethercote exists", "no person called ...", "there is no Vanstone Prize");
- after the name a claim says the thing goes by ("no Greyfell Trophy winner named Jorvane Hethercote");
- next to it, in its clause: after a claim that opens a noun ("no such prize"), before one that ends a sentence
  ("while the trophy is real, Jorvane Hethercote does not exist"), the nearer otherwise. A relative clause or an
  aside between the name and its verb is skipped ("Jorvane Hethercote, who won the Greyfell Trophy, is made up");
- else the last thing named before it (a pronoun's antecedent: "I searched for the Greyfell Trophy; it is made up").

Words for both ("both", "neither", "all of them") deny both; "one of them" denies neither in particular. A claim
that refers to nothing the question names says nothing of which thing it denies.

Every reference is found once per reply and each claim's looked up by bisection, so a reply is read in time
linear in its length (times a logarithm).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from nohallucinate.answers.defects import DefectClaim, DefectCue
from nohallucinate.answers.descriptions import KIND_WORDS, EntityKind, entity_kind, relation_kind
from nohallucinate.answers.normalise import normalise
from nohallucinate.answers.sentences import SpanIndex, split_sentences
from nohallucinate.tasks.forms import question_names

ASKED, OTHER = "asked", "other"


@dataclass(frozen=True)
class Denials:
    """A reply's claims of non-existence by what they deny."""

    asked: list[DefectClaim] = field(default_factory=list)  # the asked entity alone
    another: list[DefectClaim] = field(default_factory=list)  # another thing the question names, alone or not
    unnamed: list[DefectClaim] = field(default_factory=list)  # nothing the question names: which is not said

    @property
    def name_the_asked(self) -> bool:
        """True when a claim denies the asked entity and none denies anything else the question names."""
        return bool(self.asked) and not self.another


def denials(question: str, subject: str, text: str, claims: Sequence[DefectClaim]) -> Denials:
    """The claims of non-existence among `claims` (found in `text`), by whether they deny `subject` (the entity
    `question` asks about), another thing the question names, or nothing it names. When the question names nothing
    beside `subject`, or does not name `subject` at all (a task set's own wording), every claim denies `subject`."""
    found = [c for c in claims if c.cue is DefectCue.NONEXISTENT]
    entities = _entities(question, subject)
    if entities is None:
        return Denials(asked=found)
    reply = _Reply(normalise(text), entities)
    result = Denials()
    for claim in found:
        denied = reply.denied(claim)
        bucket = result.another if OTHER in denied else result.asked if denied else result.unnamed
        bucket.append(claim)
    return result


@dataclass(frozen=True)
class _Entity:
    """A thing the question names: which it is (ASKED or OTHER), its kind, the names a reply calls it by."""

    role: str
    kind: EntityKind
    names: tuple[str, ...]


@lru_cache(maxsize=1024)
def _entities(question: str, subject: str) -> tuple[_Entity, _Entity] | None:
    """The asked entity and the other thing the question names; None when it names no other, or not `subject`."""
    head = " ".join(subject.split()[:2]).casefold()
    names = question_names(question)
    relation = relation_kind(question)
    asked = [n for n in names if head and n.casefold().startswith(head)]
    others = [n for n in names if n not in asked]
    if not asked or not others or relation is None:
        return None
    kind = entity_kind(question, subject)
    other_kind = relation if kind is EntityKind.PERSON else EntityKind.PERSON
    asked_entity = _Entity(ASKED, kind, _names(kind, subject, *asked))
    return asked_entity, _Entity(OTHER, other_kind, _names(other_kind, others[0]))


def _names(kind: EntityKind, *names: str) -> tuple[str, ...]:
    """What a reply may call an entity, longest first: its names in full, their first two words, their first word
    and, for a person, the surname."""
    found = set()
    for name in names:
        words = name.removeprefix("The ").split()
        found |= {" ".join(words), " ".join(words[:2]), words[0]}
        if kind is EntityKind.PERSON and len(words) >= 2:
            found.add(words[-1])
    return tuple(sorted((n for n in found if len(n) >= 3), key=lambda n: (-len(n), n)))


@dataclass(frozen=True)
class _Reference:
    start: int
    end: int
    roles: frozenset[str]  # empty: "one of them", a reference to no thing in particular


class _Reply:
    """One reply's references to the question's things, in order, and where its sentences and asides lie."""

    def __init__(self, text: str, entities: tuple[_Entity, _Entity]) -> None:
        self.text = text
        self.sentences = SpanIndex(split_sentences(text))
        self.asides = [(m.start(), m.end()) for m in _ASIDE.finditer(text)]
        self.references = _references(text, entities)
        breaks = [m.span() for m in _CLAUSE_BREAK.finditer(text)]
        self._breaks, self._break_ends = [start for start, _ in breaks], [end for _, end in breaks]
        self._named = [(m.start(), m.end()) for m in _NAMED_AS.finditer(text)]
        self._starts = [r.start for r in self.references]
        self._ends = sorted((r.end, i) for i, r in enumerate(self.references))

    def denied(self, claim: DefectClaim) -> frozenset[str]:
        """Which of the question's things the claim denies (empty: none in particular)."""
        index = self._referred(claim)
        if index is None:
            return frozenset()
        return self._joined(index)

    def _referred(self, claim: DefectClaim) -> int | None:
        sentence = self.sentences.at(claim.start)
        low, high = (sentence.start, sentence.end) if sentence else (claim.start, claim.end)
        i = bisect.bisect_left(self._breaks, claim.end)
        clause_end = min(self._breaks[i], high) if i < len(self._breaks) else high
        i = bisect.bisect_right(self._break_ends, claim.start) - 1
        clause_start = max(self._break_ends[i], low) if i >= 0 else low
        i = bisect.bisect_left(self._named, (claim.start, 0))
        if i < len(self._named) and self._named[i][0] < clause_end:  # "no person called X", "no X winner named Y"
            called = self._first_from(self._named[i][1] - 1, self._named[i][1] + 2)
            if called is not None:
                return called
        inside = self._first_from(claim.start - 1, claim.end, overlapping=(claim.start, claim.end))
        if inside is not None:
            return inside
        after = self._first_from(claim.end, clause_end)
        before = self._last_before(claim.start, low, clause_start)
        direction = _DIRECTION.get(claim.rule, "nearer")
        if after is not None and before is not None:
            if direction == "after":
                return after
            if direction == "before":
                return before
            gap_after = self.references[after].start - claim.end
            gap_before = claim.start - self.references[before].end
            return after if gap_after < gap_before else before
        if after is not None or before is not None:
            return after if after is not None else before
        return self._last_before(claim.start, 0, clause_start)  # an antecedent in an earlier sentence

    def _first_from(self, start: int, end: int, overlapping: tuple[int, int] | None = None) -> int | None:
        """The first reference starting after `start` and before `end` (or, with `overlapping`, any that overlaps
        that span)."""
        if overlapping is not None:
            low, high = overlapping
            i = bisect.bisect_left(self._starts, low)
            if i > 0 and self.references[i - 1].end > low:
                return i - 1
            return i if i < len(self.references) and self.references[i].start < high else None
        i = bisect.bisect_right(self._starts, start)
        return i if i < len(self.references) and self.references[i].start < end else None

    def _last_before(self, position: int, low: int, clause_start: int) -> int | None:
        """The last reference that ends by `position` and starts at or after `low`, outside any aside that does not
        hold `position` too; "one of them" only within the claim's own clause (after a colon, "it" is not "one of
        them" in "the prize is not one of them: it does not exist")."""
        k = bisect.bisect_right(self._ends, (position, len(self.references))) - 1
        stop = max(-1, k - _MOST_SKIPPED)
        while k > stop:
            end, i = self._ends[k]
            reference = self.references[i]
            if reference.start < low:
                return None
            aside = any(a <= reference.start and end <= b and not a <= position < b for a, b in self._near_asides(end))
            if not aside and (reference.roles or reference.start >= clause_start):
                return i
            k -= 1
        return None

    def _near_asides(self, position: int) -> list[tuple[int, int]]:
        i = bisect.bisect_right(self.asides, (position, len(self.text)))
        return self.asides[max(0, i - 2) : i + 1]

    def _joined(self, index: int) -> frozenset[str]:
        """The roles of the reference at `index` and of those joined to it on either side: by a conjunction, or by
        a comma within a list that a conjunction closes ("X, Y and Z"; not "X, the Y's winner")."""
        roles = set(self.references[index].roles)
        for step in (-1, 1):
            i, closed = index, False
            while 0 <= i + step < len(self.references) and abs(i + step - index) <= _LONGEST_LIST:
                gap = self._gap(i, i + step)
                if _CONJOINED.fullmatch(gap):
                    closed = True
                elif not (_LISTED.fullmatch(gap) and (closed or self._closes(i + step, step))):
                    break
                i += step
                roles |= self.references[i].roles
        return frozenset(roles)

    def _gap(self, i: int, j: int) -> str:
        a, b = sorted((self.references[i], self.references[j]), key=lambda r: r.start)
        return self.text[a.end : b.start]

    def _closes(self, i: int, step: int) -> bool:
        """True when the list goes on past the reference at `i` and a conjunction ends it (within `_LONGEST_LIST`
        items, so that a claim's look-up stays bounded however long a list a reply writes)."""
        for _ in range(_LONGEST_LIST):
            if not 0 <= i + step < len(self.references):
                return False
            gap = self._gap(i, i + step)
            if _CONJOINED.fullmatch(gap):
                return True
            if not _LISTED.fullmatch(gap):
                return False
            i += step
        return False


def _references(text: str, entities: tuple[_Entity, _Entity]) -> list[_Reference]:
    """Every reference to the question's things, in order: names first (each name's words are not read again for
    the kind words inside them, "Player of the Year"), then words for a kind, for both, and for one of them."""
    found: list[_Reference] = []
    taken = bytearray(len(text))
    role_of: dict[str, str] = {}
    for entity in entities:
        for name in entity.names:
            role_of.setdefault(name.casefold(), entity.role)
    every = sorted(role_of, key=lambda n: (-len(n), n))
    for match in _name_pattern(tuple(every)).finditer(text):
        role = role_of.get(re.sub(r"\s+", " ", match.group(0)).casefold())
        if role is not None and (" " in match.group(0) or match.group(0)[:1].isupper()):
            found.append(_Reference(match.start(), match.end(), frozenset({role})))
            taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    # A word for a kind the question names nothing of ("no such club", asked about a person and a prize) refers to
    # no thing in particular, but still joins a list ("no such person, club or prize").
    roles_of_kind = {kind: frozenset(e.role for e in entities if e.kind is kind) for kind in EntityKind}
    spans = [(_BOTH, frozenset({ASKED, OTHER})), (_ONE_OF, frozenset[str]())]
    spans += [(KIND_WORDS[kind], roles) for kind, roles in roles_of_kind.items()]
    for pattern, roles in spans:
        for match in pattern.finditer(text):
            if not any(taken[match.start() : match.end()]):
                found.append(_Reference(match.start(), match.end(), roles))
                taken[match.start() : match.end()] = b"\x01" * (match.end() - match.start())
    return sorted(found, key=lambda r: r.start)


@lru_cache(maxsize=256)
def _name_pattern(names: tuple[str, ...]) -> re.Pattern[str]:
    """One pattern for every name, longest first, any white space between words."""
    words = (r"\s+".join(re.escape(w) for w in name.split()) for name in names)
    return re.compile(rf"(?<!\w)(?:{'|'.join(words)})(?!\w)", re.IGNORECASE)


_LONGEST_LIST = 8  # items a denial is read across ("no such person, club or prize"): a question names two things
_MOST_SKIPPED = 8  # references passed over inside asides before giving up, so that a claim's look-up stays bounded
# Where a clause ends after a claim: a semicolon, a colon, a dash, a contrast, a cause, a relative clause.
_CLAUSE_BREAK = re.compile(
    r"[;:—–]|\s-\s|,\s*(?:and|but|yet|so|who|which|whose|whom|where)\b|"
    r"\b(?:but|although|though|while|whereas|because|since|so)\b",
    re.IGNORECASE,
)
# An aside between a name and its verb: a relative clause or an apposition set off by commas, or brackets.
_ASIDE = re.compile(
    r",\s*(?:who|which|whose|whom|the|a|an|one)\b[^,;:.!?()]{0,150},|\([^()]{0,150}\)|\s[—–]\s[^—–.!?]{0,150}\s[—–]\s",
    re.IGNORECASE,
)
# What stands between two things a claim denies together: "X or Y", "neither X nor the Y", "X, as well as Y"; and
# between the items of a list, "X, Y and Z".
_CONJOINED = re.compile(
    r"\s*,?\s*(?:or|nor|and|&|/|as well as|along with|together with|plus)\s*,?\s+(?:(?:the|a|an|any|such)\s+)*",
    re.IGNORECASE,
)
_LISTED = re.compile(r"\s*,\s*(?:(?:the|a|an|any|such)\s+)*", re.IGNORECASE)
# The name a claim says the thing goes by: "no person called X", "no such winner by the name of X".
_NAMED_AS = re.compile(r"\b(?:called|named|by the name(?: of)?|known as|going by|who goes by)\s+", re.IGNORECASE)
# Words for both things, and for one of them without saying which.
_BOTH = re.compile(r"\b(?:both|neither|none of them|either of them|all of them|everything|all of these)\b", re.I)
_ONE_OF = re.compile(r"\bone of (?:them|these|those|the two|the names|the entities)\b", re.IGNORECASE)
# Where a claim's rule finds the thing it denies: after "no such", before "does not exist", the nearer otherwise.
_DIRECTION = {
    "no_such": "after",
    "there_is_no_such_name": "after",
    "no_entity_named": "after",
    "does_not_exist": "before",
    "name_is_wrong": "before",
}
