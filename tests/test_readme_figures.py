"""The documentation's reward-integrity figures are what the code computes: the audit table (docs/concepts/audit.md),
the demo set's question forms (docs/dataset.md), and the grader's agreement with the human labels
(docs/concepts/graders.md)."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from nohallucinate.audit import STRATEGIES, run_audit
from nohallucinate.graders import LocalGrader
from nohallucinate.tasks import Family, Reply, load_demo_tasks
from nohallucinate.tasks.forms import form_balance
from support.task_sets import labelled_tasks

ROOT = Path(__file__).resolve().parents[1]
AUDIT = ROOT / "docs" / "concepts" / "audit.md"
DATASET = ROOT / "docs" / "dataset.md"
GRADERS = ROOT / "docs" / "concepts" / "graders.md"


def table_rows(page: Path, first_header: str) -> list[list[str]]:
    """The body rows of the markdown table of `page` whose header starts with `first_header`, cells stripped."""
    lines = page.read_text(encoding="utf-8").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header}"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip().strip("|").split("|")])
    return rows


@pytest.mark.parametrize(("column", "tasks"), [(1, load_demo_tasks()), (2, labelled_tasks())], ids=["demo", "lab"])
def test_the_audit_table_is_what_the_audit_computes(column: int, tasks) -> None:
    report = asyncio.run(run_audit(tasks, LocalGrader(), STRATEGIES))
    written = {row[0]: row[column] for row in table_rows(AUDIT, "family | demo set (")}
    for family in report.families:
        assert written[family.family.value] == f"{family.ceiling.mean:.3f} ± {family.ceiling.se:.3f}"


def test_the_demo_forms_table_is_the_demo_set() -> None:
    balance = form_balance(load_demo_tasks())
    written = {row[0].replace("`", ""): row[1:] for row in table_rows(DATASET, "question form (names")}
    columns = [Family.FALSE_PREMISE, Family.NONEXISTENT_ENTITY, Family.UNRECORDED_FACT, Family.AMBIGUOUS_ENTITY]
    for share in balance.forms:
        cells = [str(share.rows), str(share.answerable)] + [str(share.families.get(f, "–")) for f in columns]
        assert written[share.form] == cells
    guess = f"right {balance.classifier_accuracy:.1%} of the time against a base rate of {balance.base_rate:.1%}"
    assert guess in DATASET.read_text(encoding="utf-8").replace("\n", " ")


def test_the_agreement_table_is_what_the_grader_scores() -> None:
    data = ROOT / "tests" / "data"
    tasks = {task.task_id: task for task in labelled_tasks()}
    written = {row[0]: row[1:3] for row in table_rows(GRADERS, "family | labelled set (291")}
    grader = LocalGrader()
    for column, name in enumerate(("labelled_replies.jsonl", "heldout_replies.jsonl")):
        agree: dict[str, list[int]] = {}
        for line in (data / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            task = tasks[row["task_id"]]
            label = grader.grade_now(task, Reply(task_id=task.task_id, response=row["response"])).label
            counts = agree.setdefault(task.family.value, [0, 0])
            counts[0] += label == row["label"]
            counts[1] += 1
        for family, (hit, total) in agree.items():
            assert re.match(rf"{hit}/{total} \({round(100 * hit / total)}%\)$", written[family][column]), family
