"""What every grader is: something that turns a task and a reply into a verdict."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from nohallucinate.graders.verdict import Verdict
from nohallucinate.tasks import Reply, Task


@runtime_checkable
class Grader(Protocol):
    """Grades one reply; a grader that cannot decide returns a verdict with `error` set, never a guess."""

    name: str

    async def grade(self, task: Task, reply: Reply) -> Verdict: ...
