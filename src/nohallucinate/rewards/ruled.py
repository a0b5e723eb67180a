"""A grader under a reward rule: the confidence line read off each reply, the answer graded, the reward the rule's.

Everything that takes a grader (a sweep, `grade`, `regrade`, the audit, the served and in-process environments,
the verifiers taskset) takes a rule by taking `under_rule(grader, rule)`; under the spec's rule that is the grader
itself, so nothing about the spec's rewards changes.
"""

from __future__ import annotations

from collections.abc import Sequence

from nohallucinate.graders.base import Grader
from nohallucinate.graders.group import grade_group
from nohallucinate.graders.limits import over_limit
from nohallucinate.graders.verdict import Verdict
from nohallucinate.rewards.confidence import StatedConfidence, read_confidence
from nohallucinate.rewards.rule import RewardRule
from nohallucinate.tasks import Kind, Reply, Task, spec_of


class RuledGrader:
    """`grader`'s labels, rewarded by `rule`; a group is graded as the inner grader groups it."""

    def __init__(self, grader: Grader, rule: RewardRule) -> None:
        self.grader = grader
        self.rule = rule
        self.name = grader.name

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        stated, answer = self._read(task, reply)
        return self.rule.rescored(await self.grader.grade(task, answer), stated)

    async def grade_group(self, task: Task, replies: Sequence[Reply]) -> list[Verdict]:
        read = [self._read(task, reply) for reply in replies]
        verdicts = await grade_group(self.grader, task, [answer for _, answer in read])
        return [self.rule.rescored(verdict, stated) for verdict, (stated, _) in zip(verdicts, read, strict=True)]

    def _read(self, task: Task, reply: Reply) -> tuple[StatedConfidence | None, Reply]:
        """The reply's stated confidence (None when the rule reads none) and the reply the grader reads. A
        biography is graded as written; a reply past its length limit is not read at all, so its confidence is
        not read either (cutting the line first would bring a padded reply under the limit)."""
        if not self.rule.reads_confidence or spec_of(task.family).kind is Kind.LONG_FORM:
            return None, reply
        if over_limit(task, reply) is not None:
            return StatedConfidence(reply.response, None, "missing"), reply
        stated = read_confidence(reply.response)
        return stated, reply.model_copy(update={"response": stated.answer})


def under_rule(grader: Grader, rule: RewardRule | None) -> Grader:
    """`grader` rewarding by `rule`: the grader itself under the spec's rule (or None)."""
    if rule is None or rule.is_spec:
        return grader
    return RuledGrader(grader, rule)
