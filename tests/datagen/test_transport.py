"""Requests, snapshots and the replay mode, without a network."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from nohallucinate.datagen.transport import (
    Api,
    Endpoints,
    Request,
    SnapshotMissing,
    SnapshotStore,
    WikimediaError,
    WikimediaTransport,
)
from support.wikimedia_world import WikimediaWorld


@pytest.fixture(scope="module")
def world() -> Iterator[WikimediaWorld]:
    with WikimediaWorld() as served:
        yield served


def test_a_request_is_named_by_api_and_sorted_parameters_not_by_host_or_maxlag() -> None:
    a = Request.of(Api.WIKIDATA, action="wbgetentities", ids="Q42", format="json")
    b = Request.of(Api.WIKIDATA, format="json", ids="Q42", action="wbgetentities", maxlag=5)
    assert a.key == b.key  # order does not matter, and maxlag is etiquette, not part of the question
    assert Request.of(Api.WIKIDATA, ids="Q42", maxlag=5).key == Request.of(Api.WIKIDATA, ids="Q42").key
    assert Request.of(Api.WIKIDATA, ids="Q42").key != Request.of(Api.WIKIPEDIA, ids="Q42").key
    assert a.describe() == "wikidata?action=wbgetentities&format=json&ids=Q42"


def test_replay_answers_from_the_snapshot_and_names_a_missing_request(tmp_path: Path) -> None:
    store = SnapshotStore(tmp_path)
    known = Request.of(Api.WIKIPEDIA, action="query", titles="Douglas Adams")
    store.put(known, {"query": {"pages": []}})
    with WikimediaTransport(mode="replay", snapshot=store) as transport:
        assert transport.get(known) == {"query": {"pages": []}}
        with pytest.raises(SnapshotMissing, match=r"wikipedia\?action=query&titles=Douglas\+Adams2"):
            transport.get(Request.of(Api.WIKIPEDIA, action="query", titles="Douglas Adams2"))
        assert transport.stats.replayed == {"wikipedia": 1} and not transport.stats.requests


def test_modes_other_than_live_need_a_snapshot() -> None:
    with pytest.raises(ValueError, match="needs a snapshot"):
        WikimediaTransport(mode="record")


def test_a_mirror_serves_all_three_apis_under_one_url() -> None:
    endpoints = Endpoints.mirror("http://127.0.0.1:9/")
    assert endpoints.url(Api.WIKIDATA) == "http://127.0.0.1:9/wikidata/w/api.php"
    assert endpoints.url(Api.SPARQL) == "http://127.0.0.1:9/query/sparql"
    assert endpoints.url(Api.WIKIPEDIA) == "http://127.0.0.1:9/enwiki/w/api.php"


def test_retries_honour_retry_after_and_give_up_naming_the_last_failure(world: WikimediaWorld) -> None:
    request = Request.of(Api.WIKIDATA, action="wbgetentities", ids="Q9000000002", format="json")
    world.inject("maxlag", "429", "503")
    with WikimediaTransport(Endpoints.mirror(world.url), min_interval=0, max_attempts=3) as transport:
        with pytest.raises(WikimediaError, match=r"gave up after 3 attempts \(HTTP 503\)"):
            transport.get(request)
        # Two waits of the Retry-After: 0 the server asked for; none after the last attempt.
        assert transport.stats.as_dict() == {
            "requests": {"wikidata": 3},
            "replayed": {},
            "retries": 2,
            "waited_seconds": 0,
        }
        assert transport.get(request)["entities"]["Q9000000002"]["id"] == "Q9000000002"
