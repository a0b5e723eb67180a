"""Whether a short question names someone a biography question asks about: a tell a policy learns from the file.

Biographies are written of real people only, so a name that a biography question asks about is known to be real.
Were answerable rows to name such people more often than defect rows (an invented person never has a
biography, a real one asked a false premise may not), "does this question name someone with a biography?"
would tell answerable rows from invented names without knowing any fact: a red team earned 0.625 over the award
form of a demo set with it. For each short question the measure reads its names as a policy reads them
(`recurrence.question_name_keys`: never the row's subject or QID) and marks the question when one of them is the
name a biography question of the set asks about; `biography_mention_balance` measures what the mark tells
(`tasks.marks`). The builder writes biographies of people no short question names first, and of others only
while the mark tells nothing (`datagen.assemble`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from nohallucinate.tasks.families import Kind, spec_of
from nohallucinate.tasks.marks import MarkBalance, lopsided_marks, mark_balance
from nohallucinate.tasks.model import Task
from nohallucinate.tasks.recurrence import Asked, question_name_keys

WITH_BIOGRAPHY = "has a biography"
WITHOUT = "no biography"
MARKS = (WITH_BIOGRAPHY, WITHOUT)


def biography_subjects(rows: Iterable[Asked]) -> set[str]:
    """The names (as `recurrence.name_key` reads them) that the set's biography questions ask about."""
    return {
        name for row in rows if spec_of(row.family).kind is Kind.LONG_FORM for name in question_name_keys(row.question)
    }


def biography_mentions(rows: Sequence[Asked]) -> list[bool]:
    """For every short row, whether its question names someone a biography question of the set asks about
    (False for the biographies themselves)."""
    subjects = biography_subjects(rows)
    return [
        spec_of(row.family).kind is not Kind.LONG_FORM and bool(subjects.intersection(question_name_keys(row.question)))
        for row in rows
    ]


def biography_mention_marks(rows: Sequence[Asked]) -> list[str]:
    """Every row's mark, `WITH_BIOGRAPHY` or `WITHOUT`, in order."""
    return [WITH_BIOGRAPHY if mark else WITHOUT for mark in biography_mentions(rows)]


def biography_mention_by_task(tasks: Sequence[Task]) -> dict[str, str]:
    """Every task's mark by task id: what a policy that knows the file reads."""
    return {task.task_id: mark for task, mark in zip(tasks, biography_mention_marks(tasks), strict=True)}


def biography_mention_balance(tasks: Iterable[Asked]) -> MarkBalance:
    """Mark every short question and measure the held-out guesses from the mark."""
    rows = list(tasks)
    return mark_balance(rows, biography_mention_marks(rows), MARKS)


def biography_mention_tells(rows: Sequence[Asked], target: float) -> bool:
    """Whether the mark tells answerability: a guess from it lands more than `target` above the base rate, or a
    defect family outnumbers the answerable rows of a cell of question form and mark (`marks.lopsided_marks`)."""
    marks = biography_mention_marks(rows)  # read once: the builder asks this for every biography it tries
    return mark_balance(rows, marks, MARKS).advantage > target or bool(lopsided_marks(rows, marks))
