"""A grader under a reward rule: the confidence line read off each reply, the answer graded, the reward the rule's.

Everything that takes a grader (a sweep, `grade`, `regrade`, the audit, the served and in-process environments,
the verifiers taskset) takes a rule by taking `under_rule(grader, rule)`; under the spec's rule that is the grader
itself, so nothing about the spec's rewards changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from nohallucinate.graders.base import Grader
from nohallucinate.graders.group import grade_group
from nohallucinate.graders.verdict import Verdict
from nohallucinate.rewards.confidence import StatedConfidence, read_confidence
from nohallucinate.rewards.rule import RewardRule
from nohallucinate.tasks import Reply, Task


class RuledGrader:
    """`grader`'s labels, rewarded by `rule`; a group is graded as the inner grader groups it."""

    def __init__(self, grader: Grader, rule: RewardRule) -> None:
        self.grader = grader
        self.rule = rule
        self.name = grader.name

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        stated, answer = self._read(reply)
        return self.rule.rescored(await self.grader.grade(task, answer), stated)

    async def grade_group(self, task: Task, replies: Sequence[Reply]) -> list[Verdict]:
        read = [self._read(reply) for reply in replies]
        verdicts = await grade_group(self.grader, task, [answer for _, answer in read])
        return [self.rule.rescored(verdict, stated) for verdict, (stated, _) in zip(verdicts, read, strict=True)]

    def _read(self, reply: Reply) -> tuple[StatedConfidence | None, Reply]:
        """The reply's stated confidence (None when the rule reads none) and the reply the grader reads."""
        if not self.rule.reads_confidence:
            return None, reply
        stated = read_confidence(reply.response)
        return stated, reply.model_copy(update={"response": stated.answer})


def under_rule(grader: Grader, rule: RewardRule | None) -> Grader:
    """`grader` rewarding by `rule`: the grader itself under the spec's rule (or None)."""
    if rule is None or rule.is_spec:
        return grader
    return RuledGrader(grader, rule)
