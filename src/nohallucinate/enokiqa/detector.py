"""Run the annotation pipeline as a detector: predictions for EnokiQA examples, sentence scores for
RAGTruth/ANAH responses."""

from __future__ import annotations

from nohallucinate.claims.check import SUPPORT_THRESHOLD
from nohallucinate.enokiqa.detection_sets import DetectionResponse
from nohallucinate.enokiqa.evaluation import Prediction
from nohallucinate.enokiqa.pipeline import Annotator
from nohallucinate.enokiqa.schema import EnokiExample


async def detect(annotator: Annotator, example: EnokiExample) -> Prediction:
    """All three parts for one example: sentence scores and spans from the triples the pipeline extracts itself
    from the gold sentences, and triple scores from judging the gold triples' hypotheses."""
    sentences = [sentence.sentence for sentence in example.sentences]
    annotated = await annotator.annotate(example.answer, example.context, sentences, example.title)
    hypotheses = [triple.hypothesis for sentence in example.sentences for triple in sentence.triples]
    judged = iter(await annotator.judge_hypotheses(example.context, hypotheses, example.title))
    return Prediction(
        id=example.id,
        sentence_scores=[sentence.hall_prob for sentence in annotated],
        triple_scores=[[next(judged) for _ in sentence.triples] for sentence in example.sentences],
        spans=[
            triple.span
            for sentence in annotated
            for triple in sentence.triples
            if triple.hall_prob > SUPPORT_THRESHOLD and triple.span is not None
        ],
    )


async def score_labelled_sentences(annotator: Annotator, response: DetectionResponse) -> list[float]:
    """A hall_prob for each labelled sentence of the response, in the order of `response.labelled`."""
    wanted = {labelled.index for labelled in response.labelled}
    annotated = await annotator.annotate(response.answer, response.context, response.sentences, only=wanted)
    by_index = {sentence.index: sentence.hall_prob for sentence in annotated}
    return [by_index[labelled.index] for labelled in response.labelled]
