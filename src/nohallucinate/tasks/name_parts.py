"""Whether a question's name is made of other names' parts: a tell a policy learns from the task file itself.

Invented names are recombined from real name parts. If the parts came from names the set also asks about
("Sabeline Thrandleigh" beside the real Sabeline Quorrel and Oswin Thrandleigh), a policy that knows the task
file would learn that a name whose opening words begin another name of the file and whose remaining words end
a third one is invented, and name its non-existence without knowing any fact. For each short question the
measure reads its names as a policy reads them (`recurrence.question_name_keys`: never the row's subject or QID)
and marks the question *recombinable* when one of them splits into an opening of another name of the set and
an ending of another one; `name_parts_balance` measures what the mark tells (`tasks.marks`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nohallucinate.tasks.marks import MarkBalance, mark_balance
from nohallucinate.tasks.model import Task
from nohallucinate.tasks.recurrence import Asked, question_name_keys

RECOMBINABLE = "recombinable"  # a name of the question is an opening of one other name and an ending of another
PLAIN = "plain"
MARKS = (RECOMBINABLE, PLAIN)


def recombinable_rows(rows: Sequence[Asked]) -> list[bool]:
    """For every row, whether one of its question's names splits into whole-word parts that open and end
    *other* names of the set (biographies' subjects count as names: a policy sees every question)."""
    names_of = [question_name_keys(row.question) for row in rows]
    openings: dict[str, set[str]] = {}  # a whole-word opening -> the names it opens
    endings: dict[str, set[str]] = {}
    for name in {name for names in names_of for name in names}:
        words = name.split()
        for cut in range(1, len(words)):
            openings.setdefault(" ".join(words[:cut]), set()).add(name)
            endings.setdefault(" ".join(words[cut:]), set()).add(name)

    def recombinable(name: str) -> bool:
        words = name.split()
        return any(
            openings.get(" ".join(words[:cut]), set()) - {name} and endings.get(" ".join(words[cut:]), set()) - {name}
            for cut in range(1, len(words))
        )

    return [any(recombinable(name) for name in names) for names in names_of]


def recombinable_by_task(tasks: Sequence[Task]) -> dict[str, str]:
    """Every task's mark, `RECOMBINABLE` or `PLAIN`, by task id: what a policy that knows the file reads."""
    return {
        task.task_id: RECOMBINABLE if mark else PLAIN
        for task, mark in zip(tasks, recombinable_rows(tasks), strict=True)
    }


def name_parts_balance(tasks: Iterable[Asked]) -> MarkBalance:
    """Mark every short question and measure the held-out guesses (biographies are left out of the measure but
    their subjects count as names of the set)."""
    rows = list(tasks)
    marks = [RECOMBINABLE if mark else PLAIN for mark in recombinable_rows(rows)]
    return mark_balance(rows, marks, MARKS)
