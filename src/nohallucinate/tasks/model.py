"""The public task row and the reply it receives: one validated model each."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, model_validator

from nohallucinate.bounds import MAX_ID_CHARS
from nohallucinate.spec import K_RANGE
from nohallucinate.tasks.families import FAMILY_FIELDS, Family, family_field_errors, spec_of
from nohallucinate.tasks.inputs import SampleIndex, Text

Tier = Literal["easy", "medium", "hard"]
# A split names who may see a row: the builder writes "train" and "test"; a user's own names are kept as given.
Split = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_-]{0,31}$")]


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

    task_id: str = Field(min_length=1, max_length=MAX_ID_CHARS)
    family: Family
    tier: Tier | None = None
    question: Text
    gold: Text | None = None
    defect: Text | None = None
    article: Article | None = None
    k: StrictInt | None = Field(default=None, ge=K_RANGE[0], le=K_RANGE[1])
    subject: Subject
    provenance: dict[str, Any]
    split: Split | None = None

    @model_validator(mode="after")
    def _fields_match_family(self) -> Task:
        present = {field: getattr(self, field) is not None for field in FAMILY_FIELDS}
        errors = family_field_errors(spec_of(self.family), present, tier_given=self.tier is not None)
        if errors:
            raise ValueError(errors[0])
        return self


class Reply(_Strict):
    """A policy's answer to one task: one line of a responses file."""

    task_id: str = Field(min_length=1, max_length=MAX_ID_CHARS)
    response: str
    policy: str | None = None
    sample: SampleIndex = 0
