"""Wikibase JSON entities as RDF in the Wikidata Query Service's model, and a Query Service that runs SPARQL on them.

The mapping follows the Wikibase RDF format (https://www.mediawiki.org/wiki/Wikibase/Indexing/RDF_Dump_Format):
- an item: `wd:Q a wikibase:Item`, its labels as `rdfs:label`, `skos:prefLabel` and `schema:name`, descriptions as
  `schema:description`, aliases as `skos:altLabel`, and the counts `wikibase:sitelinks`, `wikibase:statements`
  and `wikibase:identifiers`;
- every statement of every rank: `wd:Q p:P wds:ID`, with `wikibase:rank`, `ps:P` (the simple value), `psv:P`
  (a value node, for times `wikibase:timeValue`, `timePrecision`, `timeTimezone`, `timeCalendarModel`), `pq:P`
  and `pqv:P` for qualifiers, and `a wikibase:BestRank` on the best-ranked statements;
- the truthy `wd:Q wdt:P value`: the values of the best-ranked statements (preferred if any, else normal; never
  deprecated); a `novalue` snak is `a wdno:P`, a `somevalue` snak a skolem IRI, as the Query Service gives them;
- a sitelink: `<article> a schema:Article ; schema:about wd:Q ; schema:inLanguage ; schema:isPartOf <site> ;
  schema:name "Title"@lang`, with `wikibase:badge`s;
- an entity redirect: `wd:FROM owl:sameAs wd:TO`.
References are not exported: no query reads them.

`QueryService.answer(query)` parses and runs the query with Oxigraph, with the Query Service's predefined prefixes
declared and its sample service (`bd:sample`, emulated in support/sample_service.py), and writes the rows in the
SPARQL 1.1 JSON results format with the Query Service's key order.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from typing import Any
from urllib.parse import quote

from pyoxigraph import BlankNode, DefaultGraph, Literal, NamedNode, Quad, QueryBoolean, QuerySolutions, Store, Triple

try:  # as support.wikidata_rdf under pytest, or imported by the fixture world run as a script
    from support.sample_service import sampled
except ImportError:  # pragma: no cover
    from sample_service import sampled  # type: ignore[no-redef]

WD = "http://www.wikidata.org/entity/"
WIKIBASE = "http://wikiba.se/ontology#"
SCHEMA = "http://schema.org/"
XSD = "http://www.w3.org/2001/XMLSchema#"
RDF_TYPE = NamedNode("http://www.w3.org/1999/02/22-rdf-syntax-ns#type")
GENID = "http://www.wikidata.org/.well-known/genid/"
COMMONS_FILE = "http://commons.wikimedia.org/wiki/Special:FilePath/"

# The prefixes the Wikidata Query Service declares for every query
# (https://www.mediawiki.org/wiki/Wikidata_Query_Service/User_Manual#Basics_-_Understanding_Prefixes).
WDQS_PREFIXES: dict[str, str] = {
    "wd": WD,
    "wds": "http://www.wikidata.org/entity/statement/",
    "wdv": "http://www.wikidata.org/value/",
    "wdt": "http://www.wikidata.org/prop/direct/",
    "wdtn": "http://www.wikidata.org/prop/direct-normalized/",
    "wikibase": WIKIBASE,
    "p": "http://www.wikidata.org/prop/",
    "ps": "http://www.wikidata.org/prop/statement/",
    "psv": "http://www.wikidata.org/prop/statement/value/",
    "psn": "http://www.wikidata.org/prop/statement/value-normalized/",
    "pq": "http://www.wikidata.org/prop/qualifier/",
    "pqv": "http://www.wikidata.org/prop/qualifier/value/",
    "pqn": "http://www.wikidata.org/prop/qualifier/value-normalized/",
    "pr": "http://www.wikidata.org/prop/reference/",
    "prv": "http://www.wikidata.org/prop/reference/value/",
    "prn": "http://www.wikidata.org/prop/reference/value-normalized/",
    "wdref": "http://www.wikidata.org/reference/",
    "wdno": "http://www.wikidata.org/prop/novalue/",
    "wdata": "http://www.wikidata.org/wiki/Special:EntityData/",
    "rdf": "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
    "rdfs": "http://www.w3.org/2000/01/rdf-schema#",
    "owl": "http://www.w3.org/2002/07/owl#",
    "skos": "http://www.w3.org/2004/02/skos/core#",
    "xsd": XSD,
    "schema": SCHEMA,
    "prov": "http://www.w3.org/ns/prov#",
    "geo": "http://www.opengis.net/ont/geosparql#",
    "geof": "http://www.opengis.net/def/geosparql/function/",
    "bd": "http://www.bigdata.com/rdf#",
    "bds": "http://www.bigdata.com/rdf/search#",
    "gas": "http://www.bigdata.com/rdf/gas#",
    "hint": "http://www.bigdata.com/queryHints#",
    "mediawiki": "https://www.mediawiki.org/ontology#",
    "mwapi": "https://www.mediawiki.org/ontology#API/",
    "ontolex": "http://www.w3.org/ns/lemon/ontolex#",
    "dct": "http://purl.org/dc/terms/",
    "cc": "http://creativecommons.org/ns#",
}
_RANKS = {"preferred": "PreferredRank", "normal": "NormalRank", "deprecated": "DeprecatedRank"}
# Sitelink site ids that are not "{language}{project}".
_SPECIAL_SITES = {
    "commonswiki": ("https://commons.wikimedia.org/", "en"),
    "specieswiki": ("https://species.wikimedia.org/", "en"),
    "metawiki": ("https://meta.wikimedia.org/", "en"),
    "wikidatawiki": ("https://www.wikidata.org/", "en"),
    "mediawikiwiki": ("https://www.mediawiki.org/", "en"),
    "sourceswiki": ("https://wikisource.org/", "en"),
}
_PROJECTS = {  # site id suffix -> project domain; the longest suffix is tried first
    "wikiquote": "wikiquote.org", "wikisource": "wikisource.org", "wikinews": "wikinews.org",
    "wikivoyage": "wikivoyage.org", "wikibooks": "wikibooks.org", "wikiversity": "wikiversity.org",
    "wiktionary": "wiktionary.org", "wiki": "wikipedia.org",
}  # fmt: skip


def _iri(namespace: str, local: str) -> NamedNode:
    return NamedNode(WDQS_PREFIXES[namespace] + local)


def _wikibase(local: str) -> NamedNode:
    return NamedNode(WIKIBASE + local)


def _schema(local: str) -> NamedNode:
    return NamedNode(SCHEMA + local)


def _typed(value: object, datatype: str) -> Literal:
    return Literal(str(value), datatype=NamedNode(XSD + datatype))


# --- values --------------------------------------------------------------------------------------------


def entity_id(value: Mapping[str, Any]) -> str:
    """A wikibase-entityid value's id; old dumps give only the number and the entity type."""
    if "id" in value:
        return str(value["id"])
    return ("P" if value.get("entity-type") == "property" else "Q") + str(value["numeric-id"])


def wdqs_time(time: str) -> str:
    """A Wikibase time ("+1990-00-00T00:00:00Z") as the Query Service's xsd:dateTime ("1990-01-01T00:00:00Z")."""
    sign = "-" if time.startswith("-") else ""
    date, _, clock = time.lstrip("+-").partition("T")
    year, month, day = date.split("-")
    return f"{sign}{year}-{max(month, '01')}-{max(day, '01')}T{clock}"


def _amount(text: str) -> Literal:
    return _typed(text.lstrip("+"), "decimal")


def simple_value(datavalue: Mapping[str, Any], datatype: str | None) -> NamedNode | Literal:
    """The `ps:`/`pq:`/`wdt:` object of a value snak."""
    kind, value = datavalue.get("type"), datavalue["value"]
    if kind == "wikibase-entityid":
        return _iri("wd", entity_id(value))
    if kind == "time":
        return _typed(wdqs_time(value["time"]), "dateTime")
    if kind == "quantity":
        return _amount(value["amount"])
    if kind == "monolingualtext":
        return Literal(value["text"], language=value["language"])
    if kind == "globecoordinate":
        point = f"Point({value['longitude']} {value['latitude']})"
        return Literal(point, datatype=NamedNode(WDQS_PREFIXES["geo"] + "wktLiteral"))
    if datatype == "url":
        return NamedNode(str(value))
    if datatype == "commonsMedia":
        return NamedNode(COMMONS_FILE + quote(str(value).replace(" ", "_")))
    return Literal(str(value))


def _value_node(datavalue: Mapping[str, Any]) -> NamedNode:
    digest = hashlib.sha1(json.dumps(datavalue, sort_keys=True).encode("utf-8")).hexdigest()
    return _iri("wdv", digest)


def full_value_triples(datavalue: Mapping[str, Any]) -> tuple[NamedNode | None, list[Triple]]:
    """The `psv:`/`pqv:` value node of a time or quantity value and its triples; (None, []) for other kinds."""
    kind, value = datavalue.get("type"), datavalue["value"]
    if kind == "time":
        node = _value_node(datavalue)
        calendar = value.get("calendarmodel", WD + "Q1985727")
        return node, [
            Triple(node, RDF_TYPE, _wikibase("TimeValue")),
            Triple(node, _wikibase("timeValue"), _typed(wdqs_time(value["time"]), "dateTime")),
            Triple(node, _wikibase("timePrecision"), _typed(int(value["precision"]), "integer")),
            Triple(node, _wikibase("timeTimezone"), _typed(int(value.get("timezone", 0)), "integer")),
            Triple(node, _wikibase("timeCalendarModel"), NamedNode(calendar)),
        ]
    if kind == "quantity":
        node = _value_node(datavalue)
        unit = value.get("unit", "1")
        triples = [
            Triple(node, RDF_TYPE, _wikibase("QuantityValue")),
            Triple(node, _wikibase("quantityAmount"), _amount(value["amount"])),
            Triple(node, _wikibase("quantityUnit"), NamedNode(WD + "Q199" if unit == "1" else unit)),
        ]
        return node, triples
    return None, []


# --- statements ----------------------------------------------------------------------------------------


def _snak_object(snak: Mapping[str, Any]) -> NamedNode | Literal | None:
    """A snak's simple value; a skolem IRI for somevalue; None for novalue."""
    if snak.get("snaktype") == "value":
        return simple_value(snak["datavalue"], snak.get("datatype"))
    if snak.get("snaktype") == "somevalue":
        return NamedNode(GENID + hashlib.md5(json.dumps(snak, sort_keys=True).encode("utf-8")).hexdigest())
    return None


def best_statements(statements: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    """The statements `wdt:` reads: the preferred ones if any, else the normal ones; never deprecated."""
    ranked = list(statements)
    preferred = [s for s in ranked if s.get("rank") == "preferred"]
    return preferred or [s for s in ranked if s.get("rank", "normal") == "normal"]


def _statement_node(qid: str, statement: Mapping[str, Any]) -> NamedNode:
    if statement.get("id"):
        return _iri("wds", str(statement["id"]).replace("$", "-"))
    digest = hashlib.md5(json.dumps(statement, sort_keys=True).encode("utf-8")).hexdigest()
    return _iri("wds", f"{qid}-{digest}")


def _snak_triples(subject: NamedNode, snak: Mapping[str, Any], simple: str, full: str) -> Iterator[Triple]:
    prop = str(snak["property"])
    value = _snak_object(snak)
    if value is None:
        yield Triple(subject, RDF_TYPE, _iri("wdno", prop))
        return
    yield Triple(subject, _iri(simple, prop), value)
    if snak.get("snaktype") == "value":
        node, triples = full_value_triples(snak["datavalue"])
        if node is not None:
            yield Triple(subject, _iri(full, prop), node)
            yield from triples


def statement_triples(qid: str, statement: Mapping[str, Any], *, best: bool) -> Iterator[Triple]:
    """One statement of any rank: `p:`, `ps:`/`psv:`, qualifiers, rank and best-rank marks."""
    node = _statement_node(qid, statement)
    snak = statement["mainsnak"]
    yield Triple(_iri("wd", qid), _iri("p", str(snak["property"])), node)
    yield Triple(node, RDF_TYPE, _wikibase("Statement"))
    yield Triple(node, _wikibase("rank"), _wikibase(_RANKS[statement.get("rank", "normal")]))
    if best:
        yield Triple(node, RDF_TYPE, _wikibase("BestRank"))
    yield from _snak_triples(node, snak, "ps", "psv")
    for qualifiers in statement.get("qualifiers", {}).values():
        for qualifier in qualifiers:
            yield from _snak_triples(node, qualifier, "pq", "pqv")


def truthy_triples(qid: str, statements: Iterable[Mapping[str, Any]]) -> Iterator[Triple]:
    """`wdt:` values of the best-ranked statements (`a wdno:P` for a best-ranked novalue)."""
    item = _iri("wd", qid)
    for statement in best_statements(statements):
        snak = statement["mainsnak"]
        value = _snak_object(snak)
        if value is None:
            yield Triple(item, RDF_TYPE, _iri("wdno", str(snak["property"])))
        else:
            yield Triple(item, _iri("wdt", str(snak["property"])), value)


# --- sitelinks and terms -------------------------------------------------------------------------------


def site_of(site_id: str) -> tuple[str, str]:
    """A sitelink's site id ("enwiki", "enwikiquote") -> (site IRI, language)."""
    if site_id in _SPECIAL_SITES:
        return _SPECIAL_SITES[site_id]
    for suffix, domain in sorted(_PROJECTS.items(), key=lambda pair: -len(pair[0])):
        if site_id.endswith(suffix):
            language = site_id.removesuffix(suffix).replace("_", "-")
            return f"https://{language}.{domain}/", language
    raise ValueError(f"unknown sitelink site: {site_id}")


def sitelink_triples(qid: str, link: Mapping[str, Any]) -> Iterator[Triple]:
    """`<article> schema:about wd:Q ; schema:isPartOf <site> ; schema:name "Title"@lang ...`."""
    site, language = site_of(str(link["site"]))
    title = str(link["title"])
    article = NamedNode(site + "wiki/" + quote(title.replace(" ", "_"), safe="/:,()'!*;@$&+="))
    yield Triple(article, RDF_TYPE, _schema("Article"))
    yield Triple(article, _schema("about"), _iri("wd", qid))
    yield Triple(article, _schema("inLanguage"), Literal(language))
    yield Triple(article, _schema("isPartOf"), NamedNode(site))
    yield Triple(article, _schema("name"), Literal(title, language=language))
    for badge in link.get("badges", []):
        yield Triple(article, _wikibase("badge"), _iri("wd", str(badge)))


def term_triples(qid: str, entity: Mapping[str, Any]) -> Iterator[Triple]:
    """Labels, descriptions and aliases."""
    item = _iri("wd", qid)
    for label in entity.get("labels", {}).values():
        text = Literal(label["value"], language=label["language"])
        for predicate in (WDQS_PREFIXES["rdfs"] + "label", WDQS_PREFIXES["skos"] + "prefLabel", SCHEMA + "name"):
            yield Triple(item, NamedNode(predicate), text)
    for description in entity.get("descriptions", {}).values():
        yield Triple(item, _schema("description"), Literal(description["value"], language=description["language"]))
    for aliases in entity.get("aliases", {}).values():
        for alias in aliases:
            yield Triple(item, _iri("skos", "altLabel"), Literal(alias["value"], language=alias["language"]))


# --- entities ------------------------------------------------------------------------------------------


def entity_triples(entity: Mapping[str, Any]) -> Iterator[Triple]:
    """Everything the Query Service holds about one item or property."""
    qid = str(entity["id"])
    item = _iri("wd", qid)
    yield Triple(item, RDF_TYPE, _wikibase("Property" if entity.get("type") == "property" else "Item"))
    yield from term_triples(qid, entity)
    claims: Mapping[str, list[Mapping[str, Any]]] = entity.get("claims", {})
    for statements in claims.values():
        best = best_statements(statements)
        for statement in statements:
            yield from statement_triples(qid, statement, best=any(statement is s for s in best))
        yield from truthy_triples(qid, statements)
    sitelinks: Mapping[str, Mapping[str, Any]] = entity.get("sitelinks", {})
    for link in sitelinks.values():
        yield from sitelink_triples(qid, link)
    identifiers = sum(
        s["mainsnak"].get("datatype") == "external-id" for statements in claims.values() for s in statements
    )
    yield Triple(item, _wikibase("sitelinks"), _typed(len(sitelinks), "integer"))
    yield Triple(item, _wikibase("statements"), _typed(sum(map(len, claims.values())), "integer"))
    yield Triple(item, _wikibase("identifiers"), _typed(identifiers, "integer"))


def redirect_triple(source: str, target: str) -> Triple:
    return Triple(_iri("wd", source), _iri("owl", "sameAs"), _iri("wd", target))


def entity_store(entities: Iterable[Mapping[str, Any]], redirects: Mapping[str, str]) -> Store:
    """An in-memory Oxigraph store of the entities and entity redirects, in the default graph."""
    store = Store()
    triples = [t for entity in entities for t in entity_triples(entity)]
    triples += [redirect_triple(source, target) for source, target in redirects.items()]
    store.bulk_extend(Quad(t.subject, t.predicate, t.object, DefaultGraph()) for t in triples)
    return store


# --- the Query Service ---------------------------------------------------------------------------------


def json_term(term: NamedNode | BlankNode | Literal) -> dict[str, str]:
    """A bound value as the Query Service writes it (Blazegraph's key order; no datatype on plain strings)."""
    if isinstance(term, NamedNode):
        return {"type": "uri", "value": term.value}
    if isinstance(term, BlankNode):
        return {"type": "bnode", "value": term.value}
    if term.language:
        return {"xml:lang": term.language, "type": "literal", "value": term.value}
    if term.datatype.value == XSD + "string":
        return {"type": "literal", "value": term.value}
    return {"datatype": term.datatype.value, "type": "literal", "value": term.value}


def results_json(results: QuerySolutions | QueryBoolean) -> dict[str, Any]:
    """SPARQL 1.1 JSON results of a SELECT or ASK; an unbound variable is absent from its row."""
    if isinstance(results, QueryBoolean):
        return {"head": {}, "boolean": bool(results)}
    variables = [variable.value for variable in results.variables]
    bindings = []
    for solution in results:
        row = {name: json_term(term) for name in variables if (term := solution[name]) is not None}
        bindings.append(row)
    return {"head": {"vars": variables}, "results": {"bindings": bindings}}


class QueryService:
    """Runs SELECT and ASK queries on a store with the Query Service's predefined prefixes."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def answer(self, query: str) -> dict[str, Any]:
        """SPARQL JSON results; SyntaxError for a query that does not parse, ValueError for CONSTRUCT/DESCRIBE."""
        with sampled(self.store, query, WDQS_PREFIXES) as runnable:
            results = self.store.query(runnable, prefixes=WDQS_PREFIXES)
            if not isinstance(results, QuerySolutions | QueryBoolean):
                raise ValueError("the fixture world answers SELECT and ASK queries only")
            return results_json(results)
