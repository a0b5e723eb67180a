"""`enoki` inputs read exactly: thresholds and scores in [0, 1], finite numbers, no unknown fields in strict formats,
no repeated ids, and exit 2 for bad input in every command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.enokiqa import classification, load_detection_rows, load_enokiqa, load_predictions
from nohallucinate.jsonl import FormatError

runner = CliRunner()
MINI = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa" / "mini.jsonl"
MINI_LINES = MINI.read_text(encoding="utf-8").splitlines()
RAGTRUTH_ROW = {
    "example_index": 0, "row_id": "r1", "task_type": "QA", "model": "m", "question": "Who?", "context": "Ann did.",
    "answer_text": "Ann. Bob.", "answer_sentences": ["Ann.", "Bob."], "sentence_index": 0, "sentence": "Ann.",
    "hallucination_type": "No Hallucination", "gold_supported": True,
}  # fmt: skip
ANAH_ROW = {**{k: v for k, v in RAGTRUTH_ROW.items() if k not in ("row_id", "task_type", "model", "context")},
            "answer_index": 1, "model_key": "m", "reference": "# Ann\n\nAnn did."}  # fmt: skip


def enoki(*args: str) -> Any:
    return runner.invoke(app, ["enoki", *args])


def write_text(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


def oracle_lines() -> list[dict[str, Any]]:
    return [
        {"id": e.id, "sentence_scores": [max((t.hall_prob for t in s.triples), default=0.0) for s in e.sentences],
         "triple_scores": [[t.hall_prob for t in s.triples] for s in e.sentences]}
        for e in load_enokiqa(MINI).examples
    ]  # fmt: skip


# --- flags --------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("threshold", ["nan", "inf", "-0.1", "1.5"])
def test_eval_refuses_a_threshold_outside_0_1(threshold: str) -> None:
    result = enoki("eval", "--data", str(MINI), "--baseline", "random", "--threshold", threshold)
    assert result.exit_code == 2 and "--threshold" in result.output


@pytest.mark.parametrize("threshold", ["0", "1"])
def test_eval_takes_a_threshold_at_either_end(threshold: str) -> None:
    assert enoki("eval", "--data", str(MINI), "--baseline", "random", "--threshold", threshold).exit_code == 0


def test_classification_refuses_a_nan_threshold() -> None:
    with pytest.raises(ValueError, match="threshold must be a finite number"):
        classification([0, 1], [0.2, 0.8], threshold=float("nan"))


# --- predictions ----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("score", ["1.5", "-0.1", "NaN", "Infinity", "1e400", "9" * 401, "true", '"0.5"'],
                         ids=["1.5", "-0.1", "NaN", "Infinity", "1e400", "401 digits", "true", "a string"])  # fmt: skip
def test_a_sentence_score_that_is_not_a_probability_is_refused_naming_line_and_field(
    tmp_path: Path, score: str
) -> None:
    lines = [json.dumps(line) for line in oracle_lines()]
    first = json.loads(lines[0])
    lines[0] = json.dumps({**first, "sentence_scores": ["SCORE", *first["sentence_scores"][1:]]}).replace(
        '"SCORE"', score
    )
    result = enoki("eval", "--data", str(MINI), "--predictions", str(write_text(tmp_path / "p.jsonl", lines)))
    assert result.exit_code == 2 and not isinstance(result.exception, OverflowError)
    assert "p.jsonl:1: field 'sentence_scores[0]'" in result.stderr and len(result.stderr) < 500


def test_a_triple_score_above_1_is_refused(tmp_path: Path) -> None:
    lines = oracle_lines()
    lines[1]["triple_scores"][0][0] = 1.01
    with pytest.raises(FormatError) as caught:
        load_predictions(write_text(tmp_path / "p.jsonl", [json.dumps(line) for line in lines]))
    assert (caught.value.line, caught.value.field) == (2, "triple_scores[0][0]")


@pytest.mark.parametrize("span", [[-1, 5], [True, 5], [0, 10**401], [5, 5], [1, 2, 3]],
                         ids=["negative", "bool", "401 digits", "empty", "three"])  # fmt: skip
def test_a_span_that_is_not_start_before_end_offsets_is_refused(tmp_path: Path, span: list[Any]) -> None:
    path = write_text(tmp_path / "p.jsonl", [json.dumps({"id": "mini-001", "spans": [[0, 3], span]})])
    with pytest.raises(FormatError) as caught:
        load_predictions(path)
    assert caught.value.line == 1 and str(caught.value.field).startswith("spans[1]")
    assert len(str(caught.value)) < 500


def test_a_repeated_prediction_id_names_its_line(tmp_path: Path) -> None:
    lines = [json.dumps(line) for line in oracle_lines()]
    with pytest.raises(FormatError) as caught:
        load_predictions(write_text(tmp_path / "p.jsonl", [*lines, lines[2]]))
    assert (caught.value.line, caught.value.field, caught.value.reason) == (7, "id", "duplicate of line 3")


# --- EnokiQA data ---------------------------------------------------------------------------------------------------


def test_a_repeated_id_in_the_data_is_left_out_and_scored_once(tmp_path: Path) -> None:
    path = write_text(tmp_path / "data.jsonl", [*MINI_LINES, MINI_LINES[1]])
    loaded = load_enokiqa(path)
    assert [e.id for e in loaded.examples] == [e.id for e in load_enokiqa(MINI).examples]
    [violation] = loaded.violations
    assert (violation.example_id, violation.where, violation.left_out) == ("mini-002", "id", True)
    assert "repeats the id of record 2" in violation.problem
    assert enoki("validate", "--data", str(path)).exit_code == 2
    assert enoki("eval", "--data", str(path), "--baseline", "constant").exit_code == 2
    scored = enoki("eval", "--data", str(path), "--baseline", "constant", "--allow-violations", "--json")
    assert scored.exit_code == 0 and json.loads(scored.stdout)["systems"]["baseline:constant"]["n_examples"] == 6


def test_validate_exits_2_on_a_malformed_line_and_1_on_a_broken_rule(tmp_path: Path) -> None:
    malformed = write_text(tmp_path / "malformed.jsonl", [*MINI_LINES, '{"id": "cut off'])
    result = enoki("validate", "--data", str(malformed))
    assert result.exit_code == 2 and "invalid JSON" in result.stdout
    record = json.loads(MINI_LINES[0]) | {"n_sentences": 99}
    broken = write_text(tmp_path / "broken.jsonl", [json.dumps(record), *MINI_LINES[1:]])
    assert enoki("validate", "--data", str(broken)).exit_code == 1
    assert enoki("validate", "--data", str(MINI)).exit_code == 0


@pytest.mark.parametrize(("path", "value"), [
    (("sentences", 0, "triples", 0, "hall_prob"), float("nan")),
    (("sentences", 0, "hall_prob"), float("inf")),
    (("sentences", 0, "sentence_index"), True),
    (("n_sentences",), 10**400),
], ids=["nan hall_prob", "inf sentence hall_prob", "bool index", "huge count"])  # fmt: skip
def test_a_record_with_a_number_that_is_not_finite_or_exact_is_left_out(
    tmp_path: Path, path: tuple[Any, ...], value: Any
) -> None:
    record = json.loads(MINI_LINES[0])
    *parents, last = path
    target = record
    for key in parents:
        target = target[key]
    target[last] = value
    loaded = load_enokiqa(write_text(tmp_path / "data.jsonl", [json.dumps(record), *MINI_LINES[1:]]))
    assert "mini-001" not in {e.id for e in loaded.examples}
    assert loaded.violations and all(v.left_out for v in loaded.violations)


# --- annotate and detection inputs ----------------------------------------------------------------------------------


def test_annotate_refuses_an_unknown_field(tmp_path: Path) -> None:
    row = {"question": "Who?", "answer": "Ann.", "context": "Ann did.", "colour": "blue"}
    rows = write_text(tmp_path / "rows.jsonl", [json.dumps(row)])
    result = enoki("annotate", "--input", str(rows), "--out", str(tmp_path / "o.jsonl"), "--model", "m",
                   "--base-url", "http://127.0.0.1:9")  # fmt: skip
    assert result.exit_code == 2 and "rows.jsonl:1: field 'colour': unknown field" in result.stderr


def test_detection_rows_load_and_refuse_unknown_fields(tmp_path: Path) -> None:
    for row, dataset in ((RAGTRUTH_ROW, "ragtruth"), (ANAH_ROW, "anah")):
        [response] = load_detection_rows(write_text(tmp_path / "rows.jsonl", [json.dumps(row)]))
        assert response.dataset == dataset
        with pytest.raises(FormatError) as caught:
            load_detection_rows(write_text(tmp_path / "rows.jsonl", [json.dumps({**row, "colour": "blue"})]))
        assert (caught.value.line, caught.value.field, caught.value.reason) == (1, "colour", "unknown field")


@pytest.mark.parametrize(("field", "value"), [("sentence_index", True), ("example_index", 10**400)],
                         ids=["bool index", "huge index"])  # fmt: skip
def test_detection_rows_refuse_inexact_indices(tmp_path: Path, field: str, value: Any) -> None:
    path = write_text(tmp_path / "rows.jsonl", [json.dumps({**RAGTRUTH_ROW, field: value})])
    with pytest.raises(FormatError) as caught:
        load_detection_rows(path)
    assert caught.value.field == field and len(str(caught.value)) < 500
    result = enoki("detection", "--rows", str(path), "--baseline", "constant")
    assert result.exit_code == 2
