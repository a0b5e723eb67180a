"""Two places named side by side, by the ISO 3166 names (and a few in common use), in English and Czech: one place
narrowed or set in a country, two candidates, or what the tables cannot tell."""

from __future__ import annotations

import pytest

from nohallucinate.answers.places import Relation, relation


@pytest.mark.parametrize(
    ("first", "second", "expected"),
    [
        ("Maryland", "United States", Relation.ONE_PLACE),  # a region, then its own country
        ("Kalifornie", "USA", Relation.ONE_PLACE),
        ("Georgia", "United States", Relation.ONE_PLACE),  # a state, though also a country's name
        ("France", "Paris", Relation.ONE_PLACE),  # a country put first sets what follows in it
        ("Spojené státy", "Chicago", Relation.ONE_PLACE),
        ("Brazil", "France", Relation.TWO_PLACES),
        ("USSR", "USA", Relation.TWO_PLACES),  # a former country, by a name in common use
        ("England", "Italy", Relation.TWO_PLACES),
        ("Texas", "Canada", Relation.TWO_PLACES),  # a region and another country
        ("Moravskoslezský kraj", "Zlínský kraj", Relation.TWO_PLACES),
        ("Baltimore", "Maryland", Relation.UNKNOWN),  # no town is in the tables
        ("Berlin", "Munich", Relation.UNKNOWN),  # Berlin is a Land too: no broader than Munich for that
        ("Luxembourg", "Strasbourg", Relation.UNKNOWN),  # a country that is also a city
        ("Lyon", "Marseille", Relation.UNKNOWN),
    ],
)
def test_two_places_side_by_side(first: str, second: str, expected: Relation) -> None:
    assert relation(first, second) is expected
