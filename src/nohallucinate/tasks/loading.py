"""Read task and response files, failing loudly with file, line, field and reason."""

from __future__ import annotations

import json
from collections.abc import Iterable
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from nohallucinate.tasks.model import Reply, Task

Row = TypeVar("Row", bound=BaseModel)


class FormatError(ValueError):
    """A row of a JSONL file is malformed; the message names the file, line, field and reason."""

    def __init__(self, path: Path | str, line: int, field: str | None, reason: str) -> None:
        self.path, self.line, self.field, self.reason = str(path), line, field, reason
        where = f"{self.path}:{line}" + (f": field '{field}'" if field else "")
        super().__init__(f"{where}: {reason}")


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
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FormatError(path, 0, None, "file not found") from None
    except UnicodeDecodeError as exc:
        raise FormatError(path, 0, None, f"not UTF-8 ({exc.reason})") from None
    rows: list[tuple[int, Row]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue  # blank lines carry no row; anything else must parse
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FormatError(path, number, None, f"invalid JSON: {exc.msg} at column {exc.colno}") from None
        if not isinstance(raw, dict):
            raise FormatError(path, number, None, f"expected a JSON object, got {type(raw).__name__}")
        try:
            rows.append((number, model.model_validate(raw)))
        except ValidationError as exc:
            field, reason = _field_and_reason(exc.errors()[0])
            raise FormatError(path, number, field, reason) from None
    if not rows:
        raise FormatError(path, 0, None, "the file holds no rows")
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
