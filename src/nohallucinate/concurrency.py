"""Running one async function over many items, a bounded number at a time."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterable
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")


async def bounded_map(
    function: Callable[[Item], Awaitable[Result]],
    items: Iterable[Item],
    *,
    limit: int | asyncio.Semaphore,
    on_result: Callable[[Result], None] | None = None,
) -> list[Result]:
    """`function` over every item with at most `limit` in flight (a semaphore shares its bound across calls);
    `on_result` sees each result as it finishes; the results come back in the items' order.

    If a call or its `on_result` raises (a result that could not be kept: a full disk), the rest are cancelled
    before the error goes on, so nothing more is asked for than can be kept.
    """
    gate = limit if isinstance(limit, asyncio.Semaphore) else asyncio.Semaphore(limit)

    async def one(item: Item) -> Result:
        async with gate:
            result = await function(item)
        if on_result is not None:
            on_result(result)  # after the slot is freed: a slow callback does not hold up the next call
        return result

    running = [asyncio.ensure_future(one(item)) for item in items]
    try:
        return list(await asyncio.gather(*running))
    except BaseException:
        for job in running:
            job.cancel()
        await asyncio.gather(*running, return_exceptions=True)
        raise
