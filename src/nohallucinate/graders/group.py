"""Grading a group: a GRPO group's N replies to one task, with the work they share done once.

Every grader is graded in groups the same way from outside, through `grade_group`: replies with identical texts
are graded once (common in a group: "I don't know.") and the verdict copied with each reply's own sample index;
the distinct replies then go to the grader's own `grade_group` method where it has one (the model grader checks
the claims its biographies share once), else each is graded alone, concurrently. Either way a reply's verdict
depends only on its own text, and is the one it gets alone when the model judges each claim on its own (see
`ModelGrader.grade_group`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from nohallucinate.graders.base import Grader
from nohallucinate.graders.safely import grade_safely, grading_failed
from nohallucinate.graders.verdict import Verdict
from nohallucinate.tasks import Reply, Task


@runtime_checkable
class GroupGrader(Grader, Protocol):
    """A grader that shares work across a group: one verdict per reply, in order, a failed one errored."""

    async def grade_group(self, task: Task, replies: Sequence[Reply]) -> list[Verdict]: ...


async def grade_group(grader: Grader, task: Task, replies: Sequence[Reply]) -> list[Verdict]:
    """One verdict per reply, in order, each the one `grader.grade` gives it alone; a candidate whose grading
    failed gets an errored verdict (never a score), and the others are still graded."""
    firsts: dict[str, Reply] = {}
    for reply in replies:
        firsts.setdefault(reply.response, reply)
    distinct = list(firsts.values())
    if isinstance(grader, GroupGrader):
        try:
            verdicts = await grader.grade_group(task, distinct)
        except Exception as exc:  # the group's shared work failed: no candidate has a score
            verdicts = [grading_failed(task, reply.sample, exc) for reply in distinct]
        if len(verdicts) != len(distinct):
            raise RuntimeError(f"{grader.name} gave {len(verdicts)} verdicts for {len(distinct)} replies")
    else:
        verdicts = await grade_each(grader, task, distinct)
    by_text = {reply.response: verdict for reply, verdict in zip(distinct, verdicts, strict=True)}
    return [by_text[reply.response].model_copy(update={"sample": reply.sample}) for reply in replies]


async def grade_each(grader: Grader, task: Task, replies: Sequence[Reply]) -> list[Verdict]:
    """Each reply graded alone, concurrently, in order; a failed grading is an errored verdict."""
    return list(await asyncio.gather(*(grade_safely(grader, task, reply) for reply in replies)))
