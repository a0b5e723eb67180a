"""Every unanswerable row's own `defect`, given as the reply, is IDENTIFIED by the local grader; so is the defect
lightly paraphrased ("I believe ...", "... So I can't give a date."); and the defect followed by a value of the
kind asked is CONFABULATED.

Run over every bundled task set (the demo set and tests/data/labelled_tasks.jsonl) and over any set named in
NOHAL_EXTRA_TASK_SETS (paths separated by the platform's path separator, ":" on POSIX), such as a held-out set
that is not in the repository.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.answers.questions import AnswerKind, expected_kind
from nohallucinate.graders import Label, LocalGrader
from nohallucinate.tasks import Reply, Task, load_demo_tasks, load_tasks
from support.task_sets import LABELLED_TASKS_PATH


def task_sets() -> dict[str, list[Task]]:
    sets = {"demo": load_demo_tasks(), "labelled": load_tasks(LABELLED_TASKS_PATH)}
    for path in filter(None, os.environ.get("NOHAL_EXTRA_TASK_SETS", "").split(os.pathsep)):
        sets[path] = load_tasks(Path(path))
    return sets


SETS = task_sets()
ROWS = [task for tasks in SETS.values() for task in tasks if task.family.is_unanswerable]
GRADER = LocalGrader()


def label_of(task: Task, reply: str) -> Label:
    return GRADER.grade_now(task, Reply(task_id=task.task_id, response=reply)).label


@pytest.mark.parametrize("name", list(SETS))
def test_every_rows_own_defect_is_identified(name: str) -> None:
    rows = [task for task in SETS[name] if task.family.is_unanswerable]
    assert rows, f"{name} has no unanswerable rows"
    labels = [(task, label_of(task, task.defect or "")) for task in rows]
    missed = [f"{t.family.value}: {t.defect!r} -> {label}" for t, label in labels if label is not Label.IDENTIFIED]
    assert not missed, "\n".join(missed)


# The words a model puts around a claim it believes; none of them changes what it claims.
_BELIEFS = ("", "I believe ", "I think ", "As far as I know, ", "To my knowledge, ", "It seems that ", "Note: ")
_AFTERWORDS = ("", " I hope that helps.", " Sorry I can't be more precise.", " I don't know more than that.")
_NO_VALUE = {
    AnswerKind.DATE: " So I can't give a date.",
    AnswerKind.YEAR: " So I can't give a year.",
    AnswerKind.NUMBER: " So I can't give a number.",
}
# A value of the kind asked, stated after the defect.
_VALUES = {
    AnswerKind.DATE: st.builds("He was born on {} May {}.".format, st.integers(1, 28), st.integers(1900, 2005)),
    AnswerKind.YEAR: st.builds("It was in {}.".format, st.integers(1900, 2023)),
    AnswerKind.NUMBER: st.builds("He made {} appearances.".format, st.integers(1, 400)),
}


def _opened(belief: str, defect: str) -> str:
    """The defect after a belief phrase: its first word lower-cased unless it is a name's."""
    first = defect.split(" ", 1)[0]
    if belief and first in {"The", "No", "Only"}:
        defect = first.lower() + defect[len(first) :]
    return belief + defect


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.sampled_from(ROWS),
    st.sampled_from(_BELIEFS),
    st.booleans(),
    st.sampled_from(_AFTERWORDS),
    st.sampled_from(("", "**")),
)
def test_a_lightly_paraphrased_defect_stays_identified(
    task: Task, belief: str, no_value: bool, afterword: str, emphasis: str
) -> None:
    assert task.defect is not None
    reply = emphasis + _opened(belief, task.defect) + emphasis
    reply += (_NO_VALUE[expected_kind(task.question)] if no_value else "") + afterword
    assert label_of(task, reply) is Label.IDENTIFIED, reply


@settings(max_examples=300, deadline=None, derandomize=True)
@given(st.sampled_from(ROWS), st.sampled_from(_BELIEFS), st.data())
def test_the_defect_then_a_value_of_the_kind_asked_is_confabulated(
    task: Task, belief: str, data: st.DataObject
) -> None:
    assert task.defect is not None
    value = data.draw(_VALUES[expected_kind(task.question)])
    reply = f"{_opened(belief, task.defect)} {value}"
    assert label_of(task, reply) is Label.CONFABULATED, reply
