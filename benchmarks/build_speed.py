"""Requests per built row and build time on the fixture world, and what batching saves.

Builds from the fictional fixture world of the tests (plus the real recorded responses in ../shared when
present), through the live code path against its local server, then verifies the rows.

    .venv/bin/python benchmarks/build_speed.py [--per-family 40] [--shared ../shared]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from nohallucinate.datagen.build import build  # noqa: E402
from nohallucinate.datagen.transport import Endpoints, WikimediaTransport  # noqa: E402
from nohallucinate.datagen.verify import verify  # noqa: E402
from nohallucinate.tasks import Family  # noqa: E402
from nohallucinate.tasks.forms import form_balance  # noqa: E402
from support.wikimedia_world import WikimediaWorld  # noqa: E402

LIVE_ROWS = 1_000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-family", type=int, default=40)
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    shared = args.shared if (args.shared / "data" / "wikimedia").is_dir() else None
    with WikimediaWorld(shared_dir=shared) as world:
        transport = WikimediaTransport(Endpoints.mirror(world.url), min_interval=0)
        started = time.perf_counter()
        result = build(transport, seed=0, composition={family: args.per_family for family in Family})
        built = time.perf_counter() - started
        requests = dict(transport.stats.requests)
        started = time.perf_counter()
        findings = verify(result.tasks, transport)
        verified = time.perf_counter() - started
        verify_requests = sum(transport.stats.requests.values()) - sum(requests.values())
    rows = len(result.tasks)
    total = sum(requests.values())
    entities, batches = result.requests["entities_fetched"], result.requests["entity_requests"]
    titles = result.requests["titles_fetched_in_batches"]
    print(f"world: fictional{' + real records' if shared else ''}; asked {args.per_family} per family")
    print(f"built {rows} rows in {built:.2f} s ({rows / built:.0f} rows/s); verified in {verified:.2f} s")
    print(f"verify found {len(findings)} problems")
    balance = form_balance(result.tasks)
    print(f"question forms: {len(balance.forms)}, unbalanced: {len(balance.unbalanced)}")
    print(f"build requests: {requests} = {total}, {total / rows:.2f} per row")
    print(f"wbgetentities: {entities} entities in {batches} requests (up to 50 a request)")
    print(f"Action API: {titles} titles in batched requests (20 leads or 50 wikitexts a request)")
    unbatched = total - batches + entities + titles
    print(f"one request per entity and per title: about {unbatched} requests, {unbatched / rows:.2f} per row")
    _project_live_build(requests, verify_requests, rows)


def _project_live_build(requests: dict[str, int], verify_requests: int, rows: int) -> None:
    """A 1,000-row live build at this world's requests per row, paced as the CLI paces (one request per host at
    most every 0.2 s, requests sent one at a time): each request costs at least the pacing, or a round trip."""
    per_row = (sum(requests.values()) - requests.get("sparql", 0) + verify_requests) / rows
    paged = round(per_row * LIVE_ROWS)
    queries = requests.get("sparql", 0)
    print(f"verify requests: {verify_requests}")
    print(
        f"a {LIVE_ROWS:,}-row live build at this world's rate: about {paged:,} Action API and wbgetentities requests "
        f"(build and verify) and {queries} Query Service queries; at 0.2-0.5 s a request, "
        f"{paged * 0.2 / 60:.0f}-{paged * 0.5 / 60:.0f} min, plus up to {queries} min of queries at the Query "
        "Service's 60 s limit"
    )


if __name__ == "__main__":
    main()
