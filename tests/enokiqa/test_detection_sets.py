"""RAGTruth and ANAH sentence rows grouped by response, on the real sample files, and their format checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nohallucinate.enokiqa.detection_sets import DetectionResponse, LabelledSentence, load_detection_rows
from nohallucinate.enokiqa.labels import sentence_level
from nohallucinate.tasks.loading import FormatError

RAGTRUTH_IDS = ["6700", "1629", "15443", "2184", "2777", "16393", "17205", "3086", "8179", "12826"]


@pytest.fixture(scope="module")
def ragtruth_path(shared_dir: Path) -> Path:
    return shared_dir / "data/detection/ragtruth_sample.jsonl"


@pytest.fixture(scope="module")
def anah_path(shared_dir: Path) -> Path:
    return shared_dir / "data/detection/anah_sample.jsonl"


def raw_lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_ragtruth_has_one_response_per_line(ragtruth_path: Path) -> None:
    responses = load_detection_rows(ragtruth_path)
    assert [r.id for r in responses] == RAGTRUTH_IDS
    assert {r.dataset for r in responses} == {"ragtruth"}
    assert all(len(r.labelled) == 1 for r in responses)
    assert [r.meta["task_type"] for r in responses].count("QA") == 4
    assert [r.meta["task_type"] for r in responses].count("Summary") == 4


def test_ragtruth_has_three_hallucinated_sentences_with_their_types(ragtruth_path: Path) -> None:
    hallucinated = {
        r.meta["example_index"]: (r.id, r.labelled[0])
        for r in load_detection_rows(ragtruth_path)
        if r.labelled[0].hallucinated
    }
    assert hallucinated.keys() == {"353", "506", "6322"}
    assert hallucinated["353"][0] == "1629"
    assert (hallucinated["353"][1].index, hallucinated["353"][1].hallucination_type) == (0, "Evident Conflict")
    assert (hallucinated["506"][1].index, hallucinated["506"][1].hallucination_type) == (0, "Evident Baseless Info")
    assert (hallucinated["6322"][1].index, hallucinated["6322"][1].hallucination_type) == (2, "Evident Baseless Info")
    assert hallucinated["6322"][1].text.startswith("On the other hand, inbreeding refers to")


def test_ragtruth_fields_come_from_the_right_columns(ragtruth_path: Path) -> None:
    for row, response in zip(raw_lines(ragtruth_path), load_detection_rows(ragtruth_path), strict=True):
        assert response.context == row["context"] == row["reference"]
        assert response.answer == row["answer_text"]
        assert response.sentences == row["answer_sentences"]
        assert response.sentences[response.labelled[0].index] == response.labelled[0].text
        assert response.meta == {
            "question": row["question"],
            "example_index": str(row["example_index"]),
            "task_type": row["task_type"],
            "model": row["model"],
        }


def test_anah_has_three_responses_and_row_two_is_hallucinated(anah_path: Path) -> None:
    responses = load_detection_rows(anah_path)
    assert [r.id for r in responses] == ["39-2", "620-1", "683-2"]
    assert {r.dataset for r in responses} == {"anah"}
    assert [r.labelled for r in responses][1] == [
        LabelledSentence(
            index=5,
            text="Chanel's use of the camellia in her designs added a touch of elegance, femininity, and romance.",
            hallucinated=True,
            hallucination_type="Unverifiable Hallucination",
        )
    ]
    assert [r.labelled[0].hallucinated for r in responses] == [False, True, False]
    assert responses[1].meta["model_key"] == "GPT3.5_answers_D"


def test_anah_context_is_the_full_reference_article(anah_path: Path) -> None:
    for row, response in zip(raw_lines(anah_path), load_detection_rows(anah_path), strict=True):
        assert response.context == row["reference"] != row["ann_reference"]
        assert response.context.startswith("# ")
        assert response.answer == row["answer_text"]
    assert load_detection_rows(anah_path)[1].context.startswith("# Coco Chanel")


def test_sentence_level_gives_labels_and_keys(ragtruth_path: Path, anah_path: Path) -> None:
    responses = load_detection_rows(ragtruth_path) + load_detection_rows(anah_path)
    labels, keys = sentence_level(responses)
    assert labels == [0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1, 0]  # RAGTruth rows 2, 4, 6; ANAH row 2
    assert keys[:6] == [("6700", 0), ("1629", 0), ("15443", 5), ("2184", 0), ("2777", 2), ("16393", 2)]
    assert keys[-3:] == [("39-2", 7), ("620-1", 5), ("683-2", 2)]


def test_naming_the_dataset_matches_inference_and_a_wrong_name_fails(ragtruth_path: Path, anah_path: Path) -> None:
    assert load_detection_rows(anah_path, "anah") == load_detection_rows(anah_path)
    with pytest.raises(FormatError) as caught:
        load_detection_rows(anah_path, dataset="ragtruth")
    assert (caught.value.line, caught.value.field) == (1, "row_id")


# --- format checks, on edited copies of the real first RAGTruth line --------------------------------------------


def write(tmp_path: Path, rows: list[dict[str, Any]]) -> Path:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows), encoding="utf-8")
    return path


def another_sentence(row: dict[str, Any], index: int, **changes: Any) -> dict[str, Any]:
    return row | {"sentence_index": index, "sentence": row["answer_sentences"][index], **changes}


@pytest.fixture
def first_row(ragtruth_path: Path) -> dict[str, Any]:
    return raw_lines(ragtruth_path)[0]


def format_error(path: Path) -> FormatError:
    with pytest.raises(FormatError) as caught:
        load_detection_rows(path)
    return caught.value


def test_lines_of_one_response_are_grouped(tmp_path: Path, first_row: dict[str, Any]) -> None:
    path = write(tmp_path, [first_row, another_sentence(first_row, 3, gold_supported=False)])
    (response,) = load_detection_rows(path)
    assert isinstance(response, DetectionResponse)
    assert [(s.index, s.hallucinated) for s in response.labelled] == [(0, False), (3, True)]
    assert sentence_level([response]) == ([0, 1], [("6700", 0), ("6700", 3)])


def test_a_line_disagreeing_on_the_context_names_its_line(tmp_path: Path, first_row: dict[str, Any]) -> None:
    changed = another_sentence(first_row, 1, context=first_row["context"] + " (edited)")
    error = format_error(write(tmp_path, [first_row, first_row | {"row_id": "other"}, changed]))
    assert (error.line, error.field) == (3, "context")
    assert "differs from line 1" in str(error)


def test_a_line_disagreeing_on_the_answer_names_its_line(tmp_path: Path, first_row: dict[str, Any]) -> None:
    error = format_error(write(tmp_path, [first_row, another_sentence(first_row, 1, answer_text="Something else.")]))
    assert (error.line, error.field) == (2, "answer")


def test_the_sentence_must_be_the_indexed_answer_sentence(tmp_path: Path, first_row: dict[str, Any]) -> None:
    error = format_error(write(tmp_path, [first_row | {"sentence_index": 1}]))
    assert (error.line, error.field) == (1, "sentence")
    error = format_error(write(tmp_path, [first_row | {"sentence_index": 99}]))
    assert (error.line, error.field) == (1, "sentence_index")


@pytest.mark.parametrize("label", [None, "false", 0])
def test_the_label_must_be_a_bool(tmp_path: Path, first_row: dict[str, Any], label: Any) -> None:
    error = format_error(write(tmp_path, [first_row | {"gold_supported": label}]))
    assert (error.line, error.field) == (1, "gold_supported")


def test_a_missing_label_is_an_error(tmp_path: Path, first_row: dict[str, Any]) -> None:
    row = {key: value for key, value in first_row.items() if key != "gold_supported"}
    error = format_error(write(tmp_path, [row]))
    assert (error.line, error.field, error.reason) == (1, "gold_supported", "missing required field")


def test_a_sentence_labelled_twice_is_an_error(tmp_path: Path, first_row: dict[str, Any]) -> None:
    error = format_error(write(tmp_path, [first_row, first_row]))
    assert (error.line, error.field) == (2, "sentence_index")


def test_rows_of_neither_dataset_are_refused(tmp_path: Path) -> None:
    error = format_error(write(tmp_path, [{"sentence": "x"}]))
    assert error.line == 1 and "pass dataset=" in str(error)
