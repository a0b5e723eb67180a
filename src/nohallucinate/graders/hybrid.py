"""Hybrid grading: the local rules decide what they are certain of, the model decides the rest."""

from __future__ import annotations

from nohallucinate.graders.base import Grader
from nohallucinate.graders.ladder import reward_for
from nohallucinate.graders.limits import over_limit
from nohallucinate.graders.local.certain import certain_label
from nohallucinate.graders.verdict import Verdict
from nohallucinate.tasks import Reply, Task


class HybridGrader:
    """Every verdict records which path decided it (`decided_by`: local or model)."""

    name = "hybrid"

    def __init__(self, model: Grader) -> None:
        self.model = model

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        if (overlong := over_limit(task, reply)) is not None:
            return overlong
        label = certain_label(task, reply.response)
        if label is None:
            return await self.model.grade(task, reply)
        return Verdict.on(task, reply.sample, label, reward_for(task.family, label), "local", {"rule": "certain"})
