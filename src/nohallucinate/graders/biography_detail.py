"""What a biography verdict records: its claims and the F1@K arithmetic, the same shape from either grader."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict


class CheckedClaim(BaseModel):
    """One claim of the reply and whether the article supports it (the local grader says why, a model how sure)."""

    model_config = ConfigDict(frozen=True)

    claim: str
    supported: bool
    reason: str | None = None
    hall_prob: float | None = None


class BiographyDetail(BaseModel):
    """The detail of a biography verdict; fields a grader does not measure are left out of the record."""

    model_config = ConfigDict(frozen=True)

    claims: list[CheckedClaim]
    claims_extracted: int | None = None  # the model grader's extraction, before claims without a fact go
    supported: int
    unsupported: int
    without_a_fact: int
    k: int
    precision: float | None = None
    recall: float | None = None
    rule: str | None = None  # the abstention rule that decided an ABSTAINED verdict

    def record(self) -> dict[str, Any]:
        """The detail as a verdict stores it."""
        return self.model_dump(exclude_none=True)
