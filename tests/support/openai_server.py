"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol, for tests and benchmarks.

It runs on aiohttp in a thread of its own (or a process: `serve_scripted_model.py`), so thousands of slow
completions can be in flight at once without a thread each.

Replies are programmable: a queue of scripted behaviours is served first (a reply, an HTTP error with headers, a
malformed body, a dropped connection, a delay, a hang), then a responder function decides. Every request body is kept.
`serve_scripted_model.py` runs it as a separate process.
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

try:  # as support.openai_server under pytest, or as a sibling module in serve_scripted_model.py
    from support.background_server import BackgroundServer
except ImportError:  # pragma: no cover
    from background_server import BackgroundServer  # type: ignore[no-redef]


@dataclass(frozen=True)
class Reply:
    """A normal completion."""

    text: str


@dataclass(frozen=True)
class Status:
    """An HTTP error, e.g. Status(429, headers={"Retry-After": "1"})."""

    code: int
    message: str = "scripted error"
    headers: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Malformed:
    """A 200 response whose body is not a valid completion."""

    body: str = '{"id": "x", "choices": ['


@dataclass(frozen=True)
class Drop:
    """Close the connection without answering."""


@dataclass(frozen=True)
class Delay:
    """Wait, then behave as `then`."""

    seconds: float
    then: Behaviour


@dataclass(frozen=True)
class Hang:
    """Never answer: the connection stays open, silent, until the client gives up or the server stops."""


Behaviour = Reply | Status | Malformed | Drop | Delay | Hang
Responder = Callable[[dict[str, Any]], Behaviour]


def echo_responder(request: dict[str, Any]) -> Behaviour:
    return Reply("I don't know.")


class Flaky:
    """A server half down: every other request fails (a 500, a 429 with Retry-After, a garbled body, a dropped
    connection, in turn); the others are answered by `responder`. Deterministic, so tests repeat."""

    FAILURES: tuple[Behaviour, ...] = (
        Status(500),
        Status(429, "slow down", {"Retry-After": "0.05"}),
        Malformed(),
        Drop(),
    )

    def __init__(self, responder: Responder) -> None:
        self.responder = responder
        self.failed = 0
        self._count = 0
        self._lock = threading.Lock()

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        with self._lock:
            self._count += 1
            failing = self._count % 2 == 1
            if failing:
                self.failed += 1
                return self.FAILURES[(self.failed - 1) % len(self.FAILURES)]
        return self.responder(request)


class OpenAIServer(BackgroundServer):
    """`with OpenAIServer(responder) as server:` serves at `server.url` until the block ends."""

    def __init__(self, responder: Responder = echo_responder, *, latency: float = 0.0, port: int = 0) -> None:
        self.responder = responder
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        self.keys: list[str] = []  # the bearer token of each request, in order
        self.in_flight = 0
        self.max_in_flight = 0
        self._queue: deque[Behaviour] = deque()
        self._lock = threading.Lock()
        self._stopping = asyncio.Event()  # releases hung requests, so that stopping does not wait for them
        super().__init__(port=port, backlog=1024, client_max_size=64 * 1024 * 1024)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def script(self, *behaviours: Behaviour) -> None:
        """Serve these, in order, before handing requests to the responder."""
        with self._lock:
            self._queue.extend(behaviours)

    def stop(self) -> None:
        self._loop.call_soon_threadsafe(self._stopping.set)
        super().stop()

    def add_routes(self, app: web.Application) -> None:
        app.router.add_post("/v1/chat/completions", self._chat)
        app.router.add_get("/v1/models", self._models)

    async def _models(self, _request: web.Request) -> web.Response:
        return web.json_response(
            {"object": "list", "data": [{"id": "test-model", "object": "model", "owned_by": "test"}]}
        )

    async def _chat(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        with self._lock:
            self.requests.append(body)
            self.keys.append(request.headers.get("Authorization", "").removeprefix("Bearer "))
            behaviour = self._queue.popleft() if self._queue else None
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)
        try:
            if behaviour is None:
                behaviour = self.responder(body)
            if self.latency:
                await asyncio.sleep(self.latency)
            return await _behave(request, behaviour, body, self._stopping)
        finally:
            with self._lock:
                self.in_flight -= 1


async def _behave(
    request: web.Request, behaviour: Behaviour, body: dict[str, Any], stopping: asyncio.Event
) -> web.StreamResponse:
    if isinstance(behaviour, Delay):
        await asyncio.sleep(behaviour.seconds)
        return await _behave(request, behaviour.then, body, stopping)
    if isinstance(behaviour, Hang):
        await stopping.wait()
        behaviour = Drop()
    if isinstance(behaviour, Reply):
        return web.json_response(_completion(body, behaviour.text))
    if isinstance(behaviour, Status):
        error = {"error": {"message": behaviour.message, "type": "scripted", "code": behaviour.code}}
        return web.json_response(error, status=behaviour.code, headers=behaviour.headers)
    if isinstance(behaviour, Malformed):
        return web.Response(text=behaviour.body, content_type="application/json")
    # Drop: close the connection with nothing sent.
    if request.transport is not None:
        request.transport.abort()
    raise asyncio.CancelledError


def _completion(request: dict[str, Any], text: str) -> dict[str, Any]:
    prompt_words = sum(len(str(m.get("content", "")).split()) for m in request.get("messages", []))
    return {
        "id": f"chatcmpl-{time.monotonic_ns()}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": request.get("model", "test-model"),
        "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
        "usage": {
            "prompt_tokens": prompt_words,
            "completion_tokens": len(text.split()),
            "total_tokens": prompt_words + len(text.split()),
        },
    }
