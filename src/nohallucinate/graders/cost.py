"""How many model calls a grading takes, so that a command can say so before it spends them."""

from __future__ import annotations

from nohallucinate.graders.limits import REPLY_LIMITS
from nohallucinate.graders.local.certain import certain_label
from nohallucinate.tasks import Family, Task


def calls_needed(grader: str, task: Task, response: str) -> int:
    """The fewest model calls grading `response` takes (first attempts; a cached answer costs nothing).

    A biography takes one call to extract its claims and one per batch of 15 claims to check them, so at least
    two unless it states nothing; a short answer takes one, or none where the hybrid grader's rules are certain.
    """
    if grader == "local" or len(response) > REPLY_LIMITS[task.family]:
        return 0
    if grader == "hybrid" and certain_label(task, response) is not None:
        return 0
    if task.family is Family.BIOGRAPHY:
        return 2 if response.strip() else 1
    return 1
