"""Labelled replies: a task, a reply to it, and the label a careful judge gave it, read from either of two formats.

1. Our labelled files (tests/data/labelled_replies.jsonl): `{"task_id", "response", "label", ...}` a line, graded
   against a task file; the label is one of the row's family's ladder labels. Rows group by family.
2. Graded replies (shared/data/graded_replies): `{"source", "model", "judge", "language", "simpleqa_row",
   "answer_type", "question", "gold", "reply", "label"}` a line, a SimpleQA reply and an outside judge's grade. Each
   row becomes an answerable short-answer task of its own. Rows group by answer type, and by date, number or text.

The format is told by the first row's fields; every bad line is refused with file, line, field and reason.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nohallucinate.bounds import quote
from nohallucinate.graders.ladder import Label, labels_for
from nohallucinate.jsonl import FormatError, read_json_lines
from nohallucinate.tasks import Family, Reply, Subject, Task

GRADED_FIELDS = ("source", "model", "language", "answer_type", "question", "gold", "reply", "label")
# The three groups the SimpleQA answer types fall into: how the local grader reads the gold.
ANSWER_GROUPS = {"Date": "date", "Number": "number"}  # every other type (Person, Place, Other) is text


@dataclass(frozen=True)
class LabelledReply:
    """One reply with its reference label, and the groups it is counted in (family, or answer type and kind)."""

    task: Task
    reply: Reply
    label: Label
    groups: tuple[str, ...]
    language: str | None = None  # of a graded reply: its language, the repository it came from, the model that wrote it
    source: str | None = None
    model: str | None = None


def load_labelled(path: Path | str, tasks: Iterable[Task] | None = None) -> list[LabelledReply]:
    """The labelled replies of a file, in either format; our format needs the tasks its rows name."""
    rows = read_json_lines(path)
    first = rows[0][1]
    if all(field in first for field in GRADED_FIELDS):
        return [_graded(path, line, row) for line, row in rows]
    if {"task_id", "response", "label"} <= first.keys():
        if tasks is None:
            raise FormatError(path, None, None, "labelled replies name tasks: give the task file with --tasks")
        by_id = {task.task_id: task for task in tasks}
        return _ours(path, rows, by_id)
    raise FormatError(
        path, rows[0][0], None,
        "neither format: expected task_id, response and label, or the graded-replies fields "
        f"({', '.join(GRADED_FIELDS)})",
    )  # fmt: skip


def _ours(path: Path | str, rows: list[tuple[int, dict[str, Any]]], by_id: dict[str, Task]) -> list[LabelledReply]:
    labelled: list[LabelledReply] = []
    seen: dict[str, int] = {}
    for line, row in rows:
        task_id, response = _text(path, line, row, "task_id"), _text(path, line, row, "response", blank=True)
        if task_id not in by_id:
            raise FormatError(path, line, "task_id", f"unknown task id {quote(task_id)}")
        task = by_id[task_id]
        sample = seen.setdefault(task_id, 0)
        seen[task_id] += 1  # several labelled replies to one task are samples 0, 1, ...
        label = _label(path, line, row, labels_for(task.family))
        reply = Reply(task_id=task_id, response=response, sample=sample)
        labelled.append(LabelledReply(task, reply, label, (task.family.value,)))
    return labelled


def _graded(path: Path | str, line: int, row: dict[str, Any]) -> LabelledReply:
    values = {field: _text(path, line, row, field, blank=field == "reply") for field in GRADED_FIELDS}
    label = _label(path, line, row, labels_for(Family.PRECISE_FACT))
    task = Task(
        task_id=f"line{line}",
        family=Family.PRECISE_FACT,
        tier="hard",  # SimpleQA is not tiered by notability; the field is required of the family, and unread here
        question=values["question"],
        gold=values["gold"],
        subject=Subject(label=values["question"][:80]),
        provenance={key: row[key] for key in ("source", "model", "judge", "simpleqa_row") if key in row},
    )
    answer_type = values["answer_type"]
    groups = (answer_type, ANSWER_GROUPS.get(answer_type, "text"))
    reply = Reply(task_id=task.task_id, response=values["reply"])
    return LabelledReply(task, reply, label, groups, values["language"], values["source"], values["model"])


def _text(path: Path | str, line: int, row: dict[str, Any], field: str, blank: bool = False) -> str:
    value = row.get(field)
    if field not in row:
        raise FormatError(path, line, field, "missing required field")
    if not isinstance(value, str) or (not blank and not value.strip()):
        raise FormatError(path, line, field, f"expected a non-empty string, got {quote(value)}")
    return value


def _label(path: Path | str, line: int, row: dict[str, Any], allowed: tuple[Label, ...]) -> Label:
    value = row.get("label")
    if value not in {label.value for label in allowed}:
        names = ", ".join(label.value for label in allowed)
        raise FormatError(path, line, "label", f"expected one of {names}, got {quote(value)}")
    return Label(value)
