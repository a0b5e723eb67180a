"""Read task and response files, failing loudly with file, line, field and reason."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path

from nohallucinate.jsonl import FormatError
from nohallucinate.tasks.inputs import load_rows, quote, reject_duplicates
from nohallucinate.tasks.model import Reply, Task


def load_tasks(path: Path | str) -> list[Task]:
    """Load and validate every task of a JSONL file; duplicated ids are an error."""
    tasks = load_rows(path, Task)
    reject_duplicates(path, ((t.task_id, i) for i, t in tasks), "task_id")
    return [t for _, t in tasks]


def load_replies(path: Path | str, tasks: Iterable[Task] | None = None) -> list[Reply]:
    """Load `{"task_id", "response"}` lines; with `tasks`, every id must name a known task."""
    replies = load_rows(path, Reply)
    reject_duplicates(path, (((r.task_id, r.sample), i) for i, r in replies), "task_id")
    if tasks is not None:
        known = {t.task_id for t in tasks}
        for line, reply in replies:
            if reply.task_id not in known:
                raise FormatError(path, line, "task_id", f"unknown task id {quote(reply.task_id)}")
    return [r for _, r in replies]


def demo_tasks_path() -> Path:
    """The bundled demo task file (all seven families, offline)."""
    return Path(str(resources.files("nohallucinate.tasks").joinpath("demo_tasks.jsonl")))


def load_demo_tasks() -> list[Task]:
    return load_tasks(demo_tasks_path())
