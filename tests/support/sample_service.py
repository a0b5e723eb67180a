"""The Query Service's sample service (`SERVICE bd:sample`) for a store that lacks it, as Blazegraph defines it.

Blazegraph's service takes a group holding one triple pattern and optional parameters, `bd:sample.limit`
(default 100), `bd:sample.seed` (default 0) and `bd:sample.sampleType` ("RANDOM", the default, or "EVEN"); it
runs first, with no bindings from the rest of the query, and gives the bindings of at most `limit` of the
pattern's matches: a seeded random draw without replacement, or evenly spaced matches; all of them when there are
no more than `limit`. Any other parameter, a second pattern, or a parameter without a value is an error.

Oxigraph has no such service, so `sampled(store, query)` takes the sample itself and puts the sampled triples in a
named graph of their own; the query then reads that graph in place of the SERVICE block, and everything else as
written. Blazegraph reads only the sampled index entries; this emulation lists every match first (in a sorted
order, so the draw does not depend on the store's), which is why `benchmarks/sparql_scale.py` prepares the sample
before it starts the clock.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from pyoxigraph import DefaultGraph, NamedNode, Quad, Store

DEFAULT_LIMIT = 100
_SERVICE = re.compile(r"SERVICE\s+bd:sample\s*\{(?P<group>[^{}]*)\}", re.IGNORECASE)
_PARAM = re.compile(r"bd:serviceParam\s+bd:sample\.(?P<name>\w+)\s+(?P<value>\S+)\s*$")
_STATEMENT_END = re.compile(r"\s\.(?=\s|$)")  # a dot that ends a statement, not one inside an IRI or a number
_PREFIXED = re.compile(r"(?P<prefix>[A-Za-z][\w-]*):(?P<local>\w+)")
_graphs = itertools.count()


class SampleError(ValueError):
    """A bd:sample group Blazegraph would refuse."""


Matches = dict[tuple[NamedNode | None, ...], list[Quad]]


@contextmanager
def sampled(store: Store, query: str, prefixes: Mapping[str, str], matches: Matches | None = None) -> Iterator[str]:
    """The query with every bd:sample group replaced by a graph of the sampled triples, for as long as the block
    lasts; the graphs are removed after. `matches` keeps each pattern's sorted matches for the next call (for a
    store that does not change)."""
    graphs: list[NamedNode] = []
    known: Matches = {} if matches is None else matches

    def replace(match: re.Match[str]) -> str:
        pattern, terms, limit, seed, kind = _read_group(match["group"], prefixes)
        graph = NamedNode(f"urn:nohallucinate:sample:{next(_graphs)}")
        graphs.append(graph)
        if terms not in known:
            found = store.quads_for_pattern(*terms, DefaultGraph())
            known[terms] = sorted(found, key=lambda q: (str(q.subject), str(q.object)))
        store.extend(Quad(q.subject, q.predicate, q.object, graph) for q in _draw(known[terms], limit, seed, kind))
        return f"GRAPH <{graph.value}> {{ {pattern} }}"

    try:
        yield _SERVICE.sub(replace, query)
    finally:
        for graph in graphs:
            store.remove_graph(graph)


def _read_group(group: str, prefixes: Mapping[str, str]) -> tuple[str, tuple[NamedNode | None, ...], int, int, str]:
    patterns, params = [], {}
    for statement in (s.strip() for s in _STATEMENT_END.split(group)):
        if not statement:
            continue
        if statement.startswith("bd:serviceParam"):
            param = _PARAM.match(statement)
            if param is None:
                raise SampleError(f"must provide a value for: {statement}")
            if param["name"] not in ("limit", "seed", "sampleType"):
                raise SampleError(f"unrecognized param: bd:sample.{param['name']}")
            params[param["name"]] = param["value"]
        else:
            patterns.append(statement)
    if len(patterns) != 1:
        raise SampleError("group must contain a single statement pattern")
    kind = params.get("sampleType", '"RANDOM"').strip('"')
    if kind not in ("RANDOM", "EVEN"):
        raise SampleError(f"unknown sample type: {kind}")
    try:
        limit, seed = int(params.get("limit", DEFAULT_LIMIT)), int(params.get("seed", 0))
    except ValueError as error:
        raise SampleError(f"bd:sample.limit and bd:sample.seed take whole numbers: {error}") from None
    return patterns[0], _terms(patterns[0], prefixes), limit, seed, kind


def _terms(pattern: str, prefixes: Mapping[str, str]) -> tuple[NamedNode | None, ...]:
    """Subject, predicate and object of a pattern of variables and prefixed names (None for a variable)."""
    parts = pattern.split()
    if len(parts) != 3:
        raise SampleError(f"the sampled pattern must be one triple of variables and prefixed names: {pattern}")
    terms: list[NamedNode | None] = []
    for part in parts:
        if part.startswith("?"):
            terms.append(None)
        elif (name := _PREFIXED.fullmatch(part)) and name["prefix"] in prefixes:
            terms.append(NamedNode(prefixes[name["prefix"]] + name["local"]))
        else:
            raise SampleError(f"the sampled pattern must be one triple of variables and prefixed names: {pattern}")
    return tuple(terms)


def _draw(matches: list[Quad], limit: int, seed: int, kind: str) -> list[Quad]:
    if len(matches) <= limit:
        return matches
    if kind == "EVEN":
        return [matches[i * len(matches) // limit] for i in range(limit)]
    return [matches[i] for i in sorted(random.Random(seed).sample(range(len(matches)), limit))]
