"""The public task row and the reply it receives: one validated model each."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from nohallucinate.spec import K_RANGE
from nohallucinate.tasks.inputs import SampleIndex, Text


class Family(StrEnum):
    """The seven task families."""

    PRECISE_FACT = "precise_fact"
    FOOTBALL_SEASON = "football_season"
    BIOGRAPHY = "biography"
    FALSE_PREMISE = "false_premise"
    NONEXISTENT_ENTITY = "nonexistent_entity"
    UNRECORDED_FACT = "unrecorded_fact"
    AMBIGUOUS_ENTITY = "ambiguous_entity"

    @property
    def is_answerable_short(self) -> bool:
        return self in ANSWERABLE_SHORT

    @property
    def is_unanswerable(self) -> bool:
        return self in UNANSWERABLE


ANSWERABLE_SHORT = frozenset({Family.PRECISE_FACT, Family.FOOTBALL_SEASON})
UNANSWERABLE = frozenset(
    {Family.FALSE_PREMISE, Family.NONEXISTENT_ENTITY, Family.UNRECORDED_FACT, Family.AMBIGUOUS_ENTITY}
)
TIERED = frozenset({Family.PRECISE_FACT, Family.FOOTBALL_SEASON, Family.BIOGRAPHY, Family.FALSE_PREMISE})

Tier = Literal["easy", "medium", "hard"]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=False)


class Article(_Strict):
    """The reference article bundled with a biography task; the grader's sole authority."""

    title: str = Field(min_length=1)
    lead: str = Field(min_length=1)
    text: str = Field(min_length=1)
    url: str = Field(min_length=1)


class Subject(_Strict):
    """Who or what the question is about (qid is null for fabricated names)."""

    qid: str | None = Field(default=None, pattern=r"^Q[1-9][0-9]*$")
    label: str = Field(min_length=1)


class Task(_Strict):
    """One row of the public JSONL task format.

    Family rules raise "field: reason" so that loaders can name the field.
    """

    task_id: str = Field(min_length=1)
    family: Family
    tier: Tier | None = None
    question: Text
    gold: Text | None = None
    defect: Text | None = None
    article: Article | None = None
    k: StrictInt | None = Field(default=None, ge=K_RANGE[0], le=K_RANGE[1])
    subject: Subject
    provenance: dict[str, Any]

    @model_validator(mode="after")
    def _fields_match_family(self) -> Task:
        family = self.family
        _require(family.is_answerable_short, self.gold is not None, "gold")
        _require(family.is_unanswerable, self.defect is not None, "defect")
        _require(family is Family.BIOGRAPHY, self.article is not None, "article")
        _require(family is Family.BIOGRAPHY, self.k is not None, "k")
        if family not in TIERED and self.tier is not None:
            raise ValueError(f"tier: must be null for the untiered family {family.value}")
        return self


def _require(needed: bool, present: bool, field: str) -> None:
    if needed and not present:
        raise ValueError(f"{field}: required for this family")
    if present and not needed:
        raise ValueError(f"{field}: must be absent for this family")


class Reply(_Strict):
    """A policy's answer to one task: one line of a responses file."""

    task_id: str = Field(min_length=1)
    response: str
    policy: str | None = None
    sample: SampleIndex = 0
