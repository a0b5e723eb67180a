"""Whether two places named side by side are one place narrowed or two candidates, by the ISO 3166 names pycountry
keeps (countries, former countries and their first-level regions, in English and Czech) and a few names in common
use that ISO lacks ("Russia", "England", "USSR"). A region then its own country ("Maryland, United States") or a
country then a place in it ("France, Paris", "Italy, Juventus") is one place; two countries, two regions, or a region
and another country ("Texas, Canada") are two. Whether a town lies in a region, or two towns are one place, the
tables do not say ("Baltimore, Maryland", "Berlin, Munich"): `UNKNOWN`, for the caller to read otherwise."""

from __future__ import annotations

import gettext
from collections import defaultdict
from collections.abc import Iterable
from enum import Enum
from functools import cache

import pycountry

from nohallucinate.answers.word_forms import words_of


class Breadth(Enum):
    """A place's breadth: a country, or a first-level region of one."""

    COUNTRY = 1
    REGION = 2


class Relation(Enum):
    """What two places named side by side are."""

    ONE_PLACE = "one narrows the other, or is set in it"
    TWO_PLACES = "two candidates"
    UNKNOWN = "the tables cannot tell"


# The kinds of first-level region (ISO 3166-2 types) that a reply names after a town; districts, municipalities and
# departments are left out, since many of them are towns' names ("Paris", "Praha 5").
_REGION_TYPES = frozenset(
    """State Province Region Land Canton County Voivodship Prefecture Republic Territory Oblast Emirate Governorate
    Autonomous_community Autonomous_region Administrative_region Regional_state Union_territory Federal_district
    Metropolitan_region""".split()
)
# Countries in common use that ISO names otherwise or not at all, in English and Czech, by the code of the country
# they are or were part of (the former ones by their own old code).
_COMMON_NAMES = {
    "RU": "Russia Rusko", "TR": "Turkey Turecko", "NL": "Holland Holandsko", "MM": "Burma Barma",
    "CI": "Ivory_Coast Pobřeží_slonoviny", "AE": "UAE SAE", "US": "USA US America Amerika", "CZ": "ČR",
    "GB": """UK Britain Great_Britain Velká_Británie England Anglie Scotland Skotsko Wales Northern_Ireland
    Severní_Irsko""",
    "SU": "USSR SSSR Soviet_Union Sovětský_svaz", "DD": "GDR NDR East_Germany Východní_Německo",
    "DE": "West_Germany Západní_Německo", "YU": "Yugoslavia Jugoslávie", "CS": "Czechoslovakia Československo",
    "AT": "Austria-Hungary Rakousko-Uhersko Rakousko-uhersko",
}  # fmt: skip
# Countries whose name is also their capital's or their only town's: before another town, a rival, not its country.
_CITY_STATES = frozenset("Luxembourg Lucembursko Singapore Singapur Monaco Monako San_Marino Vatican Vatikán Andorra "
                         "Djibouti Džibutsko Kuwait Kuvajt Panama Guatemala Mexico Mexiko".split())  # fmt: skip


def relation(first: str, second: str) -> Relation:
    """What `first` and `second` are when a reply names them side by side ("Maryland, United States")."""
    if _key(first) in _city_states():
        return Relation.UNKNOWN
    before, after = _places().get(_key(first), frozenset()), _places().get(_key(second), frozenset())
    countries_before = {code for breadth, code in before if breadth is Breadth.COUNTRY}
    countries_after = {code for breadth, code in after if breadth is Breadth.COUNTRY}
    if before and after:
        regions_before = {code for breadth, code in before if breadth is Breadth.REGION}
        regions_after = {code for breadth, code in after if breadth is Breadth.REGION}
        inside = (regions_before & countries_after) or (countries_before & regions_after)
        return Relation.ONE_PLACE if inside else Relation.TWO_PLACES
    if countries_before and not after:
        return Relation.ONE_PLACE  # "France, Paris": a country put first sets what follows in it
    return Relation.UNKNOWN


def _key(name: str) -> str:
    return " ".join(w.form for w in words_of(name.replace("_", " ")))


@cache
def _city_states() -> frozenset[str]:
    return frozenset(_key(name) for name in _CITY_STATES)


@cache
def _places() -> dict[str, frozenset[tuple[Breadth, str]]]:
    """Each name's places: (breadth, the ISO code of the country it is or lies in)."""
    czech_countries = gettext.translation("iso3166-1", pycountry.LOCALES_DIR, languages=["cs"])
    czech_regions = gettext.translation("iso3166-2", pycountry.LOCALES_DIR, languages=["cs"])
    czech_former = gettext.translation("iso3166-3", pycountry.LOCALES_DIR, languages=["cs"])
    places: defaultdict[str, set[tuple[Breadth, str]]] = defaultdict(set)
    for subdivision in pycountry.subdivisions:
        if subdivision.type.replace(" ", "_") in _REGION_TYPES:
            _add(places, _names([subdivision.name], czech_regions), Breadth.REGION, subdivision.country_code)
    for country in pycountry.countries:
        own = [getattr(country, field, None) for field in ("name", "common_name", "official_name")]
        _add(places, _names(filter(None, own), czech_countries), Breadth.COUNTRY, country.alpha_2)
    for former in pycountry.historic_countries:
        _add(places, _names([former.name], czech_former), Breadth.COUNTRY, former.alpha_2)
    for code, common in _COMMON_NAMES.items():
        _add(places, common.split(), Breadth.COUNTRY, code)
    return {key: frozenset(found) for key, found in places.items()}


def _names(names: Iterable[str], czech: gettext.NullTranslations) -> set[str]:
    """Names, their Czech translations, and each one's head before a comma ("Praha, Hlavní město": "Praha"; "Korea,
    Republic of": "Korea")."""
    every = {form for name in names for form in (name, czech.gettext(name))}
    return every | {name.split(",")[0] for name in every}


def _add(places: defaultdict[str, set[tuple[Breadth, str]]], names: Iterable[str], breadth: Breadth, code: str) -> None:
    for name in names:
        if key := _key(name):
            places[key].add((breadth, code))
