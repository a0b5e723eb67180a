"""Throughput of Hallucination-Tax answer checking: math-verify in-process against the timed worker pool.

Checks every gold answer of GSM8K and MATH-500 boxed as a response (1,819 checks), once in this process with
`answer_matches` and once through `AnswerChecker` (each check in a worker process with a per-item timeout).

    .venv/bin/python benchmarks/tax_check_speed.py [--data-dir ../shared/data/hallucination_tax] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import time
from pathlib import Path

from nohallucinate.tax import AnswerChecker, TaxItem, answer_matches, load_benchmark

DEFAULT_DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "hallucination_tax"


async def through_pool(pairs: list[tuple[TaxItem, str]], workers: int) -> tuple[list[bool], float, float]:
    """The verdicts, the seconds to start the workers, and the seconds to check every pair."""
    started = time.perf_counter()
    with AnswerChecker(workers=workers, timeout=10.0) as checker:
        await checker.check(*pairs[0])  # the first check waits for a worker to be up
        ready = time.perf_counter()
        verdicts = list(await asyncio.gather(*(checker.check(item, box) for item, box in pairs)))
        return verdicts, ready - started, time.perf_counter() - ready


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    pairs = [
        (item, item.gold[0]) for name in ("gsm8k", "math500") for item in load_benchmark(name, args.data_dir).items
    ]

    started = time.perf_counter()
    inline = [answer_matches(item, box) for item, box in pairs]
    inline_seconds = time.perf_counter() - started

    pooled, start_up, pool_seconds = asyncio.run(through_pool(pairs, args.workers))

    assert inline == pooled and all(pooled), "every gold must check as correct, both ways"
    print(f"checks: {len(pairs)} (GSM8K and MATH-500 golds)")
    print(f"in-process answer_matches:           {inline_seconds:6.2f} s  {len(pairs) / inline_seconds:7.0f} checks/s")
    print(f"AnswerChecker, {args.workers} worker(s):             {pool_seconds:6.2f} s  "
          f"{len(pairs) / pool_seconds:7.0f} checks/s  (ratio to in-process {inline_seconds / pool_seconds:.2f}x; "
          f"start-up {start_up:.2f} s)")  # fmt: skip


if __name__ == "__main__":
    main()
