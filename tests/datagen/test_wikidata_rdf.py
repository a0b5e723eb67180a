"""The fixture world's RDF export (tests/support/wikidata_rdf.py) on real recorded entities, queried with Oxigraph."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from nohallucinate.datagen import queries
from support.wikidata_rdf import QueryService, entity_store, site_of, wdqs_time


def _entity(shared_dir: Path, name: str) -> dict[str, Any]:
    payload = json.loads((shared_dir / "data" / "wikimedia" / name).read_text(encoding="utf-8"))
    return next(iter(payload["entities"].values())) if "entities" in payload else payload


def _service(shared_dir: Path, *names: str, redirects: dict[str, str] | None = None) -> QueryService:
    return QueryService(entity_store([_entity(shared_dir, name) for name in names], redirects or {}))


def _column(service: QueryService, query: str, variable: str) -> list[str]:
    return [row[variable]["value"] for row in service.answer(query)["results"]["bindings"]]


@pytest.mark.parametrize(
    ("time", "expected"),
    [
        ("+1952-03-11T00:00:00Z", "1952-03-11T00:00:00Z"),
        ("+1990-00-00T00:00:00Z", "1990-01-01T00:00:00Z"),
        ("+1869-11-00T00:00:00Z", "1869-11-01T00:00:00Z"),
        ("-0500-00-00T00:00:00Z", "-0500-01-01T00:00:00Z"),
    ],
)
def test_times_read_as_the_query_service_writes_them(time: str, expected: str) -> None:
    assert wdqs_time(time) == expected


def test_sites() -> None:
    assert site_of("enwiki") == ("https://en.wikipedia.org/", "en")
    assert site_of("enwikiquote") == ("https://en.wikiquote.org/", "en")
    assert site_of("zh_yuewiki") == ("https://zh-yue.wikipedia.org/", "zh-yue")
    assert site_of("commonswiki") == ("https://commons.wikimedia.org/", "en")


def test_truthy_values_are_the_best_rank_and_p_reads_every_rank(shared_dir: Path) -> None:
    service = _service(shared_dir, "entity_Q4115189.json")  # P135: preferred, normal and deprecated
    assert _column(service, "SELECT ?v WHERE { wd:Q4115189 wdt:P135 ?v }", "v") == [
        "http://www.wikidata.org/entity/Q2044250"
    ]
    ranks = "SELECT ?rank WHERE { wd:Q4115189 p:P135 ?s . ?s wikibase:rank ?rank } ORDER BY ?rank"
    assert [rank.rsplit("#")[1] for rank in _column(service, ranks, "rank")] == [
        "DeprecatedRank", "NormalRank", "PreferredRank",
    ]  # fmt: skip
    best = "SELECT ?v WHERE { wd:Q4115189 p:P135 [ a wikibase:BestRank ; ps:P135 ?v ] }"
    assert _column(service, best, "v") == ["http://www.wikidata.org/entity/Q2044250"]


def test_time_values_carry_their_precision(shared_dir: Path) -> None:
    service = _service(shared_dir, "entity_Q4115189.json")  # P569 1291 (normal) and 0512 (deprecated), years
    query = """SELECT ?time ?precision ?calendar WHERE {
      wd:Q4115189 p:P569/psv:P569 [ wikibase:timeValue ?time ; wikibase:timePrecision ?precision ;
                                    wikibase:timeCalendarModel ?calendar ] } ORDER BY ?time"""
    rows = service.answer(query)["results"]["bindings"]
    assert [row["time"]["value"] for row in rows] == ["0512-01-01T00:00:00Z", "1291-01-01T00:00:00Z"]
    assert {row["precision"]["value"] for row in rows} == {"9"}
    assert {row["calendar"]["value"] for row in rows} == {"http://www.wikidata.org/entity/Q1985786"}
    assert _column(service, "SELECT ?born WHERE { wd:Q4115189 wdt:P569 ?born }", "born") == ["1291-01-01T00:00:00Z"]


def test_sitelinks_labels_and_counts(shared_dir: Path) -> None:
    service = _service(shared_dir, "wbgetentities_Q42.json")
    query = """SELECT ?article ?title ?sitelinks ?label WHERE {
      ?article schema:about wd:Q42 ; schema:isPartOf <https://en.wikipedia.org/> ; schema:name ?title .
      wd:Q42 wikibase:sitelinks ?sitelinks ; rdfs:label ?label . FILTER(LANG(?label) = "en") }"""
    [row] = service.answer(query)["results"]["bindings"]
    assert row["article"] == {"type": "uri", "value": "https://en.wikipedia.org/wiki/Douglas_Adams"}
    assert row["title"] == {"xml:lang": "en", "type": "literal", "value": "Douglas Adams"}
    assert row["label"] == row["title"]
    assert row["sitelinks"] == {
        "datatype": "http://www.w3.org/2001/XMLSchema#integer", "type": "literal", "value": "101"
    }  # fmt: skip


def test_novalue_and_somevalue(shared_dir: Path) -> None:
    service = _service(shared_dir, "wbgetentities_Q483718_novalue.json", "wbgetentities_Q11571_2015.json")
    assert service.answer("ASK { wd:Q483718 a wdno:P576 }") == {"head": {}, "boolean": True}
    assert _column(service, "SELECT ?v WHERE { wd:Q483718 wdt:P576 ?v }", "v") == []
    [child] = _column(service, "SELECT ?v WHERE { wd:Q11571 wdt:P40 ?v }", "v")
    assert child.startswith("http://www.wikidata.org/.well-known/genid/")


def test_an_entity_redirect_is_same_as(shared_dir: Path) -> None:
    service = _service(shared_dir, "entitydata_Q16231742_redirect.json", redirects={"Q16231742": "Q3571994"})
    query = "SELECT ?target WHERE { wd:Q16231742 owl:sameAs ?target }"
    assert _column(service, query, "target") == ["http://www.wikidata.org/entity/Q3571994"]


def test_bindings_have_the_recorded_query_services_shape(shared_dir: Path) -> None:
    recorded = json.loads((shared_dir / "data" / "wikimedia" / "sparql_multi_vars_results.json").read_text())
    service = _service(shared_dir, "wbgetentities_Q42.json")
    query = """SELECT ?entity ?entityLabel ?year WHERE {
      BIND(wd:Q42 AS ?entity) ?entity rdfs:label ?entityLabel . FILTER(LANG(?entityLabel) = "en")
      BIND(1952 AS ?year) }"""
    ours = service.answer(query)
    assert ours["head"] == recorded["head"]
    [row] = ours["results"]["bindings"]
    first = recorded["results"]["bindings"][0]
    for variable in ("entity", "entityLabel", "year"):
        assert list(row[variable]) == list(first[variable])  # the same keys, in the same order
        assert {k: v for k, v in row[variable].items() if k != "value"} == {
            k: v for k, v in first[variable].items() if k != "value"
        }


def _instance_of(qid: str, *classes: str, enwiki: str | None = None, prop: str = "P31") -> dict[str, Any]:
    """A minimal item: `prop` statements to each class, and an English sitelink."""

    def statement(target: str) -> dict[str, Any]:
        value = {"entity-type": "item", "id": target}
        snak = {"snaktype": "value", "property": prop, "datavalue": {"value": value, "type": "wikibase-entityid"}}
        return {"mainsnak": snak, "type": "statement", "rank": "normal"}

    sitelinks = {"enwiki": {"site": "enwiki", "title": enwiki, "badges": []}} if enwiki else {}
    return {"type": "item", "id": qid, "claims": {prop: [statement(c) for c in classes]}, "sitelinks": sitelinks}


def test_a_prize_of_two_award_classes_is_one_row() -> None:
    entities = [
        _instance_of("Q1001", "Q618779", prop="P279"),
        _instance_of("Q1002", "Q1001", prop="P279"),
        _instance_of("Q2001", "Q1001", "Q1002", enwiki="Twice Prize"),  # matches wdt:P31/wdt:P279* twice
        _instance_of("Q2002", "Q618779", enwiki="Once Prize"),
        _instance_of("Q3001", "Q2001", "Q2002", prop="P166"),  # the query samples prizes as received
        _instance_of("Q3002", "Q2001", prop="P166"),
    ]
    service = QueryService(entity_store(entities, {}))
    assert sorted(_column(service, queries.prizes(0, 10), "item")) == [
        "http://www.wikidata.org/entity/Q2001", "http://www.wikidata.org/entity/Q2002",
    ]  # fmt: skip
    ungrouped = queries.prizes(0, 10).replace("GROUP BY ?item ?title ?sitelinks ", "")
    assert len(_column(service, ungrouped, "item")) == 5  # Q2001: two holders, two classes; Q2002: one of each
