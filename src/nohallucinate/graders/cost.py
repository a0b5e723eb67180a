"""How many model calls a grading takes, so that a command can say so before it spends them."""

from __future__ import annotations

from nohallucinate.graders.limits import REPLY_LIMITS
from nohallucinate.graders.local.certain import certain_label
from nohallucinate.tasks import Task


def calls_needed(grader: str, task: Task, response: str) -> int:
    """The fewest model calls grading `response` takes (first attempts; a cached answer costs nothing).

    A short answer takes one call, or none where the hybrid grader's rules are certain; a biography takes one to
    extract its claims, then one per batch of 15 claims with a fact (how many, only the extraction tells).
    """
    if grader == "local" or len(response) > REPLY_LIMITS[task.family]:
        return 0
    if grader == "hybrid" and certain_label(task, response) is not None:
        return 0
    return 1
