"""Question forms: names, numbers and dates masked; form balance; the leakage check in `check`."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tasks import Family, Subject, Task, load_demo_tasks
from nohallucinate.tasks.checks import MAX_FORM_ADVANTAGE, form_problems
from nohallucinate.tasks.forms import form_balance, gain, question_form, question_object, question_subject
from support.task_sets import labelled_tasks

NAMES = st.sampled_from(
    ["Douglas Adams", "IU", "Hallvard Østerby", "Manchester United F.C.", "Academy Award for Best Actress",
     "Halloran–Vexley Medal for Comic Writing", "Jean-Luc O'Neill"]
)  # fmt: skip


@given(NAMES, NAMES, st.integers(1900, 2030))
def test_questions_differing_only_in_names_and_numbers_share_a_form(person: str, club: str, year: int) -> None:
    first = f"How many league appearances did {person} make for {club} in the {year}–{(year + 1) % 100:02d} season?"
    second = "How many league appearances did Rafe Sallowfield make for Lorriston Argyle F.C. in the 2019–20 season?"
    assert question_form(first) == question_form(second)
    assert question_form(second) == "How many league appearances did <name> make for <name> in the <number> season?"


def test_the_subject_is_the_first_name_of_the_question() -> None:
    assert question_subject("In what year did Douglas Adams receive the Booker Prize?") == "Douglas Adams"
    assert question_subject("On what day, month and year was Hallvard Østerby born?") == "Hallvard Østerby"
    assert question_subject("Write a biography of IU.") == "IU"


def test_the_object_is_the_club_or_prize_beside_the_person() -> None:
    assert question_object("In what year did Douglas Adams receive the Booker Prize?") == "Booker Prize"
    question = "How many league appearances did Thaddeus Wrenfield make for Farrowdale Town F.C. in the 2018–19 season?"
    assert question_object(question) == "Farrowdale Town F.C."
    assert question_object("On what day, month and year was Hallvard Østerby born?") is None


def test_both_bundled_sets_are_balanced_and_leak_little() -> None:
    for tasks in (load_demo_tasks(), labelled_tasks()):
        balance = form_balance(tasks)
        assert balance.unbalanced == []
        assert all(share.answerable for share in balance.forms if share.unanswerable)
        assert balance.advantage <= MAX_FORM_ADVANTAGE
        assert form_problems(tasks) == []


def _row(family: Family, question: str, n: int) -> Task:
    extra = {"gold": "1990"} if family.is_answerable_short else {"defect": "Never received."}
    tier = "easy" if family in (Family.PRECISE_FACT, Family.FALSE_PREMISE) else None
    return Task(task_id=f"t{family.value}{n}", family=family, tier=tier, question=question,
                subject=Subject(label=f"Person {n}"), provenance={}, **extra)  # fmt: skip


def unbalanced_set() -> list[Task]:
    award = "In what year did Person {} receive the Greyfell Trophy?"
    return [_row(Family.FALSE_PREMISE, award.format(n), n) for n in range(3)] + [
        _row(Family.PRECISE_FACT, award.format(10), 10)
    ]


def test_a_form_with_more_defect_rows_than_answerable_rows_is_a_problem() -> None:
    problems = form_problems(unbalanced_set())
    assert any("3 false_premise rows but only 1 answerable" in p for p in problems)
    assert any("predicts answerability" in p for p in problems) is False  # one form: the base rate is all it has


def test_check_fails_on_an_unbalanced_task_file(tmp_path: Path) -> None:
    path = tmp_path / "tasks.jsonl"
    path.write_text("".join(t.model_dump_json() + "\n" for t in unbalanced_set()), encoding="utf-8")
    result = CliRunner().invoke(app, ["check", "--tasks", str(path)])
    assert result.exit_code == 1
    assert "unbalanced" in result.stdout and "naming that defect on every question" in result.stderr


def test_check_reports_the_forms_of_the_demo_set() -> None:
    result = CliRunner().invoke(app, ["check"])
    assert result.exit_code == 0, result.output
    assert "form-only guess at answerability" in result.stdout and "every question form balanced" in result.stdout


def test_a_form_that_predicts_answerability_is_a_problem() -> None:
    award = "In what year did Person {} receive the Greyfell Trophy?"
    tasks = (
        [_row(Family.PRECISE_FACT, f"How old was Person {n}?", n) for n in range(6)]
        + [_row(Family.FALSE_PREMISE, award.format(n), n) for n in range(20, 23)]
        + [_row(Family.NONEXISTENT_ENTITY, award.format(n), n) for n in range(30, 33)]
        + [_row(Family.PRECISE_FACT, award.format(n), n) for n in range(40, 43)]
    )
    balance = form_balance(tasks)
    assert balance.unbalanced == [] and balance.advantage > MAX_FORM_ADVANTAGE
    assert any("predicts answerability" in p for p in form_problems(tasks))


@given(st.integers(min_value=1, max_value=20), st.sampled_from([0.05, 0.10]), st.data())
def test_a_gain_equal_to_its_target_is_not_over_it(scale: int, target: float, data: st.DataObject) -> None:
    """Accuracies are fractions of whole rows and the targets decimals (`check`'s 0.10, the builder's 0.05): a gain of
    exactly a target (0.55 - 0.5, which float subtraction makes 0.050000000000000044) must not read as over it, and
    one row more must."""
    rows = 20 * scale
    more = round(target * rows)
    base = data.draw(st.integers(min_value=0, max_value=rows - more - 1))
    assert not gain((base + more) / rows, base / rows) > target
    assert gain((base + more + 1) / rows, base / rows) > target
