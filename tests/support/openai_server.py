"""A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol, for tests and benchmarks.

Replies are programmable: a queue of scripted behaviours is served first (a reply, an HTTP error with headers, a
malformed body, a dropped connection, a delay), then a responder function decides. Every request body is kept.
`serve_scripted_model.py` runs it as a separate process.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


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


Behaviour = Reply | Status | Malformed | Drop | Delay
Responder = Callable[[dict[str, Any]], Behaviour]


def echo_responder(request: dict[str, Any]) -> Behaviour:
    return Reply("I don't know.")


class OpenAIServer:
    """`with OpenAIServer(responder) as server:` serves at `server.url` until the block ends."""

    def __init__(self, responder: Responder = echo_responder, *, latency: float = 0.0, port: int = 0) -> None:
        self.responder = responder
        self.latency = latency
        self.requests: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self._queue: deque[Behaviour] = deque()
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", port), _handler_for(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}/v1"

    def script(self, *behaviours: Behaviour) -> None:
        """Serve these, in order, before handing requests to the responder."""
        with self._lock:
            self._queue.extend(behaviours)

    def start(self) -> OpenAIServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> OpenAIServer:
        return self.start()

    def __exit__(self, *_: object) -> None:
        self.stop()

    def _next(self, request: dict[str, Any]) -> Behaviour:
        with self._lock:
            self.requests.append(request)
            if self._queue:
                return self._queue.popleft()
        return self.responder(request)

    def _enter(self) -> None:
        with self._lock:
            self.in_flight += 1
            self.max_in_flight = max(self.max_in_flight, self.in_flight)

    def _leave(self) -> None:
        with self._lock:
            self.in_flight -= 1


def _handler_for(server: OpenAIServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *_: object) -> None:  # keep test output clean
            pass

        def do_GET(self) -> None:
            if self.path.rstrip("/") == "/v1/models":
                self._send(
                    200, {"object": "list", "data": [{"id": "test-model", "object": "model", "owned_by": "test"}]}
                )
            else:
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._send(404, {"error": {"message": f"no route {self.path}", "type": "not_found"}})
                return
            request = json.loads(body)
            server._enter()
            try:
                if server.latency:
                    time.sleep(server.latency)
                self._behave(server._next(request), request)
            finally:
                server._leave()

        def _behave(self, behaviour: Behaviour, request: dict[str, Any]) -> None:
            if isinstance(behaviour, Delay):
                time.sleep(behaviour.seconds)
                self._behave(behaviour.then, request)
            elif isinstance(behaviour, Reply):
                self._send(200, _completion(request, behaviour.text))
            elif isinstance(behaviour, Status):
                error = {"error": {"message": behaviour.message, "type": "scripted", "code": behaviour.code}}
                self._send(behaviour.code, error, behaviour.headers)
            elif isinstance(behaviour, Malformed):
                self._send_raw(200, behaviour.body.encode(), {})
            else:  # Drop
                self.close_connection = True

        def _send(self, code: int, payload: dict[str, Any], headers: dict[str, str] | None = None) -> None:
            self._send_raw(code, json.dumps(payload).encode(), headers or {})

        def _send_raw(self, code: int, data: bytes, headers: dict[str, str]) -> None:
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers.items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler


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
