"""Tests for nohallucinate.datagen.sparql on real recorded WDQS results (see shared SOURCES.md)."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from nohallucinate.datagen.sparql import Term, parse_results, parse_term, rows_as_python

XSD_INTEGER = "http://www.w3.org/2001/XMLSchema#integer"


def _load(shared_dir: Path, name: str) -> Any:
    return json.loads((shared_dir / "data/wikimedia" / name).read_text(encoding="utf-8"))


def test_single_var_uris_and_a_bnode(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_single_var_results.json")
    variables, rows = parse_results(payload)
    assert variables == ["genre"]
    assert rows[3] == {"genre": Term("bnode", "t284055162", None, None)}
    assert rows_as_python(payload) == [
        {"genre": "Q112983"},
        {"genre": "Q185598"},
        {"genre": "Q3879286"},
        {"genre": "_:t284055162"},
        {"genre": "Q1473346"},
    ]


def test_multi_vars_lang_literal_and_integer(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_multi_vars_results.json")
    variables, rows = parse_results(payload)
    assert variables == ["entity", "entityLabel", "year"]
    assert rows[0] == {
        "entity": Term("uri", "http://www.wikidata.org/entity/Q3731207", None, None),
        "entityLabel": Term("literal", "Ercole Patti", None, "en"),
        "year": Term("literal", "1903", XSD_INTEGER, None),
    }
    assert rows_as_python(payload) == [
        {"entity": "Q3731207", "entityLabel": "Ercole Patti", "year": 1903},
        {"entity": "_:t284055162", "entityLabel": "FAKE BNODE", "year": 1970},
        {"entity": "Q505932", "entityLabel": "Paul Bailey", "year": 1937},
    ]


def test_optional_values_leave_unbound_variables_out(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_results_with_optional_values.json")
    variables, rows = parse_results(payload)
    assert len(variables) == 15
    (row,) = rows
    assert set(variables) - set(row) == {"genre", "genreLabel", "musicBrainzRGId"}
    assert row["label"] == Term("literal", "Tarzan", None, "fr")
    (values,) = rows_as_python(payload)
    assert values["publicationDate"] == "2013-01-01T00:00:00Z"
    assert values["duration"] == Decimal("94")
    assert isinstance(values["duration"], Decimal)
    assert values["composer"] == "Q952428"
    assert values["countryOfOrigin"] == "Q183"
    assert values["countryOfOriginLabel"] == "Allemagne"
    assert values["imdbId"] == "tt1705952"
    # A URI outside the entity namespace is kept whole.
    assert values["wikiLink"] == "https://fr.wikipedia.org/wiki/Tarzan%20%28film%2C%202013%29"


def test_statement_uris_are_kept_whole(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_results_with_statements.json")
    values = rows_as_python(payload)
    assert len(values) == 34
    assert values[0] == {
        "statement": "http://www.wikidata.org/entity/statement/Q25402842-5a1e65e0-4b6c-7c5b-3dd2-9ed59ecba475"
    }
    assert values[-1] == {
        "statement": "http://www.wikidata.org/entity/statement/Q49393107-c07411c0-48f8-0545-c115-b147a6bac322"
    }


def test_label_service_output_with_and_without_lang(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_results_with_labels_descriptions_and_aliases.json")
    variables, rows = parse_results(payload)
    assert variables == ["item", "pseudonyme", "itemLabel", "itemDescription", "itemAltLabel"]
    assert len(rows) == 50
    assert rows[0]["pseudonyme"] == Term("literal", "11", None, None)
    assert rows[1]["itemLabel"] == Term("literal", "Søren Kierkegaard", None, "en")
    values = rows_as_python(payload)
    # A literal without datatype stays a string even when it looks like a number.
    assert values[0] == {
        "item": "Q5798647",
        "pseudonyme": "11",
        "itemLabel": "Daniel Rojo",
        "itemDescription": "Spanish writer and actor",
        "itemAltLabel": "Daniel Rojo Bonilla",
    }
    # Optional label-service columns are simply absent when the item has no description or aliases.
    assert values[4] == {"item": "Q33188341", "pseudonyme": "E", "itemLabel": "Ernesto Pérez Donaz"}
    assert values[49]["itemAltLabel"] == "Atom™"


def test_nested_associated_variables_only_item_bound(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_results_with_nested_associated_variables.json")
    variables, _ = parse_results(payload)
    assert variables == ["item", "end", "endTime", "endTimePrecision"]
    assert rows_as_python(payload) == [{"item": "Q111338353"}, {"item": "Q111338362"}]


def test_literal_without_datatype_is_a_string(shared_dir: Path) -> None:
    payload = _load(shared_dir, "sparql_no_datatype_results.json")
    (row,) = parse_results(payload)[1]
    assert row["year"] == Term("literal", "1937", None, None)
    assert rows_as_python(payload) == [{"entity": "Q5059124", "entityLabel": "FAKE NO DATATYPE CASE", "year": "1937"}]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ({"type": "literal", "value": "1.5E3", "datatype": "http://www.w3.org/2001/XMLSchema#double"}, 1500.0),
        ({"type": "literal", "value": "true", "datatype": "http://www.w3.org/2001/XMLSchema#boolean"}, True),
        ({"type": "literal", "value": "false", "datatype": "http://www.w3.org/2001/XMLSchema#boolean"}, False),
        ({"type": "typed-literal", "value": "-7", "datatype": XSD_INTEGER}, -7),
        ({"type": "uri", "value": "http://www.wikidata.org/entity/P569"}, "P569"),
        (
            {"type": "uri", "value": "http://www.wikidata.org/prop/direct/P569"},
            "http://www.wikidata.org/prop/direct/P569",
        ),
    ],
)
def test_term_as_python_by_datatype(raw: dict[str, str], expected: object) -> None:
    value = parse_term(raw).as_python()
    assert value == expected
    assert type(value) is type(expected)


def test_unknown_term_type_is_rejected() -> None:
    with pytest.raises(ValueError, match="triple"):
        parse_term({"type": "triple", "value": "x"})
