"""Gold labels exactly as the EnokiQA card derives them from `hall_prob`, plus the sentence labels of RAGTruth/ANAH."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from nohallucinate.enokiqa.detection_sets import DetectionResponse
from nohallucinate.enokiqa.schema import EnokiExample

THRESHOLD = 0.5


def triple_labels(example: EnokiExample) -> list[list[int]]:
    """Per sentence, per triple: 1 if the triple's hall_prob > 0.5."""
    return [[int(triple.hall_prob > THRESHOLD) for triple in sentence.triples] for sentence in example.sentences]


def sentence_hall_probs(example: EnokiExample) -> list[float]:
    """Per sentence, the max hall_prob over its triples (0.0 with none), computed from the triples."""
    return [max((triple.hall_prob for triple in sentence.triples), default=0.0) for sentence in example.sentences]


def sentence_labels(example: EnokiExample) -> list[int]:
    """Per sentence: 1 if any of its triples is hallucinated, i.e. the max hall_prob > 0.5."""
    return [int(prob > THRESHOLD) for prob in sentence_hall_probs(example)]


def gold_spans(example: EnokiExample) -> list[tuple[int, int]]:
    """The [start, end) answer span of every hallucinated triple that has one, in sentence and triple order."""
    return [
        span
        for sentence in example.sentences
        for triple in sentence.triples
        if triple.hall_prob > THRESHOLD and (span := triple.span_or_none) is not None
    ]


@dataclass(frozen=True)
class FlatLabels:
    """Labels and gold scores of a whole split, concatenated, with keys to line predictions up against them."""

    sentence_labels: list[int]
    sentence_scores: list[float]
    sentence_keys: list[tuple[str, int]]  # (example id, sentence position)
    triple_labels: list[int]
    triple_scores: list[float]
    triple_keys: list[tuple[str, int, int]]  # (example id, sentence position, triple position)


def flat_labels_and_scores(examples: Iterable[EnokiExample]) -> FlatLabels:
    """Concatenated sentence labels with gold sentence hall_probs, and triple labels with gold triple hall_probs."""
    items = list(examples)
    triples = [
        (example.id, position, number, triple)
        for example in items
        for position, sentence in enumerate(example.sentences)
        for number, triple in enumerate(sentence.triples)
    ]
    return FlatLabels(
        sentence_labels=[label for example in items for label in sentence_labels(example)],
        sentence_scores=[prob for example in items for prob in sentence_hall_probs(example)],
        sentence_keys=[(example.id, position) for example in items for position in range(len(example.sentences))],
        triple_labels=[int(triple.hall_prob > THRESHOLD) for *_, triple in triples],
        triple_scores=[triple.hall_prob for *_, triple in triples],
        triple_keys=[(example_id, position, number) for example_id, position, number, _ in triples],
    )


def sentence_level(responses: Iterable[DetectionResponse]) -> tuple[list[int], list[tuple[str, int]]]:
    """Gold labels (1 = hallucinated) of every labelled RAGTruth/ANAH sentence, with its (response id, index) key."""
    labels: list[int] = []
    keys: list[tuple[str, int]] = []
    for response in responses:
        for labelled in response.labelled:
            labels.append(int(labelled.hallucinated))
            keys.append((response.id, labelled.index))
    return labels, keys
