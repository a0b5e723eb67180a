"""The local grader's text path against real replies graded by LLM judges (shared graded_replies, dev split only).

A judge errs at times (a gold misspelt, a lenient call), so the bar is agreement well above 90%, not 100%. Only
rows of the development split are read: the rest are the held-out check.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path

import pytest

from nohallucinate.graders.local.short_answer import judge_answerable

TEXT_TYPES = ("Person", "Place", "Other")


def is_dev(question: str) -> bool:
    return int(hashlib.sha256(question.encode()).hexdigest(), 16) % 10 < 7


@pytest.fixture(scope="module")
def dev_text_rows(shared_dir: Path) -> list[dict[str, str]]:
    path = shared_dir / "data" / "graded_replies" / "simpleqa_graded.jsonl"
    with path.open(encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    return [r for r in rows if r["answer_type"] in TEXT_TYPES and is_dev(r["question"])]


def test_text_verdicts_agree_with_the_judges_on_english_replies(dev_text_rows: list[dict[str, str]]) -> None:
    rows = [r for r in dev_text_rows if r["language"] == "en"]
    agree = Counter()
    for row in rows:
        label, _ = judge_answerable(row["question"], row["gold"], row["reply"])
        agree[(row["answer_type"], label.value == row["label"])] += 1
    for answer_type in TEXT_TYPES:
        rate = agree[(answer_type, True)] / (agree[(answer_type, True)] + agree[(answer_type, False)])
        assert rate >= 0.94, (answer_type, rate)
    assert sum(n for (_, ok), n in agree.items() if ok) / len(rows) >= 0.96


def test_czech_replies_are_graded_without_error(dev_text_rows: list[dict[str, str]]) -> None:
    rows = [r for r in dev_text_rows if r["language"] == "cs"][::4]  # a quarter: the same code paths, faster
    labels = Counter(judge_answerable(r["question"], r["gold"], r["reply"])[0].value for r in rows)
    assert len(rows) > 1000 and set(labels) <= {"CORRECT", "INCORRECT", "NOT_ATTEMPTED"}
