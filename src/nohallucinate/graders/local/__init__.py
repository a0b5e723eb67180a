"""The deterministic `local` grader: all seven families, no network, no API key."""

from __future__ import annotations

from collections.abc import Mapping

from nohallucinate.graders.ladder import reward_for
from nohallucinate.graders.limits import REPLY_LIMITS, over_limit
from nohallucinate.graders.local.biography import judge_biography
from nohallucinate.graders.local.defect import judge_unanswerable
from nohallucinate.graders.local.short_answer import judge_answerable
from nohallucinate.graders.verdict import Verdict
from nohallucinate.tasks import Family, Reply, Task


class LocalGrader:
    """Grades by reading the reply with fixed rules; the same reply always gets the same verdict."""

    name = "local"

    def __init__(self, limits: Mapping[Family, int] | None = REPLY_LIMITS) -> None:
        self.limits = limits  # None reads replies of any length

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        return self.grade_now(task, reply)

    def grade_now(self, task: Task, reply: Reply) -> Verdict:
        """The verdict, computed synchronously (the grader does no I/O)."""
        if (overlong := over_limit(task, reply, self.limits)) is not None:
            return overlong
        text = reply.response
        if task.family is Family.BIOGRAPHY:
            assert task.article is not None and task.k is not None
            label, reward, detail = judge_biography(task.article, task.k, text)
        elif task.family.is_answerable_short:
            assert task.gold is not None
            label, detail = judge_answerable(task.question, task.gold, text)
            reward = reward_for(task.family, label)
        else:
            label, detail = judge_unanswerable(task.family, task.question, task.subject.label, text)
            reward = reward_for(task.family, label)
        return Verdict.on(task, reply.sample, label, reward, "local", detail)


__all__ = ["LocalGrader"]
