"""What the HTTP server refuses before the environment runs: oversized bodies (413) and bad task specs (4xx)."""

from __future__ import annotations

from fastapi.exceptions import RequestValidationError
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from nohallucinate.env.inprocess import SHOWN_ID_CHARS, UnknownTaskError
from nohallucinate.env.limits import SCORE_GROUP_PATH
from nohallucinate.errors import UserInputError


class TaskSpecError(UserInputError):
    """A task spec that is not `{"task_id": "<string>"}`."""


class BodyLimit:
    """ASGI middleware: a request body over `max_bytes` (`group_max_bytes` on a path ending in `group_path`: a
    whole group of replies) gets 413 and never reaches the app whole.

    A declared Content-Length over the limit is refused before any of the body is read (the server discards it
    as it arrives); a body without one (chunked) is read up to the limit, then refused.
    """

    def __init__(
        self, app: ASGIApp, max_bytes: int, group_max_bytes: int | None = None, group_path: str = SCORE_GROUP_PATH
    ) -> None:
        self.app = app
        self.max_bytes = max_bytes
        self.group_max_bytes = max_bytes if group_max_bytes is None else group_max_bytes
        self.group_path = group_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = self.group_max_bytes if scope["path"].endswith(self.group_path) else self.max_bytes
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit():
            if int(declared) > limit:
                await _refuse(limit, scope, receive, send)
            else:  # the server delivers no more than the declared length
                await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size, more = 0, True
        while more:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            more = message.get("more_body", False)
            if size > limit:
                await _refuse(limit, scope, receive, send)
                return
        await self.app(scope, _replay(b"".join(chunks), receive), send)


async def _refuse(limit: int, scope: Scope, receive: Receive, send: Send) -> None:
    detail = f"request body over the limit of {limit:,} bytes"
    await JSONResponse({"detail": detail}, status_code=413)(scope, receive, send)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A `receive` that gives the body already read, then whatever the client sends next (a disconnect)."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def replayed() -> Message:
        return pending.pop() if pending else await receive()

    return replayed


async def unknown_task(_: Request, exc: Exception) -> Response:
    """404: no task has this id (the message quotes a bounded prefix of it); retrying cannot help."""
    return JSONResponse({"detail": str(exc)}, status_code=404)


async def bad_task_spec(_: Request, exc: Exception) -> Response:
    """400: the task spec is malformed; retrying cannot help."""
    return JSONResponse({"detail": str(exc)}, status_code=400)


async def invalid_request(_: Request, exc: Exception) -> Response:
    """422 as FastAPI words it, but without the offending input: the first 10 errors, field names cut short."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"loc": [part if isinstance(part, int) else str(part)[:SHOWN_ID_CHARS] for part in error["loc"]],
         "msg": error["msg"]}
        for error in exc.errors()[:10]
    ]  # fmt: skip
    return JSONResponse({"detail": errors}, status_code=422)


EXCEPTION_HANDLERS = {
    UnknownTaskError: unknown_task,
    TaskSpecError: bad_task_spec,
    RequestValidationError: invalid_request,
}
