"""Properties every task set keeps under the local grader: a row's own gold is CORRECT, and no wrong date or number
earns the abstention reward or more, however the reply is phrased.

The sets: the demo set, tests/data/labelled_tasks.jsonl, and any file listed in $NOHAL_EXTRA_TASK_SETS (paths
joined by the path separator), so that a set this repository does not hold (a held-out one) is checked the same way.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.answers.dates import PartialDate, parse_date
from nohallucinate.answers.numbers import stated_tolerance
from nohallucinate.answers.quantities import parse_quantity
from nohallucinate.answers.reading import measured_in
from nohallucinate.graders import Label, LocalGrader
from nohallucinate.tasks import Reply, Task, demo_tasks_path, load_tasks
from nohallucinate.tasks.forms import question_subject
from support.task_sets import LABELLED_TASKS_PATH

GRADER = LocalGrader()
MONTHS = "January February March April May June July August September October November December".split()


def task_set_paths() -> list[Path]:
    extra = [Path(p) for p in os.environ.get("NOHAL_EXTRA_TASK_SETS", "").split(os.pathsep) if p]
    return [demo_tasks_path(), LABELLED_TASKS_PATH, *extra]


ANSWERABLE = [
    task for path in task_set_paths() for task in load_tasks(path) if task.gold is not None and task.article is None
]


def grade(task: Task, response: str) -> Label:
    verdict = GRADER.grade_now(task, Reply(task_id=task.task_id, response=response))
    assert verdict.label is not None, verdict.error
    return verdict.label


def _written(date: PartialDate, style: int) -> str:
    month = MONTHS[date.month - 1] if date.month is not None else None
    if date.year is None:
        assert month is not None
        return month if date.day is None else [f"{date.day} {month}", f"{month} {date.day}"][style % 2]
    if month is None:
        return str(date.year)
    if date.day is None:
        return f"{month} {date.year}"
    styles = [f"{date.day} {month} {date.year}", f"{month} {date.day}, {date.year}"]
    if date.year >= 1000:  # ISO dates have four-digit years
        styles.append(f"{date.year}-{date.month:02d}-{date.day:02d}")
    return styles[style % len(styles)]


def phrasings(task: Task, value: str) -> list[str]:
    """Ways a reply commits to `value`: bare, in a sentence, after restating the question, and with the question's
    own values around it."""
    subject = question_subject(task.question) or task.subject.label
    return [
        value,
        f"{value}.",
        f"It was {value}.",
        f"The answer is {value}.",
        f"**{value}**",
        f"I believe it was {value}.",
        f"The answer to: {task.question} {value}.",
        f"{task.question.rstrip('?')}? {value}.",
        f"As for {subject}: {value}.",
    ]


def wrong_values(task: Task) -> list[str]:
    """Values of the asked kind that are not the gold: a date with one field changed, a count off by one or more."""
    assert task.gold is not None
    date = parse_date(task.gold)
    if date is not None:
        day = None if date.day is None else min(date.day, 28)
        wrong = []
        if date.year is not None:
            wrong += [PartialDate(date.year + 1, date.month, day), PartialDate(date.year - 3, date.month, day)]
        if date.month is not None:
            wrong.append(PartialDate(date.year, date.month % 12 + 1, day))
        if day is not None:
            wrong.append(PartialDate(date.year, date.month, day % 28 + 1))
        return [_written(w, i) for i, w in enumerate(wrong)]
    quantity = parse_quantity(task.gold)
    assert quantity is not None, f"{task.task_id}: gold {task.gold!r} is neither a date nor a number"
    if quantity.measured or measured_in(task.question):  # a measure is read within 1%: wrong is further off
        return [f"{quantity.value * factor + 1:.{quantity.decimals}f}" for factor in (1.1, 0.5, 2.0)]
    value = int(quantity.value)
    if stated_tolerance(task.gold) >= 1:  # "41 million" admits 40.5 to 41.5 million
        return [str(int(value * factor)) for factor in (1.2, 0.7, 2)]
    return [str(v) for v in (value + 1, max(0, value - 1) if value else 2, value * 2 + 3, value + 10)]


@pytest.mark.parametrize("task", ANSWERABLE, ids=lambda t: t.task_id)
def test_a_rows_own_gold_is_correct(task: Task) -> None:
    assert task.gold is not None
    for reply in phrasings(task, task.gold):
        assert grade(task, reply) is Label.CORRECT, reply


@pytest.mark.parametrize("task", ANSWERABLE, ids=lambda t: t.task_id)
def test_no_wrong_value_earns_the_abstention_reward(task: Task) -> None:
    for value in wrong_values(task):
        for reply in phrasings(task, value):
            assert grade(task, reply) is Label.INCORRECT, reply


@settings(max_examples=300, deadline=None)
@given(
    task=st.sampled_from(ANSWERABLE),
    before=st.sampled_from(["", "Hmm. ", "If I recall correctly, ", "To my knowledge ", "From memory: "]),
    after=st.sampled_from(["", " I'm fairly sure.", " (I think.)", " That is my answer.", " Hope that helps!"]),
    index=st.integers(min_value=0, max_value=3),
)
def test_a_wrong_value_in_any_wrapping_is_incorrect(task: Task, before: str, after: str, index: int) -> None:
    values = wrong_values(task)
    reply = f"{before}{values[index % len(values)]}.{after}"
    assert grade(task, reply) is Label.INCORRECT, reply


def test_the_sets_hold_answerable_rows_of_every_kind() -> None:
    kinds = {("date" if parse_date(t.gold or "") else "number") for t in ANSWERABLE}
    assert kinds == {"date", "number"} and len(ANSWERABLE) > 50
    assert all(re.search(r"\d", t.gold or "") for t in ANSWERABLE)


def simpleqa_tasks(shared_dir: Path) -> list[Task]:
    """SimpleQA's questions whose gold is one date or one number, as answerable tasks: questions that name years,
    seasons and counts of their own ("the 1972 budget", "in Season 4"), which the bundled sets do not."""
    import ast
    import csv

    tasks = []
    with (shared_dir / "data/simpleqa/simple_qa_test_set.csv").open(encoding="utf-8") as handle:
        for index, row in enumerate(csv.DictReader(handle)):
            kind = ast.literal_eval(row["metadata"])["answer_type"]
            gold = row["answer"].strip()
            readable = parse_date(gold) if kind == "Date" else parse_quantity(gold) if kind == "Number" else None
            if readable is None or not re.fullmatch(r"[\w ,.%#-]+", gold):
                continue
            tasks.append(
                Task(
                    task_id=f"simpleqa-{index}",
                    family="precise_fact",
                    tier="hard",
                    question=row["problem"],
                    gold=gold,
                    subject={"label": "SimpleQA"},
                    provenance={"source": "simpleqa", "row": index},
                )
            )
    return tasks


def test_simpleqa_golds_are_correct_and_wrong_values_incorrect(shared_dir: Path) -> None:
    # Every question that names a number or a year of its own (where a restated value could pass for the answer),
    # and every fourth of the others; three phrasings each.
    tasks = [t for i, t in enumerate(simpleqa_tasks(shared_dir)) if re.search(r"\d", t.question) or i % 4 == 0]
    assert len(tasks) > 500
    misses = []
    for task in tasks:
        assert task.gold is not None
        chosen = [0, 2, 6]  # bare, "It was X.", after the question restated
        for reply in (phrasings(task, task.gold)[i] for i in chosen):
            if (got := grade(task, reply)) is not Label.CORRECT:
                misses.append(f"{task.question} | {reply!r}: {got}")
        for value in wrong_values(task)[:3]:
            for reply in (phrasings(task, value)[i] for i in chosen):
                if (got := grade(task, reply)) is not Label.INCORRECT:
                    misses.append(f"{task.question} | {reply!r}: {got}")
    assert not misses, f"{len(misses)} misses:\n" + "\n".join(misses[:60])
