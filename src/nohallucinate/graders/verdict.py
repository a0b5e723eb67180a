"""A grader's judgement of one reply."""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from nohallucinate.graders.ladder import Label
from nohallucinate.tasks import Family, Task, Tier

DecidedBy = Literal["local", "model"]
Detail = TypeVar("Detail", bound=BaseModel)


class Verdict(BaseModel):
    """Label and reward for one reply, or an error that keeps it out of every mean."""

    model_config = ConfigDict(frozen=True)

    task_id: str
    family: Family
    tier: Tier | None = None
    sample: int = 0
    label: Label | None
    reward: float | None = Field(default=None, ge=0.0, le=1.0)
    decided_by: DecidedBy = "local"
    detail: dict[str, Any] = Field(default_factory=dict)
    error: str | None = None

    @classmethod
    def on(
        cls, task: Task, sample: int, label: Label, reward: float, decided_by: DecidedBy, detail: dict[str, Any]
    ) -> Verdict:
        """The verdict on one reply to `task`, carrying the task's id, family and tier."""
        return cls(task_id=task.task_id, family=task.family, tier=task.tier, sample=sample, label=label,
                   reward=reward, decided_by=decided_by, detail=detail)  # fmt: skip

    def detail_as(self, model: type[Detail]) -> Detail:
        """A typed view of the detail (e.g. `BiographyDetail`), validated."""
        return model.model_validate(self.detail)

    @property
    def errored(self) -> bool:
        return self.error is not None
