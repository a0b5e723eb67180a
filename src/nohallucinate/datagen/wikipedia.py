"""The English Wikipedia Action API (formatversion=2): leads, whole text, wikitext, disambiguation, links, search."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from nohallucinate.datagen.transport import Api, Request, WikimediaTransport

LEADS_PER_REQUEST = 20  # the extracts module gives intro extracts for at most 20 pages at once
PAGES_PER_REQUEST = 50


@dataclass(frozen=True)
class Page:
    """What the builder needs to know of one title."""

    requested: str  # the title asked for
    title: str  # after normalisation and redirects
    missing: bool
    pageid: int | None = None
    revision: int | None = None
    disambiguation: bool = False
    wikibase_item: str | None = None
    lead: str | None = None
    redirected_from: str | None = None


@dataclass(frozen=True)
class WholeText:
    """An article's whole plain text with the title and revision of the response that held it."""

    title: str  # after normalisation and redirects
    text: str
    revision: int | None


class Wikipedia:
    """Reads Wikipedia through one transport; pages are fetched once per build and kept."""

    def __init__(self, transport: WikimediaTransport) -> None:
        self.transport = transport
        self._pages: dict[str, Page] = {}
        self._whole_text: dict[str, WholeText] = {}
        self._wikitext: dict[str, tuple[str, int | None]] = {}
        self.titles_fetched = 0  # titles asked for in batched requests (leads and wikitext)

    def pages(self, titles: Iterable[str]) -> dict[str, Page]:
        """Info, page props and plain-text lead of each title (missing pages are reported, not dropped)."""
        wanted = list(dict.fromkeys(titles))
        todo = sorted(t for t in wanted if t not in self._pages)  # by title: requests never follow hash order
        for start in range(0, len(todo), LEADS_PER_REQUEST):
            batch = todo[start : start + LEADS_PER_REQUEST]
            self.titles_fetched += len(batch)
            payload = self._query(
                batch, prop="info|pageprops|extracts", ppprop="disambiguation|wikibase_item", exintro=1,
                explaintext=1, exlimit=LEADS_PER_REQUEST,
            )  # fmt: skip
            for requested, page in pages_by_request(payload, batch).items():
                self._pages[requested] = page_from(requested, page, payload)
        return {title: self._pages[title] for title in wanted}

    def page(self, title: str) -> Page:
        return self.pages([title])[title]

    def whole_text(self, title: str) -> WholeText:
        """The article's whole plain text (one page a request: the extracts module allows no more), with info in
        the same request so that the revision named is the one the text was read from."""
        if title not in self._whole_text:
            payload = self._query([title], prop="extracts|info", explaintext=1)
            self._whole_text[title] = whole_text_from(payload, title)
        return self._whole_text[title]

    def wikitexts(self, titles: Iterable[str]) -> dict[str, tuple[str, int | None]]:
        """Current wikitext and revision id of each title (50 a request); missing pages are left out."""
        wanted = list(dict.fromkeys(titles))
        todo = sorted(t for t in wanted if t not in self._wikitext)  # by title, as in pages()
        for start in range(0, len(todo), PAGES_PER_REQUEST):
            batch = todo[start : start + PAGES_PER_REQUEST]
            self.titles_fetched += len(batch)
            payload = self._query(batch, prop="revisions", rvprop="ids|content", rvslots="main")
            for requested, page in pages_by_request(payload, batch).items():
                revisions = page.get("revisions") or []
                if revisions:
                    main = revisions[0].get("slots", {}).get("main", {})
                    self._wikitext[requested] = (main.get("content", ""), revisions[0].get("revid"))
        return {t: self._wikitext[t] for t in wanted if t in self._wikitext}

    def links(self, title: str) -> list[str]:
        """Titles of the article-namespace pages `title` links to, following every continuation."""
        found: list[str] = []
        extra: dict[str, str] = {}
        while True:
            request = Request.of(
                Api.WIKIPEDIA, action="query", prop="links", plnamespace=0, pllimit="max", titles=title,
                redirects=1, format="json", formatversion=2, **extra,
            )  # fmt: skip
            payload = self.transport.get(request)
            for page in payload.get("query", {}).get("pages", []):
                found += [link["title"] for link in page.get("links", [])]
            if "continue" not in payload:
                return found
            extra = {k: str(v) for k, v in payload["continue"].items()}

    def search_hits(self, text: str) -> int:
        """How many articles contain `text` as an exact phrase."""
        request = Request.of(
            Api.WIKIPEDIA, action="query", list="search", srsearch=f'"{text}"', srnamespace=0, srlimit=10,
            srinfo="totalhits", format="json", formatversion=2,
        )  # fmt: skip
        return int(self.transport.get(request).get("query", {}).get("searchinfo", {}).get("totalhits", 0))

    def _query(self, titles: list[str], **params: str | int) -> dict[str, Any]:
        request = Request.of(
            Api.WIKIPEDIA, action="query", titles="|".join(titles), redirects=1, format="json", formatversion=2,
            **params,
        )  # fmt: skip
        return self.transport.get(request)


def pages_by_request(payload: dict[str, Any], requested: list[str]) -> dict[str, dict[str, Any]]:
    """Pages keyed by the title asked for, through the response's `normalized` and `redirects` lists."""
    query = payload.get("query", {})
    renamed = {n["from"]: n["to"] for n in query.get("normalized", [])}
    redirected = {r["from"]: r["to"] for r in query.get("redirects", [])}
    by_title = {page["title"]: page for page in query.get("pages", [])}
    found = {}
    for title in requested:
        final = renamed.get(title, title)
        final = redirected.get(final, final)
        if final not in by_title:
            raise KeyError(f"the response has no page for {title!r}")
        found[title] = by_title[final]
    return found


def whole_text_from(payload: dict[str, Any], title: str) -> WholeText:
    """The whole text of `title` in a prop=extracts|info response; KeyError when the page is missing."""
    page = pages_by_request(payload, [title])[title]
    if page.get("missing") or "invalid" in page:
        raise KeyError(f"no page {title!r}")
    return WholeText(title=page["title"], text=page.get("extract", ""), revision=page.get("lastrevid"))


def page_from(requested: str, raw: dict[str, Any], payload: dict[str, Any]) -> Page:
    redirects = {r["to"]: r["from"] for r in payload.get("query", {}).get("redirects", [])}
    props = raw.get("pageprops", {})
    return Page(
        requested=requested,
        title=raw["title"],
        missing=bool(raw.get("missing", False)) or "invalid" in raw,
        pageid=raw.get("pageid"),
        revision=raw.get("lastrevid"),
        disambiguation="disambiguation" in props,  # the value is an empty string: test the key, not its truth
        wikibase_item=props.get("wikibase_item"),
        lead=raw.get("extract"),
        redirected_from=redirects.get(raw["title"]),
    )
