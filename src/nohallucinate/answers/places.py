"""How broad a place a name is: a country, a region of one (a state, a province, a Czech kraj), or neither, by the
ISO 3166 names pycountry keeps, in English and Czech. A comma between two places narrows the first by the second
("Baltimore, Maryland", "Maryland, United States") or sets the second in the first ("France, Paris"); between two of
one breadth it lists two candidates ("Lyon, Marseille", "Brazil, France", "Moravskoslezský kraj, Zlínský kraj")."""

from __future__ import annotations

import gettext
from collections.abc import Iterable
from enum import IntEnum
from functools import cache

import pycountry

from nohallucinate.answers.word_forms import words_of


class Breadth(IntEnum):
    """A place's breadth, broadest first."""

    COUNTRY = 1
    REGION = 2
    OTHER = 3  # a town, a building, or no place at all


# The kinds of first-level region (ISO 3166-2 types) that a reply names after a town; districts, municipalities and
# departments are left out, since many of them are towns' names ("Paris", "Praha 5").
_REGION_TYPES = frozenset(
    """State Province Region Land Canton County Voivodship Prefecture Republic Territory Oblast Emirate Governorate
    Autonomous_community Autonomous_region Administrative_region Regional_state Union_territory Federal_district
    Metropolitan_region""".split()
)
_SHORT_NAMES = {"USA": Breadth.COUNTRY, "US": Breadth.COUNTRY, "UK": Breadth.COUNTRY, "ČR": Breadth.COUNTRY}


def breadth(name: str) -> Breadth:
    """The breadth of the place `name` names, as written ("Maryland", "Spojené státy", "Česká republika")."""
    return _breadths().get(_key(name), Breadth.OTHER)


def _key(name: str) -> str:
    return " ".join(w.form for w in words_of(name))


@cache
def _breadths() -> dict[str, Breadth]:
    czech_countries = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=["cs"])
    czech_regions = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=["cs"])
    breadths: dict[str, Breadth] = {}
    for subdivision in pycountry.subdivisions:
        if subdivision.type.replace(" ", "_") in _REGION_TYPES:
            _add(breadths, _names(subdivision.name, czech_regions), Breadth.REGION)
    for country in pycountry.countries:  # after the regions: a name that is both ("Georgia") is a country's
        names = {getattr(country, field, None) for field in ("name", "common_name", "official_name")}
        _add(breadths, (n for name in names if name for n in _names(name, czech_countries)), Breadth.COUNTRY)
    for name, kind in _SHORT_NAMES.items():
        breadths[_key(name)] = kind
    return breadths


def _names(name: str, czech: gettext.NullTranslations) -> set[str]:
    """A name, its Czech translation, and either one's head before a comma ("Praha, Hlavní město": "Praha";
    "Korea, Republic of": "Korea")."""
    names = {name, czech.gettext(name)}
    return names | {n.split(",")[0] for n in names}


def _add(breadths: dict[str, Breadth], names: Iterable[str], kind: Breadth) -> None:
    for name in names:
        if key := _key(name):
            breadths[key] = kind
