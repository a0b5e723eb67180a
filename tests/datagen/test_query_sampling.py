"""Every candidate query starts from the Query Service's sample service, so its work is bounded by the sample; the
fixture world runs that service as Blazegraph defines it (tests/support/sample_service.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from nohallucinate.datagen import queries
from nohallucinate.datagen.build import BuildStage
from support.sample_service import SampleError
from support.wikidata_rdf import QueryService, entity_store

_GROUP = re.compile(
    r"SERVICE bd:sample \{\n    (?P<pattern>[^\n]*) \.\n(?P<params>(?:    bd:serviceParam [^\n]*\n)*)  \}"
)


def _sample_size(query: str) -> int:
    [group] = _GROUP.finditer(query)  # exactly one sampled pattern, first in the query
    return int(re.search(r"bd:sample\.limit (\d+)", group["params"])[1])  # type: ignore[index]


@pytest.mark.parametrize("pool", [1, 40, 250, 10_000])
def test_every_query_samples_one_pattern_at_most_the_largest_sample(pool: int) -> None:
    for name, query in queries.every_query(seed=3, limit=pool).items():
        assert "WHERE {\n  SERVICE bd:sample {" in query, name  # sampled first: the service runs first
        assert 1 <= _sample_size(query) <= queries.MAX_SAMPLE, name
        assert queries.name_of(query) == name


def test_the_sample_follows_the_seed_and_nothing_else() -> None:
    every = queries.every_query
    assert every(seed=5, limit=40) == every(seed=5, limit=40)
    seeds = {re.search(r"bd:sample\.seed (\d+)", q)[1] for q in every(seed=5, limit=40).values()}  # type: ignore[index]
    other = {re.search(r"bd:sample\.seed (\d+)", q)[1] for q in every(seed=6, limit=40).values()}  # type: ignore[index]
    # each query its own sample, each build seed its own
    assert len(seeds) == len(every(seed=5, limit=40)) == 14 and seeds.isdisjoint(other)


# --- the emulated service --------------------------------------------------------------------------------------


def _human(number: int) -> dict[str, Any]:
    value = {"entity-type": "item", "id": "Q5"}
    snak = {"snaktype": "value", "property": "P31", "datavalue": {"value": value, "type": "wikibase-entityid"}}
    claims = {"P31": [{"mainsnak": snak, "type": "statement", "rank": "normal"}]}
    sitelinks = {"enwiki": {"site": "enwiki", "title": f"Person {number}", "badges": []}} if number % 2 else {}
    return {"type": "item", "id": f"Q{1000 + number}", "claims": claims, "sitelinks": sitelinks}


@pytest.fixture(scope="module")
def service() -> QueryService:
    return QueryService(entity_store([_human(n) for n in range(200)], {}))


def _sampled(limit: int, seed: int = 0, kind: str = "RANDOM", extra: str = "") -> str:
    return (
        "SELECT ?item ?title WHERE {\n"
        "  SERVICE bd:sample {\n"
        "    ?item wdt:P31 wd:Q5 .\n"
        f"    bd:serviceParam bd:sample.limit {limit} .\n"
        f"    bd:serviceParam bd:sample.seed {seed} .\n"
        f'    bd:serviceParam bd:sample.sampleType "{kind}" .\n{extra}'
        "  }\n"
        "  ?article schema:about ?item ; schema:isPartOf <https://en.wikipedia.org/> ; schema:name ?title .\n"
        "}"
    )


def _items(service: QueryService, query: str) -> set[str]:
    return {row["item"]["value"] for row in service.answer(query)["results"]["bindings"]}


def test_the_rest_of_the_query_reads_only_the_sampled_items(service: QueryService) -> None:
    drawn = _items(service, _sampled(40).replace("?item ?title WHERE", "?item WHERE").split("  ?article")[0] + "}")
    assert len(drawn) == 40  # the sample alone: 40 of the 200 humans
    with_article = _items(service, _sampled(40))
    assert with_article <= drawn and 10 <= len(with_article) <= 30  # half the humans have an English article


def test_a_seed_draws_the_same_sample_and_another_seed_another(service: QueryService) -> None:
    assert _items(service, _sampled(20, seed=1)) == _items(service, _sampled(20, seed=1))
    assert _items(service, _sampled(20, seed=1)) != _items(service, _sampled(20, seed=2))


def test_a_sample_larger_than_the_matches_is_every_match(service: QueryService) -> None:
    assert len(_items(service, _sampled(1_000))) == 100
    assert len(_items(service, _sampled(40, kind="EVEN"))) == 20  # every fifth human, half of them with an article


def test_the_sample_leaves_nothing_behind(service: QueryService) -> None:
    _items(service, _sampled(20))
    assert list(service.store.named_graphs()) == []


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("    bd:serviceParam bd:sample.size 10 .\n", "unrecognized param"),
        ("    ?item wdt:P31 wd:Q6 .\n", "a single statement pattern"),
    ],
)
def test_a_group_blazegraph_refuses_is_refused(service: QueryService, extra: str, message: str) -> None:
    with pytest.raises(SampleError, match=message):
        service.answer(_sampled(10, extra=extra))


def test_the_build_says_which_queries_found_fewer_candidates_than_asked() -> None:
    stage = BuildStage("candidates", 0, 0, 18, 1.5, {"people band=wide": (11, 40), "clubs": (15, 80)})
    assert stage.line() == (
        "build: candidates done (18 requests so far, 1.5 s); fewer candidates than asked (a larger --pool samples "
        "more): clubs 15 of 80, people band=wide 11 of 40"
    )
