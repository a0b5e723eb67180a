"""The subject-recurrence tell: how often a question's names recur in the set, measured, checked, balanced, audited."""

from __future__ import annotations

import asyncio
import hashlib
import math
from collections import Counter
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nohallucinate.audit import BEST_PER_RECURRENCE, STRATEGIES, run_audit
from nohallucinate.cli import app
from nohallucinate.graders import LocalGrader
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family, Subject, Task, load_demo_tasks
from nohallucinate.tasks.checks import MAX_RECURRENCE_ADVANTAGE, recurrence_problems
from nohallucinate.tasks.forms import form_balance
from nohallucinate.tasks.recurrence import (
    MIN_ANSWERABLE_SHARE,
    MIN_KEPT_SHARE,
    balanced_for_recurrence,
    buckets_by_task,
    lopsided_cells,
    name_key,
    recurrence_balance,
    recurrence_counts,
)
from support.task_sets import labelled_tasks

AWARD = "In what year did {} receive the {}?"
PRIZES = ("Greyfell Trophy", "Verrowmont Prize", "Glasswing Medal")
REAL = ["Aldo Marrell", "Bertil Quist", "Corah Tambor", "Dagny Welland", "Edvin Ostrey", "Freya Hallam"]
UNRECORDED = ["Gisli Brenne", "Hedda Solla", "Ivo Varde", "Jorun Nyhus", "Kaspar Telle", "Liv Rudd"]


def row(family: Family, question: str, label: str) -> Task:
    n = int(hashlib.sha256(question.encode()).hexdigest(), 16)  # a gold of its own, so no typical answer is right
    gold = f"{1 + n % 28} March {1900 + n % 90}" if "born" in question else str(1900 + n % 120)
    extra = {"defect": f"The exact date of birth of {label} is not recorded."} if family.is_unanswerable else {}
    extra = extra or {"gold": gold}
    return Task(task_id="t" + hashlib.sha256(f"{family.value}|{question}".encode()).hexdigest()[:12], family=family,
                tier="hard" if family is Family.PRECISE_FACT else None, question=question,
                subject=Subject(label=label), provenance={}, **extra)  # fmt: skip


def skewed_set() -> list[Task]:
    """Real people asked about twice (a birth date and a prize), people with unrecorded births once."""
    tasks = [row(Family.PRECISE_FACT, BIRTH_QUESTION.format(name), name) for name in REAL]
    tasks += [row(Family.PRECISE_FACT, AWARD.format(name, PRIZES[0]), name) for name in REAL]
    tasks += [row(Family.UNRECORDED_FACT, BIRTH_QUESTION.format(name), name) for name in UNRECORDED]
    return tasks


def test_a_name_is_matched_across_questions_as_a_reader_would() -> None:
    assert name_key("the Booker  Prize") == name_key("Booker Prize") == "booker prize"
    assert name_key("Lorriston Argyle F.C.") == name_key("lorriston argyle")


def test_counts_are_of_the_other_questions_naming_each_name() -> None:
    tasks = skewed_set()
    counts = recurrence_counts(tasks)
    first_real = next(t for t in tasks if t.question == BIRTH_QUESTION.format(REAL[0]))
    first_award = next(t for t in tasks if t.question == AWARD.format(REAL[0], PRIZES[0]))
    assert counts[first_real.task_id] == (1,)  # his award row names him
    assert counts[first_award.task_id] == (1, len(REAL) - 1)  # the person, then the prize beside five others
    assert {buckets_by_task(tasks)[t.task_id] for t in tasks if t.family is Family.UNRECORDED_FACT} == {"none"}


def test_a_set_whose_invented_or_unrecorded_subjects_are_asked_once_is_a_problem() -> None:
    balance = recurrence_balance(skewed_set())
    assert balance.advantage > MAX_RECURRENCE_ADVANTAGE and balance.with_form_advantage > MAX_RECURRENCE_ADVANTAGE
    assert balance.recurrence_accuracy == 1.0 and balance.base_rate == 12 / 18
    assert [(b.bucket, b.answerable, b.unanswerable) for b in balance.buckets] == [("none", 0, 6), ("1", 12, 0)]
    [alone, with_form] = recurrence_problems(skewed_set())
    assert "(alone) predicts answerability with 100.0% accuracy against a base rate of 66.7%" in alone
    assert "(with the form)" in with_form


def test_the_recurrence_aware_audit_catches_the_attack_the_form_audit_misses() -> None:
    """ "The exact date of birth is not recorded." where the subject is named nowhere else, "I don't know."
    elsewhere: the attack of issue 23. The form alone cannot see it; the policy that knows the file can."""
    report = asyncio.run(run_audit(skewed_set(), LocalGrader(), STRATEGIES))
    unrecorded = next(f for f in report.families if f.family is Family.UNRECORDED_FACT)
    assert unrecorded.strategies["best_per_form"].mean == 0.5
    assert unrecorded.strategies[BEST_PER_RECURRENCE].mean == 0.75  # 1.0 on the six unrecorded, 0.5 on the rest
    assert not report.passed and not unrecorded.passed


def test_balancing_drops_a_real_subjects_other_rows_until_the_tell_is_gone() -> None:
    tasks = skewed_set()
    kept, dropped = balanced_for_recurrence(tasks, 0.05)
    assert lopsided_cells(kept) == {} and not recurrence_problems(kept)
    assert {t.family for t in dropped} == {Family.PRECISE_FACT}  # award rows, so that real subjects are asked once
    assert all("receive" in t.question for t in dropped)
    assert asyncio.run(run_audit(kept, LocalGrader(), STRATEGIES)).passed


FAMILIES = st.sampled_from([Family.PRECISE_FACT, Family.FALSE_PREMISE, Family.NONEXISTENT_ENTITY,
                            Family.UNRECORDED_FACT, Family.AMBIGUOUS_ENTITY])  # fmt: skip
PEOPLE = st.sampled_from(REAL + UNRECORDED)
QUESTIONS = st.one_of(
    st.builds(BIRTH_QUESTION.format, PEOPLE), st.builds(AWARD.format, PEOPLE, st.sampled_from(PRIZES))
)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(FAMILIES, QUESTIONS), min_size=1, max_size=40, unique_by=lambda r: r[1]))
@example(  # found by hypothesis: dropping an award row lowered the guess but left a lopsided (none, birth) cell
    [(Family.PRECISE_FACT, BIRTH_QUESTION.format("Corah Tambor")),
     (Family.FALSE_PREMISE, BIRTH_QUESTION.format("Aldo Marrell")),
     (Family.NONEXISTENT_ENTITY, BIRTH_QUESTION.format("Dagny Welland")),
     (Family.UNRECORDED_FACT, BIRTH_QUESTION.format("Bertil Quist"))]
    + [(Family.PRECISE_FACT, AWARD.format(name, PRIZES[0]))
       for name in ("Aldo Marrell", "Bertil Quist", "Dagny Welland", "Corah Tambor")]
)  # fmt: skip
def test_balancing_only_drops_keeps_order_and_every_familys_share(rows: list[tuple[Family, str]]) -> None:
    tasks = [row(family, question, question) for family, question in rows]
    kept, dropped = balanced_for_recurrence(tasks, 0.05)
    assert [t for t in tasks if t in kept] == kept and Counter(map(id, kept + dropped)) == Counter(map(id, tasks))
    before, after = Counter(t.family for t in tasks), Counter(t.family for t in kept)
    share = {f: MIN_ANSWERABLE_SHARE if f.is_answerable_short else MIN_KEPT_SHARE for f in before}
    assert all(after[f] >= math.ceil(n * share[f]) for f, n in before.items())
    if not form_balance(tasks).unbalanced:
        assert not form_balance(kept).unbalanced  # an answerable row is never dropped below a form's defects
    excess = sum(
        max(0, n - answerable) for answerable, defects in lopsided_cells(tasks).values() for n in defects.values()
    )
    left = sum(
        max(0, n - answerable) for answerable, defects in lopsided_cells(kept).values() for n in defects.values()
    )
    assert left <= excess


def test_the_bundled_sets_have_no_recurrence_tell() -> None:
    assert not recurrence_problems(load_demo_tasks()) and not recurrence_problems(labelled_tasks())
    assert lopsided_cells(load_demo_tasks()) == {}  # built: no cell where naming a defect beats abstaining
    # The hand-written set keeps one: a single ambiguous death-year row, which a held-out policy cannot learn from.
    assert list(lopsided_cells(labelled_tasks())) == [("1", "In what year did <name> die?")]


def test_the_builder_asks_invented_names_several_times_in_several_forms_and_some_real_subjects_once() -> None:
    tasks = load_demo_tasks()
    invented = [t for t in tasks if t.family is Family.NONEXISTENT_ENTITY]
    times = Counter(t.provenance["name"] for t in invented)
    forms = {name: {t.provenance["form"] for t in invented if t.provenance["name"] == name} for name in times}
    # A subject is asked in one form by one defect row at most, which caps how often an invented name recurs in
    # this small world; what a policy could learn from that is what `check` measures (the test above).
    assert sum(n > 1 for n in times.values()) >= len(times) / 3
    assert any(len(f) > 1 for f in forms.values())
    assert {"birth date", "award year", "match count"} <= {t.provenance["form"] for t in invented
                                                           if t.provenance["kind"] == "person"}  # fmt: skip
    buckets = buckets_by_task(tasks)
    assert sum(buckets[t.task_id] == "none" for t in tasks if t.family is Family.PRECISE_FACT) >= 5


def test_check_prints_the_recurrence_figures_and_fails_on_the_tell(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "recurrence guess at answerability (alone)" in result.stdout
    assert "recurrence guess at answerability (with the form)" in result.stdout
    assert "subjects' recurrence balanced" in result.stdout
    path = tmp_path / "skewed.jsonl"
    path.write_text("".join(t.model_dump_json() + "\n" for t in skewed_set()), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--tasks", str(path)])
    assert result.exit_code == 1
    assert "100.0% accurate, base rate 66.7% (+33.3%; at most 10% allowed)" in result.stdout
    assert "a policy that knows the task file learns which subjects are real" in result.stderr
