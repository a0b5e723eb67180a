"""Wikidata: entities at every rank (wbgetentities, 50 a request), label search, and the Query Service."""

from __future__ import annotations

from collections.abc import Iterable

from nohallucinate.datagen.entities import Entity, MissingEntityError, parse_entities_response
from nohallucinate.datagen.sparql import rows_as_python
from nohallucinate.datagen.transport import Api, Request, WikimediaTransport

ENTITIES_PER_REQUEST = 50  # the API's limit for ordinary clients


class Wikidata:
    """Reads Wikidata through one transport; entities are fetched once per build and kept."""

    def __init__(self, transport: WikimediaTransport) -> None:
        self.transport = transport
        self._entities: dict[str, Entity] = {}
        self.missing: set[str] = set()  # ids Wikidata answered as missing (deleted, or never existed)
        self.ids_fetched = 0  # beside the transport's request count, this shows what batching saves
        self.entity_requests = 0

    def entities(self, ids: Iterable[str]) -> dict[str, Entity]:
        """Entities by requested id, every statement of every rank; redirects followed and reported. Ids that
        Wikidata reports missing are left out (and listed in `missing`)."""
        wanted = list(dict.fromkeys(ids))
        # Sorted: a request depends on which ids are wanted, never on the caller's (perhaps hash-ordered) order.
        todo = sorted(qid for qid in wanted if qid not in self._entities and qid not in self.missing)
        for start in range(0, len(todo), ENTITIES_PER_REQUEST):
            batch = todo[start : start + ENTITIES_PER_REQUEST]
            self.ids_fetched += len(batch)
            self.entity_requests += 1
            request = Request.of(
                Api.WIKIDATA,
                action="wbgetentities",
                ids="|".join(batch),
                props="info|claims|labels|descriptions|aliases|sitelinks",
                languages="en",
                redirects="yes",
                format="json",
                formatversion=2,
            )
            found = parse_entities_response(self.transport.get(request), batch, allow_missing=True)
            self._entities |= found
            self.missing |= set(batch) - set(found)
        return {qid: self._entities[qid] for qid in wanted if qid in self._entities}

    def entity(self, qid: str) -> Entity:
        """One entity; a missing one raises MissingEntityError."""
        found = self.entities([qid])
        if qid not in found:
            raise MissingEntityError(qid)
        return found[qid]

    def labels_matching(self, text: str) -> list[str]:
        """Ids of items whose English label or alias is exactly `text` (case aside)."""
        request = Request.of(
            Api.WIKIDATA, action="wbsearchentities", search=text, language="en", type="item", limit=10,
            format="json", formatversion=2,
        )  # fmt: skip
        hits = self.transport.get(request).get("search", [])
        wanted = text.casefold()
        return [
            hit["id"]
            for hit in hits
            if str(hit.get("match", {}).get("text", hit.get("label", ""))).casefold() == wanted
        ]

    def sparql(self, query: str) -> list[dict[str, object]]:
        """Rows of a Query Service SELECT, as Python values (entity URIs as QIDs)."""
        return rows_as_python(self.transport.get(Request.of(Api.SPARQL, query=query, format="json")))
