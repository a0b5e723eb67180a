"""A place's breadth by its ISO 3166 name, in English and Czech: what tells "Baltimore, Maryland" (narrowed) and
"France, Paris" (set in a country) from "Lyon, Marseille" (two candidates)."""

from __future__ import annotations

import pytest

from nohallucinate.answers.places import Breadth, breadth


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("France", Breadth.COUNTRY),
        ("Francie", Breadth.COUNTRY),
        ("United States", Breadth.COUNTRY),
        ("Spojené státy", Breadth.COUNTRY),
        ("USA", Breadth.COUNTRY),
        ("Česká republika", Breadth.COUNTRY),
        ("Korea", Breadth.COUNTRY),  # "Korea, Republic of": the head before the comma
        ("Maryland", Breadth.REGION),
        ("Kalifornie", Breadth.REGION),
        ("Moravskoslezský kraj", Breadth.REGION),
        ("Bayern", Breadth.REGION),
        ("Paris", Breadth.OTHER),  # a department's name too, but departments are left out
        ("Praha", Breadth.OTHER),
        ("Lyon", Breadth.OTHER),
        ("Louvre", Breadth.OTHER),
    ],
)
def test_a_place_s_breadth(name: str, expected: Breadth) -> None:
    assert breadth(name) is expected
