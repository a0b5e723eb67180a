"""Hybrid grading: the local rules decide what they are certain of, the model decides the rest."""

from __future__ import annotations

from collections.abc import Sequence

from nohallucinate.graders.base import Grader
from nohallucinate.graders.group import grade_group
from nohallucinate.graders.limits import over_limit
from nohallucinate.graders.local import judge
from nohallucinate.graders.verdict import Verdict
from nohallucinate.tasks import Reply, Task


class HybridGrader:
    """Every verdict records which path decided it (`decided_by`: local or model)."""

    name = "hybrid"

    def __init__(self, model: Grader) -> None:
        self.model = model

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        decided = self.decide_locally(task, reply)
        return decided if decided is not None else await self.model.grade(task, reply)

    async def grade_group(self, task: Task, replies: Sequence[Reply]) -> list[Verdict]:
        """Verdicts on replies to one task, in order: the local rules decide each reply they are certain of, and
        the rest go to the model grader as one group (sharing its work, as `graders.group.grade_group` says)."""
        decided = [self.decide_locally(task, reply) for reply in replies]
        rest = [index for index, verdict in enumerate(decided) if verdict is None]
        for index, verdict in zip(rest, await grade_group(self.model, task, [replies[i] for i in rest]), strict=True):
            decided[index] = verdict
        return [verdict for verdict in decided if verdict is not None]  # every one is decided by now

    def decide_locally(self, task: Task, reply: Reply) -> Verdict | None:
        """The verdict when the reply is over its length limit or the local rules are certain, else None."""
        if (overlong := over_limit(task, reply)) is not None:
            return overlong
        label, reward, detail = judge(task, reply.response)
        if not detail.get("sure"):
            return None
        return Verdict.on(task, reply.sample, label, reward, "local", detail)
