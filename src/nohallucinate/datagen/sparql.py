"""Parse SPARQL 1.1 JSON results (as returned by the Wikidata Query Service) into typed terms and Python values."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal, cast

TermKind = Literal["uri", "literal", "bnode"]

_XSD = "http://www.w3.org/2001/XMLSchema#"
_INTEGER_TYPES = frozenset(
    _XSD + name
    for name in (
        "integer", "int", "long", "short", "byte", "nonNegativeInteger", "positiveInteger",
        "nonPositiveInteger", "negativeInteger", "unsignedLong", "unsignedInt", "unsignedShort", "unsignedByte",
    )
)  # fmt: skip
_FLOAT_TYPES = frozenset({_XSD + "double", _XSD + "float"})
_DECIMAL = _XSD + "decimal"
_BOOLEAN = _XSD + "boolean"
_ENTITY_URI = re.compile(r"http://www\.wikidata\.org/entity/(?P<id>[QP]\d+|L\d+(?:-[FS]\d+)?)")
# Pre-1.1 endpoints wrote typed literals as their own type.
_KIND_ALIASES = {"uri": "uri", "literal": "literal", "typed-literal": "literal", "bnode": "bnode"}


@dataclass(frozen=True)
class Term:
    """One bound value of a result row."""

    kind: TermKind
    value: str
    datatype: str | None
    lang: str | None

    def as_python(self) -> object:
        """The value as a Python object: QID for Wikidata entity URIs, numbers and booleans by datatype, else str."""
        if self.kind == "bnode":
            return "_:" + self.value
        if self.kind == "uri":
            match = _ENTITY_URI.fullmatch(self.value)
            return match["id"] if match else self.value
        return _literal_value(self.value, self.datatype)


def _literal_value(text: str, datatype: str | None) -> object:
    if datatype in _INTEGER_TYPES:
        return int(text)
    if datatype == _DECIMAL:
        return Decimal(text)
    if datatype in _FLOAT_TYPES:
        return float(text)
    if datatype == _BOOLEAN:
        return text in ("true", "1")
    # xsd:dateTime stays a string: it carries no precision (a bare year reads 2013-01-01T00:00:00Z).
    return text


def parse_term(raw: Mapping[str, Any]) -> Term:
    """One binding object ({"type", "value", "datatype"?, "xml:lang"?}) -> Term."""
    kind = _KIND_ALIASES.get(raw.get("type", ""))
    if kind is None:
        raise ValueError(f"unknown SPARQL term type: {raw.get('type')!r}")
    return Term(
        kind=cast(TermKind, kind), value=str(raw["value"]), datatype=raw.get("datatype"), lang=raw.get("xml:lang")
    )


def parse_results(payload: Mapping[str, Any]) -> tuple[list[str], list[dict[str, Term]]]:
    """SPARQL 1.1 JSON results -> (declared variables, rows); unbound variables are absent from a row."""
    variables = [str(name) for name in payload.get("head", {}).get("vars", [])]
    rows = [{name: parse_term(binding) for name, binding in row.items()} for row in payload["results"]["bindings"]]
    return variables, rows


def rows_as_python(payload: Mapping[str, Any]) -> list[dict[str, object]]:
    """The result rows with every term converted by Term.as_python."""
    _, rows = parse_results(payload)
    return [{name: term.as_python() for name, term in row.items()} for row in rows]
