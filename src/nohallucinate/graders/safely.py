"""A failed grading is an errored verdict: it carries the failure instead of a score and stays out of every mean."""

from __future__ import annotations

from typing import Any

from nohallucinate.graders.base import Grader
from nohallucinate.graders.verdict import Verdict
from nohallucinate.tasks import Reply, Task


async def grade_safely(grader: Grader, task: Task, reply: Reply) -> Verdict:
    """The grader's verdict, or an errored verdict that carries the failure instead of a score."""
    try:
        return await grader.grade(task, reply)
    except Exception as exc:  # a failed grading is reported, never turned into a label
        return grading_failed(task, reply.sample, exc)


def grading_failed(task: Task, sample: int, exc: Exception) -> Verdict:
    """The errored verdict for a grading that raised `exc`."""
    # The message never quotes the grader model (see NohallucinateError.model_output): it is what a served
    # environment's client may read. What the model wrote stays in the detail, for the run store only.
    output = getattr(exc, "model_output", None)
    return errored(
        task, sample, f"grader failed: {type(exc).__name__}: {exc}", {"model_output": output} if output else {}
    )


def errored(task: Task, sample: int, error: str, detail: dict[str, Any] | None = None) -> Verdict:
    """A verdict that carries a failure instead of a score; it is kept out of every mean."""
    return Verdict(
        task_id=task.task_id, family=task.family, tier=task.tier, sample=sample, label=None, reward=None,
        error=error, detail=detail or {},
    )  # fmt: skip
