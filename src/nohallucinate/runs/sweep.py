"""Run a policy over tasks and grade every reply."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping

from nohallucinate.bounds import one_line
from nohallucinate.concurrency import bounded_map
from nohallucinate.errors import UserInputError
from nohallucinate.graders import Grader, Verdict
from nohallucinate.graders.safely import errored, grade_safely
from nohallucinate.models.reachability import EndpointUnreachable
from nohallucinate.policies import Policy
from nohallucinate.tasks import Family, Reply, Task
from nohallucinate.tasks.inputs import MAX_SAMPLE, parse_counts

OnResult = Callable[[Verdict, Reply | None], None]  # called as each item finishes: its verdict and the reply
Samples = int | Mapping[str, int]  # samples per task: one count, or by family name (a family not named gets one)


def sample_counts(tasks: Iterable[Task], samples: int = 1, overrides: Iterable[str] = ()) -> dict[str, int]:
    """Samples per family of `tasks`: `samples` each (`--samples`), then FAMILY=N settings (`--samples-for`)."""
    if not 1 <= samples <= MAX_SAMPLE:
        raise UserInputError(f"--samples {samples}: expected a whole number from 1 to {MAX_SAMPLE:,}")
    present = {task.family for task in tasks}
    defaults = {family.value: samples for family in Family if family in present}
    return parse_counts(overrides, defaults, flag="--samples-for", kind="family", known=[f.value for f in Family])


def pending(
    tasks: Iterable[Task], samples: Samples = 1, skip: Collection[tuple[str, int]] = ()
) -> list[tuple[Task, int]]:
    """Every (task, sample) pair to answer, by task then sample, less the (task id, sample) pairs in `skip`."""
    work = []
    for task in tasks:
        count = samples if isinstance(samples, int) else samples.get(task.family.value, 1)
        if count < 1:
            raise UserInputError(f"{task.family.value}: samples per task must be at least 1, not {count}")
        work += [(task, sample) for sample in range(count) if (task.task_id, sample) not in skip]
    return work


async def sweep(
    tasks: Iterable[Task],
    policy: Policy,
    grader: Grader,
    *,
    samples: Samples = 1,
    skip: Collection[tuple[str, int]] = (),
    concurrency: int = 8,
    on_result: OnResult | None = None,
) -> list[Verdict]:
    """Answer and grade `samples` replies to every task (less the (task id, sample) pairs in `skip`), at most
    `concurrency` at a time; verdicts come back by task, then sample. A result that cannot be kept (`on_result`
    raises: a full disk) stops the rest, so no model is asked for what could not be stored."""

    async def one(work: tuple[Task, int]) -> tuple[Verdict, Reply | None]:
        task, sample = work
        try:
            reply = await policy.answer(task, sample)
        except EndpointUnreachable:
            raise  # every later item would fail the same way: the sweep stops, resumable
        except Exception as exc:  # a failed policy call is an errored item, like a failed grading
            return errored(task, sample, f"policy failed: {type(exc).__name__}: {one_line(str(exc))}"), None
        return await grade_safely(grader, task, reply), reply

    work = pending(tasks, samples, skip)
    return _verdicts(await bounded_map(one, work, limit=concurrency, on_result=_each(on_result)))


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
