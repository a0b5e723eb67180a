"""Tests for nohallucinate.datagen.entities on real recorded Wikidata responses (see shared SOURCES.md)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nohallucinate.answers.dates import PartialDate
from nohallucinate.datagen.entities import (
    Entity,
    MissingEntityError,
    Quantity,
    Snak,
    Statement,
    Time,
    parse_entities_response,
    parse_entity,
)

GREGORIAN = "Q1985727"
JULIAN = "Q1985786"


def _load(shared_dir: Path, name: str) -> Any:
    return json.loads((shared_dir / "data/wikimedia" / name).read_text(encoding="utf-8"))


def _from_envelope(shared_dir: Path, name: str, requested: str) -> Entity:
    return parse_entities_response(_load(shared_dir, name), [requested])[requested]


def _date(snak_or_statement: Snak | Statement) -> PartialDate:
    assert isinstance(snak_or_statement.value, Time)
    return snak_or_statement.value.as_partial_date()


def _rank_counts(entity: Entity) -> Counter[str]:
    return Counter(statement.rank for statements in entity.claims.values() for statement in statements)


# --- Time --------------------------------------------------------------------------------------------


def test_partial_date_keeps_only_the_parts_the_precision_covers() -> None:
    assert Time("+1952-03-11T00:00:00Z", 11, GREGORIAN).as_partial_date() == PartialDate(1952, 3, 11)
    assert Time("+1990-11-00T00:00:00Z", 10, GREGORIAN).as_partial_date() == PartialDate(1990, 11, None)
    assert Time("+1869-11-01T00:00:00Z", 10, GREGORIAN).as_partial_date() == PartialDate(1869, 11, None)
    assert Time("+1291-00-00T00:00:00Z", 9, JULIAN).as_partial_date() == PartialDate(1291, None, None)


def test_partial_date_refuses_bce_and_coarser_than_year() -> None:
    with pytest.raises(ValueError, match="BCE"):
        Time("-0043-00-00T00:00:00Z", 9, JULIAN).as_partial_date()
    with pytest.raises(ValueError, match="coarser"):
        Time("+1990-00-00T00:00:00Z", 8, GREGORIAN).as_partial_date()


# --- real responses ----------------------------------------------------------------------------------


def test_q42_envelope_birth_date_sitelinks_and_ranks(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "wbgetentities_Q42.json", "Q42")
    (birth,) = entity.statements("P569")
    assert birth.value == Time("+1952-03-11T00:00:00Z", 11, GREGORIAN)
    assert _date(birth) == PartialDate(1952, 3, 11)
    assert entity.statements("P570")[0].value == Time("+2001-05-11T00:00:00Z", 11, GREGORIAN)
    assert (entity.id, entity.requested_id, entity.redirected_from) == ("Q42", "Q42", None)
    assert entity.label == "Douglas Adams"
    assert entity.sitelink_count == 101
    assert entity.enwiki_title == "Douglas Adams"
    assert len(entity.claims) == 102
    assert _rank_counts(entity) == Counter(normal=125, preferred=2)
    assert entity.statements("P54") == ()
    assert entity.truthy("P54") == ()
    assert (entity.lastrevid, entity.modified) == (595492361, "2017-11-18T10:46:38Z")


def test_q42_item_values_monolingual_text_and_unit_quantity(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "wbgetentities_Q42.json", "Q42")
    assert entity.truthy("P31")[0].value == "Q5"
    assert entity.statements("P1477")[0].value == "Douglas Noel Adams"
    assert entity.statements("P2048")[0].value == Quantity(1.96, "http://www.wikidata.org/entity/Q11573", None, None)
    assert entity.aliases["en"] == ("Douglas Noël Adams", "Douglas Noel Adams", "Douglas N. Adams", "DNA")


def test_q4115189_bare_entity_keeps_deprecated_julian_birth_date(shared_dir: Path) -> None:
    entity = parse_entity(_load(shared_dir, "entity_Q4115189.json"))
    both = entity.statements("P569")
    assert [(s.value, s.rank) for s in both] == [
        (Time("+1291-00-00T00:00:00Z", 9, JULIAN), "normal"),
        (Time("+0512-00-00T00:00:00Z", 9, JULIAN), "deprecated"),
    ]
    assert entity.truthy("P569") == (both[0],)
    assert _date(both[1]) == PartialDate(512, None, None)
    assert (entity.id, entity.requested_id, entity.redirected_from) == ("Q4115189", "Q4115189", None)
    assert entity.sitelinks == {}
    assert entity.enwiki_title is None


def test_q4115189_truthy_p135_is_only_the_preferred_statement(shared_dir: Path) -> None:
    entity = parse_entity(_load(shared_dir, "entity_Q4115189.json"))
    assert [(s.rank, s.value) for s in entity.statements("P135")] == [
        ("deprecated", "Q213454"),
        ("preferred", "Q2044250"),
        ("normal", "Q5843"),
    ]
    (best,) = entity.truthy("P135")
    assert (best.id, best.value) == ("Q4115189$8fcdeb7b-4b25-81b2-ed29-26a6d6a26f6d", "Q2044250")
    assert [s.value for s in entity.statements("P135", ("normal", "deprecated"))] == ["Q213454", "Q5843"]


def test_q646148_deprecated_award_is_kept_with_its_reason(shared_dir: Path) -> None:
    entity = parse_entity(_load(shared_dir, "entity_Q646148.json"))
    awards = entity.statements("P166")
    assert len(awards) == 6
    assert len(entity.truthy("P166")) == 5
    assert len(entity.statements("P166", ("normal",))) == 5
    (deprecated,) = entity.statements("P166", ("deprecated",))
    assert deprecated.value == "Q20872"
    assert deprecated.qualifiers == {"P2241": (Snak("P2241", "value", "Q1263068", "wikibase-item"),)}
    # A "was never awarded X" check must look at every rank.
    assert "Q20872" in {s.value for s in awards}
    assert "Q20872" not in {s.value for s in entity.truthy("P166")}
    assert _date(entity.statements("P569")[0]) == PartialDate(1939, 11, 8)
    assert entity.sitelink_count == 17


def test_q11571_2015_old_formats(shared_dir: Path) -> None:
    text = (shared_dir / "data/wikimedia/wbgetentities_Q11571_2015.json").read_text(encoding="utf-8")
    assert text.startswith("\n{\n\n")
    entity = parse_entities_response(json.loads(text), ["Q11571"])["Q11571"]
    assert [(s.value, s.rank) for s in entity.statements("P54")] == [
        ("Q18656", "normal"),
        ("Q8682", "preferred"),
        ("Q75729", "normal"),
    ]
    assert entity.sitelink_count == 118
    assert len(entity.labels) == 104
    assert entity.enwiki_title == "Cristiano Ronaldo"
    assert _date(entity.statements("P569")[0]) == PartialDate(1985, 2, 5)


def test_q11571_2015_qualifiers_with_numeric_ids_and_bounded_quantities(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "wbgetentities_Q11571_2015.json", "Q11571")
    man_utd, real_madrid, sporting = entity.statements("P54")
    assert man_utd.id == "q11571$074706D5-A77F-4969-AE50-9ECB06D4208E"
    assert list(man_utd.qualifiers) == ["P580", "P582", "P1350", "P1351"]
    (start,) = man_utd.qualifiers["P580"]
    assert start.value == Time("+2003-00-00T00:00:00Z", 9, GREGORIAN)
    assert _date(start) == PartialDate(2003, None, None)
    assert man_utd.qualifiers["P582"][0].value == Time("+2009-00-00T00:00:00Z", 9, GREGORIAN)
    assert man_utd.qualifiers["P1350"][0].value == Quantity(196, "1", 195, 197)
    assert man_utd.qualifiers["P1351"][0].value == Quantity(84, "1", 83, 85)
    assert real_madrid.qualifiers["P580"][0].value == Time("+2009-07-01T00:00:00Z", 11, GREGORIAN)
    assert real_madrid.qualifiers["P1350"][0].value == Quantity(246, "1", 246, 246)
    assert entity.truthy("P54") == (real_madrid,)
    assert sporting.qualifiers["P1350"][0].value == Quantity(25, "1", 24, 26)


def test_q11571_2015_somevalue_child_has_no_value_and_no_datatype(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "wbgetentities_Q11571_2015.json", "Q11571")
    (child,) = entity.statements("P40")
    assert child.main == Snak("P40", "somevalue", None, None)
    assert child.value is None


def test_entitydata_redirect_maps_requested_id_to_target(shared_dir: Path) -> None:
    payload = _load(shared_dir, "entitydata_Q16231742_redirect.json")
    assert list(payload["entities"]) == ["Q3571994"]
    entity = parse_entities_response(payload, ["Q16231742"])["Q16231742"]
    assert (entity.id, entity.requested_id, entity.redirected_from) == ("Q3571994", "Q16231742", "Q16231742")
    assert entity.label == "Kangnam"
    assert entity.statements("P569")[0].value == Time("+1987-03-23T00:00:00Z", 11, GREGORIAN)
    assert _date(entity.statements("P569")[0]) == PartialDate(1987, 3, 23)
    assert entity.sitelink_count == 6
    assert (entity.lastrevid, entity.modified) == (530445734, "2017-08-02T03:49:17Z")


def test_redirect_declared_by_the_entity_itself() -> None:
    raw = {"id": "Q3571994", "redirects": {"from": "Q16231742", "to": "Q3571994"}, "claims": {}}
    entity = parse_entities_response({"entities": {"Q3571994": raw}, "success": 1}, ["Q16231742", "Q3571994"])
    assert entity["Q16231742"].redirected_from == "Q16231742"
    assert entity["Q3571994"].redirected_from is None
    assert parse_entity(raw).requested_id == "Q16231742"


def test_entitydata_q20145_compact_json_with_escapes(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "entitydata_Q20145.json", "Q20145")
    assert entity.labels["ko"] == "아이유"
    assert entity.label == "IU"
    assert entity.enwiki_title == "IU (entertainer)"
    assert entity.sitelink_count == 34
    assert _date(entity.statements("P569")[0]) == PartialDate(1993, 5, 16)
    assert (entity.lastrevid, entity.modified) == (448321170, "2017-02-14T09:00:43Z")


def test_q328212_award_with_point_in_time_qualifier(shared_dir: Path) -> None:
    entity = parse_entity(_load(shared_dir, "entity_Q328212.json"))
    (award,) = entity.statements("P166")
    assert award.value == "Q112136107"
    (when,) = award.qualifiers["P585"]
    assert when.value == Time("+2013-00-00T00:00:00Z", 9, GREGORIAN)
    assert _date(when) == PartialDate(2013, None, None)
    assert entity.label == "Veronica Roth"
    assert _date(entity.statements("P569")[0]) == PartialDate(1988, 8, 19)
    assert (entity.sitelink_count, len(entity.claims)) == (45, 93)
    assert set(_rank_counts(entity)) == {"normal"}


def test_q483718_novalue_snak_and_empty_sitelinks(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "wbgetentities_Q483718_novalue.json", "Q483718")
    (dissolved,) = entity.statements("P576")
    assert dissolved.main == Snak("P576", "novalue", None, "time")
    assert entity.truthy("P576") == (dissolved,)
    assert entity.statements("P373")[0].value == "Foo Fighters"
    assert entity.sitelinks == {}
    assert entity.sitelink_count == 0
    assert entity.aliases == {}
    assert entity.label == "Foo Fighters"


def test_envelope_q3235026_empty_terms_and_one_sitelink(shared_dir: Path) -> None:
    entity = _from_envelope(shared_dir, "wbgetentities_envelope_Q3235026.json", "Q3235026")
    assert (entity.labels, entity.descriptions, entity.aliases) == ({}, {}, {})
    assert entity.label is None
    assert entity.sitelinks == {"frwiki": "Les Quatre Princes de Ganahan"}
    assert entity.enwiki_title is None
    assert list(entity.claims) == ["P31", "P123", "P50", "P110"]
    assert entity.truthy("P50")[0].value == "Q16672164"


def test_q970917_claims_only_with_mixed_precisions(shared_dir: Path) -> None:
    entity = parse_entity(_load(shared_dir, "entity_Q970917.json"))
    assert [_date(s) for s in entity.statements("P569")] == [
        PartialDate(1869, 11, None),
        PartialDate(1990, 11, None),
        PartialDate(1990, None, None),
    ]
    births = entity.statements("P569")
    assert births[2].value == Time("+1990-00-00T00:00:00Z", 9, GREGORIAN)
    # The hand-added 1990 statement reuses the 1869 statement's id: ids are not unique keys.
    assert births[0].id == births[1].id == "Q970917$D52C5A12-C810-4B5E-A3C1-0FAB8808F902"
    assert _date(entity.statements("P570")[0]) == PartialDate(1929, 5, 7)
    assert (entity.labels, entity.sitelinks, entity.lastrevid, entity.modified) == ({}, {}, None, None)


# --- missing entities --------------------------------------------------------------------------------


def test_missing_entity_raises_naming_it() -> None:
    payload = {"entities": {"Q999999999": {"id": "Q999999999", "missing": ""}}, "success": 1}
    with pytest.raises(MissingEntityError) as caught:
        parse_entities_response(payload, ["Q999999999"])
    assert caught.value.entity_id == "Q999999999"
    assert isinstance(caught.value, KeyError)


def test_requested_id_absent_from_response_raises(shared_dir: Path) -> None:
    payload = _load(shared_dir, "wbgetentities_Q42.json")
    with pytest.raises(MissingEntityError) as caught:
        parse_entities_response(payload, ["Q42", "Q1", "Q2"])
    assert caught.value.entity_id == "Q1"
