"""Speed of the vectorised EnokiQA metrics against a straightforward per-example Python implementation.

Builds a seeded synthetic split the size of the EnokiQA test split (answers, sentences, nested triple spans,
hall_prob, a noisy detector), scores it both ways, checks both give the same numbers and prints the times.

    .venv/bin/python benchmarks/enoki_metrics_speed.py [--scale 1.0] [--seed 0]
"""

from __future__ import annotations

import argparse
import itertools
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray
from sklearn.metrics import f1_score, roc_auc_score

from nohallucinate.enokiqa.metrics import Classification, Span, classification, evaluate

ANSWERS, SENTENCES, TRIPLES = 1_995, 57_987, 492_268
THRESHOLD = 0.5
CLEAN_SENTENCES = 0.06  # the card: ~94% of sentences are hallucinated...
HALLUCINATED_IN_DIRTY = 0.821  # ...and ~77% of triples: 0.94 * 0.821 ~ 0.772

IntArray = NDArray[np.int64]
FloatArray = NDArray[np.float64]
T = TypeVar("T")


@dataclass(frozen=True)
class Synthetic:
    """A flat synthetic split plus the nested per-answer views the naive implementation walks."""

    sentence_answer: IntArray  # answer of each sentence
    triple_sentence: IntArray  # sentence of each triple
    hall_prob: FloatArray  # per triple
    claim_score: FloatArray  # detector score per triple
    answer_length: IntArray
    references: list[list[Span]]
    predictions: list[list[Span]]
    nested: list[list[list[tuple[float, float]]]]  # answer -> sentence -> (hall_prob, score) per triple


# --- synthetic data -------------------------------------------------------------------------------------------


def synthesize(rng: np.random.Generator, scale: float) -> Synthetic:
    """A seeded split shaped like the EnokiQA test split (sizes multiplied by `scale`)."""
    answers, sentences, triples = (max(1, round(n * scale)) for n in (ANSWERS, SENTENCES, TRIPLES))
    sentence_answer = np.repeat(np.arange(answers), rng.multinomial(sentences, np.full(answers, 1 / answers)))
    triple_sentence = np.repeat(np.arange(sentences), rng.multinomial(triples, np.full(sentences, 1 / sentences)))
    sentence_length = rng.integers(100, 295, sentences)  # mean ~197 chars, ~5,700 per answer
    sentence_offset = offsets_within(sentence_length + 1, sentence_answer)  # +1 for the space between sentences
    answer_length = np.bincount(sentence_answer, weights=sentence_length + 1, minlength=answers).astype(np.int64)
    start, end = nested_spans(rng, triple_sentence, sentence_length)
    start, end = start + sentence_offset[triple_sentence], end + sentence_offset[triple_sentence]
    hall_prob = hallucination_probabilities(rng, triple_sentence, sentences)
    claim_score = detector_scores(rng, hall_prob > THRESHOLD)
    triple_answer = sentence_answer[triple_sentence]
    gold = hall_prob > THRESHOLD
    references = group_spans(triple_answer[gold], start[gold], end[gold], answers)
    predictions = predicted_spans(rng, triple_answer, start, end, claim_score, answer_length)
    nested = nest(sentence_answer, triple_sentence, hall_prob, claim_score, answers)
    return Synthetic(
        sentence_answer, triple_sentence, hall_prob, claim_score, answer_length, references, predictions, nested
    )


def offsets_within(lengths: IntArray, group: IntArray) -> IntArray:
    """Start offset of each item inside its group (items sorted by group), given item lengths."""
    global_offset = np.cumsum(lengths) - lengths
    first = np.searchsorted(group, group, side="left")
    return global_offset - global_offset[first]


def nested_spans(
    rng: np.random.Generator, triple_sentence: IntArray, sentence_length: IntArray
) -> tuple[IntArray, IntArray]:
    """Object spans inside each sentence, in runs of increasingly wide (nested) spans like incremental triples."""
    n = triple_sentence.size
    new_run = rng.random(n) < 0.4
    new_run[np.flatnonzero(np.diff(triple_sentence, prepend=-1))] = True  # every sentence starts a run
    run = np.cumsum(new_run) - 1
    head = np.flatnonzero(new_run)
    head_start = (rng.random(head.size) * (sentence_length[triple_sentence[head]] - 30)).astype(np.int64)
    head_end = head_start + rng.integers(3, 15, head.size)
    grow_left = np.where(new_run, 0, rng.integers(0, 4, n))
    grow_right = np.where(new_run, 0, rng.integers(1, 12, n))
    start = head_start[run] - cumsum_within(grow_left, run, head)
    end = head_end[run] + cumsum_within(grow_right, run, head)
    return np.maximum(start, 0), np.minimum(end, sentence_length[triple_sentence])


def cumsum_within(values: IntArray, run: IntArray, head: IntArray) -> IntArray:
    """Running sum of values that restarts at each run head."""
    total = np.cumsum(values)
    return total - (total[head] - values[head])[run]


def hallucination_probabilities(rng: np.random.Generator, triple_sentence: IntArray, sentences: int) -> FloatArray:
    """hall_prob per triple: clean sentences have none above 0.5, the others mostly do."""
    clean = rng.random(sentences) < CLEAN_SENTENCES
    hallucinated = ~clean[triple_sentence] & (rng.random(triple_sentence.size) < HALLUCINATED_IN_DIRTY)
    n = triple_sentence.size
    return np.where(hallucinated, rng.uniform(0.501, 1.0, n), rng.uniform(0.0, 0.499, n))


def detector_scores(rng: np.random.Generator, hallucinated: NDArray[np.bool_]) -> FloatArray:
    """A noisy detector: scores correlated with the gold labels (claim AUROC ~0.87)."""
    logit = np.where(hallucinated, 1.2, -1.2) + rng.normal(0.0, 1.5, hallucinated.size)
    return 1 / (1 + np.exp(-logit))


def predicted_spans(
    rng: np.random.Generator,
    answer: IntArray,
    start: IntArray,
    end: IntArray,
    score: FloatArray,
    answer_length: IntArray,
) -> list[list[Span]]:
    """Spans of the triples the detector flags, mostly shrunk, sometimes sticking out, some dropped, some extra."""
    keep = (score > THRESHOLD) & (rng.random(score.size) > 0.1)
    answer, start, end = answer[keep], start[keep], end[keep]
    new_start, new_end = start + rng.integers(-1, 4, start.size), end - rng.integers(-1, 4, end.size)
    shrunk_away = new_start >= new_end
    new_start, new_end = np.where(shrunk_away, start, new_start), np.where(shrunk_away, end, new_end)
    extra = round(0.05 * start.size)
    extra_answer = rng.integers(0, answer_length.size, extra)
    extra_start = (rng.random(extra) * (answer_length[extra_answer] - 20)).astype(np.int64)
    extra_end = extra_start + rng.integers(3, 20, extra)
    all_answer = np.concatenate([answer, extra_answer])
    order = np.argsort(all_answer, kind="stable")
    all_start = np.maximum(np.concatenate([new_start, extra_start]), 0)[order]
    all_end = np.concatenate([new_end, extra_end])[order]
    return group_spans(all_answer[order], all_start, all_end, answer_length.size)


def group_spans(answer: IntArray, start: IntArray, end: IntArray, answers: int) -> list[list[Span]]:
    """Per-answer lists of (start, end) tuples from flat arrays sorted by answer."""
    spans = list(zip(start.tolist(), end.tolist(), strict=True))
    bounds = np.searchsorted(answer, np.arange(answers + 1)).tolist()
    return [spans[lo:hi] for lo, hi in itertools.pairwise(bounds)]


def nest(
    sentence_answer: IntArray, triple_sentence: IntArray, hall_prob: FloatArray, score: FloatArray, answers: int
) -> list[list[list[tuple[float, float]]]]:
    """answer -> sentence -> [(hall_prob, score)] as a dataset loader would hand them over."""
    pairs = list(zip(hall_prob.tolist(), score.tolist(), strict=True))
    triple_bounds = np.searchsorted(triple_sentence, np.arange(sentence_answer.size + 1)).tolist()
    sentences = [pairs[lo:hi] for lo, hi in itertools.pairwise(triple_bounds)]
    answer_bounds = np.searchsorted(sentence_answer, np.arange(answers + 1)).tolist()
    return [sentences[lo:hi] for lo, hi in itertools.pairwise(answer_bounds)]


# --- the two implementations ----------------------------------------------------------------------------------


def vectorised_classification(data: Synthetic) -> dict[str, Any]:
    """Our classification at sentence and claim level, labels straight from the flat arrays."""
    sentence_hall = np.zeros(data.sentence_answer.size)
    np.maximum.at(sentence_hall, data.triple_sentence, data.hall_prob)
    sentence_score = np.zeros(data.sentence_answer.size)
    np.maximum.at(sentence_score, data.triple_sentence, data.claim_score)
    return {
        "sentence": as_tuple(classification(sentence_hall > THRESHOLD, sentence_score)),
        "claim": as_tuple(classification(data.hall_prob > THRESHOLD, data.claim_score)),
    }


def vectorised_spans(data: Synthetic) -> dict[str, Any]:
    """Our span metrics through `evaluate`, micro and macro."""
    refs, preds, metrics = data.references, data.predictions, ["span_coverage", "iou"]
    return {
        "micro": evaluate(references=refs, predictions=preds, metrics=metrics, average="micro"),
        "macro": evaluate(references=refs, predictions=preds, metrics=metrics, average="macro"),
    }


def as_tuple(result: Classification) -> tuple[float | None, float | None, float | None]:
    """The three figures of a classification result."""
    return result.macro_f1, result.auroc, result.positive_f1


def naive_levels(data: Synthetic) -> dict[str, Any]:
    """Sentence and claim labels and scores gathered in Python loops, then sklearn."""
    sentence_labels, sentence_scores, claim_labels, claim_scores = [], [], [], []
    for answer in data.nested:
        for sentence in answer:
            sentence_labels.append(int(max((hp for hp, _ in sentence), default=0.0) > THRESHOLD))
            sentence_scores.append(max((score for _, score in sentence), default=0.0))
            for hall_prob, score in sentence:
                claim_labels.append(int(hall_prob > THRESHOLD))
                claim_scores.append(score)
    return {
        "sentence": naive_classification(sentence_labels, sentence_scores),
        "claim": naive_classification(claim_labels, claim_scores),
    }


def naive_spans(data: Synthetic) -> dict[str, Any]:
    """The straightforward span metrics, micro and macro."""
    return {
        "micro": naive_evaluate(data.references, data.predictions, "micro"),
        "macro": naive_evaluate(data.references, data.predictions, "macro"),
    }


def naive_classification(labels: list[int], scores: list[float]) -> tuple[float, float, float]:
    """Macro-F1, AUROC and positive-class F1 with sklearn on Python lists."""
    predicted = [int(score > THRESHOLD) for score in scores]
    macro = float(f1_score(labels, predicted, average="macro"))
    positive = float(f1_score(labels, predicted))
    return macro, float(roc_auc_score(labels, scores)), positive


def naive_evaluate(references: Sequence[Sequence[Span]], predictions: Sequence[Sequence[Span]], average: str) -> dict:
    """Span Coverage and character IoU one example, one span pair and one character at a time."""
    coverage_rows, iou_rows = [], []
    for gold, pred in zip(references, predictions, strict=True):
        covered = sum(1 for ps, pe in pred if any(gs <= ps and pe <= ge for gs, ge in gold))
        found = sum(1 for gs, ge in gold if any(gs <= ps and pe <= ge for ps, pe in pred))
        coverage_rows.append((covered, len(pred), found, len(gold)))
        gold_chars = {c for gs, ge in gold for c in range(gs, ge)}
        pred_chars = {c for ps, pe in pred for c in range(ps, pe)}
        iou_rows.append((len(gold_chars & pred_chars), len(gold_chars | pred_chars)))
    if average == "micro":
        coverage_rows = [tuple(sum(column) for column in zip(*coverage_rows, strict=True))]
        iou_rows = [tuple(sum(column) for column in zip(*iou_rows, strict=True))]
    scores = [naive_prf(*row) for row in coverage_rows]
    precision, recall, f1 = (sum(column) / len(scores) for column in zip(*scores, strict=True))
    iou = sum(i / u if u else 1.0 for i, u in iou_rows) / len(iou_rows)
    span = {"precision": precision, "recall": recall, "f1": f1}
    span |= {"predicted": sum(map(len, predictions)), "gold": sum(map(len, references))}
    return {"span_coverage": span, "iou": {"score": iou}}


def naive_prf(covered: int, predicted: int, found: int, gold: int) -> tuple[float, float, float]:
    """Precision, recall, F1 with the documented empty-case rules."""
    precision = covered / predicted if predicted else 1.0
    recall = found / gold if gold else 1.0
    return precision, recall, (2 * precision * recall / (precision + recall) if precision + recall else 0.0)


# --- comparison and report ------------------------------------------------------------------------------------


def timed(function: Callable[[Synthetic], T], data: Synthetic) -> tuple[T, float]:
    """The result of function(data) and the seconds it took."""
    started = time.perf_counter()
    result = function(data)
    return result, time.perf_counter() - started


def assert_same(ours: Any, theirs: Any, where: str = "") -> None:
    """Assert two nested results agree, numbers to within 1e-9."""
    if isinstance(ours, dict):
        assert ours.keys() == theirs.keys(), where
        for key in ours:
            assert_same(ours[key], theirs[key], f"{where}.{key}")
    elif isinstance(ours, tuple):
        for index, (a, b) in enumerate(zip(ours, theirs, strict=True)):
            assert_same(a, b, f"{where}[{index}]")
    else:
        assert abs(ours - theirs) <= 1e-9, f"{where}: {ours} != {theirs}"


def describe(data: Synthetic) -> None:
    """Print the sizes and label rates of the synthetic split."""
    sentence_hall = np.zeros(data.sentence_answer.size)
    np.maximum.at(sentence_hall, data.triple_sentence, data.hall_prob)
    print(f"answers {data.answer_length.size:,} (mean {data.answer_length.mean():,.0f} chars)")
    print(f"sentences {sentence_hall.size:,} ({(sentence_hall > THRESHOLD).mean():.1%} hallucinated)")
    print(f"triples {data.hall_prob.size:,} ({(data.hall_prob > THRESHOLD).mean():.1%} hallucinated)")
    n_gold, n_pred = sum(map(len, data.references)), sum(map(len, data.predictions))
    print(f"gold spans {n_gold:,}, predicted spans {n_pred:,}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="fraction of the test split's size")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    data = synthesize(np.random.default_rng(args.seed), args.scale)
    describe(data)
    warm_up = synthesize(np.random.default_rng(args.seed), 0.01)
    for function in (vectorised_classification, vectorised_spans, naive_levels, naive_spans):
        function(warm_up)  # first calls pay for lazy imports and caches
    ours_levels, ours_levels_seconds = timed(vectorised_classification, data)
    ours_spans, ours_spans_seconds = timed(vectorised_spans, data)
    naive_levels_result, naive_levels_seconds = timed(naive_levels, data)
    naive_spans_result, naive_spans_seconds = timed(naive_spans, data)
    ours = ours_levels | ours_spans
    assert_same(ours, naive_levels_result | naive_spans_result)
    print("vectorised and naive results agree to 1e-9")
    print_scores(ours)
    print_times(
        [
            ("classification (sentence + claim)", ours_levels_seconds, naive_levels_seconds),
            ("evaluate span_coverage + iou (micro + macro)", ours_spans_seconds, naive_spans_seconds),
            ("total", ours_levels_seconds + ours_spans_seconds, naive_levels_seconds + naive_spans_seconds),
        ]
    )


def print_scores(result: dict[str, Any]) -> None:
    """Print the classification and span figures."""
    for level in ("sentence", "claim"):
        macro_f1, auroc, positive_f1 = result[level]
        print(f"{level:8} macro-F1 {macro_f1:.4f}  AUROC {auroc:.4f}  positive F1 {positive_f1:.4f}")
    for average in ("micro", "macro"):
        span, iou = result[average]["span_coverage"], result[average]["iou"]["score"]
        print(
            f"{average:8} coverage P {span['precision']:.4f} R {span['recall']:.4f} F1 {span['f1']:.4f}  IoU {iou:.4f}"
        )


def print_times(rows: list[tuple[str, float, float]]) -> None:
    """Print (label, vectorised seconds, naive seconds) rows with the speed-up."""
    print(f"{'':46} {'vectorised':>11} {'naive':>9} {'ratio':>7}")
    for label, fast, slow in rows:
        print(f"{label:46} {fast:10.3f}s {slow:8.3f}s {slow / fast:6.1f}x")


if __name__ == "__main__":
    main()
