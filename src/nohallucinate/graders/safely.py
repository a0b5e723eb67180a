"""A failed grading is an errored verdict: it carries the failure instead of a score and stays out of every mean."""

from __future__ import annotations

from typing import Any

from nohallucinate.graders.base import Grader
from nohallucinate.graders.failure import operator_detail, public_reason
from nohallucinate.graders.verdict import Verdict
from nohallucinate.models.reachability import EndpointUnreachable
from nohallucinate.tasks import Reply, Task


async def grade_safely(grader: Grader, task: Task, reply: Reply) -> Verdict:
    """The grader's verdict, or an errored verdict that carries the failure instead of a score."""
    try:
        return await grader.grade(task, reply)
    except EndpointUnreachable:
        raise  # not this reply's failure: the grader's endpoint is gone, and every later grading would fail alike
    except Exception as exc:  # a failed grading is reported, never turned into a label
        return grading_failed(task, reply.sample, exc)


def grading_failed(task: Task, sample: int, exc: Exception) -> Verdict:
    """The errored verdict for a grading that raised `exc`."""
    # The error is what a served environment's client may read: built by `public_reason` from types and the HTTP
    # status only. What the endpoint or the model said stays in the detail, for the operator (the run store).
    return errored(task, sample, public_reason(exc), operator_detail(exc))


def errored(task: Task, sample: int, error: str, detail: dict[str, Any] | None = None) -> Verdict:
    """A verdict that carries a failure instead of a score; it is kept out of every mean."""
    return Verdict(
        task_id=task.task_id, family=task.family, tier=task.tier, sample=sample, label=None, reward=None,
        error=error, detail=detail or {},
    )  # fmt: skip
