"""Real disagreements between the local grader and outside judges, kept as regressions.

tests/data/outside_disagreements.jsonl names rows of shared/data/graded_replies (by source, model, language and
SimpleQA row; the texts stay in shared/) that the local grader of 720eabb graded otherwise than the judge. Each
row says the judge's label and the local label now: `agrees` rows are fixed and must stay fixed; the others say
`why` they still differ (a deliberate deviation, a judge's error, or what the readers do not read yet). A change
that fixes one of those updates its row.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nohallucinate.agreement import LabelledReply
from nohallucinate.graders import LocalGrader

REGRESSIONS = Path(__file__).resolve().parents[1] / "data" / "outside_disagreements.jsonl"
CASES = [json.loads(line) for line in REGRESSIONS.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def shared_rows(graded_replies: tuple[LabelledReply, ...]) -> dict[tuple, LabelledReply]:
    rows = {}
    for row in graded_replies:
        provenance = row.task.provenance
        rows[(row.source, row.model, row.language, provenance["simpleqa_row"])] = row
    return rows


def test_the_file_names_fixed_rows_and_explains_the_rest() -> None:
    assert len(CASES) > 200
    assert all(case["agrees"] == (case["judge"] == case["local"]) for case in CASES)
    assert all(case["why"] for case in CASES if not case["agrees"])


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c['model'][:12]}:{c['simpleqa_row']}")
def test_a_recorded_disagreement_grades_as_recorded(case: dict, shared_rows: dict[tuple, LabelledReply]) -> None:
    row = shared_rows[(case["source"], case["model"], case["language"], case["simpleqa_row"])]
    assert row.label.value == case["judge"]
    label = LocalGrader().grade_now(row.task, row.reply).label
    assert label is not None and label.value == case["local"], case.get("why", f"was {case.get('was')}")
