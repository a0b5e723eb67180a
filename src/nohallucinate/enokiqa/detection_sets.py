"""RAGTruth and ANAH sentence-labelled rows (the Enoki baselines' samples), grouped into one record per response.

Each source line labels one sentence of one model response; `gold_supported` is the label (false = hallucinated).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, get_args

from nohallucinate.jsonl import FormatError, read_json_lines

Dataset = Literal["ragtruth", "anah"]

_SHARED_TEXT = ("question", "answer_text", "sentence", "hallucination_type")
_TEXT_FIELDS: dict[str, tuple[str, ...]] = {
    "ragtruth": ("row_id", "task_type", "model", "context", *_SHARED_TEXT),
    "anah": ("model_key", "reference", *_SHARED_TEXT),
}
_INT_FIELDS: dict[str, tuple[str, ...]] = {
    "ragtruth": ("example_index", "sentence_index"),
    "anah": ("example_index", "answer_index", "sentence_index"),
}


@dataclass(frozen=True)
class LabelledSentence:
    """One sentence of a response that carries a gold label."""

    index: int
    text: str
    hallucinated: bool  # not gold_supported
    hallucination_type: str


@dataclass(frozen=True)
class DetectionResponse:
    """One model response with its source context and the sentences labelled in the file."""

    id: str  # RAGTruth: row_id; ANAH: f"{example_index}-{answer_index}"
    dataset: Dataset
    context: str  # RAGTruth: context; ANAH: reference (the full article), not ann_reference
    answer: str
    sentences: list[str]
    labelled: list[LabelledSentence]  # one per source line, in file order
    meta: dict[str, str]  # example_index, question, and task_type + model (RAGTruth) or model_key (ANAH)


def load_detection_rows(path: Path | str, dataset: Dataset | None = None) -> list[DetectionResponse]:
    """Group the one-sentence-per-line files by response; infer the dataset from the fields when not given."""
    rows = read_json_lines(path)
    kind = dataset if dataset is not None else _infer_dataset(path, rows)
    if kind not in get_args(Dataset):
        raise ValueError(f"dataset must be one of {get_args(Dataset)}, got {kind!r}")
    responses: dict[str, DetectionResponse] = {}
    first_lines: dict[str, int] = {}
    for line, row in rows:
        response = _response(path, line, row, kind)
        known = responses.get(response.id)
        if known is None:
            responses[response.id], first_lines[response.id] = response, line
        else:
            responses[response.id] = _merge(path, line, first_lines[response.id], known, response)
    return list(responses.values())


def _infer_dataset(path: Path | str, rows: list[tuple[int, dict[str, Any]]]) -> Dataset:
    line, row = rows[0]
    if "row_id" in row:
        return "ragtruth"
    if "answer_index" in row:
        return "anah"
    raise FormatError(path, line, None, "neither RAGTruth (row_id) nor ANAH (answer_index); pass dataset=")


def _response(path: Path | str, line: int, row: dict[str, Any], kind: Dataset) -> DetectionResponse:
    _check_fields(path, line, row, kind)
    sentences, index = row["answer_sentences"], row["sentence_index"]
    if not 0 <= index < len(sentences):
        reason = f"{index} is outside answer_sentences (0..{len(sentences) - 1})"
        raise FormatError(path, line, "sentence_index", reason)
    if sentences[index] != row["sentence"]:
        raise FormatError(path, line, "sentence", f"differs from answer_sentences[{index}]")
    labelled = LabelledSentence(index, row["sentence"], not row["gold_supported"], row["hallucination_type"])
    meta = {"question": row["question"], "example_index": str(row["example_index"])}
    if kind == "ragtruth":
        ident, context = row["row_id"], row["context"]
        meta |= {"task_type": row["task_type"], "model": row["model"]}
    else:
        ident, context = f"{row['example_index']}-{row['answer_index']}", row["reference"]
        meta |= {"model_key": row["model_key"]}
    return DetectionResponse(ident, kind, context, row["answer_text"], list(sentences), [labelled], meta)


def _check_fields(path: Path | str, line: int, row: dict[str, Any], kind: Dataset) -> None:
    for name in (*_TEXT_FIELDS[kind], *_INT_FIELDS[kind], "answer_sentences", "gold_supported"):
        if name not in row:
            raise FormatError(path, line, name, "missing required field")
    for name in _TEXT_FIELDS[kind]:
        if not isinstance(row[name], str):
            raise FormatError(path, line, name, f"expected a string, got {type(row[name]).__name__}")
    for name in _INT_FIELDS[kind]:
        if not isinstance(row[name], int) or isinstance(row[name], bool):
            raise FormatError(path, line, name, f"expected an integer, got {type(row[name]).__name__}")
    sentences = row["answer_sentences"]
    if not isinstance(sentences, list) or not all(isinstance(item, str) for item in sentences):
        raise FormatError(path, line, "answer_sentences", "expected a list of strings")
    if not isinstance(row["gold_supported"], bool):
        raise FormatError(path, line, "gold_supported", f"the label must be a bool, got {row['gold_supported']!r}")


def _merge(
    path: Path | str, line: int, first_line: int, known: DetectionResponse, new: DetectionResponse
) -> DetectionResponse:
    shared = {"context": "context", "answer": "answer text", "sentences": "answer_sentences", "meta": "metadata"}
    for name, label in shared.items():
        if getattr(known, name) != getattr(new, name):
            raise FormatError(path, line, name, f"{label} differs from line {first_line} for response {known.id!r}")
    (sentence,) = new.labelled
    if any(seen.index == sentence.index for seen in known.labelled):
        raise FormatError(path, line, "sentence_index", f"sentence {sentence.index} of {known.id!r} is labelled twice")
    return replace(known, labelled=[*known.labelled, sentence])
