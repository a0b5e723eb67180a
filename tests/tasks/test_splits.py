"""Splits: the builder holds out whole subjects, in the families' proportions and the same in every process; `check`
refuses a subject in two splits; every command selects a split; the demo set carries one."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.env import NoHallucinateEnv
from nohallucinate.errors import UserInputError
from nohallucinate.runs import read_config, read_verdicts
from nohallucinate.tasks import Task, load_demo_tasks
from nohallucinate.tasks.checks import task_set_problems
from nohallucinate.tasks.forms import question_subject
from nohallucinate.tasks.recurrence import name_key
from nohallucinate.tasks.splits import (
    TEST,
    TRAIN,
    assign_splits,
    select_split,
    split_of,
    subject_groups,
    subjects_in_two_splits,
)

runner = CliRunner()
DEMO = load_demo_tasks()


def subjects(tasks: list[Task]) -> set[str]:
    return {task.subject.qid or task.subject.label.casefold() for task in tasks}


def test_the_demo_set_holds_out_a_quarter_of_it_with_no_subject_in_both() -> None:
    train, test = select_split(DEMO, TRAIN), select_split(DEMO, TEST)
    assert len(train) + len(test) == len(DEMO) and all(task.split in (TRAIN, TEST) for task in DEMO)
    assert subjects(train).isdisjoint(subjects(test)) and not subjects_in_two_splits(DEMO)

    # Nor a person a question names: "did X receive the (invented) Y?" is about X too, though its subject is Y.
    def people(tasks: list[Task]) -> set[str]:
        return {name_key(name) for t in tasks for name in (t.subject.label, question_subject(t.question)) if name}

    assert people(train).isdisjoint(people(test))
    everyone, held = Counter(t.family for t in DEMO), Counter(t.family for t in test)
    for family, count in everyone.items():  # every family held out at most its share, rounded up
        assert 0 < held[family] <= -(-count // 4), (family, held[family], count)
    assert 0.2 <= len(test) / len(DEMO) <= 0.3


@settings(max_examples=30, deadline=None)
@given(st.floats(min_value=0.05, max_value=0.95), st.integers(min_value=0, max_value=10_000))
def test_assignment_keeps_subjects_together_for_any_share_and_seed(share: float, seed: int) -> None:
    plain = [task.model_copy(update={"split": None}) for task in DEMO]
    assigned = assign_splits(plain, share, seed)
    assert [t.model_copy(update={"split": None}) for t in assigned] == plain  # nothing but the split changes
    for group in subject_groups(assigned):
        assert len({assigned[index].split for index in group}) == 1


def test_the_assignment_is_the_same_in_a_fresh_process() -> None:
    code = (
        "from nohallucinate.tasks import load_demo_tasks\n"
        "from nohallucinate.tasks.splits import assign_splits\n"
        "tasks = [t.model_copy(update={'split': None}) for t in load_demo_tasks()]\n"
        "print(''.join('1' if t.split == 'test' else '0' for t in assign_splits(tasks, 0.25, 19)))\n"
    )

    def drawn(hash_seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env).stdout

    runs = {drawn(hash_seed) for hash_seed in ("1", "2", "3")}
    assert len(runs) == 1
    assert runs.pop().strip() == "".join("1" if task.split == TEST else "0" for task in DEMO)  # the demo set's own


def test_check_refuses_a_subject_in_two_splits() -> None:
    groups = [group for group in subject_groups(DEMO) if len(group) > 1]
    index = groups[0][0]
    moved = list(DEMO)
    moved[index] = DEMO[index].model_copy(update={"split": TEST if split_of(DEMO[index]) == TRAIN else TRAIN})
    problems = task_set_problems(moved)
    assert any("is in the splits test and train" in problem for problem in problems), problems


def test_a_row_without_a_split_is_in_train_and_an_unknown_split_is_refused() -> None:
    plain = [task.model_copy(update={"split": None}) for task in DEMO[:5]]
    assert select_split(plain, TRAIN) == plain and select_split(plain, None) == plain
    with pytest.raises(UserInputError, match="the splits are train"):
        select_split(plain, TEST)
    with pytest.raises(UserInputError, match="strictly between 0 and 1"):
        assign_splits(plain, 1.0)


def test_a_sweep_takes_one_split_records_it_and_resumes_on_it(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--split", "test", "--out",
                                 str(tmp_path / "run")])  # fmt: skip
    assert result.exit_code == 0, result.output
    assert read_config(tmp_path / "run").split == TEST
    held = {task.task_id for task in DEMO if task.split == TEST}
    assert {verdict.task_id for verdict in read_verdicts(tmp_path / "run")} == held
    again = runner.invoke(app, ["sweep", "--resume", str(tmp_path / "run"), "--split", "train"])
    assert again.exit_code == 2 and "--split" in again.stderr
    report = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert report.exit_code == 0 and "split: test" in (tmp_path / "report" / "report.html").read_text()


def test_without_split_a_command_says_it_takes_every_split(tmp_path: Path) -> None:
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "1", "--out",
                                 str(tmp_path / "run")])  # fmt: skip
    assert result.exit_code == 0
    assert "the task file has the splits train, test; taking all of them (--split test" in result.stderr
    unknown = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--split", "validation"])
    assert unknown.exit_code == 2 and "no task is in that split; the splits are train, test" in unknown.stderr


def test_export_prompts_and_audit_take_a_split(tmp_path: Path) -> None:
    from datasets import load_from_disk

    exported = runner.invoke(app, ["export-prompts", "--split", "train", "--out", str(tmp_path / "prompts")])
    assert exported.exit_code == 0, exported.output
    assert {row["task_id"] for row in load_from_disk(str(tmp_path / "prompts"))} == {
        task.task_id for task in DEMO if task.split == TRAIN
    }
    audited = runner.invoke(app, ["audit", "--split", "test", "--plan"])
    held = sum(task.split == TEST for task in DEMO)
    assert audited.exit_code == 0 and f"on {held} tasks" in audited.stderr


def test_the_in_process_environment_lists_each_split() -> None:
    env = NoHallucinateEnv(DEMO)
    assert env.splits() == [TRAIN, TEST]
    assert set(env.task_ids(TEST)) == {task.task_id for task in DEMO if task.split == TEST}
    assert len(env.task_ids(TRAIN)) + len(env.task_ids(TEST)) == len(DEMO)
    plain = NoHallucinateEnv([task.model_copy(update={"split": None}) for task in DEMO])
    assert plain.splits() == [TRAIN] and len(plain.task_ids()) == len(DEMO)


def test_the_readme_splits_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shlex

    from support.readme import readme_example

    monkeypatch.chdir(tmp_path)
    for line in readme_example("splits").body.splitlines():
        result = runner.invoke(app, shlex.split(line)[1:])
        assert result.exit_code == 0, f"{line}\n{result.output}"
    train, test = select_split(DEMO, TRAIN), select_split(DEMO, TEST)
    assert (len(train), len(test)) == (115, 40)  # as the README says
    assert len(read_verdicts(tmp_path / "runs" / "held-out")) == len(test)


@pytest.mark.parametrize("split", [TRAIN, TEST])
def test_each_split_of_the_demo_set_checks_and_audits_on_its_own(split: str) -> None:
    """A split is what a trainer trains on or an evaluator measures: no fixed reply may beat abstaining on it."""
    assert task_set_problems(select_split(DEMO, split)) == []
    audited = runner.invoke(app, ["audit", "--split", split])
    assert audited.exit_code == 0 and "audit passed" in audited.stderr + audited.stdout, audited.output
