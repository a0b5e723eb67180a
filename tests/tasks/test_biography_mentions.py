"""The biography-mention tell: a short question naming someone the set writes a biography of, measured, checked,
audited, and left unreadable by the builder."""

from __future__ import annotations

import asyncio

from nohallucinate.audit import BEST_PER_BIOGRAPHY_MENTION, STRATEGIES, run_audit
from nohallucinate.graders import LocalGrader
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family, Subject, Task, load_demo_tasks
from nohallucinate.tasks.biography_mentions import (
    WITH_BIOGRAPHY,
    WITHOUT,
    biography_mention_balance,
    biography_mention_by_task,
    biography_mention_marks,
    biography_mention_tells,
)
from nohallucinate.tasks.checks import MAX_BIOGRAPHY_MENTION_ADVANTAGE, biography_mention_problems, task_set_problems
from nohallucinate.tasks.marks import lopsided_marks
from support.task_sets import labelled_tasks
from tasks.test_recurrence import AWARD, REAL, row

INVENTED = ["Quillan Haddleston", "Tamriel Jarrowby", "Jorvane Glimmerton", "Sevrin Yarrowfield"]
PRIZE = "Greyfell Trophy"


def biography(name: str) -> Task:
    """A biography row about `name`: the demo set's first biography, its question and subject renamed."""
    template = next(t for t in load_demo_tasks() if t.family is Family.BIOGRAPHY)
    question = f"Write a biography of {name}."
    return template.model_copy(update={"task_id": f"b{abs(hash(question)) % 10**12:012d}", "question": question,
                                       "subject": Subject(label=name)})  # fmt: skip


def marked_set() -> list[Task]:
    """As a demo build once was: every answerable award row names someone with a biography, no invented one does
    (an invented person never has one)."""
    tasks = [row(Family.PRECISE_FACT, AWARD.format(name, PRIZE), name) for name in REAL[:4]]
    tasks += [row(Family.NONEXISTENT_ENTITY, AWARD.format(name, PRIZE), name) for name in INVENTED]
    return tasks + [biography(name) for name in REAL[:4]]


def test_a_question_is_marked_when_one_of_its_names_is_a_biographys_subject() -> None:
    tasks = [
        row(Family.PRECISE_FACT, AWARD.format(REAL[0], PRIZE), REAL[0]),
        row(Family.PRECISE_FACT, BIRTH_QUESTION.format(REAL[1]), REAL[1]),
        row(Family.NONEXISTENT_ENTITY, AWARD.format(INVENTED[0], REAL[2]), INVENTED[0]),  # a prize named like him
        biography(REAL[0]),
        biography(REAL[2].upper()),  # names are matched as a reader matches them: case folded
    ]
    assert biography_mention_marks(tasks) == [WITH_BIOGRAPHY, WITHOUT, WITH_BIOGRAPHY, WITHOUT, WITHOUT]
    assert set(biography_mention_by_task(tasks)) == {t.task_id for t in tasks}


def test_a_set_whose_biographies_name_only_real_short_subjects_is_a_problem() -> None:
    balance = biography_mention_balance(marked_set())
    assert [(s.bucket, s.answerable, s.unanswerable) for s in balance.shares] == [
        (WITH_BIOGRAPHY, 4, 0),
        (WITHOUT, 0, 4),
    ]
    assert balance.alone_accuracy == 1.0 and balance.base_rate == 0.5
    assert balance.advantage > MAX_BIOGRAPHY_MENTION_ADVANTAGE
    [alone, with_form] = biography_mention_problems(marked_set())
    assert "(alone) predicts answerability with 100.0% accuracy against a base rate of 50.0%" in alone
    assert "(with the form)" in with_form and with_form in task_set_problems(marked_set())
    assert lopsided_marks(marked_set(), biography_mention_marks(marked_set())) == {
        (next(iter({AWARD.format("<name>", "<name>")})), WITHOUT): (0, {Family.NONEXISTENT_ENTITY: 4})
    }
    assert biography_mention_tells(marked_set(), target=0.05)


def test_the_biography_mention_audit_catches_naming_non_existence_where_no_biography_is() -> None:
    report = asyncio.run(run_audit(marked_set(), LocalGrader(), STRATEGIES))
    invented = next(f for f in report.families if f.family is Family.NONEXISTENT_ENTITY)
    assert invented.strategies["best_per_form"].mean == 0.5  # the form alone cannot tell them apart
    # Non-existence named on the four rows without a biography, and "I don't know." beside the biographies; the
    # answerable rows' golds are years no fixed reply knows.
    assert invented.strategies[BEST_PER_BIOGRAPHY_MENTION].mean == (4 * 1.0 + 4 * 0.5) / 8 == invented.ceiling.mean
    assert not invented.passed and not report.passed


def test_biographies_of_people_no_short_question_names_tell_nothing() -> None:
    tasks = [t for t in marked_set() if t.family is not Family.BIOGRAPHY]
    tasks += [biography(name) for name in REAL[4:]]
    assert set(biography_mention_marks(tasks)) == {WITHOUT}
    assert not biography_mention_problems(tasks) and not biography_mention_tells(tasks, target=0.05)
    invented = next(f for f in asyncio.run(run_audit(tasks, LocalGrader(), STRATEGIES)).families
                    if f.family is Family.NONEXISTENT_ENTITY)  # fmt: skip
    assert invented.passed


def test_the_bundled_sets_have_no_biography_mention_tell() -> None:
    for tasks in (load_demo_tasks(), labelled_tasks()):
        assert not biography_mention_problems(tasks), biography_mention_problems(tasks)
    demo = load_demo_tasks()  # (the labelled sets are not balanced by form: they test graders, not the file)
    assert not lopsided_marks(demo, biography_mention_marks(demo))
