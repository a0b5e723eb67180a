"""RAGTruth and ANAH sentence-labelled rows (the Enoki baselines' samples), grouped into one record per response.

Each source line labels one sentence of one model response; `gold_supported` is the label (false = hallucinated).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, ValidationError

from nohallucinate.errors import UserInputError
from nohallucinate.jsonl import FormatError, read_json_lines
from nohallucinate.tasks.inputs import Index, field_and_reason, quote

Dataset = Literal["ragtruth", "anah"]


class _Row(BaseModel):
    """The fields both files share; every field of the files is known, and any other is refused."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    example_index: Index
    question: str
    answer_text: str
    answer_sentences: list[str]
    sentence_index: Index
    sentence: str
    hallucination_type: str
    gold_supported: bool
    ann_reference: str | None = None  # the annotators' evidence: present upstream, not read


class _RagTruthRow(_Row):
    row_id: str
    task_type: str
    model: str
    context: str
    reference: str | None = None  # upstream copies of context and answer_text, not read
    output: str | None = None


class _AnahRow(_Row):
    answer_index: Index
    model_key: str
    reference: str


_ROWS: dict[str, type[_Row]] = {"ragtruth": _RagTruthRow, "anah": _AnahRow}


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
        raise UserInputError(f"dataset must be one of {get_args(Dataset)}, got {quote(kind)}")
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


def _response(path: Path | str, line: int, raw: dict[str, Any], kind: Dataset) -> DetectionResponse:
    try:
        row = _ROWS[kind].model_validate(raw)
    except ValidationError as exc:
        raise FormatError(path, line, *field_and_reason(exc.errors()[0])) from None
    sentences, index = row.answer_sentences, row.sentence_index
    if index >= len(sentences):
        reason = f"{index} is outside answer_sentences (0..{len(sentences) - 1})"
        raise FormatError(path, line, "sentence_index", reason)
    if sentences[index] != row.sentence:
        raise FormatError(path, line, "sentence", f"differs from answer_sentences[{index}]")
    labelled = LabelledSentence(index, row.sentence, not row.gold_supported, row.hallucination_type)
    meta = {"question": row.question, "example_index": str(row.example_index)}
    if isinstance(row, _RagTruthRow):
        ident, context = row.row_id, row.context
        meta |= {"task_type": row.task_type, "model": row.model}
    else:
        assert isinstance(row, _AnahRow)
        ident, context = f"{row.example_index}-{row.answer_index}", row.reference
        meta |= {"model_key": row.model_key}
    return DetectionResponse(ident, kind, context, row.answer_text, list(sentences), [labelled], meta)


def _merge(
    path: Path | str, line: int, first_line: int, known: DetectionResponse, new: DetectionResponse
) -> DetectionResponse:
    shared = {"context": "context", "answer": "answer text", "sentences": "answer_sentences", "meta": "metadata"}
    for name, label in shared.items():
        if getattr(known, name) != getattr(new, name):
            raise FormatError(
                path, line, name, f"{label} differs from line {first_line} for response {quote(known.id)}"
            )
    (sentence,) = new.labelled
    if any(seen.index == sentence.index for seen in known.labelled):
        raise FormatError(
            path, line, "sentence_index", f"sentence {sentence.index} of {quote(known.id)} is labelled twice"
        )
    return replace(known, labelled=[*known.labelled, sentence])
