"""The Query Service queries that find candidates. Each opens with a `#nohallucinate:NAME` comment line, so that
a request names its query (a replay that lacks the response says which query it was).

The Query Service stops a query after 60 seconds, and Wikidata holds millions of humans: a query that reads every
human with an English article, then orders them all, would run out of time. So every query starts from a seeded
random sample of one triple pattern, taken by the Query Service's sample service (`SERVICE bd:sample`, which reads
only the sampled index entries), and reads nothing else: its work grows with the sample, not with Wikidata
(`benchmarks/sparql_scale.py` times each at its largest sample). Within the sample, rows are ordered by a hash of
the item and the build's seed, so that a build is repeatable and a different seed draws other people.

Candidates are sampled in sitelink bands so that every notability tier is represented. A query whose pattern can
match one item more than once (two birth dates, two year-precision birth statements, two club spells, a prize
received by many) groups by item, so that each item is one row and takes one LIMIT slot.
"""

from __future__ import annotations

from dataclasses import dataclass

from nohallucinate.checksums import text_sha256

# (lowest, highest) sitelink counts of each band; the tiers themselves are cut later, within each family.
BANDS: dict[str, tuple[int, int]] = {"wide": (60, 100_000), "middle": (20, 59), "narrow": (3, 19)}

# The most index entries any query samples: the size `benchmarks/sparql_scale.py` times every query at.
MAX_SAMPLE = 500_000


@dataclass(frozen=True)
class Sampling:
    """Which triple pattern a query samples, and how many entries it takes per row it wants.

    `per_row` is about three times the inverse of the share of sampled entries that become rows, estimated from
    Wikidata's published counts (12.5 million humans, 2 million of them with an English article, ...); a query
    that finds fewer rows than asked says so in the build's progress, and `--pool` draws more."""

    pattern: str
    per_row: int

    def size(self, rows: int) -> int:
        return min(MAX_SAMPLE, max(1, rows) * self.per_row)


_HUMANS = "?item wdt:P31 wd:Q5"
# Per band: roughly 1 human in 500 has 60 or more sitelinks, 1 in 80 has 20-59, 1 in 10 has 3-19 and an article.
PEOPLE_SAMPLING = {
    "wide": Sampling(_HUMANS, 1_500),
    "middle": Sampling(_HUMANS, 250),
    "narrow": Sampling(_HUMANS, 30),
}
# Among association football players: roughly 1 in 100 has 60 or more sitelinks, 1 in 15 has 20-59.
FOOTBALLER_SAMPLING = {
    "wide": Sampling("?item wdt:P106 wd:Q937857", 300),
    "middle": Sampling("?item wdt:P106 wd:Q937857", 45),
    "narrow": Sampling("?item wdt:P106 wd:Q937857", 6),
}
YEAR_ONLY_SAMPLING = Sampling(_HUMANS, 600)  # a year-only birth, no full date, an English article: ~1 in 200
CLUB_SAMPLING = Sampling("?item wdt:P31 wd:Q476028", 8)
PRIZE_SAMPLING = Sampling("?holder wdt:P166 ?item", 20)  # prizes as received: one given often is sampled often
DISAMBIGUATION_SAMPLING = Sampling("?item wdt:P31 wd:Q4167410", 75)
# The items invented names are made from: given names, family names and towns, each a one-word English label
# (most of them have one). Parts come from these and never from the names a set asks about, so that a policy
# that knows the task file cannot tell an invented name by its parts' turning up in other questions.
NAME_PART_SAMPLING = {
    "male given names": Sampling("?item wdt:P31 wd:Q12308941", 3),
    "female given names": Sampling("?item wdt:P31 wd:Q11879590", 3),
    "family names": Sampling("?item wdt:P31 wd:Q101352", 4),
    "towns": Sampling("?item wdt:P31 wd:Q3957", 4),
}

_SAMPLE = (
    "  SERVICE bd:sample {{\n"
    "    {pattern} .\n"
    "    bd:serviceParam bd:sample.limit {size} .\n"
    "    bd:serviceParam bd:sample.seed {sample_seed} .\n"
    '    bd:serviceParam bd:sample.sampleType "RANDOM" .\n'
    "  }}\n"
)
_ORDER = 'ORDER BY MD5(CONCAT(STR(?item), "{seed}")) LIMIT {limit}'
_ENWIKI = "?article schema:about ?item ; schema:isPartOf <https://en.wikipedia.org/> ; schema:name ?title ."
_PER_ITEM = "GROUP BY ?item ?title ?sitelinks "  # one row per item, whatever else matched more than once

PEOPLE = (
    "#nohallucinate:people band={band}\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n" + _SAMPLE + "  ?item wikibase:sitelinks ?sitelinks ; wdt:P569 ?born .\n"
    "  " + _ENWIKI + "\n"
    "  FILTER(?sitelinks >= {low} && ?sitelinks <= {high})\n"
    "}} " + _PER_ITEM + _ORDER
)

FOOTBALLERS = (
    "#nohallucinate:footballers band={band}\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    + _SAMPLE
    + "  ?item wdt:P31 wd:Q5 ; wikibase:sitelinks ?sitelinks ; p:P54 ?spell .\n"
    "  " + _ENWIKI + "\n"
    "  FILTER(?sitelinks >= {low} && ?sitelinks <= {high})\n"
    "}} " + _PER_ITEM + _ORDER
)

YEAR_ONLY_BIRTHS = (
    "#nohallucinate:year_only_births\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    + _SAMPLE
    + "  ?item wikibase:sitelinks ?sitelinks ; p:P569/psv:P569/wikibase:timePrecision ?precision .\n"
    "  " + _ENWIKI + "\n"
    # A year-precision birth statement and none to the day, at any rank, read from the item's own statements: a
    # MINUS or FILTER NOT EXISTS group would read every day-precision birth on Wikidata, sample or not.
    "}} " + _PER_ITEM + "HAVING(MAX(?precision) < 11 && SUM(IF(?precision = 9, 1, 0)) > 0) " + _ORDER
)

CLUBS = (
    "#nohallucinate:clubs\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n" + _SAMPLE + "  ?item wikibase:sitelinks ?sitelinks .\n"
    "  " + _ENWIKI + "\n"
    "}} " + _ORDER
)

PRIZES = (
    "#nohallucinate:prizes\n"
    "SELECT ?item ?title ?sitelinks WHERE {{\n"
    + _SAMPLE
    + "  ?item wdt:P31/wdt:P279* wd:Q618779 ; wikibase:sitelinks ?sitelinks .\n"
    "  " + _ENWIKI + "\n"
    "}} " + _PER_ITEM + _ORDER
)

NAME_DISAMBIGUATIONS = (
    "#nohallucinate:name_disambiguations\n"
    "SELECT ?item ?title WHERE {{\n" + _SAMPLE + "  " + _ENWIKI + "\n"
    '  FILTER(REGEX(?title, "^[A-Z][a-z]+ [A-Z][a-z]+( \\\\(disambiguation\\\\))?$"))\n'
    "}} " + _ORDER
)

NAME_PARTS = (
    "#nohallucinate:name_parts kind={kind}\n"
    "SELECT ?item ?label WHERE {{\n" + _SAMPLE + "  ?item rdfs:label ?label .\n"
    '  FILTER(LANG(?label) = "en" && REGEX(STR(?label), "^[A-Z][a-z]+$"))\n'
    "}} " + _ORDER
)


def name_of(query: str) -> str:
    """The name a query gives itself on its first line ("people band=wide")."""
    return query.partition("\n")[0].removeprefix("#nohallucinate:")


def _sample_seed(seed: int, query: str) -> int:
    """The sample service's seed: the build's seed and the query's name, as one non-negative 63-bit number."""
    return int(text_sha256(f"{seed}:{query}")[:15], 16)


def _filled(template: str, name: str, sampling: Sampling, seed: int, limit: int, **fields: object) -> str:
    return template.format(
        pattern=sampling.pattern, size=sampling.size(limit), sample_seed=_sample_seed(seed, name), seed=seed,
        limit=limit, **fields,
    )  # fmt: skip


def people(band: str, seed: int, limit: int) -> str:
    low, high = BANDS[band]
    return _filled(PEOPLE, f"people {band}", PEOPLE_SAMPLING[band], seed, limit, band=band, low=low, high=high)


def footballers(band: str, seed: int, limit: int) -> str:
    low, high = BANDS[band]
    sampling = FOOTBALLER_SAMPLING[band]
    return _filled(FOOTBALLERS, f"footballers {band}", sampling, seed, limit, band=band, low=low, high=high)


def year_only_births(seed: int, limit: int) -> str:
    return _filled(YEAR_ONLY_BIRTHS, "year_only_births", YEAR_ONLY_SAMPLING, seed, limit)


def clubs(seed: int, limit: int) -> str:
    return _filled(CLUBS, "clubs", CLUB_SAMPLING, seed, limit)


def prizes(seed: int, limit: int) -> str:
    return _filled(PRIZES, "prizes", PRIZE_SAMPLING, seed, limit)


def name_disambiguations(seed: int, limit: int) -> str:
    return _filled(NAME_DISAMBIGUATIONS, "name_disambiguations", DISAMBIGUATION_SAMPLING, seed, limit)


def name_parts(kind: str, seed: int, limit: int) -> str:
    """One kind of name part (`NAME_PART_SAMPLING`): items and their one-word English labels."""
    return _filled(NAME_PARTS, f"name_parts {kind}", NAME_PART_SAMPLING[kind], seed, limit, kind=kind)


def every_query(seed: int, limit: int) -> dict[str, str]:
    """Every query the builder sends, by its name, each for `limit` rows."""
    named = {f"people band={band}": people(band, seed, limit) for band in BANDS}
    named |= {f"footballers band={band}": footballers(band, seed, limit) for band in BANDS}
    named |= {
        "year_only_births": year_only_births(seed, limit),
        "clubs": clubs(seed, limit),
        "prizes": prizes(seed, limit),
        "name_disambiguations": name_disambiguations(seed, limit),
    }
    return named | {f"name_parts kind={kind}": name_parts(kind, seed, limit) for kind in NAME_PART_SAMPLING}
