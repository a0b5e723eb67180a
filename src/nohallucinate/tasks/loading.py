"""Read task and response files, failing loudly with file, line, field and reason."""

from __future__ import annotations

from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from nohallucinate.jsonl import FormatError, read_json_lines
from nohallucinate.tasks.model import Reply, Task

Row = TypeVar("Row", bound=BaseModel)


def load_tasks(path: Path | str) -> list[Task]:
    """Load and validate every task of a JSONL file; duplicated ids are an error."""
    tasks = _load_rows(Path(path), Task)
    _reject_duplicates(path, ((t.task_id, i) for i, t in tasks))
    return [t for _, t in tasks]


def load_replies(path: Path | str, tasks: Iterable[Task] | None = None) -> list[Reply]:
    """Load `{"task_id", "response"}` lines; with `tasks`, every id must name a known task."""
    replies = _load_rows(Path(path), Reply)
    _reject_duplicates(path, (((r.task_id, r.sample), i) for i, r in replies))
    if tasks is not None:
        known = {t.task_id for t in tasks}
        for line, reply in replies:
            if reply.task_id not in known:
                raise FormatError(path, line, "task_id", f"unknown task id {reply.task_id!r}")
    return [r for _, r in replies]


def demo_tasks_path() -> Path:
    """The bundled demo task file (all seven families, offline)."""
    return Path(str(resources.files("nohallucinate.tasks").joinpath("demo_tasks.jsonl")))


def load_demo_tasks() -> list[Task]:
    return load_tasks(demo_tasks_path())


def _load_rows(path: Path, model: type[Row]) -> list[tuple[int, Row]]:
    rows: list[tuple[int, Row]] = []
    for number, raw in read_json_lines(path):
        try:
            rows.append((number, model.model_validate(raw)))
        except ValidationError as exc:
            field, reason = _field_and_reason(exc.errors()[0])
            raise FormatError(path, number, field, reason) from None
    return rows


def _field_and_reason(error: Any) -> tuple[str | None, str]:
    field = ".".join(str(part) for part in error["loc"]) or None
    message = str(error["msg"]).removeprefix("Value error, ")
    if field is None and ": " in message:  # a whole-row rule that names its field
        field, message = message.split(": ", 1)
    if error["type"] == "missing":
        message = "missing required field"
    elif error["type"] == "extra_forbidden":
        message = "unknown field"
    return field, message


def _reject_duplicates(path: Path | str, keyed: Iterable[tuple[object, int]]) -> None:
    seen: dict[object, int] = {}
    for key, line in keyed:
        if key in seen:
            raise FormatError(path, line, "task_id", f"duplicate of line {seen[key]}")
        seen[key] = line
