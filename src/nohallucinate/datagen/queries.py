"""The Query Service queries that find candidates. Each opens with a `#nohallucinate:NAME` comment line, so that
a request names its query (a replay that lacks the response says which query it was).

Candidates are sampled in sitelink bands so that every notability tier is represented, ordered by a hash of
the item and the build's seed so that a build is repeatable and a different seed draws different people.
A query whose pattern can match one item more than once (two birth dates, two year-precision birth statements,
two club spells, two award classes) groups by item, so that each item is one row and takes one LIMIT slot.
"""

from __future__ import annotations

# (lowest, highest) sitelink counts of each band; the tiers themselves are cut later, within each family.
BANDS: dict[str, tuple[int, int]] = {"wide": (60, 100_000), "middle": (20, 59), "narrow": (3, 19)}

_ORDER = 'ORDER BY MD5(CONCAT(STR(?item), "{seed}")) LIMIT {limit}'
_ENWIKI = "?article schema:about ?item ; schema:isPartOf <https://en.wikipedia.org/> ; schema:name ?title ."
_PER_ITEM = "GROUP BY ?item ?title ?sitelinks "  # one row per item, whatever else matched more than once

PEOPLE = (
    "#nohallucinate:people band={band}\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    "  ?item wdt:P31 wd:Q5 ; wikibase:sitelinks ?sitelinks ; wdt:P569 ?born .\n"
    "  " + _ENWIKI + "\n"
    "  FILTER(?sitelinks >= {low} && ?sitelinks <= {high})\n"
    "}} " + _PER_ITEM + _ORDER
)

FOOTBALLERS = (
    "#nohallucinate:footballers band={band}\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    "  ?item wdt:P106 wd:Q937857 ; wdt:P31 wd:Q5 ; wikibase:sitelinks ?sitelinks ; p:P54 ?spell .\n"
    "  " + _ENWIKI + "\n"
    "  FILTER(?sitelinks >= {low} && ?sitelinks <= {high})\n"
    "}} " + _PER_ITEM + _ORDER
)

YEAR_ONLY_BIRTHS = (
    "#nohallucinate:year_only_births\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    "  ?item wdt:P31 wd:Q5 ; wikibase:sitelinks ?sitelinks ; p:P569/psv:P569/wikibase:timePrecision 9 .\n"
    "  " + _ENWIKI + "\n"
    # MINUS, not FILTER NOT EXISTS: the same rows here (?item is shared), and one set difference instead of a
    # test per row (benchmarks/sparql_scale.py at scale 0.5: 19 s against more than 120 s).
    "  MINUS {{ ?item p:P569/psv:P569/wikibase:timePrecision 11 }}\n"
    "}} " + _PER_ITEM + _ORDER
)

CLUBS = (
    "#nohallucinate:clubs\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    "  ?item wdt:P31 wd:Q476028 ; wikibase:sitelinks ?sitelinks .\n"
    "  " + _ENWIKI + "\n"
    "}} " + _ORDER
)

PRIZES = (
    "#nohallucinate:prizes\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    "  ?item wdt:P31/wdt:P279* wd:Q618779 ; wikibase:sitelinks ?sitelinks .\n"
    "  " + _ENWIKI + "\n"
    "}} " + _PER_ITEM + _ORDER
)

NAME_DISAMBIGUATIONS = (
    "#nohallucinate:name_disambiguations\n"
    "SELECT ?item ?title WHERE {{\n"
    "  ?item wdt:P31 wd:Q4167410 .\n"
    "  " + _ENWIKI + "\n"
    '  FILTER(REGEX(?title, "^[A-Z][a-z]+ [A-Z][a-z]+( \\\\(disambiguation\\\\))?$"))\n'
    "}} " + _ORDER
)


def people(band: str, seed: int, limit: int) -> str:
    low, high = BANDS[band]
    return PEOPLE.format(band=band, low=low, high=high, seed=seed, limit=limit)


def footballers(band: str, seed: int, limit: int) -> str:
    low, high = BANDS[band]
    return FOOTBALLERS.format(band=band, low=low, high=high, seed=seed, limit=limit)


def year_only_births(seed: int, limit: int) -> str:
    return YEAR_ONLY_BIRTHS.format(seed=seed, limit=limit)


def clubs(seed: int, limit: int) -> str:
    return CLUBS.format(seed=seed, limit=limit)


def prizes(seed: int, limit: int) -> str:
    return PRIZES.format(seed=seed, limit=limit)


def name_disambiguations(seed: int, limit: int) -> str:
    return NAME_DISAMBIGUATIONS.format(seed=seed, limit=limit)
