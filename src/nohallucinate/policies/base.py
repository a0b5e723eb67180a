"""What every policy is: something that answers a task."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from nohallucinate.tasks import Reply, Task


@runtime_checkable
class Policy(Protocol):
    """Produces one reply to one task."""

    name: str

    async def answer(self, task: Task, sample: int = 0) -> Reply: ...
