"""EnokiQA metrics: hand-worked golden cases and property tests against a tiny per-example reference."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.enokiqa.metrics import (
    Span,
    SpanScores,
    char_iou,
    classification,
    evaluate,
    span_coverage,
)


def scores(precision: float, recall: float, f1: float, predicted: int, gold: int) -> SpanScores:
    """Expected SpanScores, compared with approx so hand-written fractions match."""
    approx = pytest.approx
    return SpanScores(approx(precision), approx(recall), approx(f1), predicted, gold)  # type: ignore[arg-type]


# --- span coverage: golden cases ------------------------------------------------------------------------------


def test_prediction_inside_gold_is_covered() -> None:
    # gold [0, 10) contains pred [2, 5): 1 covered / 1 predicted, 1 found / 1 gold -> P = R = F1 = 1.
    assert span_coverage([[(0, 10)]], [[(2, 5)]]) == scores(1, 1, 1, 1, 1)


def test_prediction_equal_to_gold_is_covered() -> None:
    # [3, 7) inside [3, 7): 0 <= 0 and 7 <= 7 -> covered.
    assert span_coverage([[(3, 7)]], [[(3, 7)]]) == scores(1, 1, 1, 1, 1)


def test_prediction_crossing_a_boundary() -> None:
    gold, pred = [[(10, 20)]], [[(18, 22)]]
    # tolerance 0: 22 <= 20 fails -> 0/1 covered, 0/1 found -> P = R = 0, F1 = 0 (P + R = 0).
    assert span_coverage(gold, pred) == scores(0, 0, 0, 1, 1)
    # tolerance 1: 22 <= 21 still fails.
    assert span_coverage(gold, pred, tolerance=1) == scores(0, 0, 0, 1, 1)
    # tolerance 2: 10 - 2 <= 18 and 22 <= 20 + 2 -> covered, and the gold span is found -> 1/1/1.
    assert span_coverage(gold, pred, tolerance=2) == scores(1, 1, 1, 1, 1)
    # Sticking out by 2 on the left, [8, 12): 10 - 2 <= 8 and 12 <= 22 -> covered with tolerance 2 only.
    assert span_coverage(gold, [[(8, 12)]]) == scores(0, 0, 0, 1, 1)
    assert span_coverage(gold, [[(8, 12)]], tolerance=2) == scores(1, 1, 1, 1, 1)


def test_gold_but_no_predictions() -> None:
    # No predictions -> P = 1.0; 0 of 2 gold found -> R = 0; F1 = 2*1*0 / 1 = 0.
    assert span_coverage([[(0, 5), (7, 9)]], [[]]) == scores(1, 0, 0, 0, 2)


def test_predictions_but_no_gold() -> None:
    # 0 of 1 prediction covered -> P = 0; no gold -> R = 1.0; F1 = 0.
    assert span_coverage([[]], [[(0, 5)]]) == scores(0, 1, 0, 1, 0)


def test_both_empty() -> None:
    # Nothing predicted and nothing to find: P = 1, R = 1, F1 = 2*1*1 / 2 = 1, micro and macro alike.
    assert span_coverage([[], []], [[], []]) == scores(1, 1, 1, 0, 0)
    assert span_coverage([[], []], [[], []], average="macro") == scores(1, 1, 1, 0, 0)


def test_no_examples_at_all() -> None:
    assert span_coverage([], []) == scores(1, 1, 1, 0, 0)
    assert span_coverage([], [], average="macro") == scores(1, 1, 1, 0, 0)
    assert char_iou([], []) == 1.0
    assert char_iou([], [], average="macro") == 1.0


def test_duplicate_predictions_each_count() -> None:
    # [2, 4) twice, both covered by [0, 10); [15, 18) twice, neither covered.
    # P = 2 covered / 4 predicted = 0.5; R = 1 found / 1 gold = 1; F1 = 2*0.5*1 / 1.5 = 2/3.
    pred = [[(2, 4), (2, 4), (15, 18), (15, 18)]]
    assert span_coverage([[(0, 10)]], pred) == scores(0.5, 1, 2 / 3, 4, 1)


def test_duplicate_gold_spans_each_count() -> None:
    # Gold [0, 10) twice, both contain [2, 4): R = 2/2; P = 1/1.
    assert span_coverage([[(0, 10), (0, 10)]], [[(2, 4)]]) == scores(1, 1, 1, 1, 2)


def test_spans_are_not_merged() -> None:
    # Pred [3, 8) lies inside the union of gold [0, 5) and [5, 10) but inside neither one -> not covered.
    # P = 0/1, R = 0/2, F1 = 0.
    assert span_coverage([[(0, 5), (5, 10)]], [[(3, 8)]]) == scores(0, 0, 0, 1, 2)


def test_nested_gold_spans() -> None:
    gold = [[(0, 20), (5, 10)]]
    # Pred [6, 8) is inside the inner [5, 10), hence inside the outer [0, 20) too: both gold spans contain a
    # prediction -> R = 2/2 = 1; P = 1/1 -> F1 = 1.
    assert span_coverage(gold, [[(6, 8)]]) == scores(1, 1, 1, 1, 2)
    # Pred [12, 15) is inside the outer span only -> R = 1/2; P = 1/1; F1 = 2*1*0.5 / 1.5 = 2/3.
    assert span_coverage(gold, [[(12, 15)]]) == scores(1, 0.5, 2 / 3, 1, 2)


def test_spans_only_match_within_their_example() -> None:
    # Example 0's gold [0, 10) must not cover example 1's pred [2, 4).
    # Micro: 0 covered / 1 predicted, 0 found / 1 gold -> 0/0/0.
    assert span_coverage([[(0, 10)], []], [[], [(2, 4)]]) == scores(0, 0, 0, 1, 1)


def test_micro_and_macro_disagree() -> None:
    references = [[(0, 10)], [(0, 5), (10, 15)]]
    predictions = [[(1, 3), (4, 6), (20, 25)], []]
    # Example 0: covered 2 of 3 predictions, found 1 of 1 gold -> P = 2/3, R = 1, F1 = 2*(2/3)/(5/3) = 4/5.
    # Example 1: no predictions -> P = 1, found 0 of 2 -> R = 0, F1 = 0.
    # Micro: P = 2/3 (2 covered / 3 predicted), R = 1/3 (1 found / 3 gold), F1 = 2*(2/9)/(3/3) = 4/9 ~ 0.444.
    assert span_coverage(references, predictions) == scores(2 / 3, 1 / 3, 4 / 9, 3, 3)
    # Macro: P = (2/3 + 1)/2 = 5/6, R = (1 + 0)/2 = 1/2, F1 = (4/5 + 0)/2 = 2/5 = 0.4 (not 2PR/(P+R) = 0.625).
    assert span_coverage(references, predictions, average="macro") == scores(5 / 6, 1 / 2, 2 / 5, 3, 3)


def test_spans_may_be_lists_or_arrays() -> None:
    # The dataset stores spans as [start, end] lists.
    assert span_coverage([[[0, 10]]], [np.array([[2, 5]])]) == scores(1, 1, 1, 1, 1)


@pytest.mark.parametrize("where", ["references", "predictions"])
@pytest.mark.parametrize("span", [(4, 4), (5, 3)])
def test_empty_span_names_the_example(where: str, span: Span) -> None:
    valid: list[list[Span]] = [[(0, 5)], [(1, 2)]]
    invalid: list[list[Span]] = [[(0, 5)], [(1, 2), span]]
    references, predictions = (invalid, valid) if where == "references" else (valid, invalid)
    with pytest.raises(ValueError, match=rf"{where}\[1\]"):
        span_coverage(references, predictions)
    with pytest.raises(ValueError, match=rf"{where}\[1\]"):
        char_iou(references, predictions)


def test_example_counts_must_match() -> None:
    with pytest.raises(ValueError, match=r"2 examples.*1"):
        span_coverage([[], []], [[]])
    with pytest.raises(ValueError, match="examples"):
        evaluate(references=[[]], predictions=[])


@pytest.mark.parametrize("bad", [[(1, 2, 3)], [(1,)], [(1, 2), (3,)], [(0.5, 2.0)]])
def test_spans_must_be_integer_pairs(bad: list[tuple]) -> None:
    with pytest.raises(ValueError, match="pair"):
        span_coverage([bad], [[]])


def test_options_are_checked() -> None:
    with pytest.raises(ValueError, match="average"):
        span_coverage([[]], [[]], average="weighted")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="tolerance"):
        span_coverage([[]], [[]], tolerance=-1)
    with pytest.raises(ValueError, match="unknown metrics"):
        evaluate(references=[[]], predictions=[[]], metrics=["exact_match"])


# --- character IoU: golden cases ------------------------------------------------------------------------------


def test_iou_overlapping_spans() -> None:
    # Gold chars 0..9 (10), pred chars 5..14 (10): intersection 5..9 = 5, union 0..14 = 15 -> 5/15 = 1/3.
    assert char_iou([[(0, 10)]], [[(5, 15)]]) == pytest.approx(1 / 3)


def test_iou_disjoint_spans() -> None:
    # Gold 0..3 (4 chars), pred 10..11 (2 chars): intersection 0, union 6 -> 0.
    assert char_iou([[(0, 4)]], [[(10, 12)]]) == 0.0


def test_iou_uses_the_union_of_overlapping_spans_within_a_set() -> None:
    # Gold [0, 6) ∪ [4, 10) = chars 0..9 (10, overlap 4..5 counted once); pred [2, 8) = 6 chars, all inside.
    # Intersection 6, union 10 -> 0.6. Duplicate and nested predictions change nothing.
    assert char_iou([[(0, 6), (4, 10)]], [[(2, 8)]]) == pytest.approx(0.6)
    assert char_iou([[(0, 6), (4, 10)]], [[(2, 8), (2, 8), (3, 5)]]) == pytest.approx(0.6)


def test_iou_empty_cases() -> None:
    # Both empty -> 1.0; one side empty -> intersection 0 over a non-empty union -> 0.
    assert char_iou([[]], [[]]) == 1.0
    assert char_iou([[(0, 3)]], [[]]) == 0.0
    assert char_iou([[]], [[(0, 3)]]) == 0.0


def test_iou_micro_and_macro() -> None:
    references = [[(0, 10)], [(0, 4)], []]
    predictions = [[(5, 15)], [(10, 12)], []]
    # Example 0: 5 / 15; example 1: 0 / 6; example 2: both empty -> IoU 1.0, adds 0 / 0 to the micro sums.
    # Micro: (5 + 0 + 0) / (15 + 6 + 0) = 5/21 ~ 0.238.
    assert char_iou(references, predictions) == pytest.approx(5 / 21)
    # Macro: (1/3 + 0 + 1) / 3 = 4/9 ~ 0.444.
    assert char_iou(references, predictions, average="macro") == pytest.approx(4 / 9)


def test_evaluate_report_shape() -> None:
    references, predictions = [[(0, 10)], [(0, 5), (10, 15)]], [[(1, 3), (4, 6), (20, 25)], []]
    report = evaluate(references=references, predictions=predictions)
    assert set(report) == {"span_coverage", "iou"}
    assert report["span_coverage"] == {
        "precision": pytest.approx(2 / 3),
        "recall": pytest.approx(1 / 3),
        "f1": pytest.approx(4 / 9),
        "predicted": 3,
        "gold": 3,
    }
    # IoU: example 0 gold 0..9, pred 1..2, 4..5, 20..24 -> intersection 4, union 10 + 5 = 15;
    # example 1: intersection 0, union 10 -> micro 4 / 25.
    assert report["iou"] == {"score": pytest.approx(4 / 25)}
    assert set(evaluate(references=references, predictions=predictions, metrics=["iou"])) == {"iou"}


# --- classification -------------------------------------------------------------------------------------------


def test_classification_one_class_absent() -> None:
    result = classification([1, 1, 1], [0.9, 0.2, 0.7])
    assert result.macro_f1 is None
    assert result.auroc is None
    assert result.note == "only one class in the gold labels (all hallucinated)"
    # Positive class: TP = 2, FP = 0, FN = 1 -> F1 = 2*2 / (2*2 + 0 + 1) = 4/5.
    assert result.positive_f1 == pytest.approx(0.8)
    assert (result.n, result.positives) == (3, 3)


def test_classification_no_positives() -> None:
    result = classification([0, 0], [0.1, 0.7])
    assert (result.macro_f1, result.auroc) == (None, None)
    assert result.note == "only one class in the gold labels (none hallucinated)"
    # TP = 0, FP = 1, FN = 0 -> F1 = 0 / (0 + 1 + 0) = 0.
    assert result.positive_f1 == 0.0
    # Nothing positive in gold or prediction: positive F1 is 0/0, so undefined.
    assert classification([0, 0], [0.1, 0.2]).positive_f1 is None
    assert classification([], []).note == "no examples"


def test_classification_oracle() -> None:
    labels = [0, 1, 1, 0, 1]
    result = classification(labels, [float(label) for label in labels])
    # Scores equal labels: every positive ranks above every negative, and score > 0.5 predicts each label.
    assert result.auroc == 1.0
    assert result.macro_f1 == 1.0
    assert result.positive_f1 == 1.0
    assert result.note is None


def test_constant_positive_predictor_on_skewed_labels() -> None:
    labels = [1] * 94 + [0] * 6
    result = classification(labels, [0.9] * 100)
    # Positive class: TP = 94, FP = 6, FN = 0 -> F1 = 2*94 / (2*94 + 6) = 188/194 ~ 0.9691.
    assert result.positive_f1 == pytest.approx(188 / 194)
    # Negative class: TP = 0, FP = 0, FN = 6 -> F1 = 0 / 6 = 0. Macro-F1 = (188/194 + 0) / 2 = 94/194 ~ 0.4845.
    assert result.macro_f1 == pytest.approx(94 / 194)
    # All scores tie: AUROC = 0.5.
    assert result.auroc == pytest.approx(0.5)
    assert (result.n, result.positives) == (100, 94)


def test_classification_threshold_applies_as_given() -> None:
    # Raw logits: AUROC only ranks them; the threshold 0.5 still decides predictions (-1, 0.3 -> 0; 2 -> 1).
    result = classification(np.array([0, 1, 1]), np.array([-1.0, 0.3, 2.0]))
    assert result.auroc == 1.0
    # Positive class: TP = 1, FN = 1 -> F1 = 2/3; negative class: TP = 1, FP = 1 -> F1 = 2/3.
    assert result.positive_f1 == pytest.approx(2 / 3)
    assert result.macro_f1 == pytest.approx(2 / 3)
    assert classification([0, 1, 1], [-1.0, 0.3, 2.0], threshold=0.0).macro_f1 == 1.0


def test_classification_checks_inputs() -> None:
    with pytest.raises(ValueError, match=r"3 items.*2"):
        classification([0, 1, 1], [0.5, 0.5])
    with pytest.raises(ValueError, match="0 or 1"):
        classification([0, 2], [0.5, 0.5])
    with pytest.raises(ValueError, match="finite"):
        classification([0, 1], [0.5, float("nan")])


# --- property tests against an obviously correct per-example reference ---------------------------------------


def inside(inner: Span, outer: Span, tolerance: int) -> bool:
    """Whether inner lies within outer, give or take tolerance."""
    return outer[0] - tolerance <= inner[0] and inner[1] <= outer[1] + tolerance


def prf(covered: int, predicted: int, found: int, gold: int) -> tuple[float, float, float]:
    """Precision, recall, F1 with the documented empty-case rules."""
    precision = covered / predicted if predicted else 1.0
    recall = found / gold if gold else 1.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return precision, recall, f1


def reference_coverage(
    references: Sequence[Sequence[Span]], predictions: Sequence[Sequence[Span]], average: str, tolerance: int
) -> tuple[float, float, float]:
    """Span Coverage P/R/F1, one example and one pair of spans at a time."""
    rows = []
    for gold, pred in zip(references, predictions, strict=True):
        covered = sum(any(inside(p, g, tolerance) for g in gold) for p in pred)
        found = sum(any(inside(p, g, tolerance) for p in pred) for g in gold)
        rows.append((covered, len(pred), found, len(gold)))
    if average == "micro":
        rows = [(sum(r[0] for r in rows), sum(r[1] for r in rows), sum(r[2] for r in rows), sum(r[3] for r in rows))]
    per_row = [prf(*row) for row in rows]
    if not per_row:
        return 1.0, 1.0, 1.0
    return tuple(sum(values) / len(per_row) for values in zip(*per_row, strict=True))  # type: ignore[return-value]


def characters(spans: Sequence[Span]) -> set[int]:
    """Every character position covered by some span."""
    return {position for start, end in spans for position in range(start, end)}


def reference_iou(references: Sequence[Sequence[Span]], predictions: Sequence[Sequence[Span]], average: str) -> float:
    """Character IoU with Python sets of character positions."""
    pairs = []
    for gold, pred in zip(references, predictions, strict=True):
        gold_chars, pred_chars = characters(gold), characters(pred)
        pairs.append((len(gold_chars & pred_chars), len(gold_chars | pred_chars)))
    if average == "micro":
        union = sum(u for _, u in pairs)
        return sum(i for i, _ in pairs) / union if union else 1.0
    per_example = [i / u if u else 1.0 for i, u in pairs]
    return sum(per_example) / len(per_example) if per_example else 1.0


span = st.tuples(st.integers(0, 40), st.integers(1, 12)).map(lambda pair: (pair[0], pair[0] + pair[1]))
# Repeating a drawn list's head gives exact duplicates often; the narrow range gives nesting and overlaps.
example_spans = st.lists(span, max_size=8).flatmap(
    lambda spans: st.integers(0, len(spans)).map(lambda n: spans + spans[:n])
)


def examples(n: int) -> st.SearchStrategy[list[list[Span]]]:
    """Span lists for exactly n examples."""
    return st.lists(example_spans, min_size=n, max_size=n)


split = st.integers(0, 6).flatmap(lambda n: st.tuples(examples(n), examples(n)))
averages = st.sampled_from(["micro", "macro"])


@settings(max_examples=400, deadline=None)
@given(split, averages, st.integers(0, 3))
def test_span_coverage_matches_reference(
    data: tuple[list[list[Span]], list[list[Span]]], average: str, tolerance: int
) -> None:
    references, predictions = data
    result = span_coverage(references, predictions, average=average, tolerance=tolerance)  # type: ignore[arg-type]
    expected = reference_coverage(references, predictions, average, tolerance)
    assert (result.precision, result.recall, result.f1) == pytest.approx(expected, abs=1e-12)
    assert result.predicted == sum(map(len, predictions))
    assert result.gold == sum(map(len, references))


@settings(max_examples=400, deadline=None)
@given(split, averages)
def test_char_iou_matches_reference(data: tuple[list[list[Span]], list[list[Span]]], average: str) -> None:
    references, predictions = data
    result = char_iou(references, predictions, average=average)  # type: ignore[arg-type]
    assert result == pytest.approx(reference_iou(references, predictions, average), abs=1e-12)


@settings(max_examples=100, deadline=None)
@given(split, averages, st.integers(0, 3))
def test_evaluate_agrees_with_the_single_metrics(
    data: tuple[list[list[Span]], list[list[Span]]], average: str, tolerance: int
) -> None:
    references, predictions = data
    report = evaluate(references=references, predictions=predictions, average=average, tolerance=tolerance)  # type: ignore[arg-type]
    coverage = span_coverage(references, predictions, average=average, tolerance=tolerance)  # type: ignore[arg-type]
    assert report["span_coverage"] == vars(coverage)
    assert report["iou"]["score"] == char_iou(references, predictions, average=average)  # type: ignore[arg-type]
