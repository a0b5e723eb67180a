"""The fixture world (tests/support/wikimedia_world.py), driven by the real datagen clients over HTTP."""

from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from nohallucinate.datagen import queries
from nohallucinate.datagen.transport import Endpoints, WikimediaError, WikimediaTransport
from nohallucinate.datagen.wikidata import ENTITIES_PER_REQUEST, Wikidata
from nohallucinate.datagen.wikipedia import Wikipedia
from support.wikimedia_world import FIXTURES, WikimediaWorld

FICTIONAL_ID = re.compile(r"Q9\d{9}")


@pytest.fixture(scope="module")
def world() -> Iterator[WikimediaWorld]:
    """The fictional world alone: needs nothing outside the repository."""
    with WikimediaWorld() as served:
        yield served


@pytest.fixture(scope="module")
def real_world(shared_dir: Path) -> Iterator[WikimediaWorld]:
    """The fictional world with the real recorded entities and pages of the shared directory."""
    with WikimediaWorld(shared_dir=shared_dir) as served:
        yield served


def clients(world: WikimediaWorld) -> tuple[WikimediaTransport, Wikidata, Wikipedia]:
    transport = WikimediaTransport(Endpoints.mirror(world.url), mode="live", min_interval=0)
    return transport, Wikidata(transport), Wikipedia(transport)


def new_requests(world: WikimediaWorld, since: int, api: str) -> list[dict[str, str]]:
    return [params for name, params in world.requests[since:] if name == api]


def get(world: WikimediaWorld, path: str, **params: str) -> httpx.Response:
    return httpx.get(f"{world.url}{path}", params=params, timeout=10)


# --- Wikidata ------------------------------------------------------------------------------------------


def test_entities_come_in_batches_of_at_most_fifty(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    ids = sorted(world.entities)
    assert len(ids) > ENTITIES_PER_REQUEST
    since = len(world.requests)
    entities = wikidata.entities(ids)
    calls = [p for p in new_requests(world, since, "wikidata") if p["action"] == "wbgetentities"]
    assert [len(p["ids"].split("|")) for p in calls] == [min(50, len(ids) - i) for i in range(0, len(ids), 50)]
    assert all(p["formatversion"] == "2" and p["maxlag"] == "5" for p in calls)
    assert set(entities) == set(ids)
    jory = entities["Q9000000101"]
    assert jory.label == "Jory Quenhallow"
    assert jory.sitelink_count == 66
    assert {s.rank for s in jory.statements("P54")} == {"normal", "preferred"}


def test_more_than_fifty_ids_is_the_apis_error(world: WikimediaWorld) -> None:
    ids = "|".join(f"Q{9000000001 + i}" for i in range(51))
    body = get(world, "/wikidata/w/api.php", action="wbgetentities", ids=ids, format="json").json()
    assert body["error"]["code"] == "toomanyvalues"
    assert body["error"]["limit"] == 50


def test_unknown_ids_are_missing_and_props_and_languages_trim(world: WikimediaWorld) -> None:
    body = get(
        world, "/wikidata/w/api.php", action="wbgetentities", ids="Q9000000001|Q9999999999", props="labels",
        languages="en", format="json", formatversion="2",
    ).json()  # fmt: skip
    assert body["success"] == 1
    assert body["entities"]["Q9999999999"] == {"id": "Q9999999999", "missing": ""}
    assert set(body["entities"]["Q9000000001"]) == {"type", "id", "labels"}


def test_a_redirected_id_gives_its_target(real_world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(real_world)
    kangnam = wikidata.entity("Q16231742")
    assert (kangnam.id, kangnam.redirected_from, kangnam.label) == ("Q3571994", "Q16231742", "Kangnam")
    body = get(
        real_world, "/wikidata/w/api.php", action="wbgetentities", ids="Q16231742|Q42", redirects="yes",
        props="info|sitelinks", languages="en", format="json", formatversion="2",
    ).json()  # fmt: skip
    assert set(body["entities"]) == {"Q3571994", "Q42"}
    assert body["entities"]["Q3571994"]["redirects"] == {"from": "Q16231742", "to": "Q3571994"}
    assert "url" not in body["entities"]["Q3571994"]["sitelinks"]["enwiki"]  # only with sitelinks/urls


def test_real_entities_are_marked_and_served(real_world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(real_world)
    assert real_world.real_ids >= {"Q42", "Q11571", "Q20145", "Q3571994", "Q16231742", "Q646148", "Q328212"}
    assert not any(FICTIONAL_ID.fullmatch(qid) for qid in real_world.real_ids)
    assert wikidata.entity("Q42").sitelink_count == 101
    ronaldo = wikidata.entity("Q11571")  # the 2015 record: item values carry numeric-id only
    assert {s.value for s in ronaldo.statements("P54")} >= {"Q18656", "Q8682", "Q75729"}


def test_label_search(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    assert sorted(wikidata.labels_matching("Edric Hollowell")) == ["Q9000000502", "Q9000000523", "Q9000000524"]
    assert wikidata.labels_matching("aldermoor athletic") == ["Q9000000201"]  # an alias, any case
    assert wikidata.labels_matching("Kestlebury Albion") == []
    body = get(
        world, "/wikidata/w/api.php", action="wbsearchentities", search="Kestlebury", language="en", type="item",
        limit="10", format="json", formatversion="2",
    ).json()  # fmt: skip
    assert body["searchinfo"] == {"search": "Kestlebury"} and body["success"] == 1
    hit = body["search"][0]
    assert {"id", "title", "pageid", "display", "label", "description", "match"} <= set(hit)
    assert hit["match"]["type"] in ("label", "alias")


# --- the Query Service ---------------------------------------------------------------------------------


def test_every_query_gets_rows(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    for name, query in queries.every_query(seed=7, limit=100).items():
        rows = wikidata.sparql(query)
        assert rows, name
        for row in rows:
            assert FICTIONAL_ID.fullmatch(str(row["item"])), name
            text = row["label" if name.startswith("name_parts") else "title"]
            assert isinstance(text, str) and text
            if name.startswith(("people", "footballers")):
                low, high = queries.BANDS[name.split("=")[1]]
                assert low <= int(str(row["sitelinks"])) <= high


def test_query_rows_follow_the_worlds_statements(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)

    def items(query: str) -> set[object]:
        return {row["item"] for row in wikidata.sparql(query)}

    every = 1000
    people = set().union(*(items(queries.people(band, 0, every)) for band in queries.BANDS))
    footballers = set().union(*(items(queries.footballers(band, 0, every)) for band in queries.BANDS))
    year_only = items(queries.year_only_births(0, every))
    assert "Q9000000017" in people  # a normal-rank year: truthy P569
    assert "Q9000000018" not in people  # the recombination trap has no birth date
    assert footballers >= {f"Q{9000000101 + i}" for i in range(22)}
    assert "Q9000000521" not in footballers  # a footballer by occupation, with no P54
    assert "Q9000000404" in year_only  # its extra year statement is deprecated
    assert {"Q9000000411", "Q9000000017"}.isdisjoint(year_only)  # a day-precision date, deprecated, still counts
    assert len(items(queries.clubs(0, every))) == 15
    assert len(items(queries.prizes(0, every))) == 12
    assert "Q9000000508" in items(queries.name_disambiguations(0, every))
    parts = {kind: {row["label"] for row in wikidata.sparql(queries.name_parts(kind, 0, every))}
             for kind in queries.NAME_PART_SAMPLING}  # fmt: skip
    counts = {kind: len(labels) for kind, labels in parts.items()}
    assert counts == {"male given names": 27, "female given names": 13, "family names": 40, "towns": 18}
    assert "Beatrice" in parts["female given names"] and "Calix" in parts["male given names"]


def test_rows_are_ordered_by_seed_and_limited(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    first = [row["item"] for row in wikidata.sparql(queries.clubs(1, 100))]
    again = [row["item"] for row in wikidata.sparql(queries.clubs(1, 100))]
    other = [row["item"] for row in wikidata.sparql(queries.clubs(2, 100))]
    assert first == again and sorted(first) == sorted(other) and first != other
    assert [row["item"] for row in wikidata.sparql(queries.clubs(1, 4))] == first[:4]


def test_sparql_json_shape(world: WikimediaWorld) -> None:
    body = get(world, "/query/sparql", query=queries.people("wide", 0, 2), format="json").json()
    assert body["head"]["vars"] == ["item", "title", "sitelinks"]
    binding = body["results"]["bindings"][0]
    assert binding["item"]["type"] == "uri" and binding["item"]["value"].startswith("http://www.wikidata.org/entity/Q")
    assert binding["title"]["xml:lang"] == "en" and binding["title"]["type"] == "literal"
    assert binding["sitelinks"]["datatype"] == "http://www.w3.org/2001/XMLSchema#integer"


def test_a_query_runs_as_written_whatever_its_name(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    clubs = {row["item"] for row in wikidata.sparql(queries.clubs(0, 1000))}
    unnamed = "SELECT ?item WHERE { ?item wdt:P31 wd:Q476028 ; wikibase:sitelinks ?n . FILTER(?n > 0) }"
    assert {row["item"] for row in wikidata.sparql(unnamed)} == clubs
    named_otherwise = "#nohallucinate:astronauts\nSELECT ?item WHERE { ?item wdt:P101 wd:Q22719 }"
    assert wikidata.sparql(named_otherwise) == []


def test_a_malformed_query_is_a_bad_request(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    with pytest.raises(WikimediaError, match="HTTP 400"):
        wikidata.sparql("SELECT ?item WHERE { ?item wdt:P31 wd:Q5 ")
    with pytest.raises(WikimediaError, match="HTTP 400"):
        wikidata.sparql("SELECT ?item WHERE { ?item nope:P31 wd:Q5 }")  # an undeclared prefix


def test_each_item_is_one_row_however_often_it_matches(world: WikimediaWorld) -> None:
    _, wikidata, _ = clients(world)
    for name, query in queries.every_query(seed=1, limit=1000).items():
        items = [row["item"] for row in wikidata.sparql(query)]
        assert len(items) == len(set(items)), name
    # two birth dates; two year-precision birth statements (one deprecated): one row each, one LIMIT slot each
    assert "Q9000000016" in {row["item"] for row in wikidata.sparql(queries.people("narrow", 0, 1000))}
    year_only = [row["item"] for row in wikidata.sparql(queries.year_only_births(1, 5))]
    assert year_only.count("Q9000000404") == 1 and len(set(year_only)) == 5


# --- Wikipedia -----------------------------------------------------------------------------------------


def test_pages_leads_and_missing_titles(world: WikimediaWorld) -> None:
    _, _, wikipedia = clients(world)
    pages = wikipedia.pages(["Orlenna_Vasquith", "Vasquith, Orlenna", "No Such Fictional Page", "Edric Hollowell"])
    orlenna = pages["Orlenna_Vasquith"]
    assert (orlenna.title, orlenna.missing, orlenna.wikibase_item) == ("Orlenna Vasquith", False, "Q9000000001")
    assert orlenna.lead is not None and orlenna.lead.startswith("Orlenna Vasquith (born 14 June 1961) is a")
    assert pages["Vasquith, Orlenna"].redirected_from == "Vasquith, Orlenna"
    assert pages["No Such Fictional Page"].missing
    assert pages["Edric Hollowell"].disambiguation
    with pytest.raises(KeyError):
        wikipedia.whole_text("No Such Fictional Page")


TITLES = "jory_Quenhallow|Nowhere Page|Vasquith, Orlenna|Edric Hollowell"


def test_query_shapes_are_formatversion_2(world: WikimediaWorld) -> None:
    body = get(
        world, "/enwiki/w/api.php", action="query", titles=TITLES, prop="info|pageprops|extracts",
        ppprop="disambiguation|wikibase_item", exintro="1", explaintext="1", exlimit="20", redirects="1",
        format="json", formatversion="2",
    ).json()  # fmt: skip
    query = body["query"]
    assert body["batchcomplete"] is True
    assert query["normalized"] == [{"fromencoded": False, "from": "jory_Quenhallow", "to": "Jory Quenhallow"}]
    assert query["redirects"] == [{"from": "Vasquith, Orlenna", "to": "Orlenna Vasquith"}]
    pages = {page["title"]: page for page in query["pages"]}
    assert pages["Nowhere Page"]["missing"] is True and pages["Nowhere Page"]["ns"] == 0
    assert pages["Edric Hollowell"]["pageprops"] == {"disambiguation": "", "wikibase_item": "Q9000000502"}
    jory = pages["Jory Quenhallow"]
    assert {"pageid", "ns", "contentmodel", "pagelanguage", "touched", "lastrevid", "length", "extract"} <= set(jory)
    assert "disambiguation" not in jory["pageprops"]


def test_full_text_and_wikitext(world: WikimediaWorld) -> None:
    _, _, wikipedia = clients(world)
    whole = wikipedia.whole_text("jory_Quenhallow")
    text = whole.text
    assert (whole.title, whole.revision) == ("Jory Quenhallow", world.pages["Jory Quenhallow"]["lastrevid"])
    assert "\n== Club career ==\n" in text and "\n=== Wrenhollow Rovers ===\n" in text
    assert "{{" not in text and "[[" not in text and "wikitable" not in text
    assert len(text) >= 2000
    wikitexts = wikipedia.wikitexts(["Jory Quenhallow", "No Such Fictional Page"])
    wikitext, revision = wikitexts["Jory Quenhallow"]
    assert "==Career statistics==" in wikitext and revision == world.pages["Jory Quenhallow"]["lastrevid"]
    assert "No Such Fictional Page" not in wikitexts


def test_link_continuation_is_followed(world: WikimediaWorld) -> None:
    with WikimediaWorld(links_page_size=3) as small:
        _, _, wikipedia = clients(small)
        since = len(small.requests)
        links = wikipedia.links("Lorcan Tidemarsh")
        expected = [link["title"] for link in small.pages["Lorcan Tidemarsh"]["links"] if link["ns"] == 0]
        assert links == expected and len(links) == 13
        calls = new_requests(small, since, "wikipedia")
        assert len(calls) == math.ceil(13 / 3)
        assert "plcontinue" not in calls[0]
        assert all(
            call["plcontinue"].startswith(f"{small.pages['Lorcan Tidemarsh']['pageid']}|0|") for call in calls[1:]
        )
        assert all(call["continue"] == "||" for call in calls[1:])


def test_a_links_page_carries_a_continue_object(world: WikimediaWorld) -> None:
    body = get(
        world, "/enwiki/w/api.php", action="query", prop="links", plnamespace="0", pllimit="max",
        titles="Lorcan Tidemarsh", format="json", formatversion="2",
    ).json()  # fmt: skip
    assert "batchcomplete" not in body
    assert body["continue"]["continue"] == "||"
    assert re.fullmatch(r"\d+\|0\|\S+", body["continue"]["plcontinue"])
    assert len(body["query"]["pages"][0]["links"]) == 5


def test_search_hits_count_pages_holding_the_phrase(world: WikimediaWorld) -> None:
    _, _, wikipedia = clients(world)
    phrase = "Verrowmont Prize"
    expected = sum(
        phrase.casefold() in page["text"].casefold() or phrase.casefold() in title.casefold()
        for title, page in world.pages.items()
    )
    assert expected >= 3
    assert wikipedia.search_hits(phrase) == expected
    assert wikipedia.search_hits("Kestlebury Albion") == 0
    body = get(
        world, "/enwiki/w/api.php", action="query", list="search", srsearch='"Kestlebury Town"', srnamespace="0",
        srlimit="10", srinfo="totalhits", format="json", formatversion="2",
    ).json()  # fmt: skip
    assert body["batchcomplete"] is True
    hit = body["query"]["search"][0]
    assert {"ns", "title", "pageid", "snippet"} <= set(hit) and "searchmatch" in hit["snippet"]


def test_anything_else_is_the_apis_error(world: WikimediaWorld) -> None:
    body = get(world, "/enwiki/w/api.php", action="parse", page="Jory Quenhallow", format="json").json()
    assert body["error"]["code"] == "badvalue"
    body = get(world, "/enwiki/w/api.php", action="query", titles="X", prop="images", format="json").json()
    assert body["error"]["code"] == "badvalue"
    body = get(world, "/wikidata/w/api.php", action="wbeditentity", format="json").json()
    assert body["error"]["code"] == "badvalue"


def test_the_real_pages(real_world: WikimediaWorld) -> None:
    _, _, wikipedia = clients(real_world)
    pages = wikipedia.pages(["Douglas Adams", "Adams, Douglas", "Douglas Adams (disambiguation)", "Veronica Roth"])
    adams = pages["Douglas Adams"]
    assert (adams.pageid, adams.revision, adams.wikibase_item) == (8091, 841482403, "Q42")
    assert adams.lead is not None and adams.lead.startswith("Douglas Noel Adams (11 March 1952 – 11 May 2001) was")
    assert "<" not in adams.lead
    assert pages["Adams, Douglas"].title == "Douglas Adams"
    assert pages["Douglas Adams (disambiguation)"].disambiguation
    assert pages["Veronica Roth"].missing  # a real person with no recorded article gets no invented page
    assert len(wikipedia.links("Douglas Adams")) == 384
    assert "\n== Early life ==\n" in wikipedia.whole_text("Douglas Adams").text
    assert real_world.real_titles == {"Douglas Adams", "Douglas Adams (disambiguation)", "Adams, Douglas"}


# --- faults --------------------------------------------------------------------------------------------


def test_maxlag_and_429_are_retried_then_answered(world: WikimediaWorld) -> None:
    transport, wikidata, _ = clients(world)
    since = len(world.requests)
    world.inject("maxlag", "429")
    assert wikidata.entity("Q9000000002").label == "Tobiah Marrowgate"
    assert transport.stats.retries == 2
    assert len(world.requests) - since == 3


def test_503_and_a_dropped_connection_are_retried(world: WikimediaWorld) -> None:
    transport, _, wikipedia = clients(world)
    world.inject("drop", "503")  # the drop first: the transport backs off 2 s after it
    assert not wikipedia.page("Orlenna Ostrevant").missing
    assert transport.stats.retries == 2


def test_fault_shapes(world: WikimediaWorld) -> None:
    world.inject("maxlag", "429", "503")
    maxlag = get(world, "/wikidata/w/api.php", action="wbgetentities", ids="Q9000000001", format="json")
    assert maxlag.status_code == 200 and maxlag.headers["Retry-After"] == "0"
    assert maxlag.json()["error"] == {
        "code": "maxlag", "info": "Waiting for db1234: 3 seconds lagged.", "host": "db1234", "lag": 3, "type": "db"
    }  # fmt: skip
    for status in (429, 503):
        response = get(world, "/query/sparql", query="#nohallucinate:clubs", format="json")
        assert response.status_code == status and response.headers["Retry-After"] == "0"


# --- the fixture files ---------------------------------------------------------------------------------


def test_everything_fictional_is_marked(world: WikimediaWorld) -> None:
    for path in FIXTURES.glob("*.json"):
        note = json.loads(path.read_text(encoding="utf-8"))["_note"]
        assert "fictional" in note.casefold() and "nohallucinate" in note
    fictional = {qid for qid in world.entities if qid not in world.real_ids}
    assert all(FICTIONAL_ID.fullmatch(qid) for qid in fictional)
    for qid in fictional:
        assert world.entities[qid]["descriptions"]["en"]["value"].endswith(" (fictional)"), qid
    assert not world.real_ids and not world.real_titles  # nothing real without the shared directory


def test_the_designed_candidates_are_there(world: WikimediaWorld) -> None:
    def sitelinks(qid: str) -> int:
        return len(world.entities[qid]["sitelinks"])

    precise = [f"Q{9000000001 + i}" for i in range(12)]
    for low, high in queries.BANDS.values():
        assert sum(low <= sitelinks(qid) <= high for qid in precise) >= 4
    lengths = {title: len(page["text"]) for title, page in world.pages.items()}
    assert all(lengths[world.entities[qid]["sitelinks"]["enwiki"]["title"]] >= 2000 for qid in precise)
    assert lengths["Tamsin Brailsworth"] < 600
    disambiguations = [page for page in world.pages.values() if "disambiguation" in page["pageprops"]]
    assert len(disambiguations) >= 10


def test_main_serves_and_prints_the_url_first() -> None:
    script = Path(__file__).resolve().parents[1] / "support" / "wikimedia_world.py"
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        url = process.stdout.readline().strip()
        assert url.startswith("http://127.0.0.1:")
        body: Any = httpx.get(
            f"{url}/wikidata/w/api.php", params={"action": "wbgetentities", "ids": "Q9000000001"}
        ).json()
        assert body["entities"]["Q9000000001"]["id"] == "Q9000000001"
    finally:
        process.terminate()
        process.wait(10)
