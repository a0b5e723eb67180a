"""The annotation pipeline and detector end to end, through the real model client against the local server."""

from __future__ import annotations

import asyncio
import importlib.util
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TypeVar

import pytest

from nohallucinate.claims.nli import LocalNLIJudge, ModelJudge
from nohallucinate.enokiqa import (
    Annotator,
    EnokiExample,
    detect,
    enoki_record,
    load_detection_rows,
    load_enokiqa,
    score_labelled_sentences,
    score_predictions,
    validate,
)
from nohallucinate.models import Endpoint, ModelClient
from support.openai_server import OpenAIServer

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa"
EXAMPLES = load_enokiqa(FIXTURES / "mini.jsonl").examples
T = TypeVar("T")


def with_annotator(server: OpenAIServer, work: Callable[[Annotator], Awaitable[T]], chunk_chars: int = 12_000) -> T:
    async def run() -> T:
        client = ModelClient(Endpoint(model="scripted", base_url=server.url, api_key="k"), backoff=(0.01, 0.02))
        try:
            return await work(Annotator(client, ModelJudge(client, chunk_chars=chunk_chars)))
        finally:
            await client.aclose()

    return asyncio.run(run())


def test_annotating_an_answer_gives_a_record_that_passes_the_cards_rules(scripted_server: OpenAIServer) -> None:
    example = EXAMPLES[0]
    sentences = with_annotator(
        scripted_server, lambda a: a.annotate(example.answer, example.context, title=example.title)
    )
    assert [s.text for s in sentences] == [s.sentence for s in example.sentences]  # our splitter agrees with the gold
    record = EnokiExample.model_validate(
        enoki_record("new-1", example.title, example.question, example.answer, example.context, sentences)
    )
    assert validate(record) == []  # counts, indices, probabilities summing to 1, hall_prob = n + c, spans inside
    for sentence in sentences:
        assert len(sentence.triples) == 2  # the scripted extractor's chain: broad, then more specific
        broad, specific = sentence.triples
        assert specific.triple.object.startswith(broad.triple.object)
        for triple in sentence.triples:
            assert triple.span is not None and sentence.span is not None
            assert sentence.span[0] <= triple.span[0] < triple.span[1] <= sentence.span[1]
            assert example.answer[slice(*triple.span)] == triple.triple.object.strip(".,")
        assert sentence.hall_prob == max(t.hall_prob for t in sentence.triples)


def test_every_hypothesis_is_judged_against_the_context(scripted_server: OpenAIServer) -> None:
    example = EXAMPLES[1]
    with_annotator(scripted_server, lambda a: a.annotate(example.answer, example.context, title=example.title))
    verifications = [r for r in scripted_server.requests if "\nClaims:\n" in r["messages"][-1]["content"]]
    extractions = [r for r in scripted_server.requests if "triples" in r["messages"][-1]["content"]]
    assert len(extractions) == len(example.sentences)
    assert verifications and all(example.context.strip() in r["messages"][-1]["content"] for r in verifications)


def test_the_detector_predicts_all_three_parts_for_every_fixture_example(scripted_server: OpenAIServer) -> None:
    async def run_all(annotator: Annotator):
        return await asyncio.gather(*(detect(annotator, example) for example in EXAMPLES))

    predictions = with_annotator(scripted_server, run_all)
    for example, prediction in zip(EXAMPLES, predictions, strict=True):
        assert prediction.id == example.id
        assert len(prediction.sentence_scores or []) == len(example.sentences)
        assert [len(scores) for scores in prediction.triple_scores or []] == [len(s.triples) for s in example.sentences]
        assert all(0 <= start < end <= len(example.answer) for start, end in prediction.spans or [])
    scores = score_predictions(EXAMPLES, predictions)
    assert scores.skipped == {}
    assert scores.sentence is not None and scores.sentence.n == 26 and scores.sentence.auroc is not None
    assert scores.claim is not None and scores.claim.n == 62 and scores.claim.auroc is not None
    assert scores.span is not None and scores.span["span_coverage"]["gold"] == 21


def test_long_contexts_are_chunked_and_each_hypothesis_keeps_its_best_chunk(scripted_server: OpenAIServer) -> None:
    example = EXAMPLES[2]
    whole = with_annotator(scripted_server, lambda a: a.annotate(example.answer, example.context))
    chunked = with_annotator(scripted_server, lambda a: a.annotate(example.answer, example.context), chunk_chars=500)
    prompts = [
        r["messages"][-1]["content"] for r in scripted_server.requests if "\nClaims:\n" in r["messages"][-1]["content"]
    ]
    assert any(example.context.strip() not in prompt for prompt in prompts)  # some prompts carried one chunk only
    # A fact stated in one chunk is entailed by that chunk, so the best chunk finds every support the whole text did.
    for one, other in zip(whole, chunked, strict=True):
        for a, b in zip(one.triples, other.triples, strict=True):
            if a.hall_prob <= 0.5:
                assert b.hall_prob <= 0.5


def test_the_detector_scores_the_real_ragtruth_and_anah_sentences(
    scripted_server: OpenAIServer, shared_dir: Path
) -> None:
    for name, expected in (("ragtruth_sample.jsonl", 10), ("anah_sample.jsonl", 3)):
        responses = load_detection_rows(shared_dir / "data" / "detection" / name)

        async def run_all(annotator: Annotator, responses=responses):
            return await asyncio.gather(*(score_labelled_sentences(annotator, r) for r in responses))

        scores = with_annotator(scripted_server, run_all)
        flat = [score for response_scores in scores for score in response_scores]
        assert len(flat) == expected
        assert all(0.0 <= score <= 1.0 for score in flat)


def test_a_local_nli_judge_without_transformers_says_how_to_install_it() -> None:
    if importlib.util.find_spec("transformers") is not None:
        pytest.skip("transformers is installed here, so the message this test checks cannot appear")
    with pytest.raises(ImportError, match=r"pip install '\.\[nli\]'"):
        LocalNLIJudge("microsoft/deberta-large-mnli")
