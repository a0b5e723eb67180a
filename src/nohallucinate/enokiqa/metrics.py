"""EnokiQA metrics: sentence/claim classification and span localization, vectorised over a whole split.

Definitions (the project's documented definitions):

- A predicted span [ps, pe) is *covered* when some gold span [gs, ge) of the same example contains it:
  gs - tolerance <= ps and pe <= ge + tolerance. Precision = covered predictions / predictions.
  Recall = gold spans that contain at least one prediction (same test) / gold spans. Spans are never merged;
  duplicate predictions each count. Empty spans (start >= end) in either input are invalid: raise ValueError
  naming the example index.
- Empty cases: precision is 1.0 when there are no predictions; recall is 1.0 when there is no gold;
  F1 = 2PR/(P+R), and 0.0 when P+R = 0. So both empty gives 1/1/1; gold but no predictions gives P=1, R=0, F1=0;
  predictions but no gold gives P=0, R=1, F1=0.
- micro: P and R from the counts summed over all examples (the empty-case rule applies to the totals);
  macro: P, R, F1 computed per example with the empty-case rules and then averaged (F1 is the mean of
  per-example F1s, not recomputed from mean P and R).
- Character IoU per example: |union(gold chars) ∩ union(pred chars)| / |union of both|; 1.0 when both are empty;
  micro = sum of intersections / sum of unions over examples (1.0 when every union is empty);
  macro = mean of per-example IoU.
- references and predictions must have the same number of examples (ValueError).

A split with no examples at all scores 1.0 everywhere, micro or macro, like an example with nothing in it.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any, Literal

import numpy as np
from numpy.typing import NDArray
from sklearn.metrics import f1_score, roc_auc_score

from nohallucinate.enokiqa.schema import Span
from nohallucinate.tasks.inputs import quote

Average = Literal["micro", "macro"]
IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]

METRICS = ("span_coverage", "iou")


@dataclass(frozen=True)
class Classification:
    """Binary hallucination-detection scores; a figure is None when the gold labels cannot define it."""

    macro_f1: float | None
    auroc: float | None
    positive_f1: float | None
    n: int
    positives: int
    note: str | None


@dataclass(frozen=True)
class SpanScores:
    """Span Coverage precision, recall and F1 with the number of predicted and gold spans counted."""

    precision: float
    recall: float
    f1: float
    predicted: int
    gold: int


# --- classification -------------------------------------------------------------------------------------------


def classification(
    labels: Sequence[int] | np.ndarray, scores: Sequence[float] | np.ndarray, threshold: float = 0.5
) -> Classification:
    """Macro-F1 (prediction = score > threshold), positive-class F1 and AUROC of hallucination scores
    against 0/1 gold labels. Scores outside [0, 1] are fine for AUROC; the threshold applies to them as given.
    """
    if not np.isfinite(threshold):  # NaN compares false with every score: it would flag nothing, silently
        raise ValueError(f"threshold must be a finite number, not {threshold}")
    gold = _as_labels(labels)
    score = np.asarray(scores, dtype=np.float64).ravel()
    if gold.size != score.size:
        raise ValueError(f"labels has {gold.size} items but scores has {score.size}")
    if not np.isfinite(score).all():
        raise ValueError("scores must be finite")
    positives = int(gold.sum())
    if gold.size == 0:
        return Classification(None, None, None, 0, 0, _one_class_note(0, 0))
    # One call gives both per-class F1s; their mean is exactly sklearn's average="macro". NaN marks a 0/0 F1.
    predicted = (score > threshold).astype(np.int64)
    per_class = f1_score(gold, predicted, labels=[0, 1], average=None, zero_division=np.nan)
    positive_f1 = None if np.isnan(per_class[1]) else float(per_class[1])
    if 0 < positives < gold.size:
        auroc = float(roc_auc_score(gold, score))
        return Classification(float(per_class.mean()), auroc, positive_f1, gold.size, positives, None)
    return Classification(None, None, positive_f1, gold.size, positives, _one_class_note(gold.size, positives))


def _as_labels(labels: Sequence[int] | np.ndarray) -> IntArray:
    """Gold labels as a flat int array, checking they are all 0 or 1."""
    gold = np.asarray(labels).ravel()
    if gold.dtype != np.bool_ and gold.size and not np.isin(gold, (0, 1)).all():
        raise ValueError("labels must be 0 or 1")
    return gold.astype(np.int64)


def _one_class_note(n: int, positives: int) -> str:
    """Why macro-F1 and AUROC are undefined for these gold labels."""
    if n == 0:
        return "no examples"
    which = "all hallucinated" if positives == n else "none hallucinated"
    return f"only one class in the gold labels ({which})"


# --- span metrics: public API ---------------------------------------------------------------------------------


def span_coverage(
    references: Sequence[Sequence[Span]],
    predictions: Sequence[Sequence[Span]],
    *,
    average: Average = "micro",
    tolerance: int = 0,
) -> SpanScores:
    """Span Coverage precision, recall and F1 of predicted spans against gold spans (see module docstring)."""
    _check_options(average, tolerance)
    gold, pred = _flatten_pair(references, predictions)
    return _coverage(gold, pred, average, tolerance)


def char_iou(
    references: Sequence[Sequence[Span]],
    predictions: Sequence[Sequence[Span]],
    *,
    average: Average = "micro",
) -> float:
    """Character IoU between the union of gold spans and the union of predicted spans (see module docstring)."""
    _check_options(average, 0)
    gold, pred = _flatten_pair(references, predictions)
    return _iou(gold, pred, average)


def evaluate(
    *,
    references: Sequence[Sequence[Span]],
    predictions: Sequence[Sequence[Span]],
    metrics: Sequence[str] = METRICS,
    average: Average = "micro",
    tolerance: int = 0,
) -> dict[str, Any]:
    """{"span_coverage": {"precision", "recall", "f1", "predicted", "gold"}, "iou": {"score"}} for the metrics asked."""
    unknown = [name for name in metrics if name not in METRICS]
    if unknown:
        raise ValueError(f"unknown metrics {unknown}; choose from {list(METRICS)}")
    _check_options(average, tolerance)
    gold, pred = _flatten_pair(references, predictions)
    report: dict[str, Any] = {}
    if "span_coverage" in metrics:
        report["span_coverage"] = asdict(_coverage(gold, pred, average, tolerance))
    if "iou" in metrics:
        report["iou"] = {"score": _iou(gold, pred, average)}
    return report


def _check_options(average: str, tolerance: int) -> None:
    """Reject an unknown averaging mode or a negative tolerance."""
    if average not in ("micro", "macro"):
        raise ValueError(f"average must be 'micro' or 'macro', not {quote(average)}")
    if tolerance < 0:
        raise ValueError(f"tolerance must be >= 0, not {tolerance}")


# --- flattening -----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Spans:
    """Every span of a split in flat arrays: its example index, start and end."""

    example: IntArray
    start: IntArray
    end: IntArray
    n_examples: int

    def per_example(self, mask: BoolArray | None = None) -> IntArray:
        """Number of spans (or of spans where `mask` holds) in each example."""
        example = self.example if mask is None else self.example[mask]
        return np.bincount(example, minlength=self.n_examples).astype(np.int64)


def _flatten_pair(references: Sequence[Sequence[Span]], predictions: Sequence[Sequence[Span]]) -> tuple[_Spans, _Spans]:
    """Flatten gold and predicted spans, checking both cover the same number of examples."""
    if len(references) != len(predictions):
        raise ValueError(f"references has {len(references)} examples but predictions has {len(predictions)}")
    return _flatten(references, "references"), _flatten(predictions, "predictions")


def _flatten(examples: Sequence[Sequence[Span]], name: str) -> _Spans:
    """Flatten per-example span lists, rejecting anything that is not a non-empty integer [start, end)."""
    counts = np.fromiter(map(len, examples), dtype=np.int64, count=len(examples))
    pairs = _as_pairs(list(itertools.chain.from_iterable(examples)), name)
    example = np.repeat(np.arange(len(examples), dtype=np.int64), counts)
    start, end = pairs[:, 0], pairs[:, 1]
    empty = np.flatnonzero(start >= end)
    if empty.size:
        first = empty[0]
        raise ValueError(f"{name}[{example[first]}] has an empty span [{start[first]}, {end[first]})")
    return _Spans(example, start, end, len(examples))


def _as_pairs(spans: list[Any], name: str) -> IntArray:
    """An (n, 2) int64 array of the spans, or ValueError if they are not all integer pairs."""
    if not spans:
        return np.empty((0, 2), dtype=np.int64)
    try:
        pairs = np.array(spans)
    except ValueError as error:
        raise ValueError(f"{name}: every span must be a (start, end) pair") from error
    if pairs.ndim != 2 or pairs.shape[1] != 2 or pairs.dtype.kind not in "iu":
        raise ValueError(f"{name}: every span must be a (start, end) pair of integers")
    return pairs.astype(np.int64)


# --- sort keys ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Keys:
    """Encodes (example, position) as one int64 that sorts by example first, then by position."""

    low: int
    width: int

    @classmethod
    def spanning(cls, *groups: _Spans, margin: int = 0) -> _Keys:
        """Keys wide enough for every position of `groups` moved by up to `margin` either way."""
        bounds = [(int(g.start.min()), int(g.end.max())) for g in groups if g.start.size]
        low = min((lo for lo, _ in bounds), default=0) - margin
        high = max((hi for _, hi in bounds), default=0) + margin
        n_examples = max(g.n_examples for g in groups)
        width = high - low + 1
        if n_examples * width >= 2**62:
            raise ValueError("span offsets too large to encode")
        return cls(low, width)

    def encode(self, example: IntArray, position: IntArray) -> IntArray:
        """The sort key of each (example, position)."""
        return example * self.width + (position - self.low)


# --- span coverage --------------------------------------------------------------------------------------------


def _coverage(gold: _Spans, pred: _Spans, average: Average, tolerance: int) -> SpanScores:
    """Span Coverage scores from flattened gold and predicted spans."""
    keys = _Keys.spanning(gold, pred, margin=tolerance)
    covered = _inside_some(pred, gold, keys, tolerance)
    found = _containing_some(gold, pred, keys, tolerance)
    counts: tuple[IntArray, ...] = (
        pred.per_example(covered),
        pred.per_example(),
        gold.per_example(found),
        gold.per_example(),
    )
    if average == "micro":
        counts = tuple(np.array([c.sum()]) for c in counts)
    precision, recall, f1 = _precision_recall_f1(*counts)
    return SpanScores(_mean(precision), _mean(recall), _mean(f1), int(pred.start.size), int(gold.start.size))


def _inside_some(inner: _Spans, outer: _Spans, keys: _Keys, tolerance: int) -> BoolArray:
    """Whether each inner span lies inside some outer span of its example, give or take `tolerance`.

    Sorting outer spans by (example, start), the candidates for an inner span are those starting at or before its
    start + tolerance; the furthest end among them (a prefix max) decides.
    """
    starts = keys.encode(outer.example, outer.start)
    order = np.argsort(starts, kind="stable")
    # Keys of earlier examples are always smaller, so a running max over keys never leaks across examples.
    furthest_end = np.maximum.accumulate(keys.encode(outer.example, outer.end)[order])
    last = np.searchsorted(starts[order], keys.encode(inner.example, inner.start + tolerance), side="right") - 1
    result = np.zeros(inner.start.size, dtype=bool)
    has = last >= 0
    needed = keys.encode(inner.example[has], inner.end[has] - tolerance)
    result[has] = furthest_end[last[has]] >= needed
    return result


def _containing_some(outer: _Spans, inner: _Spans, keys: _Keys, tolerance: int) -> BoolArray:
    """Whether each outer span contains some inner span of its example, give or take `tolerance`.

    Mirror of `_inside_some`: inner spans sorted by (example, start), the candidates start at or after the outer
    start - tolerance, and the nearest end among them (a suffix min) decides.
    """
    starts = keys.encode(inner.example, inner.start)
    order = np.argsort(starts, kind="stable")
    # Keys of later examples are always larger, so a running min from the right never leaks across examples.
    nearest_end = np.minimum.accumulate(keys.encode(inner.example, inner.end)[order][::-1])[::-1]
    first = np.searchsorted(starts[order], keys.encode(outer.example, outer.start - tolerance), side="left")
    result = np.zeros(outer.start.size, dtype=bool)
    has = first < inner.start.size
    allowed = keys.encode(outer.example[has], outer.end[has] + tolerance)
    result[has] = nearest_end[first[has]] <= allowed
    return result


def _precision_recall_f1(
    covered: IntArray, predicted: IntArray, found: IntArray, gold: IntArray
) -> tuple[FloatArray, FloatArray, FloatArray]:
    """Precision, recall and F1 for each row of counts, with the empty-case rules."""
    precision = np.divide(covered, predicted, out=np.ones(covered.shape), where=predicted > 0)
    recall = np.divide(found, gold, out=np.ones(found.shape), where=gold > 0)
    total = precision + recall
    f1 = np.divide(2 * precision * recall, total, out=np.zeros(total.shape), where=total > 0)
    return precision, recall, f1


def _mean(values: FloatArray) -> float:
    """Mean of per-example figures; 1.0 for a split with no examples."""
    return float(values.mean()) if values.size else 1.0


# --- character IoU --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Runs:
    """Disjoint intervals in key space (see `_Keys`), sorted, each with its example."""

    example: IntArray
    start: IntArray
    end: IntArray


def _iou(gold: _Spans, pred: _Spans, average: Average) -> float:
    """Character IoU from flattened gold and predicted spans."""
    keys = _Keys.spanning(gold, pred)
    gold_runs, pred_runs = _merged(gold, keys), _merged(pred, keys)
    overlap = _length_before(pred_runs, gold_runs.end) - _length_before(pred_runs, gold_runs.start)
    intersection = np.bincount(gold_runs.example, weights=overlap, minlength=gold.n_examples)
    union = _lengths(gold_runs, gold.n_examples) + _lengths(pred_runs, gold.n_examples) - intersection
    if average == "micro":
        intersection, union = np.array([intersection.sum()]), np.array([union.sum()])
    return _mean(np.divide(intersection, union, out=np.ones(union.shape), where=union > 0))


def _merged(spans: _Spans, keys: _Keys) -> _Runs:
    """The union of each example's spans as sorted disjoint intervals.

    Sorted by start key, a span opens a new interval when it starts after every earlier span has ended; the running
    max of end keys gives each interval's end. Keys never let an interval reach into the next example.
    """
    start, end = keys.encode(spans.example, spans.start), keys.encode(spans.example, spans.end)
    order = np.argsort(start, kind="stable")
    start, reach = start[order], np.maximum.accumulate(end[order])
    opens = np.ones(start.size, dtype=bool)
    opens[1:] = start[1:] > reach[:-1]
    closes = np.ones(start.size, dtype=bool)
    closes[:-1] = opens[1:]
    return _Runs(spans.example[order][opens], start[opens], reach[closes])


def _length_before(runs: _Runs, points: IntArray) -> IntArray:
    """Total length of `runs` lying before each point (key space, so points are >= 0).

    All runs starting at or before the point count in full, less whatever of the last of them sticks out past it.
    """
    full = np.concatenate([[0], np.cumsum(runs.end - runs.start)])
    last_end = np.concatenate([[0], runs.end])
    started = np.searchsorted(runs.start, points, side="right")
    return full[started] - np.maximum(last_end[started] - points, 0)


def _lengths(runs: _Runs, n_examples: int) -> FloatArray:
    """Total length of the runs of each example."""
    # Weighted counts are float64; numpy's stubs type every bincount as integers, so this astype is a no-op.
    return np.bincount(runs.example, weights=runs.end - runs.start, minlength=n_examples).astype(np.float64, copy=False)
