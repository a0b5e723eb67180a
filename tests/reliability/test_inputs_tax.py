"""`tax grade` generations and `tax run --samples`: sample indices and counts are bounded integers, bad input exit 2."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.errors import UserInputError
from nohallucinate.jsonl import FormatError
from nohallucinate.tax import TaxItem, load_generations
from nohallucinate.tax.run import parse_samples

runner = CliRunner()
ITEMS = [TaxItem("gsm8k", "0", "What is 1 + 1?", True, ("2",)), TaxItem("gsm8k", "1", "What is 2 + 2?", True, ("4",))]


def write_lines(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    return path


@pytest.mark.parametrize("sample", [pytest.param(10**400, id="10**400"), True, -1, 10_001, 1.0, "0"])
def test_a_generation_sample_outside_0_to_10000_or_not_an_integer_is_refused(tmp_path: Path, sample: Any) -> None:
    path = write_lines(
        tmp_path / "g.jsonl", [{"id": "0", "response": "2"}, {"id": "1", "sample": sample, "response": "4"}]
    )
    with pytest.raises(FormatError) as caught:
        load_generations(path, ITEMS)
    assert (caught.value.line, caught.value.field) == (2, "sample") and len(str(caught.value)) < 500


def test_generations_with_numeric_ids_and_the_highest_sample_load(tmp_path: Path) -> None:
    path = write_lines(
        tmp_path / "g.jsonl", [{"id": 0, "response": "2"}, {"id": "1", "sample": 10_000, "response": "4"}]
    )
    assert [(g.id, g.sample) for g in load_generations(path, ITEMS)] == [("0", 0), ("1", 10_000)]


@pytest.mark.parametrize("identifier", [True, None, 1.0])
def test_a_generation_id_that_is_not_text_or_an_integer_is_refused(tmp_path: Path, identifier: Any) -> None:
    with pytest.raises(FormatError) as caught:
        load_generations(write_lines(tmp_path / "g.jsonl", [{"id": identifier, "response": "2"}]), ITEMS)
    assert caught.value.field == "id"


def test_the_same_id_and_sample_twice_is_refused_however_the_id_is_written(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", [{"id": "0", "response": "2"}, {"id": 0, "sample": 0, "response": "3"}])
    with pytest.raises(FormatError) as caught:
        load_generations(path, ITEMS)
    assert (caught.value.line, caught.value.field, caught.value.reason) == (2, "sample", "duplicate of line 1")


@pytest.mark.parametrize("count", ["0", "-1", "10001", "²", "9" * 5000, "", "1.5"],
                         ids=["0", "-1", "10001", "superscript two", "5000 digits", "empty", "1.5"])  # fmt: skip
def test_samples_per_item_outside_1_to_10000_are_refused(count: str) -> None:
    with pytest.raises(UserInputError, match="whole number from 1 to 10,000") as caught:
        parse_samples([f"amc23={count}"], ["amc23"])
    assert len(str(caught.value)) < 500


def test_samples_per_item_up_to_10000_are_taken() -> None:
    assert parse_samples(["amc23=10000", "gsm8k=3"], ["amc23", "gsm8k"]) == {"amc23": 10_000, "gsm8k": 3}


def test_tax_grade_exits_2_on_a_huge_sample(shared_dir: Path, tmp_path: Path) -> None:
    path = write_lines(tmp_path / "g.jsonl", [{"id": "0", "sample": 10**400, "response": r"\boxed{18}"}])
    result = runner.invoke(app, ["tax", "grade", "--benchmark", "gsm8k", "--generations", str(path),
                                 "--data-dir", str(shared_dir / "data" / "hallucination_tax")])  # fmt: skip
    assert result.exit_code == 2
    assert "g.jsonl:1: field 'sample'" in result.stderr and len(result.stderr) < 500
