"""A real HTTP reverse proxy on 127.0.0.1 that keeps every byte a client receives from the server behind it.

A client pointed at `proxy.url` talks to `upstream` as it would directly: requests are forwarded as they came,
responses (Server-Sent Event streams included) are streamed back chunk by chunk as they arrive. Each response is
recorded whole, status line, headers and body, so a test can assert what a client could ever have read.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

import aiohttp
from aiohttp import web

from support.background_server import BackgroundServer

# Per hop, not end to end: aiohttp sets these anew on each side (the body is recorded decoded, as a client reads it).
HOP_HEADERS = frozenset(
    {"connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "host", "upgrade"}
)


@dataclass(frozen=True)
class Exchange:
    """One request the client made and everything it received in answer."""

    method: str
    path: str
    received: bytes  # the status line, the headers and the body


class RecordingProxy(BackgroundServer):
    """`with RecordingProxy(upstream) as proxy:` forwards to `upstream` at `proxy.url`, keeping `proxy.exchanges`."""

    def __init__(self, upstream: str) -> None:
        self.upstream = upstream.rstrip("/")
        self.exchanges: list[Exchange] = []
        self._lock = threading.Lock()
        self._client: aiohttp.ClientSession | None = None
        super().__init__(client_max_size=64 * 1024 * 1024)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def received(self, since: int = 0) -> bytes:
        """Every byte of every response from exchange `since` on, one after the other."""
        with self._lock:
            return b"\n".join(exchange.received for exchange in self.exchanges[since:])

    def add_routes(self, app: web.Application) -> None:
        app.router.add_route("*", "/{tail:.*}", self._forward)
        app.on_cleanup.append(self._close)

    async def _close(self, _app: web.Application) -> None:
        if self._client is not None:
            await self._client.close()

    async def _forward(self, request: web.Request) -> web.StreamResponse:
        if self._client is None:  # made here, on the server's own event loop
            self._client = aiohttp.ClientSession(timeout=aiohttp.ClientTimeout(total=None))
        headers = {k: v for k, v in request.headers.items() if k.lower() not in HOP_HEADERS}
        body = await request.read()
        async with self._client.request(
            request.method, self.upstream + request.path_qs, headers=headers, data=body, allow_redirects=False
        ) as upstream:
            shown = {k: v for k, v in upstream.headers.items() if k.lower() not in HOP_HEADERS}
            response = web.StreamResponse(status=upstream.status, reason=upstream.reason, headers=shown)
            head = [f"HTTP {upstream.status} {upstream.reason}", *(f"{k}: {v}" for k, v in shown.items())]
            record = bytearray("\r\n".join(head).encode() + b"\r\n\r\n")
            try:
                await response.prepare(request)
                async for chunk in upstream.content.iter_any():
                    record += chunk
                    await response.write(chunk)
                await response.write_eof()
            finally:  # kept even when the client went away mid-stream
                with self._lock:
                    self.exchanges.append(Exchange(request.method, request.path, bytes(record)))
        return response
