"""Errors quote a short prefix of a bad value, never the whole of it: a 2 MB id gives a line of error, not 2 MB."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.cli.output import MESSAGE_CHARS, fail, or_exit
from nohallucinate.enokiqa import load_enokiqa
from nohallucinate.errors import UserInputError
from nohallucinate.jsonl import FormatError
from nohallucinate.tasks import demo_tasks_path, load_tasks
from nohallucinate.tasks.inputs import QUOTE_CHARS, clip, quote
from nohallucinate.tax import TaxItem, load_generations

runner = CliRunner()
HUGE = 2_000_000
MINI = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa" / "mini.jsonl"


def write_lines(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


def test_quote_gives_a_short_prefix_and_the_length() -> None:
    assert quote("t1") == "'t1'"
    assert quote("x" * HUGE) == f"'{'x' * QUOTE_CHARS}'… (2,000,000 characters)"
    assert len(quote(list(range(HUGE)))) < 2 * QUOTE_CHARS
    assert quote(10**401).endswith("… (402 characters)")
    assert clip("short") == "short" and clip("y" * 100, 10) == "yyyyyyyyyy… (100 characters)"


def test_grade_quotes_a_huge_unknown_task_id_short(tmp_path: Path) -> None:
    responses = write_lines(tmp_path / "r.jsonl", [{"task_id": "x" * HUGE, "response": "I don't know."}])
    result = runner.invoke(app, ["grade", "--responses", str(responses)])
    assert result.exit_code == 2
    assert len(result.stderr) < 500
    # refused by the id bound (MAX_ID_CHARS) before it is looked up, and quoted short
    assert "field 'task_id': String should have at most 512 characters" in result.stderr
    assert "(2,000,000 characters)" in result.stderr


def test_an_unknown_field_with_a_huge_name_is_named_short(tmp_path: Path) -> None:
    row = json.loads(demo_tasks_path().read_text(encoding="utf-8").splitlines()[0])
    path = write_lines(tmp_path / "tasks.jsonl", [{**row, "z" * HUGE: 1}])
    with pytest.raises(FormatError) as caught:
        load_tasks(path)
    assert caught.value.reason == "unknown field"
    assert len(str(caught.value)) < 500 and "(2,000,000 characters)" in str(caught.value)


def test_a_bad_value_named_in_a_pydantic_reason_is_quoted_short(tmp_path: Path) -> None:
    row = json.loads(demo_tasks_path().read_text(encoding="utf-8").splitlines()[0])
    path = write_lines(tmp_path / "tasks.jsonl", [{**row, "tier": "h" * HUGE}])
    with pytest.raises(FormatError) as caught:
        load_tasks(path)
    assert caught.value.field == "tier" and len(str(caught.value)) < 500


def test_fail_and_or_exit_clip_whatever_message_they_are_given(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(typer.Exit) as caught:
        fail("m" * HUGE)
    assert caught.value.exit_code == 2
    assert MESSAGE_CHARS < len(capsys.readouterr().err) < MESSAGE_CHARS + 100

    def huge_error() -> None:
        raise UserInputError("v" * HUGE)  # what the CLI reports in one line (any other error keeps its traceback)

    with pytest.raises(typer.Exit):
        or_exit(huge_error)
    assert len(capsys.readouterr().err) < MESSAGE_CHARS + 100


def test_an_enokiqa_violation_names_a_huge_id_short(tmp_path: Path) -> None:
    record = json.loads(MINI.read_text(encoding="utf-8").splitlines()[0])
    record |= {"id": "e" * HUGE, "n_sentences": 99}  # a rule broken by a record with a huge id
    path = write_lines(tmp_path / "data.jsonl", [record])
    [violation] = load_enokiqa(path).violations
    assert len(violation.example_id) < 2 * QUOTE_CHARS
    result = runner.invoke(app, ["enoki", "validate", "--data", str(path)])
    assert result.exit_code == 1 and len(result.stdout) < 1_000


def test_a_tax_generation_for_a_huge_unknown_id_is_quoted_short(tmp_path: Path) -> None:
    items = [TaxItem("gsm8k", "0", "What is 1 + 1?", True, ("2",))]
    path = write_lines(tmp_path / "g.jsonl", [{"id": "9" * HUGE, "response": "2"}])
    with pytest.raises(FormatError) as caught:
        load_generations(path, items)
    assert caught.value.field == "id" and len(str(caught.value)) < 500


def test_check_quotes_problem_values_short(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in demo_tasks_path().read_text(encoding="utf-8").splitlines()]
    ambiguous = next(row for row in rows if row["family"] == "ambiguous_entity")
    answerable = next(row for row in rows if row["family"] == "precise_fact")
    label = "Q" * HUGE  # one name, ambiguous in one row and unique in another, and in both splits
    for row, split in ((ambiguous, "train"), (answerable, "test")):
        row["subject"] = {"qid": None, "label": label}
        row["split"] = split
    result = runner.invoke(app, ["check", "--tasks", str(write_lines(tmp_path / "tasks.jsonl", rows))])
    assert result.exit_code == 1
    assert "is ambiguous in" in result.stderr and "is in the splits test and train" in result.stderr
    assert len(result.stderr) < 5_000


def test_or_exit_lets_a_bug_keep_its_traceback() -> None:
    def bug() -> None:
        raise ValueError("not the user's doing")

    with pytest.raises(ValueError, match="not the user's doing"):
        or_exit(bug)
