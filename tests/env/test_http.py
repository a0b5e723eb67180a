"""The request-body limit, on a bare ASGI app: what is refused, what is read, and what the app sees."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator

import httpx
from starlette.types import Receive, Scope, Send

from nohallucinate.env.http import BodyLimit
from nohallucinate.env.limits import MAX_BODY_BYTES
from nohallucinate.graders.limits import REPLY_LIMITS


class Echo:
    """Answers with the size of the body it read; counts the requests that reached it."""

    def __init__(self) -> None:
        self.calls = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        self.calls += 1
        body, more = b"", True
        while more:
            message = await receive()
            body += message.get("body", b"")
            more = message.get("more_body", False)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": str(len(body)).encode()})


async def post(app: BodyLimit, content: bytes | AsyncIterator[bytes]) -> httpx.Response:
    async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://test") as client:
        return await client.post("/call", content=content)


async def chunks(size: int, count: int) -> AsyncIterator[bytes]:
    for _ in range(count):
        yield b"x" * size


async def test_a_body_within_the_limit_reaches_the_app_whole() -> None:
    app = BodyLimit(Echo(), max_bytes=1000)
    assert (await post(app, b"x" * 1000)).text == "1000"
    assert (await post(app, chunks(100, 10))).text == "1000"  # chunked: no Content-Length


async def test_a_body_over_the_limit_is_413_and_never_reaches_the_app() -> None:
    echo = Echo()
    app = BodyLimit(echo, max_bytes=1000)
    declared = await post(app, b"x" * 1001)
    streamed = await post(app, chunks(100, 10_000))  # a megabyte with no Content-Length: read only to the limit
    for response in (declared, streamed):
        assert response.status_code == 413
        assert response.json() == {"detail": "request body over the limit of 1,000 bytes"}
    assert echo.calls == 0


def test_the_default_limit_fits_the_longest_reply_at_its_worst_json() -> None:
    longest = max(REPLY_LIMITS.values())
    call = {"name": "answer", "input": {"answer": "😀" * longest}, "task_id": None}
    worst = len(json.dumps(call).encode())  # escaped to ASCII, as the SDK's client (aiohttp) sends it: 12 bytes
    assert worst <= MAX_BODY_BYTES < worst + 8192
