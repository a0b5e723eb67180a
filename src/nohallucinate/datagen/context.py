"""What every family builder shares: the clients, the seed, the candidate lists, and the log of rejections."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from nohallucinate.answers.dates import PartialDate
from nohallucinate.answers.lexicon import MONTHS
from nohallucinate.checksums import text_sha256
from nohallucinate.datagen import queries
from nohallucinate.datagen.entities import Entity
from nohallucinate.datagen.wikidata import Wikidata
from nohallucinate.datagen.wikipedia import Wikipedia
from nohallucinate.tasks import Article, Family
from nohallucinate.tasks.provenance import Provenance

Decomposer = Callable[[str, str], list[str]]  # (text, subject) -> atomic claims
T = TypeVar("T")


@dataclass
class Draft:
    """A row a family builder proposes; assembly picks, tiers and numbers them."""

    family: Family
    question: str
    subject_label: str
    subject_qid: str | None
    sitelinks: int | None
    provenance: dict[str, Any]
    gold: str | None = None
    defect: str | None = None
    article: Article | None = None
    k: int | None = None

    @classmethod
    def of(
        cls,
        family: Family,
        question: str,
        subject: tuple[str, Entity | None],
        provenance: Provenance,
        *,
        gold: str | None = None,
        defect: str | None = None,
        article: Article | None = None,
        k: int | None = None,
    ) -> Draft:
        """A row about a label and, for a real subject, its Wikidata item (whose QID and sitelinks it carries)."""
        label, item = subject
        qid, sitelinks = (item.id, item.sitelink_count) if item is not None else (None, None)
        return cls(family, question, label, qid, sitelinks, provenance.row(), gold, defect, article, k)


@dataclass(frozen=True)
class Candidate:
    """A Query Service row: an item, its English Wikipedia title, its sitelink count."""

    qid: str
    title: str
    sitelinks: int


@dataclass
class BuildLog:
    """Every candidate a gate turned away, with the reason, so a build explains its own size."""

    rejections: list[dict[str, str]] = field(default_factory=list)

    def reject(self, family: Family, subject: str, reason: str) -> None:
        self.rejections.append({"family": family.value, "subject": subject, "reason": reason})

    def counts(self) -> Counter[tuple[str, str]]:
        return Counter((r["family"], r["reason"]) for r in self.rejections)


def _listed(fetch: Callable[[BuildContext], list[T]]) -> cached_property[list[T]]:
    return cached_property(fetch)


@dataclass
class BuildContext:
    """The clients and settings of one build."""

    wikidata: Wikidata
    wikipedia: Wikipedia
    seed: int
    decompose: Decomposer
    decomposer_name: str
    pool: int = 40  # candidates drawn per Query Service query and band
    log: BuildLog = field(default_factory=BuildLog)
    short: dict[str, tuple[int, int]] = field(default_factory=dict)  # query -> (rows found, rows asked for)

    def candidates(self, query: str, asked: int) -> list[Candidate]:
        rows = self._sampled(query, asked)
        return [Candidate(str(r["item"]), str(r["title"]), _count(r.get("sitelinks"))) for r in rows]

    def _sampled(self, query: str, asked: int) -> list[dict[str, object]]:
        rows = self.wikidata.sparql(query)
        if len(rows) < asked:  # the sample held fewer than asked: said in the build's progress, never hidden
            self.short[queries.name_of(query)] = (len(rows), asked)
        return rows

    def banded(self, query: Callable[[str, int, int], str]) -> list[Candidate]:
        """A query's candidates in every sitelink band, `pool` of each, each item once."""
        found = (self.candidates(query(band, self.seed, self.pool), self.pool) for band in queries.BANDS)
        return unique_candidates(c for band in found for c in band)

    def name_parts(self, kind: str) -> list[str]:
        """One kind of name part's one-word English labels (`queries.NAME_PART_SAMPLING`), twice the pool asked,
        each label once, sorted."""
        rows = self._sampled(queries.name_parts(kind, self.seed, 2 * self.pool), 2 * self.pool)
        return sorted({str(r["label"]) for r in rows})

    def drawn(self, query: Callable[[int, int], str]) -> list[Candidate]:
        """A query's candidates without bands: twice the pool."""
        return self.candidates(query(self.seed, 2 * self.pool), 2 * self.pool)

    # Each list is queried once per build, when a family first asks for it.
    people = _listed(lambda ctx: ctx.banded(queries.people))
    footballers = _listed(lambda ctx: ctx.banded(queries.footballers))
    year_only = _listed(lambda ctx: ctx.drawn(queries.year_only_births))
    clubs = _listed(lambda ctx: ctx.drawn(queries.clubs))
    prizes = _listed(lambda ctx: ctx.drawn(queries.prizes))
    disambiguations = _listed(lambda ctx: ctx.drawn(queries.name_disambiguations))
    # The parts invented names are made of: never names the set asks about (`families.names`).
    male_given_names = _listed(lambda ctx: ctx.name_parts("male given names"))
    female_given_names = _listed(lambda ctx: ctx.name_parts("female given names"))
    given_names = _listed(lambda ctx: ctx.male_given_names + ctx.female_given_names)
    family_names = _listed(lambda ctx: ctx.name_parts("family names"))
    towns = _listed(lambda ctx: ctx.name_parts("towns"))

    def prefetch(self) -> None:
        """Fetch every candidate's entity, lead and wikitext in full batches before the families ask one by one."""
        people = unique_candidates([*self.people, *self.footballers, *self.year_only])
        self.wikidata.entities([c.qid for c in people] + [c.qid for c in self.clubs + self.prizes])
        self.wikipedia.pages(c.title for c in people)
        self.wikipedia.wikitexts(c.title for c in unique_candidates([*self.people, *self.footballers]))

    def shuffled(self, items: Sequence[T], salt: str, key: Callable[[T], str] = str) -> list[T]:
        """A seeded order that does not depend on the order the server returned."""
        return sorted(items, key=lambda item: text_sha256(f"{self.seed}:{salt}:{key(item)}"))

    def pick(self, options: Sequence[T], salt: str) -> T:
        return options[int(text_sha256(f"{self.seed}:{salt}"), 16) % len(options)]


def by_plan(parts: Sequence[tuple[Sequence[T], int]]) -> list[T]:
    """The parts' rows in one list of which every prefix fills each part in proportion to its planned rows, so
    that taking the first N keeps the plan's split; a part that found fewer rows than planned comes early, whole.
    Ties go to the earlier part."""
    keyed = [
        ((index + 1) / max(planned, 1), number, index, row)
        for number, (rows, planned) in enumerate(parts)
        for index, row in enumerate(rows)
    ]
    return [row for *_, row in sorted(keyed, key=lambda item: item[:3])]


def format_date(date: PartialDate) -> str:
    """ "11 March 1952", the form every gold date takes."""
    assert date.year is not None and date.month is not None and date.day is not None
    return f"{date.day} {MONTHS[date.month - 1]} {date.year}"


def _count(value: object) -> int:
    """A Query Service count: 0 when the row has none."""
    return int(value) if isinstance(value, int | float | str) and value else 0


def unique_candidates(candidates: Iterable[Candidate]) -> list[Candidate]:
    """Each item once, the first of its candidates kept, in order."""
    seen: dict[str, Candidate] = {}
    for candidate in candidates:
        seen.setdefault(candidate.qid, candidate)
    return list(seen.values())
