"""A fixture world: a real HTTP server on 127.0.0.1 that answers the Wikidata API, the Wikidata Query Service and
the English Wikipedia Action API in the shapes the real services use, for the datagen clients.

The world holds two parts:
- real recorded entities and pages, read at start-up from the shared data directory (never copied into the repo);
- a fictional world stored in tests/fixtures/wikimedia_world/ (invented people, clubs, prizes and pages, with item
  ids Q9000000001 and up).

The three APIs live under one base URL, as `Endpoints.mirror(url)` expects: {url}/wikidata/w/api.php,
{url}/query/sparql and {url}/enwiki/w/api.php. Faults (maxlag, 429, 503, a dropped connection) can be queued to
be served before normal answers. The Query Service runs each query as written with a SPARQL engine (Oxigraph) over
the world's entities exported as RDF in the Wikidata model (support/wikidata_rdf.py).

python tests/support/wikimedia_world.py [--shared DIR] [--port N] serves it and prints the base URL first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import json
import re
import threading
from collections import deque
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any, Literal, NotRequired, TypedDict

import mwparserfromhell
from aiohttp import web
from mwparserfromhell.nodes import Heading
from mwparserfromhell.wikicode import Wikicode

try:  # as support.wikimedia_world under pytest, or run as a script
    from support.background_server import BackgroundServer
    from support.wikidata_rdf import QueryService, entity_store
except ImportError:  # pragma: no cover
    from background_server import BackgroundServer  # type: ignore[no-redef]
    from wikidata_rdf import QueryService, entity_store  # type: ignore[no-redef]

Fault = Literal["maxlag", "429", "503", "drop"]
ApiName = Literal["wikidata", "sparql", "wikipedia"]

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "wikimedia_world"
ENTITY_URI = "http://www.wikidata.org/entity/"
MAX_IDS = 50  # wbgetentities and Action API titles: the limit for ordinary clients
MAX_FULL_EXTRACTS = 1  # TextExtracts gives whole-article extracts one page a request
MAX_INTRO_EXTRACTS = 20
MALFORMED_QUERY = "java.util.concurrent.ExecutionException: org.openrdf.query.MalformedQueryException"
DOCREF = (
    "See https://en.wikipedia.org/w/api.php for API usage. Subscribe to the mediawiki-api-announce mailing list at "
    "<https://lists.wikimedia.org/postorius/lists/mediawiki-api-announce.lists.wikimedia.org/> for notice of API "
    "deprecations and breaking changes."
)
MAXLAG_BODY = {
    "error": {
        "code": "maxlag",
        "info": "Waiting for db1234: 3 seconds lagged.",
        "host": "db1234",
        "lag": 3,
        "type": "db",
    },
    "servedby": "mw1",
}

# Real class items the world's statements point at.
DISAMBIGUATION = "Q4167410"  # Wikimedia disambiguation page

# Real recorded entities: wbgetentities envelopes, Special:EntityData envelopes and bare entity objects.
# The Q16231742 file holds Q3571994 alone: Q16231742 is a redirect to it (see SOURCES.md).
REAL_ENTITY_FILES = (
    "wbgetentities_Q42.json",
    "wbgetentities_Q11571_2015.json",
    "entitydata_Q20145.json",
    "entitydata_Q16231742_redirect.json",
    "entity_Q646148.json",
    "entity_Q328212.json",
)
REAL_ENTITY_REDIRECTS = {"Q16231742": "Q3571994"}
_NAMESPACES = {
    "talk": 1, "user": 2, "user talk": 3, "wikipedia": 4, "wikipedia talk": 5, "file": 6, "image": 6,
    "mediawiki": 8, "template": 10, "template talk": 11, "help": 12, "category": 14, "portal": 100, "draft": 118,
    "module": 828,
}  # fmt: skip
_NOT_LINKS = {6, 14}  # [[File:...]] and [[Category:...]] are image and category links, not page links


class Link(TypedDict):
    ns: int
    title: str


class PageRecord(TypedDict):
    """One page of the world: what every prop of the Action API is computed from."""

    pageid: int
    title: str
    touched: str
    lastrevid: int
    parentid: NotRequired[int]  # absent for the real pages: no recorded value
    length: int
    pageprops: dict[str, str]
    lead: str  # plain-text intro (TextExtracts exintro + explaintext)
    text: str  # whole plain text, sections as "== Heading ==" lines
    wikitext: NotRequired[str]  # absent when no wikitext was recorded
    links: list[Link]
    real: bool
    redirect: NotRequired[bool]


@dataclass(frozen=True)
class Answer:
    """An HTTP answer: a JSON value, or text when `content_type` is not JSON."""

    body: Any
    status: int = 200
    content_type: str = "application/json"
    headers: dict[str, str] = field(default_factory=dict)


# --- plain text ----------------------------------------------------------------------------------------


def plain_sections(wikitext: str) -> list[tuple[int, str, str]]:
    """(level, heading, plain body) of each section, the lead first (level 0, no heading).

    Like TextExtracts: templates, references, tables, comments, files and categories leave no text; each
    paragraph and list item is one line."""
    code = mwparserfromhell.parse(wikitext)
    _remove(code, code.filter_comments())
    _remove(code, [t for t in code.filter_tags() if str(t.tag).lower() in ("ref", "table", "gallery")])
    _remove(code, [link for link in code.filter_wikilinks() if _namespace(str(link.title))[0] in _NOT_LINKS])
    _remove(code, code.filter_templates(recursive=False))
    sections: list[tuple[int, str, str]] = []
    for section in code.get_sections(flat=True, include_lead=True):
        nodes = list(section.nodes)
        if nodes and isinstance(nodes[0], Heading):
            heading = nodes[0]
            body = mwparserfromhell.parse("".join(str(node) for node in nodes[1:]))
            sections.append((heading.level, heading.title.strip_code().strip(), _plain(body)))
        else:
            sections.append((0, "", _plain(section)))
    if not sections or sections[0][0] != 0:
        sections.insert(0, (0, "", ""))
    return sections


def plain_text(wikitext: str) -> tuple[str, str]:
    """(lead, whole text) of an article, the whole text with "== Heading ==" lines as TextExtracts writes them."""
    sections = plain_sections(wikitext)
    lead = sections[0][2]
    text = lead
    for level, heading, body in sections[1:]:
        marks = "=" * level
        text += f"\n\n\n{marks} {heading} {marks}\n" + (f"\n{body}" if body else "")
    return lead, text.strip("\n")


def _remove(code: Wikicode, nodes: Iterable[Any]) -> None:
    for node in nodes:
        with contextlib.suppress(ValueError):  # already gone with the node that held it
            code.remove(node)


def _plain(code: Wikicode) -> str:
    text = code.strip_code(normalize=True, collapse=True)
    lines = []
    for line in text.split("\n"):
        line = re.sub(r"\s+", " ", line).strip()
        line = re.sub(r"\s+([.,;:])", r"\1", line)
        line = re.sub(r"\(\s*\)", "", line).strip()
        if line:
            lines.append(line)
    return "\n".join(lines)


class _HtmlText(HTMLParser):
    """The text of an HTML extract, one line per paragraph or list item."""

    _BLOCKS = frozenset({"p", "li", "ul", "ol", "dl", "dd", "dt", "div", "h1", "h2", "h3", "h4", "h5", "h6", "br"})

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = [""]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in self._BLOCKS:
            self.lines.append("")

    def handle_endtag(self, tag: str) -> None:
        if tag in self._BLOCKS:
            self.lines.append("")

    def handle_data(self, data: str) -> None:
        self.lines[-1] += data


def html_text(extract: str) -> str:
    """Tags stripped, entities unescaped, whitespace collapsed per paragraph."""
    parser = _HtmlText()
    parser.feed(extract)
    parser.close()
    lines = (re.sub(r"\s+", " ", html.unescape(line)).strip() for line in parser.lines)
    return "\n".join(line for line in lines if line)


def wikilinks(wikitext: str) -> list[Link]:
    """The page links of a wikitext (templates' arguments included), sorted as MediaWiki sorts them."""
    found: dict[tuple[int, str], Link] = {}
    for link in mwparserfromhell.parse(wikitext).filter_wikilinks():
        target = str(link.title).split("#", 1)[0].strip()
        if not target or target.startswith(("http:", "https:", "//")):
            continue
        ns, title = _namespace(target.lstrip(":"))
        if ns in _NOT_LINKS and not target.startswith(":"):
            continue
        found[(ns, title)] = {"ns": ns, "title": title}
    return [found[key] for key in sorted(found, key=lambda key: (key[0], key[1].replace(" ", "_").encode()))]


def _namespace(target: str) -> tuple[int, str]:
    prefix, colon, rest = target.partition(":")
    ns = _NAMESPACES.get(prefix.strip().lower()) if colon else None
    if ns is None:
        return 0, normalise_title(target)
    return ns, f"{prefix.strip().capitalize()}:{normalise_title(rest)}"


def normalise_title(title: str) -> str:
    """MediaWiki's title normalisation for the main namespace: underscores to spaces, one space, first letter up."""
    title = re.sub(r"[ _]+", " ", title).strip()
    return title[:1].upper() + title[1:]


# --- the world -----------------------------------------------------------------------------------------


@dataclass
class WorldData:
    """Entities and pages, real and fictional, and the redirects between them."""

    entities: dict[str, dict[str, Any]] = field(default_factory=dict)
    entity_redirects: dict[str, str] = field(default_factory=dict)
    pages: dict[str, PageRecord] = field(default_factory=dict)
    redirects: dict[str, str] = field(default_factory=dict)  # title -> target title
    redirect_ids: dict[str, int] = field(default_factory=dict)  # title -> the redirect page's own id
    real_ids: set[str] = field(default_factory=set)
    real_titles: set[str] = field(default_factory=set)


def load_fictional(data: WorldData, directory: Path = FIXTURES) -> None:
    """The fictional world: entities.json (a wbgetentities envelope) and pages.json (an Action API query)."""
    envelope = json.loads((directory / "entities.json").read_text(encoding="utf-8"))
    data.entities.update(envelope["entities"])
    query = json.loads((directory / "pages.json").read_text(encoding="utf-8"))["query"]
    for raw in query["pages"]:
        revision = raw["revisions"][0]
        wikitext = revision["slots"]["main"]["content"]
        lead, text = plain_text(wikitext)
        data.pages[raw["title"]] = PageRecord(
            pageid=raw["pageid"], title=raw["title"], touched=raw["touched"], lastrevid=raw["lastrevid"],
            parentid=revision["parentid"], length=raw["length"], pageprops=dict(raw.get("pageprops", {})), lead=lead,
            text=text, wikitext=wikitext, links=wikilinks(wikitext), real=False,
        )  # fmt: skip
    for number, redirect in enumerate(query.get("redirects", []), start=1):
        data.redirects[redirect["from"]] = redirect["to"]
        data.redirect_ids[redirect["from"]] = 995000000 + number


def load_real(data: WorldData, shared_dir: Path) -> None:
    """The recorded entities and the Douglas Adams pages of the shared directory."""
    wikimedia = shared_dir / "data" / "wikimedia"

    def read(name: str) -> Any:
        return json.loads((wikimedia / name).read_text(encoding="utf-8"))

    for name in REAL_ENTITY_FILES:
        payload = read(name)
        for entity in payload["entities"].values() if "entities" in payload else [payload]:
            data.entities[entity["id"]] = entity
            data.real_ids.add(entity["id"])
    data.entity_redirects.update(REAL_ENTITY_REDIRECTS)
    data.real_ids.update(REAL_ENTITY_REDIRECTS)

    adams = next(p for p in read("query_Douglas_Adams.json")["query"]["pages"] if p["title"] == "Douglas Adams")
    wikitext = read("parse_Douglas_Adams.json")["parse"]["wikitext"]
    _, text = plain_text(wikitext)  # the 2016 parse; the lead is the 2018 query record's HTML extract
    data.pages["Douglas Adams"] = PageRecord(
        pageid=adams["pageid"], title=adams["title"], touched=adams["touched"], lastrevid=adams["lastrevid"],
        length=adams["length"], pageprops=dict(adams["pageprops"]), lead=html_text(adams["extract"]),
        text=text, wikitext=wikitext,
        links=[{"ns": link["ns"], "title": link["title"]} for link in adams["links"]], real=True,
    )  # fmt: skip
    disambiguation = read("query_Douglas_Adams_disambiguation.json")["query"]["pages"][0]
    lead = html_text(disambiguation["extract"])
    data.pages[disambiguation["title"]] = PageRecord(
        pageid=disambiguation["pageid"], title=disambiguation["title"], touched=disambiguation["touched"],
        lastrevid=disambiguation["lastrevid"], length=disambiguation["length"],
        pageprops=dict(disambiguation["pageprops"]), lead=lead, text=lead,  # the page is all lead
        links=[{"ns": link["ns"], "title": link["title"]} for link in disambiguation["links"]], real=True,
    )  # fmt: skip
    redirect_ids = {r["title"]: r["pageid"] for r in adams.get("redirects", [])}  # prop=redirects of the record
    for redirect in read("query_redirect_Adams_Douglas.json")["query"]["redirects"]:
        data.redirects[redirect["from"]] = redirect["to"]
        data.redirect_ids[redirect["from"]] = redirect_ids.get(redirect["from"], 0)
        data.real_titles.add(redirect["from"])
    data.real_titles.update({"Douglas Adams", disambiguation["title"]})


# --- Wikidata ------------------------------------------------------------------------------------------


def _api_error(code: str, info: str, **extra: Any) -> Answer:
    body = {"error": {"code": code, "info": info, **extra, "docref": DOCREF}, "servedby": "mw1"}
    return Answer(body, headers={"MediaWiki-API-Error": code})


def _shaped(entity: Mapping[str, Any], props: set[str], languages: set[str] | None) -> dict[str, Any]:
    """An entity as wbgetentities gives it for these props and languages."""
    kept: dict[str, Any] = {}
    for key, value in entity.items():
        if key in ("pageid", "ns", "title", "lastrevid", "modified") and "info" not in props:
            continue
        if key in ("labels", "descriptions", "aliases"):
            if key not in props:
                continue
            value = {lang: v for lang, v in value.items() if languages is None or lang in languages}
        if key == "claims" and "claims" not in props:
            continue
        if key == "sitelinks":
            if "sitelinks" not in props and "sitelinks/urls" not in props:
                continue
            urls = "sitelinks/urls" in props
            value = {site: {k: v for k, v in link.items() if urls or k != "url"} for site, link in value.items()}
        kept[key] = value
    return kept


def answer_wikidata(data: WorldData, params: Mapping[str, str]) -> Answer:
    action = params.get("action", "")
    if action == "wbgetentities":
        return _wbgetentities(data, params)
    if action == "wbsearchentities":
        return _wbsearchentities(data, params)
    return _api_error("badvalue", f'Unrecognized value for parameter "action": {action}.')


def _wbgetentities(data: WorldData, params: Mapping[str, str]) -> Answer:
    ids = [i for i in params.get("ids", "").split("|") if i]
    if not ids:
        return _api_error("param-missing", 'Either provide the item "ids" or pairs of "sites" and "titles".')
    if len(ids) > MAX_IDS:
        return _api_error(
            "toomanyvalues", f'Too many values supplied for parameter "ids". The limit is {MAX_IDS}.',
            limit=MAX_IDS, lowlimit=MAX_IDS, highlimit=500, parameter="ids",
        )  # fmt: skip
    props = set(params.get("props", "info|sitelinks|aliases|labels|descriptions|claims|datatype").split("|"))
    languages = set(params["languages"].split("|")) if params.get("languages") else None
    follow = params.get("redirects", "yes") != "no"
    entities: dict[str, Any] = {}
    for requested in dict.fromkeys(i.strip().upper() for i in ids):
        if not re.fullmatch(r"[QPL][1-9]\d*", requested):
            return _api_error("no-such-entity", f'Could not find an entity with the ID "{requested}".', id=requested)
        target = data.entity_redirects.get(requested) if follow else None
        if target is not None and target in data.entities:
            shaped = _shaped(data.entities[target], props, languages)
            at = list(shaped).index("type") if "type" in shaped else len(shaped)
            items = list(shaped.items())
            items.insert(at, ("redirects", {"from": requested, "to": target}))
            entities[target] = dict(items)
        elif requested in data.entities:
            entities[requested] = _shaped(data.entities[requested], props, languages)
        else:
            entities[requested] = {"id": requested, "missing": ""}
    return Answer({"entities": entities, "success": 1})


def _wbsearchentities(data: WorldData, params: Mapping[str, str]) -> Answer:
    text = params.get("search", "")
    language = params.get("language", "en")
    limit = min(int(params.get("limit", "7")), 50)
    offset = int(params.get("continue", "0"))
    wanted = text.casefold()
    hits: list[tuple[tuple[int, int, str], dict[str, Any]]] = []
    for qid, entity in data.entities.items():
        label = entity.get("labels", {}).get(language, {}).get("value")
        aliases = [a["value"] for a in entity.get("aliases", {}).get(language, [])]
        terms = ([("label", label)] if label else []) + [("alias", alias) for alias in aliases]
        matched = [(kind, term) for kind, term in terms if wanted and wanted in term.casefold()]
        if not matched:
            continue
        exact = [m for m in matched if m[1].casefold() == wanted]
        kind, term = (exact or matched)[0]
        rank = 0 if exact else 1 if term.casefold().startswith(wanted) else 2
        hits.append(((rank, -len(entity.get("sitelinks", {})), qid), _search_hit(qid, entity, language, kind, term)))
    ordered = [hit for _, hit in sorted(hits, key=lambda pair: pair[0])]
    body: dict[str, Any] = {"searchinfo": {"search": text}, "search": ordered[offset : offset + limit]}
    if len(ordered) > offset + limit:
        body["search-continue"] = offset + limit
    body["success"] = 1
    return Answer(body)


def _search_hit(qid: str, entity: Mapping[str, Any], language: str, kind: str, term: str) -> dict[str, Any]:
    label = entity.get("labels", {}).get(language, {}).get("value")
    description = entity.get("descriptions", {}).get(language, {}).get("value")
    display: dict[str, Any] = {}
    if label:
        display["label"] = {"value": label, "language": language}
    if description:
        display["description"] = {"value": description, "language": language}
    hit: dict[str, Any] = {
        "id": qid, "title": qid, "pageid": entity.get("pageid"), "concepturi": ENTITY_URI + qid,
        "repository": "wikidata", "url": f"//www.wikidata.org/wiki/{qid}", "display": display,
    }  # fmt: skip
    if label:
        hit["label"] = label
    if description:
        hit["description"] = description
    hit["match"] = {"type": kind, "language": language, "text": term}
    if kind == "alias":
        hit["aliases"] = [term]
    return hit


# --- the Query Service ---------------------------------------------------------------------------------


def answer_sparql(service: QueryService, params: Mapping[str, str]) -> Answer:
    """The Query Service's answer: the query run as written by a SPARQL engine over the world's entities."""
    try:
        results = service.answer(params.get("query", ""))
    except (SyntaxError, ValueError) as error:
        return Answer(f"{MALFORMED_QUERY}: {error}", status=400, content_type="text/plain")
    return Answer(results, content_type="application/sparql-results+json")


def query_entities(data: WorldData) -> list[dict[str, Any]]:
    """The entities the Query Service holds: the world's own, and an item for each disambiguation page whose item
    the world does not hold (the real Q5301194, recorded as a page only). That item has the enwiki sitelink its
    page's `wikibase_item` prop names (the prop is that sitelink, seen from Wikipedia) and `P31 Q4167410`,
    inferred from the page's `disambiguation` prop, as Wikidata gives the items of English disambiguation pages."""
    entities = list(data.entities.values())
    for page in sorted(data.pages.values(), key=lambda p: p["title"]):
        item = page["pageprops"].get("wikibase_item")
        if "disambiguation" in page["pageprops"] and item and item not in data.entities:
            entities.append(_disambiguation_item(item, page["title"]))
    return entities


def _disambiguation_item(qid: str, title: str) -> dict[str, Any]:
    instance = {"entity-type": "item", "numeric-id": int(DISAMBIGUATION[1:]), "id": DISAMBIGUATION}
    snak = {"snaktype": "value", "property": "P31", "datavalue": {"value": instance, "type": "wikibase-entityid"}}
    statement = {"mainsnak": snak | {"datatype": "wikibase-item"}, "type": "statement", "rank": "normal"}
    return {
        "type": "item", "id": qid, "claims": {"P31": [statement]},
        "sitelinks": {"enwiki": {"site": "enwiki", "title": title, "badges": []}},
    }  # fmt: skip


# --- Wikipedia -----------------------------------------------------------------------------------------

_PROPS = frozenset({"info", "pageprops", "extracts", "revisions", "links"})
_LANGUAGE = {"contentmodel": "wikitext", "pagelanguage": "en", "pagelanguagehtmlcode": "en", "pagelanguagedir": "ltr"}


def answer_wikipedia(data: WorldData, params: Mapping[str, str], *, links_page_size: int = 5) -> Answer:
    action = params.get("action", "")
    if action != "query":
        return _api_error("badvalue", f'Unrecognized value for parameter "action": {action}.')
    if "list" in params:
        if params["list"] != "search" or "titles" in params or "prop" in params:
            return _api_error("badvalue", f'Unrecognized value for parameter "list": {params["list"]}.')
        return _search(data, params)
    if "titles" not in params or "prop" not in params:
        return _api_error("badvalue", "The world answers prop queries on titles and list=search only.")
    props = params["prop"].split("|")
    unknown = [p for p in props if p not in _PROPS]
    if unknown:
        return _api_error("badvalue", f'Unrecognized value for parameter "prop": {unknown[0]}.')
    titles = params["titles"].split("|")
    if len(titles) > MAX_IDS:
        return _api_error(
            "toomanyvalues", f'Too many values supplied for parameter "titles". The limit is {MAX_IDS}.',
            limit=MAX_IDS, lowlimit=MAX_IDS, highlimit=500, parameter="titles",
        )  # fmt: skip
    return _pages_query(data, params, titles, set(props), links_page_size)


def _pages_query(
    data: WorldData, params: Mapping[str, str], titles: list[str], props: set[str], links_page_size: int
) -> Answer:
    query: dict[str, Any] = {}
    normalized, redirected = [], []
    found: dict[str, PageRecord | None] = {}
    invalid: list[dict[str, Any]] = []
    for requested in dict.fromkeys(titles):
        title = normalise_title(requested)
        if not title or re.search(r"[<>\[\]{}|#]", title):
            reason = "The requested page title is empty or contains invalid characters."
            invalid.append({"title": requested, "invalidreason": reason, "invalid": True})
            continue
        if title != requested:
            normalized.append({"fromencoded": False, "from": requested, "to": title})
        if title in data.redirects and "redirects" in params:
            target = data.redirects[title]
            redirected.append({"from": title, "to": target})
            title = target
        elif title in data.redirects:
            found[title] = _redirect_page(data, title)
            continue
        found[title] = data.pages.get(title)
    if normalized:
        query["normalized"] = normalized
    if redirected:
        query["redirects"] = redirected
    pages: list[dict[str, Any]] = list(invalid)
    pages += [_missing(title, props) for title, record in found.items() if record is None]
    existing = sorted((record for record in found.values() if record is not None), key=lambda r: r["pageid"])
    cont: dict[str, Any] = {}
    full_extracts = 0
    links = _Links(existing, params, links_page_size)
    for record in existing:
        page: dict[str, Any] = {"pageid": record["pageid"], "ns": 0, "title": record["title"]}
        if "info" in props:
            page |= _info(record)
        if "pageprops" in props:
            wanted = set(params["ppprop"].split("|")) if params.get("ppprop") else None
            pageprops = {k: v for k, v in record["pageprops"].items() if wanted is None or k in wanted}
            if pageprops:
                page["pageprops"] = pageprops
        if "extracts" in props:
            intro = "exintro" in params
            full_extracts += 0 if intro else 1
            limit = min(int(params.get("exlimit", "20")), MAX_INTRO_EXTRACTS) if intro else MAX_FULL_EXTRACTS
            if (intro and len([p for p in pages if "extract" in p]) < limit) or (not intro and full_extracts <= limit):
                page["extract"] = record["lead"] if intro else record["text"]
            elif not intro:
                cont["excontinue"] = 1
        if "revisions" in props and "wikitext" in record:
            page["revisions"] = [_revision(record, params)]
        if "links" in props and record["pageid"] in links.window:
            page["links"] = links.window[record["pageid"]]
        pages.append(page)
    if "links" in props and links.next is not None:
        cont["plcontinue"] = links.next
    query["pages"] = pages
    body: dict[str, Any] = {}
    if cont:
        body["continue"] = cont | {"continue": "||"}
    else:
        body["batchcomplete"] = True
    body["query"] = query
    return Answer(body)


def _missing(title: str, props: set[str]) -> dict[str, Any]:
    page: dict[str, Any] = {"ns": 0, "title": title, "missing": True}
    return page | _LANGUAGE if "info" in props else page


def _info(record: PageRecord) -> dict[str, Any]:
    info: dict[str, Any] = _LANGUAGE | {
        "touched": record["touched"], "lastrevid": record["lastrevid"], "length": record["length"],
    }  # fmt: skip
    if record.get("redirect"):
        info["redirect"] = True
    return info


def _revision(record: PageRecord, params: Mapping[str, str]) -> dict[str, Any]:
    rvprop = set(params.get("rvprop", "ids|timestamp|flags|comment|user").split("|"))
    revision: dict[str, Any] = {}
    if "ids" in rvprop:
        revision["revid"] = record["lastrevid"]
        if "parentid" in record:
            revision["parentid"] = record["parentid"]
    if "content" in rvprop:
        content = {"contentmodel": "wikitext", "contentformat": "text/x-wiki", "content": record["wikitext"]}
        if params.get("rvslots"):
            revision["slots"] = {"main": content}
        else:
            revision |= content
    return revision


def _redirect_page(data: WorldData, title: str) -> PageRecord:
    """A redirect title asked for without redirects=1: the redirect page itself."""
    target = data.redirects[title]
    wikitext = f"#REDIRECT [[{target}]]"
    target_page = data.pages.get(target)
    return PageRecord(
        pageid=data.redirect_ids[title], title=title, touched=target_page["touched"] if target_page else "",
        lastrevid=data.redirect_ids[title], length=len(wikitext.encode("utf-8")), pageprops={}, lead="", text="",
        wikitext=wikitext, links=[{"ns": 0, "title": target}], real=title in data.real_titles, redirect=True,
    )  # fmt: skip


class _Links:
    """One page of prop=links over the titles asked for, ordered as MediaWiki orders them (page id, namespace,
    title), and the plcontinue value that points at the first link of the next page."""

    def __init__(self, existing: list[PageRecord], params: Mapping[str, str], page_size: int) -> None:
        namespaces = {int(n) for n in params["plnamespace"].split("|")} if params.get("plnamespace") else None
        entries = sorted(
            (record["pageid"], link["ns"], link["title"].replace(" ", "_"))
            for record in existing
            for link in record["links"]
            if namespaces is None or link["ns"] in namespaces
        )
        start = 0
        if "plcontinue" in params:
            pageid, ns, title = params["plcontinue"].split("|", 2)
            key = (int(pageid), int(ns), title)
            start = next((i for i, entry in enumerate(entries) if entry >= key), len(entries))
        asked = params.get("pllimit", "10")
        end = start + (page_size if asked == "max" else max(1, min(int(asked), page_size)))
        self.window: dict[int, list[Link]] = {}
        for pageid, ns, title in entries[start:end]:
            self.window.setdefault(pageid, []).append({"ns": ns, "title": title.replace("_", " ")})
        self.next = "|".join(map(str, entries[end])) if end < len(entries) else None


def _search(data: WorldData, params: Mapping[str, str]) -> Answer:
    phrase = params.get("srsearch", "").strip().strip('"').strip()
    wanted = re.sub(r"\s+", " ", phrase).casefold()
    limit = min(int(params.get("srlimit", "10")), 500)
    offset = int(params.get("sroffset", "0"))
    hits = []
    for record in data.pages.values():
        text = re.sub(r"\s+", " ", record["text"]).casefold()
        in_title = wanted in record["title"].casefold()
        count = text.count(wanted) if wanted else 0
        if wanted and (in_title or count):
            hits.append(((not in_title, -count, record["title"]), record))
    hits.sort(key=lambda hit: hit[0])
    results = [_search_result(record, phrase) for _, record in hits[offset : offset + limit]]
    info = set(params.get("srinfo", "totalhits|suggestion|rewrittenquery").split("|"))
    query: dict[str, Any] = {"searchinfo": {"totalhits": len(hits)}} if "totalhits" in info else {}
    query["search"] = results
    body: dict[str, Any] = {"batchcomplete": True}
    if len(hits) > offset + limit:
        body["continue"] = {"sroffset": offset + limit, "continue": "-||"}
    body["query"] = query
    return Answer(body)


def _search_result(record: PageRecord, phrase: str) -> dict[str, Any]:
    text = re.sub(r"\s+", " ", record["text"])
    at = text.casefold().find(phrase.casefold())
    start = max(0, at - 60) if at >= 0 else 0
    window = html.escape(text[start : start + 160])
    if at >= 0:
        pattern = re.compile(re.escape(html.escape(phrase)), re.IGNORECASE)
        window = pattern.sub(lambda m: f'<span class="searchmatch">{m[0]}</span>', window)
    return {
        "ns": 0, "title": record["title"], "pageid": record["pageid"], "size": record["length"],
        "wordcount": len(record["text"].split()), "snippet": window, "timestamp": record["touched"],
    }  # fmt: skip


# --- the server ----------------------------------------------------------------------------------------


class WikimediaWorld(BackgroundServer):
    """`with WikimediaWorld(shared_dir=...) as world:` serves the world at `world.url` until the block ends."""

    def __init__(self, *, shared_dir: Path | None = None, links_page_size: int = 5, port: int = 0) -> None:
        self.data = WorldData()
        load_fictional(self.data)
        if shared_dir is not None:
            load_real(self.data, Path(shared_dir))
        self.links_page_size = links_page_size
        self.query_service = QueryService(entity_store(query_entities(self.data), self.data.entity_redirects))
        self.requests: list[tuple[str, dict[str, str]]] = []
        self._faults: deque[Fault] = deque()
        self._lock = threading.Lock()
        super().__init__(port=port)

    # the world's content, for tests
    @property
    def entities(self) -> dict[str, dict[str, Any]]:
        """QID -> raw entity JSON (wbgetentities trims it to the props and languages asked for)."""
        return self.data.entities

    @property
    def pages(self) -> dict[str, PageRecord]:
        return self.data.pages

    @property
    def redirects(self) -> dict[str, str]:
        """Wikipedia redirect title -> target title."""
        return self.data.redirects

    @property
    def entity_redirects(self) -> dict[str, str]:
        return self.data.entity_redirects

    @property
    def real_ids(self) -> set[str]:
        return self.data.real_ids

    @property
    def real_titles(self) -> set[str]:
        return self.data.real_titles

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def inject(self, *faults: Fault) -> None:
        """Serve these, one per request and in order, before normal answers."""
        with self._lock:
            self._faults.extend(faults)

    def add_routes(self, app: web.Application) -> None:
        app.router.add_get("/wikidata/w/api.php", self._handler("wikidata", answer_wikidata))
        app.router.add_get("/query/sparql", self._handler("sparql", self._sparql))
        app.router.add_get("/enwiki/w/api.php", self._handler("wikipedia", self._wikipedia))

    def _wikipedia(self, data: WorldData, params: Mapping[str, str]) -> Answer:
        return answer_wikipedia(data, params, links_page_size=self.links_page_size)

    def _sparql(self, _data: WorldData, params: Mapping[str, str]) -> Answer:
        return answer_sparql(self.query_service, params)

    def _handler(
        self, api: ApiName, answer: Callable[[WorldData, Mapping[str, str]], Answer]
    ) -> Callable[[web.Request], Any]:
        async def handle(request: web.Request) -> web.StreamResponse:
            params = dict(request.query)
            with self._lock:
                self.requests.append((api, params))
                fault = self._faults.popleft() if self._faults else None
            if fault is not None:
                return _fault_response(request, fault)
            reply = answer(self.data, params)
            if reply.content_type == "text/plain":
                return web.Response(text=reply.body, status=reply.status, headers=reply.headers)
            return web.Response(
                text=json.dumps(reply.body, ensure_ascii=False),
                status=reply.status,
                content_type=reply.content_type,
                charset="utf-8",
                headers=reply.headers,
            )

        return handle


def _fault_response(request: web.Request, fault: Fault) -> web.StreamResponse:
    if fault == "maxlag":
        headers = {"Retry-After": "0", "X-Database-Lag": "3", "MediaWiki-API-Error": "maxlag"}
        return web.json_response(MAXLAG_BODY, headers=headers)
    if fault == "429":
        return web.Response(text="Too many requests. Please slow down.", status=429, headers={"Retry-After": "0"})
    if fault == "503":
        return web.Response(text="Service Temporarily Unavailable", status=503, headers={"Retry-After": "0"})
    if request.transport is not None:  # drop: close the connection with nothing sent
        request.transport.abort()
    raise asyncio.CancelledError


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--shared", type=Path, default=None, help="the shared data directory (real recorded part)")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--links-page-size", type=int, default=5)
    args = parser.parse_args()
    with WikimediaWorld(shared_dir=args.shared, links_page_size=args.links_page_size, port=args.port) as world:
        print(world.url, flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
