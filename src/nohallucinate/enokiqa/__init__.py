"""EnokiQA: fine-grained hallucination detection at sentence, claim and span level.

Load a split, derive the gold labels the card defines, score predictions on the three tasks, and run the
annotation pipeline (sentence split → incremental triples → spans → NLI) as a detector or an annotator.

    >>> from nohallucinate.enokiqa import load_enokiqa, baseline_predictions, score_predictions
    >>> split = load_enokiqa("tests/fixtures/enokiqa/mini.jsonl")
    >>> scores = score_predictions(split.examples, baseline_predictions("oracle", split.examples))
    >>> scores.claim.auroc
    1.0
"""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.enokiqa.baselines import baseline_predictions, sentence_baseline_scores
    from nohallucinate.enokiqa.detection_sets import DetectionResponse, LabelledSentence, load_detection_rows
    from nohallucinate.enokiqa.detector import detect, score_labelled_sentences
    from nohallucinate.enokiqa.evaluation import (
        EnokiScores,
        Prediction,
        PredictionError,
        load_predictions,
        score_predictions,
    )
    from nohallucinate.enokiqa.labels import gold_spans, sentence_hall_probs, sentence_labels, triple_labels
    from nohallucinate.enokiqa.loading import HUB_ID, LoadedSplit, SourceError, Violation, load_enokiqa, validate
    from nohallucinate.enokiqa.metrics import (
        Classification,
        SpanScores,
        char_iou,
        classification,
        evaluate,
        span_coverage,
    )
    from nohallucinate.enokiqa.pipeline import (
        AnnotatedSentence,
        AnnotatedTriple,
        AnnotationRow,
        Annotator,
        enoki_record,
        load_annotation_rows,
    )
    from nohallucinate.enokiqa.schema import EnokiExample, EnokiSentence, EnokiTriple
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.enokiqa.baselines": ("baseline_predictions", "sentence_baseline_scores"),
            "nohallucinate.enokiqa.detection_sets": ("DetectionResponse", "LabelledSentence", "load_detection_rows"),
            "nohallucinate.enokiqa.detector": ("detect", "score_labelled_sentences"),
            "nohallucinate.enokiqa.evaluation": (
                "EnokiScores",
                "Prediction",
                "PredictionError",
                "load_predictions",
                "score_predictions",
            ),
            "nohallucinate.enokiqa.labels": ("gold_spans", "sentence_hall_probs", "sentence_labels", "triple_labels"),
            "nohallucinate.enokiqa.loading": (
                "HUB_ID",
                "LoadedSplit",
                "SourceError",
                "Violation",
                "load_enokiqa",
                "validate",
            ),
            "nohallucinate.enokiqa.metrics": (
                "Classification",
                "SpanScores",
                "char_iou",
                "classification",
                "evaluate",
                "span_coverage",
            ),
            "nohallucinate.enokiqa.pipeline": (
                "AnnotatedSentence",
                "AnnotatedTriple",
                "AnnotationRow",
                "Annotator",
                "enoki_record",
                "load_annotation_rows",
            ),
            "nohallucinate.enokiqa.schema": ("EnokiExample", "EnokiSentence", "EnokiTriple"),
        },
    )

BASELINES = ("constant", "random", "oracle")  # the sanity baselines (enokiqa/baselines.py), by name

__all__ = [
    "BASELINES",
    "HUB_ID",
    "AnnotatedSentence",
    "AnnotatedTriple",
    "AnnotationRow",
    "Annotator",
    "Classification",
    "DetectionResponse",
    "EnokiExample",
    "EnokiScores",
    "EnokiSentence",
    "EnokiTriple",
    "LabelledSentence",
    "LoadedSplit",
    "Prediction",
    "PredictionError",
    "SourceError",
    "SpanScores",
    "Violation",
    "baseline_predictions",
    "char_iou",
    "classification",
    "detect",
    "enoki_record",
    "evaluate",
    "gold_spans",
    "load_annotation_rows",
    "load_detection_rows",
    "load_enokiqa",
    "load_predictions",
    "score_labelled_sentences",
    "score_predictions",
    "sentence_baseline_scores",
    "sentence_hall_probs",
    "sentence_labels",
    "span_coverage",
    "triple_labels",
    "validate",
]
