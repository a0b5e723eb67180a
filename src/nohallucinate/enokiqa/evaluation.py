"""Score a predictions file against an EnokiQA split: sentence detection, claim verification, span localisation.

A prediction line is `{"id", "sentence_scores": [...], "triple_scores": [[...], ...], "spans": [[start, end], ...]}`.
Each part is optional, but a part must be given on every line or on none: a task whose part no line gives is
skipped (and said so), while a part missing from some lines only is an error naming the first such id.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Literal

from nohallucinate.enokiqa.labels import gold_spans, sentence_labels, triple_labels
from nohallucinate.enokiqa.metrics import Average, Classification, Span, classification, evaluate
from nohallucinate.enokiqa.schema import EnokiExample
from nohallucinate.jsonl import FormatError, read_json_lines

Part = Literal["sentence_scores", "triple_scores", "spans"]
PARTS: tuple[Part, ...] = ("sentence_scores", "triple_scores", "spans")
TASK_OF_PART: dict[Part, str] = {"sentence_scores": "sentence", "triple_scores": "claim", "spans": "span"}


class PredictionError(ValueError):
    """Predictions that do not line up with the data: missing, unknown or duplicated ids, wrong lengths."""


@dataclass(frozen=True)
class Prediction:
    """A detector's output for one example; None marks a part the detector does not predict."""

    id: str
    sentence_scores: list[float] | None = None
    triple_scores: list[list[float]] | None = None
    spans: list[Span] | None = None

    def as_json(self) -> dict[str, Any]:
        """The predictions-file line, leaving out the parts not predicted."""
        line: dict[str, Any] = {"id": self.id}
        for part in PARTS:
            value = getattr(self, part)
            if value is not None:
                line[part] = [list(span) for span in value] if part == "spans" else value
        return line


@dataclass(frozen=True)
class EnokiScores:
    """Every task's scores, or why it was skipped."""

    n_examples: int
    sentence: Classification | None
    claim: Classification | None
    span: dict[str, Any] | None  # evaluate(...) output: span_coverage and iou
    skipped: dict[str, str]

    def as_json(self) -> dict[str, Any]:
        return {
            "n_examples": self.n_examples,
            "sentence": asdict(self.sentence) if self.sentence else None,
            "claim": asdict(self.claim) if self.claim else None,
            "span": self.span,
            "skipped": self.skipped,
        }


def load_predictions(path: Path | str) -> list[Prediction]:
    """Read a predictions JSONL file; a malformed line fails with file, line, field and reason."""
    return [_parse_line(line, path, number) for number, line in read_json_lines(path)]


def score_predictions(
    examples: Sequence[EnokiExample],
    predictions: Iterable[Prediction],
    *,
    average: Average = "micro",
    tolerance: int = 0,
    threshold: float = 0.5,
) -> EnokiScores:
    """All three tasks for the parts the predictions give; every example must have exactly one prediction."""
    by_id = _match(examples, list(predictions))
    given = _parts_given(examples, by_id)
    skipped = {TASK_OF_PART[part]: f"no prediction gives {part}" for part in PARTS if part not in given}
    sentence = claim = span = None
    if "sentence_scores" in given:
        labels, scores = _sentence_pairs(examples, by_id)
        sentence = classification(labels, scores, threshold)
    if "triple_scores" in given:
        labels, scores = _triple_pairs(examples, by_id)
        claim = classification(labels, scores, threshold)
    if "spans" in given:
        references = [gold_spans(example) for example in examples]
        predicted = [_checked_spans(example, by_id[example.id]) for example in examples]
        span = evaluate(references=references, predictions=predicted, average=average, tolerance=tolerance)
    return EnokiScores(len(examples), sentence, claim, span, skipped)


def _parse_line(line: dict[str, Any], path: Path | str, number: int) -> Prediction:
    unknown = set(line) - {"id", *PARTS}
    if unknown:
        raise FormatError(path, number, None, f"unknown field(s) {sorted(unknown)}; expected id, {', '.join(PARTS)}")
    example_id = line.get("id")
    if not isinstance(example_id, str) or not example_id:
        raise FormatError(path, number, "id", "must be a non-empty string")
    try:
        return Prediction(
            id=example_id,
            sentence_scores=_optional(line, "sentence_scores", _scores),
            triple_scores=_optional(line, "triple_scores", _nested_scores),
            spans=_optional(line, "spans", _spans),
        )
    except _BadField as exc:
        raise FormatError(path, number, exc.field, exc.reason) from None


class _BadField(ValueError):
    def __init__(self, field: str, reason: str) -> None:
        self.field, self.reason = field, reason
        super().__init__(f"{field}: {reason}")


def _optional(line: dict[str, Any], part: str, parse: Any) -> Any:
    return None if line.get(part) is None else parse(line[part], part)


def _scores(value: Any, where: str) -> list[float]:
    if not isinstance(value, list):
        raise _BadField(where, "must be a list of numbers")
    for position, item in enumerate(value):
        if isinstance(item, bool) or not isinstance(item, int | float) or not math.isfinite(item):
            raise _BadField(f"{where}[{position}]", f"{item!r} is not a finite number")
    return [float(item) for item in value]


def _nested_scores(value: Any, where: str) -> list[list[float]]:
    if not isinstance(value, list):
        raise _BadField(where, "must be a list (one list of scores per sentence)")
    return [_scores(item, f"{where}[{position}]") for position, item in enumerate(value)]


def _spans(value: Any, where: str) -> list[Span]:
    if not isinstance(value, list):
        raise _BadField(where, "must be a list of [start, end] pairs")
    spans = []
    for position, item in enumerate(value):
        ok = isinstance(item, list) and len(item) == 2 and all(type(v) is int for v in item)
        if not ok or item[0] < 0 or item[0] >= item[1]:
            raise _BadField(f"{where}[{position}]", f"{item!r} is not a span [start, end) with 0 <= start < end")
        spans.append((item[0], item[1]))
    return spans


def _match(examples: Sequence[EnokiExample], predictions: list[Prediction]) -> dict[str, Prediction]:
    """Predictions by id, one per example, none for an unknown id."""
    by_id: dict[str, Prediction] = {}
    for prediction in predictions:
        if prediction.id in by_id:
            raise PredictionError(f"two predictions for id {prediction.id!r}")
        by_id[prediction.id] = prediction
    known = {example.id for example in examples}
    unknown = [pid for pid in by_id if pid not in known]
    if unknown:
        raise PredictionError(f"{len(unknown)} prediction(s) for ids not in the data, e.g. {unknown[:3]}")
    missing = [example.id for example in examples if example.id not in by_id]
    if missing:
        raise PredictionError(f"{len(missing)} example(s) have no prediction, e.g. {missing[:3]}")
    return by_id


def _parts_given(examples: Sequence[EnokiExample], by_id: dict[str, Prediction]) -> set[Part]:
    given: set[Part] = set()
    for part in PARTS:
        lacking = [example.id for example in examples if getattr(by_id[example.id], part) is None]
        if len(lacking) < len(examples):
            if lacking:
                raise PredictionError(f"{part} is given for some examples but not for id {lacking[0]!r}")
            given.add(part)
    return given


def _sentence_pairs(examples: Sequence[EnokiExample], by_id: dict[str, Prediction]) -> tuple[list[int], list[float]]:
    labels: list[int] = []
    scores: list[float] = []
    for example in examples:
        predicted = by_id[example.id].sentence_scores or []
        if len(predicted) != len(example.sentences):
            raise PredictionError(
                f"id {example.id!r}: sentence_scores has {len(predicted)} scores for {len(example.sentences)} sentences"
            )
        labels += sentence_labels(example)
        scores += predicted
    return labels, scores


def _triple_pairs(examples: Sequence[EnokiExample], by_id: dict[str, Prediction]) -> tuple[list[int], list[float]]:
    labels: list[int] = []
    scores: list[float] = []
    for example in examples:
        predicted = by_id[example.id].triple_scores or []
        gold = triple_labels(example)
        if len(predicted) != len(gold):
            raise PredictionError(
                f"id {example.id!r}: triple_scores has {len(predicted)} lists for {len(gold)} sentences"
            )
        for position, (scored, labelled) in enumerate(zip(predicted, gold, strict=True)):
            if len(scored) != len(labelled):
                raise PredictionError(
                    f"id {example.id!r}: triple_scores[{position}] has {len(scored)} scores for {len(labelled)} triples"
                )
            labels += labelled
            scores += scored
    return labels, scores


def _checked_spans(example: EnokiExample, prediction: Prediction) -> list[Span]:
    spans = prediction.spans or []
    for start, end in spans:
        if end > len(example.answer):
            raise PredictionError(
                f"id {example.id!r}: span [{start}, {end}) ends past the answer ({len(example.answer)} characters)"
            )
    return spans
