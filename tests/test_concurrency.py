"""bounded_map: at most N calls in flight, each result seen as it finishes, results in the items' order, and the
rest cancelled when one fails."""

from __future__ import annotations

import asyncio

import pytest

from nohallucinate.concurrency import bounded_map


async def test_results_come_back_in_order_with_at_most_the_limit_in_flight() -> None:
    in_flight, most, seen = 0, 0, []

    async def slow_square(n: int) -> int:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.01 * (5 - n % 5))  # later items finish first
        in_flight -= 1
        return n * n

    results = await bounded_map(slow_square, range(10), limit=3, on_result=seen.append)
    assert results == [n * n for n in range(10)]
    assert most == 3
    assert sorted(seen) == results and seen != results  # seen as they finished, not in order


async def test_a_shared_semaphore_bounds_calls_across_maps() -> None:
    gate, in_flight, most = asyncio.Semaphore(2), 0, 0

    async def call(n: int) -> int:
        nonlocal in_flight, most
        in_flight += 1
        most = max(most, in_flight)
        await asyncio.sleep(0.01)
        in_flight -= 1
        return n

    await asyncio.gather(bounded_map(call, range(4), limit=gate), bounded_map(call, range(4), limit=gate))
    assert most == 2


async def test_a_failing_callback_cancels_the_rest() -> None:
    started: list[int] = []

    async def call(n: int) -> int:
        started.append(n)
        await asyncio.sleep(0 if n == 0 else 0.05)
        return n

    def keep(n: int) -> None:
        raise OSError("disk full")

    with pytest.raises(OSError, match="disk full"):
        await bounded_map(call, range(20), limit=2, on_result=keep)
    await asyncio.sleep(0.1)
    assert len(started) < 20  # nothing more was asked for once a result could not be kept
