"""An aiohttp application served on 127.0.0.1 from a thread of its own, the base of the test servers.

`with SomeServer(...) as server:` serves until the block ends. A subclass adds its routes in `add_routes` and
says where it lives in `url`; the thread, event loop, start-up and shut-down are here, once.
"""

from __future__ import annotations

import asyncio
import threading
from typing import Self

from aiohttp import web


class BackgroundServer:
    def __init__(self, *, port: int = 0, backlog: int = 128, client_max_size: int = 1024**2) -> None:
        self._port = port
        self._backlog = backlog
        self._client_max_size = client_max_size
        self._loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._serve, daemon=True)
        self._runner: web.AppRunner | None = None

    def add_routes(self, app: web.Application) -> None:
        raise NotImplementedError

    @property
    def port(self) -> int:
        return self._port

    def start(self) -> Self:
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError(f"{type(self).__name__} did not start")
        return self

    def stop(self) -> None:
        """Stop serving; stopping twice is harmless."""
        if self._runner is not None:
            asyncio.run_coroutine_threadsafe(self._runner.cleanup(), self._loop).result(10)
            self._runner = None
        if self._thread.is_alive():
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def _serve(self) -> None:
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._open())
        self._ready.set()
        self._loop.run_forever()

    async def _open(self) -> None:
        app = web.Application(client_max_size=self._client_max_size)
        self.add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", self._port, backlog=self._backlog)
        await site.start()
        self._port = self._runner.addresses[0][1]
