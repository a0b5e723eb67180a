"""The task set the labelled replies in tests/data were written against (the first demo set, kept as it was)."""

from __future__ import annotations

from pathlib import Path

from nohallucinate.tasks import Task, load_tasks

LABELLED_TASKS_PATH = Path(__file__).resolve().parents[1] / "data" / "labelled_tasks.jsonl"


def labelled_tasks() -> list[Task]:
    return load_tasks(LABELLED_TASKS_PATH)
