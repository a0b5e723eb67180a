"""The detector and annotator: split the answer into sentences, extract incremental triples from each, find
each object in the answer, and judge every triple's hypothesis against the context (hall_prob = neutral +
contradiction). The same claims code serves the biography grader."""

from __future__ import annotations

import asyncio
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictStr

from nohallucinate.answers.sentences import split_sentences
from nohallucinate.claims.check import Probabilities
from nohallucinate.claims.extraction import Triple, extract_triples
from nohallucinate.claims.nli import NLIJudge
from nohallucinate.claims.spans import locate
from nohallucinate.concurrency import bounded_map
from nohallucinate.models import ModelClient
from nohallucinate.tasks.inputs import Text, load_rows, reject_duplicates


@dataclass(frozen=True)
class AnnotatedTriple:
    """One claim of a sentence: its triple, where its object stands in the answer (None: not found), and the NLI
    judgement of its hypothesis against the context."""

    triple: Triple
    span: tuple[int, int] | None
    probabilities: Probabilities

    @property
    def hall_prob(self) -> float:
        """The probability that the context does not back the claim (neutral + contradiction)."""
        return self.probabilities.hall_prob


@dataclass(frozen=True)
class AnnotatedSentence:
    """One sentence of an answer: its position, its text and span in the answer (None: not found), and its claims."""

    index: int
    text: str
    span: tuple[int, int] | None
    triples: tuple[AnnotatedTriple, ...]

    @property
    def hall_prob(self) -> float:
        """The most hallucinated triple's probability; 0.0 for a sentence without triples."""
        return max((t.hall_prob for t in self.triples), default=0.0)


class Annotator:
    """Annotates answers against their context with an extraction model and an NLI judge."""

    def __init__(self, extractor: ModelClient, judge: NLIJudge, *, concurrency: int = 8) -> None:
        self.extractor = extractor
        self.judge = judge
        self._limit = asyncio.Semaphore(concurrency)

    async def annotate(
        self,
        answer: str,
        context: str,
        sentences: list[str] | None = None,
        title: str = "",
        only: Collection[int] | None = None,
    ) -> list[AnnotatedSentence]:
        """Every sentence of the answer (our split unless `sentences` is given; with `only`, just those positions)
        with its triples, object spans and NLI probabilities against the context."""
        texts = sentences if sentences is not None else [s.text for s in split_sentences(answer)]
        spans = _sentence_spans(answer, texts)
        chosen = [index for index in range(len(texts)) if only is None or index in only]
        triples = await bounded_map(
            lambda index: extract_triples(self.extractor, texts[index], answer), chosen, limit=self._limit
        )
        hypotheses = [t.hypothesis for chain in triples for t in chain]
        judged = iter(await self.judge.judge(context, hypotheses, title))
        annotated = []
        for index, chain in zip(chosen, triples, strict=True):
            span = spans[index]
            found = tuple(AnnotatedTriple(t, locate(t.object, answer, within=span), next(judged)) for t in chain)
            annotated.append(AnnotatedSentence(index, texts[index], span, found))
        return annotated

    async def judge_hypotheses(self, context: str, hypotheses: list[str], title: str = "") -> list[float]:
        """hall_prob of each given hypothesis against the context (for scoring the gold triples)."""
        return [probabilities.hall_prob for probabilities in await self.judge.judge(context, hypotheses, title)]


class AnnotationRow(BaseModel):
    """One line of the annotator's input: an answer, its question, and the context it is judged against."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    question: Text
    answer: Text
    context: Text
    id: StrictStr = ""  # empty: the loader names the row by its line
    title: StrictStr = ""


def load_annotation_rows(path: Path | str) -> list[AnnotationRow]:
    """Read the annotator's input; a row without an id is "row-N" (N its line), and a repeated id is an error."""
    rows = [
        (number, row.model_copy(update={"id": row.id or f"row-{number}"}))
        for number, row in load_rows(path, AnnotationRow)
    ]
    reject_duplicates(path, ((row.id, number) for number, row in rows), "id")
    return [row for _, row in rows]


def enoki_record(
    example_id: str, title: str, question: str, answer: str, context: str, sentences: list[AnnotatedSentence]
) -> dict[str, Any]:
    """An annotated answer in the EnokiQA schema."""
    return {
        "id": example_id,
        "title": title,
        "question": question,
        "answer": answer,
        "context": context,
        "n_sentences": len(sentences),
        "n_triplets": sum(len(s.triples) for s in sentences),
        "sentences": [
            {
                "sentence_index": s.index,
                "sentence": s.text,
                "hall_prob": s.hall_prob,
                "triples": [
                    {
                        "triplet": [t.triple.subject, t.triple.predicate, t.triple.object],
                        "span": list(t.span) if t.span else [],
                        "hypothesis": t.triple.hypothesis,
                        "entailment": t.probabilities.entailment,
                        "neutral": t.probabilities.neutral,
                        "contradiction": t.probabilities.contradiction,
                        "hall_prob": t.hall_prob,
                    }
                    for t in s.triples
                ],
            }
            for s in sentences
        ],
    }


def _sentence_spans(answer: str, sentences: list[str]) -> list[tuple[int, int] | None]:
    """Where each sentence sits in the answer, searched in order (sentences may differ in spacing)."""
    spans: list[tuple[int, int] | None] = []
    cursor = 0
    for text in sentences:
        found = locate(text, answer, within=(cursor, len(answer)))
        if found is not None and found[0] >= cursor:
            cursor = found[1]
        spans.append(found)
    return spans
