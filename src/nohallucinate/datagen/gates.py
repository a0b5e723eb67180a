"""Named gates and the one loop every family builder runs its candidates through.

A gate is declared once: what a row that passes it satisfies (the row's provenance lists it among its checks)
and what the build log says of a candidate it turns away. A missing source (an item, a lead, an article) is
not a gate: the row's `sources` are the evidence that it was there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Generic, NoReturn, TypeVar

from nohallucinate.datagen.context import BuildContext, BuildLog, Candidate, Draft
from nohallucinate.datagen.entities import Entity
from nohallucinate.datagen.wikipedia import Page
from nohallucinate.tasks import Family

T = TypeVar("T")

MISSING_ITEM = "the Wikidata item is missing"
NO_LEAD = "no English Wikipedia article lead"
NO_ARTICLE = "no English Wikipedia article"


@dataclass(frozen=True)
class Gate:
    """One named check: `check` as a row that passed it satisfies it, `reason` as the log records a failure."""

    check: str
    reason: str


class Rejected(Exception):
    """A candidate turned away, with the reason the log records."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass
class Trial(Generic[T]):
    """One candidate on its way through the gates, with the checks it has passed so far."""

    item: T
    _passed: list[str] = field(default_factory=list)

    @property
    def checks(self) -> list[str]:
        """The checks of the gates passed so far, in order."""
        return list(self._passed)

    def require(self, gate: Gate, ok: bool, reason: str | None = None) -> None:
        """Go on if `ok`, the gate's check recorded once; else turn the candidate away (with `reason` if given)."""
        if not ok:
            raise Rejected(reason or gate.reason)
        if gate.check not in self._passed:  # a gate applied to each of several names is one check
            self._passed.append(gate.check)

    def passes(self, *gates: Gate) -> None:
        """Record gates that an option chosen for the row (an award, a spell) has passed already."""
        self._passed.extend(gate.check for gate in gates)

    @staticmethod
    def reject(reason: str) -> NoReturn:
        raise Rejected(reason)


@dataclass(frozen=True)
class Sources:
    """The entities, pages and wikitexts of a family's candidates, fetched in full batches before the loop."""

    entities: dict[str, Entity]
    pages: dict[str, Page]
    wikitexts: dict[str, tuple[str, int | None]]

    @classmethod
    def of(
        cls,
        ctx: BuildContext,
        candidates: Sequence[Candidate],
        *,
        entities: bool = False,
        pages: bool = False,
        wikitexts: bool = False,
    ) -> Sources:
        return cls(
            ctx.wikidata.entities(c.qid for c in candidates) if entities else {},
            ctx.wikipedia.pages(c.title for c in candidates) if pages else {},
            ctx.wikipedia.wikitexts(c.title for c in candidates) if wikitexts else {},
        )

    def entity(self, candidate: Candidate) -> Entity:
        if candidate.qid not in self.entities:
            raise Rejected(MISSING_ITEM)
        return self.entities[candidate.qid]

    def lead(self, candidate: Candidate) -> Page:
        """The candidate's page, when it has a lead."""
        page = self.pages[candidate.title]
        if page.missing or not page.lead:
            raise Rejected(NO_LEAD)
        return page

    def wikitext(self, candidate: Candidate) -> tuple[str, int | None]:
        """The article's wikitext and its revision."""
        if candidate.title not in self.wikitexts:
            raise Rejected(NO_ARTICLE)
        return self.wikitexts[candidate.title]


Made = Draft | list[Draft] | None  # a row, several rows, or none (the candidate is passed over, not rejected)


def gather(
    log: BuildLog,
    family: Family,
    items: Iterable[T],
    draft: Callable[[Trial[T]], Made],
    *,
    want: int | Callable[[], bool],
    subject: Callable[[T], str],
) -> list[Draft]:
    """Drafts from `items` in order until `want` rows are made (or `want()` says enough); a candidate a gate
    turns away is logged with the gate's reason."""
    drafts: list[Draft] = []
    enough = want if callable(want) else _filled(drafts, want)
    for item in items:
        if enough():
            break
        try:
            made = draft(Trial(item))
        except Rejected as rejected:
            log.reject(family, subject(item), rejected.reason)
            continue
        drafts += made if isinstance(made, list) else [] if made is None else [made]
    return drafts[:want] if isinstance(want, int) else drafts


def _filled(drafts: list[Draft], want: int) -> Callable[[], bool]:
    return lambda: len(drafts) >= want


def qid(candidate: Candidate) -> str:
    return candidate.qid
