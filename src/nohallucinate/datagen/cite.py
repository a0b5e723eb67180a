"""How a row cites what it was built from: each source's API, id and revision, and the item the row is about."""

from __future__ import annotations

from typing import Any, TypedDict

from nohallucinate.datagen.entities import Entity
from nohallucinate.datagen.wikipedia import Page, WholeText


class ItemFields(TypedDict):
    """What every row about a Wikidata item records: the item first among its sources, its id, its sitelinks."""

    sources: list[dict[str, Any]]
    entity: str
    sitelinks: int


def item(subject: Entity, *more: dict[str, Any]) -> ItemFields:
    """The provenance fields of a row about `subject`, citing it and then `more` sources."""
    return {"sources": [entity(subject), *more], "entity": subject.id, "sitelinks": subject.sitelink_count}


def entity(record: Entity) -> dict[str, Any]:
    return {"api": "wikidata", "entity": record.id, "revision": record.lastrevid}


def page(found: Page) -> dict[str, Any]:
    return _article(found.title, found.revision)


def whole_text(found: WholeText) -> dict[str, Any]:
    """The article as the response that held its whole text names it."""
    return _article(found.title, found.revision)


def wikitext(title: str, revision: int | None) -> dict[str, Any]:
    return _article(title, revision)


def _article(title: str, revision: int | None) -> dict[str, Any]:
    """One revision of a Wikipedia article, whichever part of it was read (lead, whole text, wikitext)."""
    return {"api": "wikipedia", "title": title, "revision": revision}
