"""Per-connection read deadlines and connection caps for the served environment (slowloris).

uvicorn's h11 protocol arms a timer only between requests (keep-alive): a connection that sends nothing, part of a
request head or part of a body is held forever. This protocol gives each request a deadline for its head and then
one for its body, and refuses connections over a total and a per-client-address cap.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from nohallucinate.env.limits import ConnectionLimits


def bounded_protocol(limits: ConnectionLimits) -> type[H11Protocol]:
    """An H11Protocol class enforcing `limits`; its open-connection counts are shared by its connections only."""
    per_client: Counter[str] = Counter()
    open_count = [0]

    class BoundedH11Protocol(H11Protocol):
        _deadline: asyncio.TimerHandle | None = None
        _phase: str = ""  # "head" or "body": what the running deadline waits for
        _peer: str = ""
        _counted = False

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            super().connection_made(transport)
            self._peer = self.client[0] if self.client else ""
            per_client[self._peer] += 1
            open_count[0] += 1
            self._counted = True
            # Over a cap: dropped before a byte is read, so a flood costs a socket for microseconds only.
            if open_count[0] > limits.max_connections or per_client[self._peer] > limits.max_connections_per_client:
                transport.abort()
                return
            self._arm("head")

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            if self._counted:
                self._counted = False
                open_count[0] -= 1
                per_client[self._peer] -= 1
                if per_client[self._peer] <= 0:
                    del per_client[self._peer]
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            self._follow_state()

        def on_response_complete(self) -> None:
            super().on_response_complete()
            self._follow_state()

        def _follow_state(self) -> None:
            """Keep the one deadline that fits what the client still owes for the current request."""
            if self.transport.is_closing():
                self._disarm()
                return
            state = self.conn.their_state
            if state is h11.SEND_BODY:
                self._arm("body")
            elif state is h11.IDLE and self.conn.trailing_data[0]:
                self._arm("head")  # part of a next request's head is buffered
            elif state is h11.IDLE and self._phase == "head":
                pass  # no byte of a head yet on a fresh connection: its head deadline keeps running
            else:
                self._disarm()  # request read (the app answers) or idle between requests (keep-alive's timer)

        def _arm(self, phase: str) -> None:
            if self._phase == phase:
                return
            self._disarm()
            self._phase = phase
            timeout = limits.header_timeout if phase == "head" else limits.body_timeout
            self._deadline = self.loop.call_later(timeout, self._expire)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None
            self._phase = ""

        def _expire(self) -> None:
            self._deadline = None
            self._phase = ""
            # Aborted, not answered: a client this slow would hold a socket for the reply as well.
            self.transport.abort()

    return BoundedH11Protocol


def run_bounded(app: Any, host: str, port: int, limits: ConnectionLimits) -> None:
    """Run `app` (the SDK server's FastAPI app) as the SDK's `Server.run` does, with `limits` on every connection."""
    import uvicorn
    from openreward._update_check import check_for_updates_async
    from openreward.environments._metrics import setup_metrics
    from openreward.log_utils import OPENREWARD_USE_STRUCTURED_LOGS, setup_logging

    setup_logging()
    check_for_updates_async()
    setup_metrics()  # no-op unless OPENREWARD_OTLP_ENDPOINT is set
    extra: dict[str, Any] = {"log_config": None} if OPENREWARD_USE_STRUCTURED_LOGS else {}
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        http=bounded_protocol(limits),
        timeout_keep_alive=limits.keep_alive,
        access_log=False,
        **extra,
    )
    uvicorn.Server(config).run()
