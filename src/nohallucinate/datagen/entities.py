"""Parse Wikidata entity JSON (wbgetentities, Special:EntityData, bare entity objects) into typed records.

Rules that are not obvious:
- Every rank is kept, deprecated included; `Entity.truthy` applies Wikidata's "best rank" rule.
- Old dumps (2015) give item values as "numeric-id" only, and quantities with upperBound/lowerBound.
- Monolingual text becomes its text alone (the language is dropped).
- novalue/somevalue snaks have no datavalue (and may have no datatype): their value is None.
- Datavalue types other than item ids, strings, monolingual text, times and quantities (e.g. globe
  coordinates) also give None, with snaktype still "value".
- Time values keep the statement's own calendar: Julian dates are not converted to Gregorian.
- A redirect is resolved to the target entity; `redirected_from` keeps the id that was asked for.
"""

from __future__ import annotations

import builtins
import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, TypeVar

from nohallucinate.answers.dates import PartialDate
from nohallucinate.errors import NohallucinateError
from nohallucinate.spec import DAY_PRECISION, MONTH_PRECISION, YEAR_PRECISION

Rank = Literal["preferred", "normal", "deprecated"]
SnakType = Literal["value", "novalue", "somevalue"]

ALL_RANKS: tuple[Rank, ...] = ("preferred", "normal", "deprecated")
_PREFERRED: tuple[Rank, ...] = ("preferred",)
_NORMAL: tuple[Rank, ...] = ("normal",)
SNAK_TYPES: tuple[SnakType, ...] = ("value", "novalue", "somevalue")

_ENTITY_URI_PREFIX = "http://www.wikidata.org/entity/"
_TIME = re.compile(r"(?P<sign>[+-])(?P<year>\d+)-(?P<month>\d\d)-(?P<day>\d\d)T")
_NUMERIC_ID_PREFIXES = {"item": "Q", "property": "P", "lexeme": "L"}


class MissingEntityError(NohallucinateError, KeyError):
    """A requested entity that the response reports as missing or does not contain."""

    def __init__(self, entity_id: str) -> None:
        super().__init__(entity_id)
        self.entity_id = entity_id


@dataclass(frozen=True)
class Time:
    """A Wikidata time value as recorded: ISO-like string, precision and calendar model QID."""

    iso: str
    precision: int
    calendar: str

    def as_partial_date(self) -> PartialDate:
        """The date parts the precision covers, as recorded in the value's own calendar (see `calendar`).

        Raises ValueError for BCE years, precisions coarser than a year and malformed strings."""
        match = _TIME.match(self.iso)
        if match is None:
            raise ValueError(f"not a Wikidata time: {self.iso!r}")
        if match["sign"] == "-":
            raise ValueError(f"BCE dates are not supported: {self.iso}")
        if self.precision < YEAR_PRECISION:
            raise ValueError(f"precision {self.precision} is coarser than a year: {self.iso}")
        year = int(match["year"])
        month = int(match["month"]) if self.precision >= MONTH_PRECISION else None
        day = int(match["day"]) if self.precision >= DAY_PRECISION else None
        return PartialDate(year, month, day)


@dataclass(frozen=True)
class Quantity:
    """A Wikidata quantity; unit is "1" when unitless, else the unit as recorded (usually an entity URI)."""

    amount: float
    unit: str
    lower: float | None
    upper: float | None


Value = str | Time | Quantity | None


@dataclass(frozen=True)
class Snak:
    """One property-value pair (main snak or qualifier)."""

    property: str
    snaktype: SnakType
    value: Value
    datatype: str | None


@dataclass(frozen=True)
class Statement:
    """A claim with its rank and qualifiers (references are not kept)."""

    id: str | None
    property: str
    rank: Rank
    main: Snak
    qualifiers: dict[str, tuple[Snak, ...]]

    @builtins.property  # the `property` field shadows the builtin in the class body
    def value(self) -> Value:
        """The main snak's value."""
        return self.main.value


@dataclass(frozen=True)
class Entity:
    """A Wikidata entity with labels, sitelinks and every statement."""

    id: str
    requested_id: str
    redirected_from: str | None
    labels: dict[str, str]
    descriptions: dict[str, str]
    aliases: dict[str, tuple[str, ...]]
    sitelinks: dict[str, str]
    claims: dict[str, tuple[Statement, ...]]
    lastrevid: int | None
    modified: str | None

    def statements(self, prop: str, ranks: Collection[Rank] = ALL_RANKS) -> tuple[Statement, ...]:
        """Statements of `prop` whose rank is in `ranks`, in recorded order (all ranks by default)."""
        return tuple(statement for statement in self.claims.get(prop, ()) if statement.rank in ranks)

    def truthy(self, prop: str) -> tuple[Statement, ...]:
        """Wikidata's best-rank statements: the preferred ones if any, else the normal ones; never deprecated."""
        return self.statements(prop, _PREFERRED) or self.statements(prop, _NORMAL)

    @property
    def label(self) -> str | None:
        """The English label."""
        return self.labels.get("en")

    @property
    def sitelink_count(self) -> int:
        """Number of sitelinks of every kind (Wikipedias, Wikiquote, Commons...), as wikibase:sitelinks counts."""
        return len(self.sitelinks)

    @property
    def enwiki_title(self) -> str | None:
        """Title of the English Wikipedia article."""
        return self.sitelinks.get("enwiki")


# --- values ------------------------------------------------------------------------------------------


def _qid_from_uri(uri: str) -> str:
    return uri.removeprefix(_ENTITY_URI_PREFIX)


def _entity_id(value: Mapping[str, Any]) -> str:
    if "id" in value:
        return str(value["id"])
    # Old responses only carry the number; the entity type gives the letter.
    prefix = _NUMERIC_ID_PREFIXES[value.get("entity-type", "item")]
    return f"{prefix}{value['numeric-id']}"


def _optional_float(text: str | None) -> float | None:
    return None if text is None else float(text)


def _quantity(value: Mapping[str, Any]) -> Quantity:
    return Quantity(
        amount=float(value["amount"]),
        unit=str(value.get("unit", "1")),
        lower=_optional_float(value.get("lowerBound")),
        upper=_optional_float(value.get("upperBound")),
    )


def _time(value: Mapping[str, Any]) -> Time:
    return Time(
        iso=str(value["time"]),
        precision=int(value["precision"]),
        calendar=_qid_from_uri(str(value.get("calendarmodel", ""))),
    )


def _datavalue(datavalue: Mapping[str, Any]) -> Value:
    kind = datavalue.get("type")
    value: Any = datavalue.get("value")
    if kind == "wikibase-entityid":
        return _entity_id(value)
    if kind == "string":
        return str(value)
    if kind == "monolingualtext":
        return str(value["text"])
    if kind == "time":
        return _time(value)
    if kind == "quantity":
        return _quantity(value)
    return None


# --- statements --------------------------------------------------------------------------------------


_Name = TypeVar("_Name", bound=str)


def _checked(value: object, allowed: tuple[_Name, ...], what: str) -> _Name:
    if value not in allowed:
        raise ValueError(f"unknown {what}: {value!r}")
    return value


def parse_snak(raw: Mapping[str, Any]) -> Snak:
    """One snak object (mainsnak or qualifier) -> Snak."""
    snaktype = _checked(raw.get("snaktype"), SNAK_TYPES, "snaktype")
    datavalue = raw.get("datavalue")
    value = _datavalue(datavalue) if snaktype == "value" and datavalue is not None else None
    return Snak(property=str(raw["property"]), snaktype=snaktype, value=value, datatype=raw.get("datatype"))


def parse_statement(raw: Mapping[str, Any]) -> Statement:
    """One statement object -> Statement."""
    main = parse_snak(raw["mainsnak"])
    qualifiers = {prop: tuple(parse_snak(snak) for snak in snaks) for prop, snaks in raw.get("qualifiers", {}).items()}
    rank = _checked(raw.get("rank", "normal"), ALL_RANKS, "rank")
    return Statement(id=raw.get("id"), property=main.property, rank=rank, main=main, qualifiers=qualifiers)


# --- entities ----------------------------------------------------------------------------------------


def _is_missing(raw: Mapping[str, Any]) -> bool:
    return "missing" in raw


def _redirect_source(raw: Mapping[str, Any]) -> str | None:
    redirects = raw.get("redirects")
    return None if redirects is None else str(redirects["from"])


def parse_entity(raw: Mapping[str, Any], requested_id: str | None = None) -> Entity:
    """One entity object -> Entity; `requested_id` (default: the redirect source, else the entity's id) is the id
    that was asked for. Raises MissingEntityError for a "missing" entity."""
    if _is_missing(raw):
        raise MissingEntityError(requested_id or str(raw.get("id")))
    entity_id = str(raw["id"])
    requested = requested_id or _redirect_source(raw) or entity_id
    return Entity(
        id=entity_id,
        requested_id=requested,
        redirected_from=requested if requested != entity_id else None,
        labels={lang: term["value"] for lang, term in raw.get("labels", {}).items()},
        descriptions={lang: term["value"] for lang, term in raw.get("descriptions", {}).items()},
        aliases={lang: tuple(term["value"] for term in terms) for lang, terms in raw.get("aliases", {}).items()},
        sitelinks={site: link["title"] for site, link in raw.get("sitelinks", {}).items()},
        claims={prop: tuple(map(parse_statement, statements)) for prop, statements in raw.get("claims", {}).items()},
        lastrevid=raw.get("lastrevid"),
        modified=raw.get("modified"),
    )


def _find_raw(entities: Mapping[str, Any], requested_id: str) -> Mapping[str, Any] | None:
    if requested_id in entities:
        return entities[requested_id]
    return next((raw for raw in entities.values() if _redirect_source(raw) == requested_id), None)


def parse_entities_response(
    payload: Mapping[str, Any], requested: Sequence[str], *, allow_missing: bool = False
) -> dict[str, Entity]:
    """wbgetentities / Special:EntityData envelope -> {requested id: Entity}.

    A redirect maps the requested id to the target entity, with `redirected_from` set; a missing or absent
    requested id raises MissingEntityError, or is left out when `allow_missing` (deleted items exist)."""
    entities: Mapping[str, Any] = payload.get("entities", {})
    found = {requested_id: _find_raw(entities, requested_id) for requested_id in requested}
    unmatched = [requested_id for requested_id, raw in found.items() if raw is None]
    claimed = {id(raw) for raw in found.values() if raw is not None}
    unclaimed = [raw for raw in entities.values() if id(raw) not in claimed]
    # Special:EntityData answers a redirect with the target alone, keyed by the target id. Only a single
    # unmatched request and a single unclaimed entity can be paired without guessing.
    if len(unmatched) == 1 and len(unclaimed) == 1:
        found[unmatched[0]] = unclaimed[0]
    result: dict[str, Entity] = {}
    for requested_id, raw in found.items():
        if raw is None or "missing" in raw:
            if allow_missing:
                continue
            raise MissingEntityError(requested_id)
        result[requested_id] = parse_entity(raw, requested_id)
    return result
