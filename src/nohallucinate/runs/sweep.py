"""Run a policy over tasks and grade every reply."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from nohallucinate.concurrency import bounded_map
from nohallucinate.errors import UserInputError
from nohallucinate.graders import Grader, Verdict
from nohallucinate.graders.safely import errored, grade_safely
from nohallucinate.policies import Policy
from nohallucinate.tasks import Family, Reply, Task

OnResult = Callable[[Verdict, Reply | None], None]  # called as each item finishes: its verdict and the reply


def select_per_family(tasks: Sequence[Task], per_family: int | None) -> list[Task]:
    """The first `per_family` tasks of each family, in file order (all tasks when None)."""
    if per_family is None:
        return list(tasks)
    if per_family < 1:
        raise UserInputError("per_family must be at least 1")
    taken: dict[Family, int] = {}
    chosen: list[Task] = []
    for task in tasks:
        if taken.get(task.family, 0) < per_family:
            taken[task.family] = taken.get(task.family, 0) + 1
            chosen.append(task)
    return chosen


async def sweep(
    tasks: Iterable[Task],
    policy: Policy,
    grader: Grader,
    *,
    concurrency: int = 8,
    on_result: OnResult | None = None,
) -> list[Verdict]:
    """Answer and grade every task, at most `concurrency` at a time; verdicts come back in task order. A result
    that cannot be kept (`on_result` raises: a full disk) stops the rest, so no model is asked for what could not
    be stored."""

    async def one(task: Task) -> tuple[Verdict, Reply | None]:
        try:
            reply = await policy.answer(task)
        except Exception as exc:  # a failed policy call is an errored item, like a failed grading
            return errored(task, 0, f"policy failed: {type(exc).__name__}: {exc}"), None
        return await grade_safely(grader, task, reply), reply

    return _verdicts(await bounded_map(one, tasks, limit=concurrency, on_result=_each(on_result)))


async def grade_replies(
    tasks: Iterable[Task],
    replies: Iterable[Reply],
    grader: Grader,
    *,
    concurrency: int = 8,
    on_result: OnResult | None = None,
) -> list[Verdict]:
    """Grade replies made elsewhere; every reply must name a task."""
    by_id = {task.task_id: task for task in tasks}

    async def one(reply: Reply) -> tuple[Verdict, Reply | None]:
        return await grade_safely(grader, by_id[reply.task_id], reply), reply

    return _verdicts(await bounded_map(one, replies, limit=concurrency, on_result=_each(on_result)))


def _each(on_result: OnResult | None) -> Callable[[tuple[Verdict, Reply | None]], None] | None:
    return None if on_result is None else lambda graded: on_result(*graded)


def _verdicts(graded: list[tuple[Verdict, Reply | None]]) -> list[Verdict]:
    return [verdict for verdict, _ in graded]
