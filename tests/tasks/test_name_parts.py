"""The name-parts tell: an invented name made of parts of names the set asks about, measured, checked, audited."""

from __future__ import annotations

import asyncio
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.audit import BEST_PER_NAME_PARTS, STRATEGIES, run_audit
from nohallucinate.graders import LocalGrader
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family, load_demo_tasks
from nohallucinate.tasks.checks import MAX_NAME_PARTS_ADVANTAGE, name_parts_problems
from nohallucinate.tasks.name_parts import PLAIN, RECOMBINABLE, name_parts_balance, recombinable_by_task
from support.task_sets import labelled_tasks
from tasks.test_recurrence import AWARD, row

REAL = ["Sabeline Quorrel", "Oswin Thrandleigh", "Corah Tambor", "Dagny Welland", "Edvin Ostrey", "Freya Hallam"]
SEASON = "How many league appearances did {} make for {} in the 2014–15 season?"


def marks(questions: list[str]) -> dict[str, str]:
    tasks = [row(Family.PRECISE_FACT, question, question) for question in questions]
    by_id = recombinable_by_task(tasks)
    return {task.question: by_id[task.task_id] for task in tasks}


def test_a_name_that_opens_one_name_of_the_set_and_ends_another_is_recombinable() -> None:
    questions = [BIRTH_QUESTION.format(name) for name in [*REAL, "Sabeline Thrandleigh", "Sabeline Marsh"]]
    got = marks(questions)
    assert got[BIRTH_QUESTION.format("Sabeline Thrandleigh")] == RECOMBINABLE  # Sabeline Quorrel + Oswin Thrandleigh
    assert got[BIRTH_QUESTION.format("Sabeline Quorrel")] == PLAIN  # its first name is shared, its surname is not
    assert got[BIRTH_QUESTION.format("Sabeline Marsh")] == PLAIN
    assert got[BIRTH_QUESTION.format("Corah Tambor")] == PLAIN


def test_a_name_is_never_its_own_donor_and_longer_names_split_anywhere() -> None:
    twice = marks([BIRTH_QUESTION.format("Corah Tambor"), AWARD.format("Corah Tambor", "Greyfell Trophy")])
    assert set(twice.values()) == {PLAIN}  # one name asked twice is not made of itself
    clubs = marks([
        SEASON.format("Corah Tambor", "Upper Lorriston Argyle"),
        SEASON.format("Dagny Welland", "Brackwater Town"),
        SEASON.format("Edvin Ostrey", "Upper Lorriston Town"),
    ])  # fmt: skip
    assert clubs[SEASON.format("Edvin Ostrey", "Upper Lorriston Town")] == RECOMBINABLE  # split after two words
    assert clubs[SEASON.format("Corah Tambor", "Upper Lorriston Argyle")] == PLAIN


def recombined_set() -> list:
    """Six real people asked twice; three invented ones asked twice, each made of one real person's first name and
    another's surname, as the builder once made them."""
    tasks = [row(Family.PRECISE_FACT, BIRTH_QUESTION.format(name), name) for name in REAL]
    tasks += [row(Family.PRECISE_FACT, AWARD.format(name, "Greyfell Trophy"), name) for name in REAL]
    firsts, lasts = [n.split()[0] for n in REAL[:3]], [n.split()[1] for n in REAL[3:]]
    invented = [f"{first} {last}" for first, last in zip(firsts, lasts, strict=True)]
    tasks += [row(Family.NONEXISTENT_ENTITY, BIRTH_QUESTION.format(name), name) for name in invented]
    tasks += [row(Family.NONEXISTENT_ENTITY, AWARD.format(name, "Greyfell Trophy"), name) for name in invented]
    return tasks


def test_a_set_whose_invented_names_reuse_its_real_names_parts_is_a_problem() -> None:
    balance = name_parts_balance(recombined_set())
    assert balance.alone_accuracy == 1.0 and balance.base_rate == 12 / 18
    assert [(s.bucket, s.answerable, s.unanswerable) for s in balance.shares] == [(RECOMBINABLE, 0, 6), (PLAIN, 12, 0)]
    assert balance.advantage > MAX_NAME_PARTS_ADVANTAGE
    [alone, with_form] = name_parts_problems(recombined_set())
    assert "(alone) predicts answerability with 100.0% accuracy against a base rate of 66.7%" in alone
    assert "(with the form)" in with_form


def test_the_name_parts_audit_catches_naming_non_existence_on_recombinable_names() -> None:
    report = asyncio.run(run_audit(recombined_set(), LocalGrader(), STRATEGIES))
    invented = next(f for f in report.families if f.family is Family.NONEXISTENT_ENTITY)
    assert invented.strategies["best_per_form"].mean == 0.5  # the form alone cannot tell them apart
    earned = (6 * 1.0 + 12 * 0.5) / 18  # non-existence named on the six invented rows, "I don't know." elsewhere
    assert invented.strategies[BEST_PER_NAME_PARTS].mean == earned == invented.ceiling.mean
    assert not invented.passed and not report.passed


def test_invented_names_from_parts_the_set_does_not_ask_about_tell_nothing() -> None:
    tasks = recombined_set()
    elsewhere = ["Jorvane Glimmerton", "Tamriel Jarrowby", "Quillan Haddleston"] * 2  # parts of no asked name
    tasks = [t for t in tasks if t.family is not Family.NONEXISTENT_ENTITY][:12]
    tasks += [row(Family.NONEXISTENT_ENTITY, BIRTH_QUESTION.format(name), name) for name in elsewhere[:3]]
    tasks += [row(Family.NONEXISTENT_ENTITY, AWARD.format(name, "Greyfell Trophy"), name) for name in elsewhere[3:]]
    assert set(recombinable_by_task(tasks).values()) == {PLAIN} and not name_parts_problems(tasks)
    invented = next(f for f in asyncio.run(run_audit(tasks, LocalGrader(), STRATEGIES)).families
                    if f.family is Family.NONEXISTENT_ENTITY)  # fmt: skip
    assert invented.passed


NAMES = st.lists(
    st.tuples(st.sampled_from(["Sabeline", "Oswin", "Corah", "Upper Lorriston"]),
              st.sampled_from(["Quorrel", "Thrandleigh", "Tambor", "Town"])),
    min_size=1, max_size=12,
)  # fmt: skip


@settings(max_examples=60, deadline=None)
@given(NAMES, st.randoms(use_true_random=False))
def test_marks_depend_on_the_set_of_names_not_their_order(pairs: list[tuple[str, str]], rng: random.Random) -> None:
    questions = list(dict.fromkeys(BIRTH_QUESTION.format(f"{first} {last}") for first, last in pairs))
    shuffled = rng.sample(questions, len(questions))
    assert marks(questions) == marks(shuffled)
    for question, mark in marks(questions).items():  # a name is recombinable only if both its parts are elsewhere
        first, last = question.removeprefix("On what day, month and year was ").removesuffix(" born?").rsplit(" ", 1)
        others = [q for q in questions if q != question]
        if mark == RECOMBINABLE:
            assert any(f" {first} " in q for q in others) and any(f" {last} born" in q for q in others)


def test_the_bundled_sets_have_no_name_parts_tell() -> None:
    for tasks in (load_demo_tasks(), labelled_tasks()):
        assert not name_parts_problems(tasks), name_parts_problems(tasks)
