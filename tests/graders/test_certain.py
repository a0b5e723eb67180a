"""What the hybrid grader lets the local rules decide alone: only replies that leave no doubt."""

from __future__ import annotations

import pytest

from nohallucinate.graders import Label
from nohallucinate.graders.local.certain import certain_label
from nohallucinate.tasks import Family
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
BIRTH = next(t for t in TASKS if t.gold == "11 March 1952")
APPS = next(t for t in TASKS if t.family is Family.FOOTBALL_SEASON and t.gold == "25")
PRIZE = next(t for t in TASKS if t.family is Family.FALSE_PREMISE and "Nobel Prize in Literature" in t.question)
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY)


@pytest.mark.parametrize(
    ("task", "reply", "label"),
    [
        (BIRTH, "I don't know.", Label.NOT_ATTEMPTED),
        (PRIZE, "IDK", Label.ABSTAINED),
        (BIO, "I don’t know", Label.ABSTAINED),
        (BIRTH, "11 March 1952.", Label.CORRECT),
        (BIRTH, "March 11, 1952", Label.CORRECT),
        (BIRTH, "12 March 1952.", Label.INCORRECT),
        (APPS, "25", Label.CORRECT),
        (APPS, "31.", Label.INCORRECT),
        (PRIZE, "It was in 2014.", Label.CONFABULATED),
    ],
)
def test_certain_replies(task, reply: str, label: Label) -> None:
    assert certain_label(task, reply) is label


@pytest.mark.parametrize(
    ("task", "reply"),
    [
        (BIRTH, "I think 11 March 1952, but I'm not sure."),
        (BIRTH, "1952"),  # less specific than asked: a reader decides
        (APPS, "0"),  # a zero may be a dispute
        (PRIZE, "She never won it."),
        (BIO, "Douglas Adams was an English author."),
        (APPS, "About 25."),
    ],
)
def test_everything_else_goes_to_the_model(task, reply: str) -> None:
    assert certain_label(task, reply) is None
