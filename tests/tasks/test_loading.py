"""The task and responses loaders: every bad row is an error naming file, line, field and reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nohallucinate.tasks import Family, FormatError, Task, load_replies, load_tasks

GOOD = {
    "task_id": "t1",
    "family": "precise_fact",
    "tier": "easy",
    "question": "On what day, month and year was Douglas Adams born?",
    "gold": "11 March 1952",
    "subject": {"qid": "Q42", "label": "Douglas Adams"},
    "provenance": {"source": "test"},
}


def write(tmp_path: Path, *rows: object, name: str = "tasks.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n", encoding="utf-8")
    return path


def error_of(path: Path, loader=load_tasks) -> FormatError:
    with pytest.raises(FormatError) as caught:
        loader(path)
    return caught.value


def test_a_valid_row_loads(tmp_path: Path) -> None:
    [task] = load_tasks(write(tmp_path, GOOD))
    assert task.family is Family.PRECISE_FACT and task.gold == "11 March 1952"


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"family": "trivia"}, "family", "Input should be"),
        ({"tier": "impossible"}, "tier", "Input should be"),
        ({"question": "   "}, "question", "must not be blank"),
        ({"gold": None}, "gold", "required for this family"),
        ({"defect": "made up"}, "defect", "must be absent for this family"),
        ({"k": 12}, "k", "must be absent for this family"),
        ({"subject": {"qid": "42", "label": "Douglas Adams"}}, "subject.qid", "should match pattern"),
        ({"colour": "blue"}, "colour", "unknown field"),
    ],
)
def test_a_bad_field_names_line_field_and_reason(tmp_path: Path, change: dict, field: str, reason: str) -> None:
    row = {**GOOD, "task_id": "t2", **change}
    error = error_of(write(tmp_path, GOOD, row))
    assert (error.line, error.field) == (2, field)
    assert reason in error.reason
    assert f"tasks.jsonl:2: field '{field}'" in str(error)


def test_a_missing_field_is_named(tmp_path: Path) -> None:
    row = {k: v for k, v in GOOD.items() if k != "provenance"}
    error = error_of(write(tmp_path, row))
    assert (error.line, error.field, error.reason) == (1, "provenance", "missing required field")


def test_untiered_family_rejects_a_tier(tmp_path: Path) -> None:
    row = {**GOOD, "family": "ambiguous_entity", "gold": None, "defect": "several people share the name"}
    error = error_of(write(tmp_path, row))
    assert error.field == "tier" and "untiered" in error.reason


def test_invalid_json_names_the_line(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD, '{"task_id": "t2", '))
    assert error.line == 2 and error.field is None and "invalid JSON" in error.reason


def test_a_line_that_is_not_an_object(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD, "[1, 2]"))
    assert error.line == 2 and "expected a JSON object" in error.reason


def test_duplicate_task_ids_are_an_error(tmp_path: Path) -> None:
    error = error_of(write(tmp_path, GOOD, GOOD))
    assert (error.line, error.field) == (2, "task_id") and "duplicate of line 1" in error.reason


def test_empty_and_missing_files_are_errors(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("\n\n")
    assert "no rows" in error_of(empty).reason and error_of(empty).line is None
    absent = error_of(tmp_path / "absent.jsonl")
    assert absent.line is None and str(absent) == f"{tmp_path / 'absent.jsonl'}: no such file"  # no line: no "line 0"


def test_blank_lines_are_skipped_and_line_numbers_stay_true(tmp_path: Path) -> None:
    path = write(tmp_path, GOOD, "", {**GOOD, "task_id": "t2", "family": "unknown"})
    assert error_of(path).line == 3


def test_biography_needs_article_and_k() -> None:
    with pytest.raises(ValueError, match="article: required"):
        Task.model_validate({**GOOD, "family": "biography", "gold": None, "k": 12})


def test_replies_must_name_known_tasks(tmp_path: Path) -> None:
    tasks = load_tasks(write(tmp_path, GOOD))
    path = write(tmp_path, {"task_id": "t1", "response": "1952"}, {"task_id": "nope", "response": "x"}, name="r.jsonl")
    with pytest.raises(FormatError) as caught:
        load_replies(path, tasks)
    assert (caught.value.line, caught.value.field) == (2, "task_id") and "unknown task id" in caught.value.reason


def test_a_reply_without_response_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, {"task_id": "t1"}, name="r.jsonl")
    error = error_of(path, load_replies)
    assert (error.line, error.field, error.reason) == (1, "response", "missing required field")


def test_the_same_reply_twice_is_an_error(tmp_path: Path) -> None:
    path = write(tmp_path, {"task_id": "t1", "response": "a"}, {"task_id": "t1", "response": "b"}, name="r.jsonl")
    assert "duplicate" in error_of(path, load_replies).reason
