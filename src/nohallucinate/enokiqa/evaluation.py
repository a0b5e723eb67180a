"""Score a predictions file against an EnokiQA split: sentence detection, claim verification, span localisation.

A prediction line is `{"id", "sentence_scores": [...], "triple_scores": [[...], ...], "spans": [[start, end], ...]}`.
Each part is optional, but a part must be given on every line or on none: a task whose part no line gives is
skipped (and said so), while a part missing from some lines only is an error naming the first such id.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictStr

from nohallucinate.enokiqa.labels import gold_spans, sentence_labels, triple_labels
from nohallucinate.enokiqa.schema import EnokiExample, Span
from nohallucinate.errors import UserInputError
from nohallucinate.tasks.inputs import Index, Probability, load_rows, quote, reject_duplicates

if TYPE_CHECKING:  # the metrics need numpy and scikit-learn (the `enoki` extra): imported where scores are computed
    from nohallucinate.enokiqa.metrics import Average, Classification

Part = Literal["sentence_scores", "triple_scores", "spans"]
PARTS: tuple[Part, ...] = ("sentence_scores", "triple_scores", "spans")
TASK_OF_PART: dict[Part, str] = {"sentence_scores": "sentence", "triple_scores": "claim", "spans": "span"}


class PredictionError(UserInputError):
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


def _ordered(span: tuple[int, int]) -> tuple[int, int]:
    if span[0] >= span[1]:
        raise ValueError(f"[{span[0]}, {span[1]}] is not a span [start, end) with start < end")
    return span


class _PredictionLine(BaseModel):
    """One line of a predictions file, read exactly: scores are probabilities, spans are [start, end) offsets."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    id: Annotated[StrictStr, Field(min_length=1)]
    sentence_scores: list[Probability] | None = None
    triple_scores: list[list[Probability]] | None = None
    spans: list[Annotated[tuple[Index, Index], AfterValidator(_ordered)]] | None = None


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
    """Read a predictions JSONL file; a malformed line or a repeated id fails with file, line, field and reason."""
    lines = load_rows(path, _PredictionLine)
    reject_duplicates(path, ((line.id, number) for number, line in lines), "id")
    return [Prediction(**line.model_dump()) for _, line in lines]


def score_predictions(
    examples: Sequence[EnokiExample],
    predictions: Iterable[Prediction],
    *,
    average: Average = "micro",
    tolerance: int = 0,
    threshold: float = 0.5,
) -> EnokiScores:
    """All three tasks for the parts the predictions give; every example must have exactly one prediction."""
    from nohallucinate.enokiqa.metrics import classification, evaluate

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


def _match(examples: Sequence[EnokiExample], predictions: list[Prediction]) -> dict[str, Prediction]:
    """Predictions by id, one per example, none for an unknown id."""
    by_id: dict[str, Prediction] = {}
    for prediction in predictions:
        if prediction.id in by_id:
            raise PredictionError(f"two predictions for id {quote(prediction.id)}")
        by_id[prediction.id] = prediction
    known = {example.id for example in examples}
    unknown = [pid for pid in by_id if pid not in known]
    if unknown:
        raise PredictionError(f"{len(unknown)} prediction(s) for ids not in the data, e.g. {quote(unknown[:3])}")
    missing = [example.id for example in examples if example.id not in by_id]
    if missing:
        raise PredictionError(f"{len(missing)} example(s) have no prediction, e.g. {quote(missing[:3])}")
    return by_id


def _parts_given(examples: Sequence[EnokiExample], by_id: dict[str, Prediction]) -> set[Part]:
    given: set[Part] = set()
    for part in PARTS:
        lacking = [example.id for example in examples if getattr(by_id[example.id], part) is None]
        if len(lacking) < len(examples):
            if lacking:
                raise PredictionError(f"{part} is given for some examples but not for id {quote(lacking[0])}")
            given.add(part)
    return given


def _sentence_pairs(examples: Sequence[EnokiExample], by_id: dict[str, Prediction]) -> tuple[list[int], list[float]]:
    labels: list[int] = []
    scores: list[float] = []
    for example in examples:
        predicted = by_id[example.id].sentence_scores or []
        if len(predicted) != len(example.sentences):
            raise PredictionError(
                f"id {quote(example.id)}: sentence_scores has {len(predicted)} scores for "
                f"{len(example.sentences)} sentences"
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
                f"id {quote(example.id)}: triple_scores has {len(predicted)} lists for {len(gold)} sentences"
            )
        for position, (scored, labelled) in enumerate(zip(predicted, gold, strict=True)):
            if len(scored) != len(labelled):
                raise PredictionError(
                    f"id {quote(example.id)}: triple_scores[{position}] has {len(scored)} scores for "
                    f"{len(labelled)} triples"
                )
            labels += labelled
            scores += scored
    return labels, scores


def _checked_spans(example: EnokiExample, prediction: Prediction) -> list[Span]:
    spans = prediction.spans or []
    for start, end in spans:
        if end > len(example.answer):
            raise PredictionError(
                f"id {quote(example.id)}: span [{start}, {end}) ends past the answer ({len(example.answer)} characters)"
            )
    return spans
