"""Whether an endpoint can be reached at all, and when to stop trying one that cannot.

A refused port, an unknown host or a failed TLS handshake is not a slow server: every retry of every item fails
the same way at once. Retried item by item, a sweep of 235 items against a dead port took minutes to fail and
said "Request timed out". A client gives up on its endpoint when attempts have failed to connect `attempts`
times in a row, over at least `seconds` (5 by default), with no answer in between: one answer resets the count,
so a server that drops or resets some connections, or restarts within a few seconds, is retried as before.
"""

from __future__ import annotations

import asyncio
import errno
import time
from dataclasses import dataclass, field

from nohallucinate.errors import NohallucinateError, exception_chain

GIVE_UP_AFTER = 8  # attempts in a row that failed to connect, at the least, before an endpoint is given up
GIVE_UP_SECONDS = 5.0  # since the first of them, at the least

# What an operating system error at the bottom of a failed connection means, in words a user can act on.
_BY_ERRNO = {
    errno.ECONNREFUSED: "connection refused",
    errno.EHOSTUNREACH: "no route to host",
    errno.ENETUNREACH: "network unreachable",
}  # not a reset or an aborted connection: one was made, so something is listening there


class EndpointUnreachable(NohallucinateError):
    """Attempts to reach an endpoint failed to connect too many times in a row, with no answer in between: the
    command stops instead of failing every item in turn. Its message names the model and the cause, never the
    URL (the caller, who knows the endpoint, adds it where only the operator reads it)."""

    def __init__(self, model: str, cause: str, attempts: int, seconds: float, url: str = "") -> None:
        self.model = model
        self.cause = cause
        self.url = url  # for the operator's message, credentials already redacted
        super().__init__(
            f"{model}: the endpoint cannot be reached ({cause}): {attempts} attempts in a row over {seconds:.1f} s "
            "failed to connect, with no answer in between"
        )


def unreachable_cause(exc: BaseException) -> str | None:
    """Why `exc` never reached the endpoint ("connection refused", "host not found", …), or None when the
    failure came after a connection was made (an HTTP error, a timeout waiting for an answer, a bad body)."""
    import socket
    import ssl  # here, not at the top: every grader imports this module, and most never open a connection

    for link in exception_chain(exc):
        if isinstance(link, ssl.SSLError):
            return "TLS handshake failed"
        if isinstance(link, socket.gaierror):
            return "host not found"
        if isinstance(link, OSError) and link.errno in _BY_ERRNO:
            return _BY_ERRNO[link.errno]
    return None


@dataclass
class Reachability:
    """Counts attempts that failed to connect since the last answer; `attempts=None` never gives up (a served
    environment keeps serving, each episode failing on its own). The endpoint is given up once `attempts` in a row
    have failed and `seconds` have passed since the first of them with no answer: checked at each failure, and by
    a timer when the time is up, so that a call waiting to retry does not have to come back first."""

    attempts: int | None = GIVE_UP_AFTER
    seconds: float = GIVE_UP_SECONDS
    _streak: int = field(default=0, init=False)
    _since: float = field(default=0.0, init=False)
    _outage: int = field(default=0, init=False)  # which run of failures the timer is for
    _gave_up: EndpointUnreachable | None = field(default=None, init=False)
    # Set on giving up, so that calls waiting to retry stop waiting and fail at once.
    given_up: asyncio.Event = field(default_factory=asyncio.Event, init=False)

    def answered(self) -> None:
        """An attempt got an answer (any HTTP status): the endpoint is there."""
        self._streak = 0

    def failed(self, model: str, cause: str, url: str = "") -> EndpointUnreachable | None:
        """An attempt to reach `model` at `url` failed to connect for `cause`; the error to stop with, once the
        endpoint is given up."""
        if self._streak == 0:
            self._since = time.monotonic()
            self._outage += 1
            self._check_later(self._outage, model, cause, url)
        self._streak += 1
        self._check(model, cause, url)
        return self._gave_up

    def _check(self, model: str, cause: str, url: str) -> None:
        if self.attempts is None or self._gave_up is not None or self._streak < self.attempts:
            return
        elapsed = time.monotonic() - self._since
        if elapsed >= self.seconds:
            self._gave_up = EndpointUnreachable(model, cause, self._streak, elapsed, url)
            self.given_up.set()

    def _check_later(self, outage: int, model: str, cause: str, url: str) -> None:
        if self.attempts is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # called outside an event loop: the next failure checks instead
            return

        def due() -> None:
            if outage == self._outage and self._streak > 0:  # no answer since this run of failures began
                self._check(model, cause, url)

        loop.call_later(self.seconds, due)

    @property
    def gave_up(self) -> EndpointUnreachable | None:
        """The error this endpoint was given up with, if it was: later calls fail with it at once."""
        return self._gave_up
