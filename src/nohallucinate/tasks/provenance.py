"""The provenance a built row carries, one model per kind of row: the schema builders write and the verifier reads.

`Task.provenance` stays a plain dict (hand-written rows carry their own); `provenance_as(task, Model)` gives a
built row's provenance a typed view. The models hold no decisions, only the fields and their order in the JSON.
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict

from nohallucinate import __version__
from nohallucinate.tasks.model import Task

P = TypeVar("P", bound="Provenance")
PremiseKind = Literal["club", "prize"]


class Provenance(BaseModel):
    """Where a row's facts came from and the named checks it passed."""

    # A view ignores what it does not read: what assembly adds (tier_rule, consulted).
    model_config = ConfigDict(extra="ignore", frozen=True)

    builder: str = f"nohallucinate-datagen {__version__}"
    sources: list[dict[str, Any]]
    checks: list[str]

    def row(self) -> dict[str, Any]:
        """The provenance as a row carries it."""
        return self.model_dump()


class NegativeProvenance(Provenance):
    """An unanswerable row's: the checks that establish its defect."""

    checks: list[str] = []
    negative_checks: list[str]


class BirthDateProvenance(Provenance):
    kind: Literal["birth_date"] = "birth_date"
    entity: str
    title: str
    sitelinks: int


class AwardYearProvenance(Provenance):
    kind: Literal["award_year"] = "award_year"
    entity: str
    statement: str | None
    prize: str
    prize_label: str
    sitelinks: int


class MatchCountProvenance(Provenance):
    kind: Literal["match_count"] = "match_count"
    entity: str
    statement: str | None
    club: str
    sitelinks: int


class SeasonProvenance(Provenance):
    entity: str
    title: str
    club: str
    club_link: str | None
    season: str
    table_row: int
    sitelinks: int


class BiographyProvenance(Provenance):
    entity: str
    title: str
    lead_facts: int
    k_decomposer: str
    sitelinks: int


class PremiseProvenance(NegativeProvenance):
    """A false premise: the subject, the club or prize never linked, and the season or spell asked about."""

    kind: PremiseKind
    form: str
    entity: str
    title: str
    object: str
    object_label: str
    asked_as: str
    property: str
    season: str | None = None
    spell_statement: str | None = None
    start: int | None = None
    end: int | None = None
    sitelinks: int

    def row(self) -> dict[str, Any]:
        """A row asks about a season, a spell or neither; the fields of the others are left out."""
        return self.model_dump(exclude_none=True)


class InventedProvenance(NegativeProvenance):
    kind: str
    form: str
    name: str
    asked_as: str
    name_parts: list[str]


class UnrecordedProvenance(NegativeProvenance):
    entity: str
    title: str
    birth_year: int
    sitelinks: int


class AmbiguousProvenance(NegativeProvenance):
    page: str
    page_item: str | None
    namesakes: list[str]


def provenance_as(task: Task, model: type[P]) -> P:
    """A typed view of the row's provenance (a ValidationError when the row does not carry that kind)."""
    return model.model_validate(task.provenance)
