"""Which tasks of a file a command, a sweep or a served environment works on: a split, then the first N of each
family. Every entry point selects through `select_tasks`, so that `--split test --per-family 5` means the same
tasks everywhere."""

from __future__ import annotations

from collections.abc import Sequence

from nohallucinate.errors import UserInputError
from nohallucinate.tasks.families import Family
from nohallucinate.tasks.model import Task
from nohallucinate.tasks.splits import select_split


def select_tasks(tasks: Sequence[Task], split: str | None = None, per_family: int | None = None) -> list[Task]:
    """The tasks of `split` (all when None), then the first `per_family` of each family (all when None), in file
    order; a split no task is in, or a count below 1, is refused."""
    return select_per_family(select_split(tasks, split), per_family)


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
