"""EnokiQA loading from every source, the card's validation rules, and the card's gold labels on the fixture."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pydantic import ValidationError

from nohallucinate.enokiqa.labels import (
    flat_labels_and_scores,
    gold_spans,
    sentence_hall_probs,
    sentence_labels,
    triple_labels,
)
from nohallucinate.enokiqa.loading import LoadedSplit, SourceError, load_enokiqa, validate
from nohallucinate.enokiqa.schema import EnokiExample, EnokiTriple
from support.enoki_hub import enoki_repo, raw_records
from support.hf_hub_server import HubServer, point_clients_at, without_retry_waits

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa"
MINI_IDS = ["mini-001", "mini-002", "mini-003", "mini-004", "mini-005", "mini-006"]


@pytest.fixture(scope="module")
def mini() -> LoadedSplit:
    return load_enokiqa(FIXTURES / "mini.jsonl")


def by_id(split: LoadedSplit) -> dict[str, EnokiExample]:
    return {example.id: example for example in split.examples}


def test_the_fixture_loads_clean_with_its_declared_counts(mini: LoadedSplit) -> None:
    assert [e.id for e in mini.examples] == MINI_IDS
    assert mini.violations == []
    assert mini.source == str(FIXTURES / "mini.jsonl")
    assert [e.n_sentences for e in mini.examples] == [5, 5, 4, 5, 4, 3]
    assert [e.n_triplets for e in mini.examples] == [15, 9, 8, 12, 10, 8]
    assert all(600 <= len(e.context) <= 1500 for e in mini.examples)


def hub_layout(tmp_path: Path) -> Path:
    shard = tmp_path / "hub" / "data" / "test-00000-of-00001.parquet"
    shard.parent.mkdir(parents=True)
    shutil.copyfile(FIXTURES / "mini.parquet", shard)
    return tmp_path / "hub"


def json_array(tmp_path: Path) -> Path:
    path = tmp_path / "mini.json"
    path.write_text(json.dumps(raw_records()), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("make_source", "split", "read"),
    [
        (lambda _: FIXTURES / "mini.parquet", None, "mini.parquet"),
        (lambda _: str(FIXTURES / "mini.jsonl"), None, "mini.jsonl"),
        (lambda _: FIXTURES, "mini", "mini.jsonl"),
        (hub_layout, "test", "test-00000-of-00001.parquet"),
        (hub_layout, None, "test-00000-of-00001.parquet"),
        (json_array, None, "mini.json"),
    ],
    ids=["parquet", "jsonl-as-str", "directory", "hub-layout", "hub-layout-one-split", "json-array"],
)
def test_every_file_source_gives_the_same_examples(mini: LoadedSplit, tmp_path: Path, make_source, split, read) -> None:
    loaded = load_enokiqa(make_source(tmp_path), split=split)
    assert loaded.examples == mini.examples
    assert loaded.violations == []
    assert loaded.source.endswith(read)


def test_a_directory_with_several_splits_asks_for_one() -> None:
    with pytest.raises(SourceError, match=r"pass split=.*broken, mini"):
        load_enokiqa(FIXTURES)


def test_a_missing_path_names_the_source_and_the_reason(tmp_path: Path) -> None:
    for missing in (tmp_path / "nope.jsonl", str(tmp_path / "nowhere"), "dev.parquet"):
        with pytest.raises(SourceError, match="no such file or directory") as caught:
            load_enokiqa(missing)
        assert str(missing) in str(caught.value)


def test_a_directory_without_the_split_says_what_it_looked_for() -> None:
    with pytest.raises(SourceError, match=r"no dev\.jsonl, dev\.parquet, dev\.json or data/dev-\*\.parquet"):
        load_enokiqa(FIXTURES, split="dev")


# --- the Hugging Face Hub, served by a real server on 127.0.0.1 ------------------------------------------------


@pytest.fixture
def serve_hub(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[..., HubServer]]:
    """Start a Hub serving these repositories and point `datasets` at it, caches in tmp_path; stopped at the end."""
    servers: list[HubServer] = []

    def serve(repos: dict[str, dict[str, bytes]]) -> HubServer:
        server = HubServer(repos).start()
        servers.append(server)
        point_clients_at(server.url, tmp_path / "hf-home", monkeypatch)
        without_retry_waits(monkeypatch)
        return server

    yield serve
    for server in servers:
        server.stop()
        assert server.unknown == [], f"requests the Hub server does not implement: {server.unknown}"


@pytest.fixture
def hub(serve_hub: Callable[..., HubServer]) -> HubServer:
    """s-nlp/EnokiQA with a two-example dev split and the whole fixture as its test split, in two shards."""
    records = raw_records()
    return serve_hub({"s-nlp/EnokiQA": enoki_repo({"dev": records[:2], "test": records}, shards=2)})


TEST_SHARDS = ["data/test-00000-of-00002.parquet", "data/test-00001-of-00002.parquet"]


def test_a_split_name_is_fetched_from_the_hub(mini: LoadedSplit, hub: HubServer, tmp_path: Path) -> None:
    loaded = load_enokiqa("test")
    assert loaded.examples == mini.examples  # the test split: dev holds two examples only
    assert loaded.violations == []
    assert "s-nlp/EnokiQA" in loaded.source and "'test'" in loaded.source
    assert set(TEST_SHARDS) <= set(hub.files_sent())
    assert all("/s-nlp/EnokiQA/" in request.target for request in hub.requests)
    assert list((tmp_path / "hf-home" / "datasets").rglob("*.arrow"))  # prepared in the test's own cache


def test_streaming_reads_the_split_in_byte_ranges(mini: LoadedSplit, hub: HubServer, tmp_path: Path) -> None:
    loaded = load_enokiqa("test", split="test", streaming=True)
    assert loaded.examples == mini.examples
    assert "streaming" in loaded.source
    shard_reads = [r for r in hub.requests if r.file in TEST_SHARDS]
    assert {r.file for r in shard_reads} == set(TEST_SHARDS)
    assert all(r.method == "GET" and r.range and r.outcome == 206 for r in shard_reads)
    assert not list((tmp_path / "hf-home").rglob("*.arrow"))  # nothing prepared on disk


def test_a_custom_hub_id_is_fetched_from_that_repository(
    mini: LoadedSplit, serve_hub: Callable[..., HubServer]
) -> None:
    records = raw_records()
    server = serve_hub({"someone/EnokiQA-copy": enoki_repo({"dev": records, "test": records[:1]})})
    loaded = load_enokiqa("dev", split="dev", streaming=True, hub_id="someone/EnokiQA-copy")
    assert loaded.examples == mini.examples
    assert "someone/EnokiQA-copy" in loaded.source and "'dev'" in loaded.source
    assert "data/dev-00000-of-00001.parquet" in server.files_sent()
    assert all("/someone/EnokiQA-copy/" in request.target for request in server.requests)


@pytest.mark.parametrize("streaming", [False, True], ids=["download", "streaming"])
def test_a_hub_answering_503_is_a_clear_error(hub: HubServer, streaming: bool) -> None:
    hub.fail(503)
    with pytest.raises(SourceError) as caught:
        load_enokiqa("test", streaming=streaming)
    message = str(caught.value)
    for part in ("s-nlp/EnokiQA", "'test'", "could not fetch from the Hub", "Couldn't find 's-nlp/EnokiQA' on the"):
        assert part in message
    assert "local parquet/JSONL" in message
    assert caught.value.__cause__ is not None
    assert len(hub.requests) > 1 and all(r.outcome == 503 for r in hub.requests)  # retried, then given up


def test_an_unreachable_hub_is_a_clear_error(hub: HubServer) -> None:
    hub.stop()  # nothing listens on its port any more: connections are refused
    with pytest.raises(SourceError) as caught:
        load_enokiqa("test")
    message = str(caught.value)
    for part in ("s-nlp/EnokiQA", "'test'", "ConnectionError", "Couldn't reach 's-nlp/EnokiQA' on the Hub"):
        assert part in message
    assert "local parquet/JSONL" in message
    assert isinstance(caught.value.__cause__, ConnectionError)


def test_a_connection_lost_midway_through_a_stream_is_the_same_clear_error(hub: HubServer) -> None:
    hub.drop(TEST_SHARDS[1])
    with pytest.raises(SourceError, match=r"streaming.*ConnectionError: Server Disconnected.*local parquet/JSONL"):
        load_enokiqa("test", streaming=True)
    shards = [(r.file, r.outcome) for r in hub.requests if r.file in TEST_SHARDS]
    assert shards[0] == (TEST_SHARDS[0], 206)  # the first shard was streamed, then the connection went
    assert shards[1:] and all(outcome == "dropped" for _, outcome in shards[1:])


def test_a_split_the_hub_does_not_have_names_the_ones_it_has(hub: HubServer) -> None:
    for streaming in (False, True):
        with pytest.raises(SourceError, match=r"'validation'.*ValueError: .*validation.*\['dev', 'test'\]"):
            load_enokiqa("validation", streaming=streaming)


def test_a_split_name_that_contradicts_split_is_refused() -> None:
    with pytest.raises(ValueError, match="'test' but split='dev'"):
        load_enokiqa("test", split="dev")


# --- validation ------------------------------------------------------------------------------------------------

PLANTED = {
    ("broken-prob-sum", "sentences[0].triples[1]"),
    ("broken-hall-prob", "sentences[2].triples[0].hall_prob"),
    ("broken-sentence-hall", "sentences[1].hall_prob"),
    ("broken-sentence-hall", "sentences[3].hall_prob"),
    ("broken-span", "sentences[0].triples[0].span"),
    ("broken-span", "sentences[2].triples[0].span"),
    ("broken-span", "sentences[4].triples[1].span"),
    ("broken-counts", "n_sentences"),
    ("broken-counts", "n_triplets"),
    ("broken-index", "sentences[1].sentence_index"),
    ("broken-malformed", "sentences[0].triples[0].triplet[2]"),
    ("broken-malformed", "sentences[1].triples[0].span"),
    ("<line 8>", "<record>"),
}


@pytest.fixture(scope="module")
def broken() -> LoadedSplit:
    return load_enokiqa(FIXTURES / "broken.jsonl")


def test_validation_finds_exactly_the_planted_violations(broken: LoadedSplit) -> None:
    found = [(v.example_id, v.where) for v in broken.violations]
    assert len(found) == len(set(found))
    assert set(found) == PLANTED


def test_records_that_break_rules_are_kept_but_malformed_ones_are_left_out_and_say_so(broken: LoadedSplit) -> None:
    kept = [e.id for e in broken.examples]
    assert kept == [
        "broken-prob-sum",
        "broken-hall-prob",
        "broken-sentence-hall",
        "broken-span",
        "broken-counts",
        "broken-index",
    ]
    left_out = [v for v in broken.violations if v.example_id in {"broken-malformed", "<line 8>"}]
    assert left_out and all("record left out" in v.problem for v in left_out)
    assert any("invalid JSON" in v.problem for v in left_out)


def test_violation_messages_give_the_numbers(broken: LoadedSplit) -> None:
    problems = {(v.example_id, v.where): v.problem for v in broken.violations}
    assert "= 0.9, not 1" in problems["broken-prob-sum", "sentences[0].triples[1]"]
    hall_prob = problems["broken-hall-prob", "sentences[2].triples[0].hall_prob"]
    assert "expected neutral + contradiction = 0.06" in hall_prob
    assert "expected 0.97" in problems["broken-sentence-hall", "sentences[1].hall_prob"]
    assert "without triples" in problems["broken-sentence-hall", "sentences[3].hall_prob"]
    assert "[-1, 5)" in problems["broken-span", "sentences[2].triples[0].span"]
    assert "is 5 but there are 4" in problems["broken-counts", "n_sentences"]
    assert "is 2, expected 1" in problems["broken-index", "sentences[1].sentence_index"]


def test_the_tolerance_is_respected(broken: LoadedSplit) -> None:
    example = by_id(broken)["broken-prob-sum"]
    assert [(v.example_id, v.where) for v in validate(example)] == [("broken-prob-sum", "sentences[0].triples[1]")]
    assert validate(example, tolerance=0.11) == []


def test_a_probability_outside_zero_to_one_is_reported(mini: LoadedSplit) -> None:
    example = mini.examples[2]
    triple = example.sentences[0].triples[0]
    odd = triple.model_copy(update={"entailment": 1.2, "neutral": -0.2, "contradiction": 0.0, "hall_prob": -0.2})
    rest = example.sentences[0].triples[1:]  # the other triple, 0.03, is now the sentence's max
    sentence = example.sentences[0].model_copy(update={"triples": (odd, *rest), "hall_prob": 0.03})
    changed = example.model_copy(update={"sentences": (sentence, *example.sentences[1:])})
    assert {(v.where, v.problem) for v in validate(changed)} == {
        ("sentences[0].triples[0].entailment", "is 1.2, not a probability"),
        ("sentences[0].triples[0].neutral", "is -0.2, not a probability"),
    }


def test_span_accepts_empty_or_a_pair_and_models_are_frozen(mini: LoadedSplit) -> None:
    fields = {"triplet": ["a", "b", "c"], "hypothesis": "a b c.", "entailment": 1.0, "neutral": 0.0}
    fields |= {"contradiction": 0.0, "hall_prob": 0.0}
    assert EnokiTriple.model_validate(fields | {"span": []}).span_or_none is None
    assert EnokiTriple.model_validate(fields | {"span": [3, 7]}).span_or_none == (3, 7)
    with pytest.raises(ValidationError, match=r"span must be \[\] or \[start, end\]"):
        EnokiTriple.model_validate(fields | {"span": [1, 2, 3]})
    with pytest.raises(ValidationError):
        mini.examples[0].id = "changed"  # type: ignore[misc]


# --- labels, worked out by hand from make_mini.py --------------------------------------------------------------


def test_sentence_labels_follow_the_max_over_triples(mini: LoadedSplit) -> None:
    assert {e.id: sentence_labels(e) for e in mini.examples} == {
        "mini-001": [0, 1, 0, 1, 0],  # wrong direction/length/mouth; "twelve stone locks ... still in use"
        "mini-002": [0, 1, 0, 0, 0],  # born in Aldmere in 1710; sentence 3 has no triples
        "mini-003": [0, 0, 0, 0],  # everything supported
        "mini-004": [0, 0, 1, 1, 1],  # sentence 3 is hallucinated only through an unlocated triple
        "mini-005": [1, 1, 1, 0],
        "mini-006": [0, 0, 1],  # sentence 1 peaks at exactly 0.5, which is not > 0.5
    }


def test_sentence_hall_probs_are_computed_from_the_triples(mini: LoadedSplit) -> None:
    example = by_id(mini)["mini-002"]
    assert sentence_hall_probs(example) == pytest.approx([0.08, 0.97, 0.29, 0.0, 0.11])
    assert sentence_hall_probs(example) == pytest.approx([s.hall_prob for s in example.sentences])


def test_triple_labels_use_a_strict_threshold(mini: LoadedSplit) -> None:
    assert triple_labels(by_id(mini)["mini-006"]) == [[0, 0, 0], [0, 0, 0], [1, 1]]
    assert triple_labels(by_id(mini)["mini-004"]) == [[0, 0, 0], [0, 0], [0, 1], [0, 1], [1, 1, 1]]


def test_gold_spans_are_the_located_hallucinated_objects_in_order(mini: LoadedSplit) -> None:
    examples = by_id(mini)
    assert gold_spans(examples["mini-002"]) == [(67, 74), (78, 82)]
    texts = {key: [e.answer[start:end] for start, end in gold_spans(e)] for key, e in examples.items()}
    assert texts == {
        "mini-001": ["west", "roughly 200 kilometres", "the sea", "stone locks", "twelve stone locks", "still in use"],
        "mini-002": ["Aldmere", "1710"],
        "mini-003": [],
        "mini-004": ["two weeks", "1650", "plague", "plague at Venn"],  # the unlocated hallucination adds none
        "mini-005": ["summer festival", "island of Osk", "1902", "monks", "monks of Saint Brannoc", "sea", "midnight"],
        "mini-006": ["steel spring", "constant tension"],
    }
    stone, twelve = gold_spans(examples["mini-001"])[3:5]
    assert twelve[0] <= stone[0] and stone[1] <= twelve[1]  # incremental triples: nested object spans


def test_flat_labels_and_scores_concatenate_the_split(mini: LoadedSplit) -> None:
    flat = flat_labels_and_scores(mini.examples)
    assert len(flat.sentence_labels) == len(flat.sentence_scores) == len(flat.sentence_keys) == 26
    assert len(flat.triple_labels) == len(flat.triple_scores) == len(flat.triple_keys) == 62
    assert sum(flat.sentence_labels) == 10
    assert sum(flat.triple_labels) == 22
    assert flat.sentence_keys[:2] == [("mini-001", 0), ("mini-001", 1)]
    assert flat.triple_keys[-1] == ("mini-006", 2, 1)
    assert flat.triple_scores[-1] == pytest.approx(0.51)
    assert flat.sentence_labels == [label for e in mini.examples for label in sentence_labels(e)]
