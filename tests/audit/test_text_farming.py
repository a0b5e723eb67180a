"""No fixed reply beats honest abstention on questions with text answers, under the text matcher's leniencies.

The bundled task sets hold only date and number golds, so this builds an answerable set from SimpleQA's
questions whose answers are names, places and other text (a third of them, every third row, to keep the test
quick), and runs every strategy of the audit catalogue on it with the local grader.
"""

from __future__ import annotations

import ast
import asyncio
import csv
from pathlib import Path

import pytest

from nohallucinate.audit import BEST_PER_FORM, MARGIN, STRATEGIES, run_audit
from nohallucinate.graders import LocalGrader
from nohallucinate.tasks import Family, Task
from nohallucinate.tasks.forms import question_subject
from nohallucinate.tasks.model import Subject

TEXT_TYPES = ("Person", "Place", "Other")
TEXT_STRATEGIES = (
    "typical_surname",
    "typical_initials",
    "typical_monogram",
    "alias_list",
    "names_either_or",
    "common_names_list",
    "common_names_bare_list",
    "common_names_bullets",
    "common_names_listed_in_czech",
    "typical_then_dont_know",
)


@pytest.fixture(scope="module")
def simpleqa_text_tasks(shared_dir: Path) -> list[Task]:
    path = shared_dir / "data" / "simpleqa" / "simple_qa_test_set.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    tasks = []
    for index, row in enumerate(rows):
        if index % 3 or ast.literal_eval(row["metadata"])["answer_type"] not in TEXT_TYPES:
            continue
        tasks.append(
            Task(
                task_id=f"simpleqa-{index}",
                family=Family.PRECISE_FACT,
                tier="hard",
                question=row["problem"],
                gold=row["answer"],
                subject=Subject(label=question_subject(row["problem"]) or "unknown"),
                provenance={"source": "simpleqa", "row": index},
            )
        )
    return tasks


def test_no_fixed_strategy_beats_abstention_on_text_answers(simpleqa_text_tasks: list[Task]) -> None:
    assert {s.name for s in STRATEGIES} >= set(TEXT_STRATEGIES)
    report = asyncio.run(run_audit(simpleqa_text_tasks, LocalGrader(), STRATEGIES))
    assert not report.errors
    (family,) = report.families
    assert family.family is Family.PRECISE_FACT and family.floor == 0.5 and family.ceiling.n > 600
    over = {
        name: figure.mean
        for name, figure in family.strategies.items()
        if name != BEST_PER_FORM and (figure.mean or 0.0) > family.floor + MARGIN
    }
    assert not over, over
    assert family.passed, (family.best, family.ceiling)
