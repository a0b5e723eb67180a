"""How long each candidate query of the dataset builder takes on a graph with Wikidata-like cardinalities.

Generates, in the Wikidata RDF model the fixture world exports (tests/support/wikidata_rdf.py), only what the
builder's queries read: humans (most without an English article, as on Wikidata), their birth statements
(truthy `wdt:P569`, `p:P569/psv:P569/wikibase:timePrecision`, some year-only), sitelink counts on a long-tailed
distribution, footballers with club spells (`p:P54`), association football clubs, an award class tree with
prizes (`wdt:P31/wdt:P279*`) that some humans received (`wdt:P166`), and disambiguation items with English pages
(a share of them named "First Last"). Loads it into an in-memory Oxigraph store and runs every query of
`nohallucinate.datagen.queries` exactly as the builder sends it, twice: at the builder's default pool (40 rows per
band, 80 without bands) and at the largest sample any query takes (`queries.MAX_SAMPLE` index entries).

Every query starts from the Query Service's sample service (`SERVICE bd:sample`). Oxigraph lacks it, so the
sample is taken by tests/support/sample_service.py before the clock starts (Blazegraph reads only the sampled
index entries; the emulation lists every match first, which is not what is being measured) and the query then
reads the sampled triples from a graph of their own. One line per pass is not a query the builder sends: people
in the wide band with the sample service taken out, as the builder sent it before, to show what sampling saves.

Oxigraph is not Blazegraph: a time here is a signal for the Query Service's 60-second limit, not a prediction.
What carries over is the shape: a sampled query's time depends on its sample, not on the graph (compare scales).
Each query runs in a forked process that is stopped after --limit seconds (default 120, twice the Query
Service's 60): such a query prints as "stopped".

    .venv/bin/python benchmarks/sparql_scale.py [--scale 0.5] [--seed 0] [--limit 120]

At --scale 1.0: 4,000,000 humans (1,500,000 with an English article), 150,000 footballers, 1,200,000
disambiguation items (400,000 with an English page), 40,000 clubs, 100,000 prizes under 2,000 award classes
received 300,000 times: about 34 million triples and 14 GB resident. The default, 0.5, halves each count.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import re
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from pyoxigraph import RdfFormat, Store

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from nohallucinate.datagen import queries  # noqa: E402
from support.sample_service import Matches, sampled  # noqa: E402
from support.wikidata_rdf import WDQS_PREFIXES  # noqa: E402

WD, WDT, P, PS, PSV = (WDQS_PREFIXES[name] for name in ("wd", "wdt", "p", "ps", "psv"))
WIKIBASE, SCHEMA, XSD = WDQS_PREFIXES["wikibase"], WDQS_PREFIXES["schema"], WDQS_PREFIXES["xsd"]
RDF_TYPE = WDQS_PREFIXES["rdf"] + "type"
ENWIKI = "https://en.wikipedia.org/"
HUMAN, FOOTBALLER, CLUB, AWARD, DISAMBIGUATION = "Q5", "Q937857", "Q476028", "Q618779", "Q4167410"
CHUNK = 4_000_000  # N-Triples lines per bulk load
POOL = 40  # the builder's default pool: LIMIT 40 per band, 80 for the unbanded queries
LARGEST = queries.MAX_SAMPLE  # a pool this large takes the largest sample in every query


@dataclass(frozen=True)
class Scale:
    """How many of each kind of item the graph holds."""

    humans: int
    english_share: float  # humans with an English article
    footballers: int  # among the humans with an English article
    year_only_share: float  # humans whose birth date is year-precision only
    disambiguations: int
    english_disambiguations: int
    clubs: int
    award_classes: int
    prizes: int
    prizes_received: int  # award received (P166) statements, among the humans with an English article

    @classmethod
    def of(cls, factor: float) -> Scale:
        def n(count: int) -> int:
            return max(1, round(count * factor))

        return cls(
            humans=n(4_000_000), english_share=0.375, footballers=n(150_000), year_only_share=0.05,
            disambiguations=n(1_200_000), english_disambiguations=n(400_000), clubs=n(40_000),
            award_classes=n(2_000), prizes=n(100_000), prizes_received=n(300_000),
        )  # fmt: skip


# --- N-Triples -----------------------------------------------------------------------------------------


def iri(value: str) -> str:
    return f"<{value}>"


def integer(value: int) -> str:
    return f'"{value}"^^<{XSD}integer>'


def text(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"@en'


def triple(subject: str, predicate: str, obj: str) -> str:
    return f"{subject} {predicate} {obj} .\n"


def sitelink_count(draw: random.Random) -> int:
    """A long tail like Wikidata's: most items have a handful of sitelinks, a few hundreds."""
    return min(300, int(draw.paretovariate(1.1)))


def article(qid: str, title: str) -> Iterator[str]:
    page = iri(ENWIKI + "wiki/" + title.replace(" ", "_"))
    yield triple(page, iri(SCHEMA + "about"), iri(WD + qid))
    yield triple(page, iri(SCHEMA + "isPartOf"), iri(ENWIKI))
    yield triple(page, iri(SCHEMA + "name"), text(title))


def item(qid: str, instance_of: str, sitelinks: int) -> Iterator[str]:
    yield triple(iri(WD + qid), iri(WDT + "P31"), iri(WD + instance_of))
    yield triple(iri(WD + qid), iri(WIKIBASE + "sitelinks"), integer(sitelinks))


def birth(qid: str, year: int, precision: int) -> Iterator[str]:
    """A birth statement's precision (through its value node) and the truthy value: what the queries read."""
    statement, value = iri(f"{WD}statement/{qid}-P569"), iri(f"{WDQS_PREFIXES['wdv']}{year}-{precision}")
    yield triple(iri(WD + qid), iri(P + "P569"), statement)
    yield triple(statement, iri(PSV + "P569"), value)
    yield triple(value, iri(WIKIBASE + "timePrecision"), integer(precision))
    yield triple(iri(WD + qid), iri(WDT + "P569"), f'"{year}-01-01T00:00:00Z"^^<{XSD}dateTime>')


def spells(qid: str, count: int) -> Iterator[str]:
    yield triple(iri(WD + qid), iri(WDT + "P106"), iri(WD + FOOTBALLER))
    for number in range(count):
        statement = iri(f"{WD}statement/{qid}-P54-{number}")
        yield triple(iri(WD + qid), iri(P + "P54"), statement)
        yield triple(statement, iri(PS + "P54"), iri(f"{WD}Q{70_000_000 + number}"))


# --- the graph -----------------------------------------------------------------------------------------


def humans(scale: Scale, draw: random.Random) -> Iterator[str]:
    english = round(scale.humans * scale.english_share)
    for number in range(scale.humans):
        qid = f"Q{10_000_000 + number}"
        yield from item(qid, HUMAN, sitelink_count(draw) if number < english else draw.randint(0, 2))
        year_only = draw.random() < scale.year_only_share
        yield from birth(qid, draw.randint(1800, 2005), 9 if year_only else 11)
        if number < english:
            yield from article(qid, f"Person {number}")
        if number < scale.footballers:
            yield from spells(qid, draw.randint(1, 6))


def disambiguations(scale: Scale, draw: random.Random) -> Iterator[str]:
    for number in range(scale.disambiguations):
        qid = f"Q{30_000_000 + number}"
        yield from item(qid, DISAMBIGUATION, draw.randint(1, 5))
        if number < scale.english_disambiguations:
            first, last = _name(number), _name(number // 7 + 1)
            title = f"{first} {last}" if number % 2 else f"{first} {last} (disambiguation)"
            yield from article(qid, title if number % 3 else f"{first}{number} (album)")


def _name(number: int) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    word = ""
    while True:
        number, digit = divmod(number, 26)
        word += letters[digit]
        if number == 0:
            return word.capitalize() + "son"


def clubs_and_prizes(scale: Scale, draw: random.Random) -> Iterator[str]:
    for number in range(scale.clubs):
        qid = f"Q{50_000_000 + number}"
        yield from item(qid, CLUB, sitelink_count(draw))
        if number % 2 == 0:
            yield from article(qid, f"Club {number} F.C.")
    classes = [AWARD]
    for number in range(scale.award_classes):  # a tree: each class a subclass of an earlier one
        qid = f"Q{60_000_000 + number}"
        yield triple(iri(WD + qid), iri(WDT + "P279"), iri(WD + draw.choice(classes)))
        classes.append(qid)
    for number in range(scale.prizes):
        qid = f"Q{61_000_000 + number}"
        yield from item(qid, draw.choice(classes), sitelink_count(draw))
        if number % 3 == 0:
            yield from article(qid, f"Prize {number}")
    english = round(scale.humans * scale.english_share)
    for _ in range(scale.prizes_received):  # half to a few prizes given often, half spread over every prize
        often = draw.random() < 0.5
        prize = min(scale.prizes - 1, int(draw.paretovariate(0.8))) if often else draw.randrange(scale.prizes)
        holder = f"Q{10_000_000 + draw.randrange(english)}"
        yield triple(iri(WD + holder), iri(WDT + "P166"), iri(f"{WD}Q{61_000_000 + prize}"))


def load(store: Store, lines: Iterator[str]) -> int:
    """Bulk-load N-Triples lines in chunks; the number of lines."""
    total, chunk = 0, []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= CHUNK:
            store.bulk_load("".join(chunk), format=RdfFormat.N_TRIPLES)
            total, chunk = total + len(chunk), []
    store.bulk_load("".join(chunk), format=RdfFormat.N_TRIPLES)
    return total + len(chunk)


# --- the queries ---------------------------------------------------------------------------------------


def builder_queries(seed: int, pool: int) -> dict[str, str]:
    """Every query as the builder sends it at this pool, and people in the wide band unsampled (not sent)."""
    banded: dict[str, Callable[[str, int, int], str]] = {"people": queries.people, "footballers": queries.footballers}
    named = {f"{name} {band}": query(band, seed, pool) for name, query in banded.items() for band in queries.BANDS}
    drawn = {
        "year_only_births": queries.year_only_births, "clubs": queries.clubs, "prizes": queries.prizes,
        "name_disambiguations": queries.name_disambiguations,
    }  # fmt: skip
    every = named | {name: query(seed, 2 * pool) for name, query in drawn.items()}
    unsampled = _SAMPLE_GROUP.sub(r"\1 .", every["people wide"])
    minus = (
        every["year_only_births"]
        .replace(
            "timePrecision ?precision .\n",
            "timePrecision 9 .\n  MINUS { ?item p:P569/psv:P569/wikibase:timePrecision 11 }\n",
        )
        .replace("HAVING(MAX(?precision) < 11 && SUM(IF(?precision = 9, 1, 0)) > 0) ", "")
    )
    return every | {"people wide, unsampled (not sent)": unsampled, "year_only_births with MINUS (not sent)": minus}


_SAMPLE_GROUP = re.compile(r"SERVICE bd:sample \{\n    ([^\n]*) \.\n(?:    bd:serviceParam [^\n]*\n)*  \}")


def sample_size(query: str) -> str:
    found = re.search(r"bd:sample\.limit (\d+)", query)
    return f"{int(found[1]):,}" if found else "all"


def _run(store: Store, query: str, out: Connection) -> None:
    started = time.perf_counter()
    rows = list(store.query(query, prefixes=WDQS_PREFIXES))  # type: ignore[arg-type]
    out.send((time.perf_counter() - started, len(rows)))


def timed(store: Store, query: str, limit: float) -> tuple[float, int] | None:
    """(seconds, rows) of the query run in a forked process; None when it ran past `limit` seconds."""
    receive, send = multiprocessing.get_context("fork").Pipe(duplex=False)
    worker = multiprocessing.get_context("fork").Process(target=_run, args=(store, query, send))
    worker.start()
    done = receive.poll(limit)
    result: tuple[float, int] | None = receive.recv() if done else None
    worker.kill()
    worker.join()
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--limit", type=float, default=120.0, help="seconds before a query is stopped")
    args = parser.parse_args()
    scale = Scale.of(args.scale)
    print(scale, flush=True)
    store = Store()
    draw = random.Random(args.seed)
    started = time.perf_counter()
    triples = load(store, humans(scale, draw))
    triples += load(store, disambiguations(scale, draw))
    triples += load(store, clubs_and_prizes(scale, draw))
    print(f"{triples:,} triples generated and loaded in {time.perf_counter() - started:.0f} s", flush=True)
    matches: Matches = {}  # each sampled pattern's matches, listed once
    for pool, title in ((POOL, f"the builder's pool ({POOL})"), (LARGEST, "the largest sample")):
        print(f"\nat {title}:\n{'query':<40}{'sample':>9}{'seconds':>9}{'rows':>8}", flush=True)
        for name, query in builder_queries(args.seed, pool).items():
            with sampled(store, query, WDQS_PREFIXES, matches) as runnable:
                result = timed(store, runnable, args.limit)
            shown = f"{result[0]:>9.1f}{result[1]:>8}" if result else f"{'stopped':>9}{'':>8}"
            print(f"{name:<40}{sample_size(query):>9}{shown}", flush=True)


if __name__ == "__main__":
    main()
