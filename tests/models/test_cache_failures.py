"""A cache that cannot be written, read or opened costs the cache, never the answers: one warning with the path,
and every call returns what the server answered."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from nohallucinate.models import Endpoint, ModelClient, ResponseCache
from nohallucinate.tasks import load_demo_tasks
from support.openai_server import OpenAIServer

CACHE_LOGGER = "nohallucinate.models.cache"
ITEMS = 175  # the demo set's size when a full cache disk errored every item of a sweep (it holds fewer rows now)


@pytest.fixture
def server(answering_server: OpenAIServer) -> OpenAIServer:
    return answering_server


class FailingStore:
    """A cache connection whose statements of one kind fail as SQLite reports a full, read-only or locked file."""

    def __init__(self, db: sqlite3.Connection, failing: tuple[str, ...], message: str) -> None:
        self.db, self.failing, self.message = db, failing, message

    def execute(self, statement: str, values: tuple[Any, ...] = ()) -> sqlite3.Cursor:
        if statement.startswith(self.failing):
            raise sqlite3.OperationalError(self.message)
        return self.db.execute(statement, values)

    def close(self) -> None:
        self.db.close()


def ask_all(server: OpenAIServer, cache: ResponseCache | None, count: int = ITEMS) -> tuple[list[str], ModelClient]:
    """Ask `count` different questions at once; the replies in order, and the (closed) client."""
    client = ModelClient(Endpoint(model="test-model", base_url=server.url), cache=cache)

    async def run() -> list[str]:
        try:
            messages = [[{"role": "user", "content": f"question {number}"}] for number in range(count)]
            return [reply.text for reply in await asyncio.gather(*(client.complete(m) for m in messages))]
        finally:
            await client.aclose()

    return asyncio.run(run()), client


def cache_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == CACHE_LOGGER]


@pytest.mark.parametrize("message", ["database or disk is full", "attempt to write a readonly database",
                                     "database is locked"])  # fmt: skip
def test_when_no_write_succeeds_every_answer_is_returned_and_one_warning_given(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture, message: str
) -> None:
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    cache = ResponseCache(tmp_path / "responses.sqlite")
    cache._db = FailingStore(cache._db, ("INSERT", "DELETE"), message)  # type: ignore[assignment]
    replies, client = ask_all(server, cache)
    assert replies == [f"answer to question {number}" for number in range(ITEMS)]
    assert len(server.requests) == client.usage.requests == ITEMS and client.usage.failures == 0
    [warning] = cache_warnings(caplog)
    assert f"response cache {tmp_path / 'responses.sqlite'} cannot be written ({message})" in warning


def test_when_reads_fail_the_calls_go_to_the_server(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    ask_all(server, ResponseCache(tmp_path / "responses.sqlite"), count=5)
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    cache = ResponseCache(tmp_path / "responses.sqlite")
    cache._db = FailingStore(cache._db, ("SELECT",), "database is locked")  # type: ignore[assignment]
    replies, _ = ask_all(server, cache, count=5)
    assert replies == [f"answer to question {number}" for number in range(5)] and len(server.requests) == 10
    [warning] = cache_warnings(caplog)
    assert "cannot be read (database is locked): not read again this run" in warning


def test_a_cache_that_cannot_be_opened_is_a_warning(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    (tmp_path / "a-file").write_text("a directory cannot be made here")
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    replies, client = ask_all(server, ResponseCache(tmp_path / "a-file" / "responses.sqlite"), count=5)
    assert len(replies) == 5 and client.usage.failures == 0
    [warning] = cache_warnings(caplog)
    assert f"{tmp_path / 'a-file' / 'responses.sqlite'} cannot be opened" in warning


# A real full disk: the sweep runs in a process whose files may not grow past 60 KiB (RLIMIT_FSIZE), as the
# operator's 60 KiB tmpfs did, so SQLite's own writes of the cache fail.
SWEEP_WITH_A_FULL_DISK = textwrap.dedent("""
    import asyncio, json, resource, signal, sys
    from pathlib import Path
    from nohallucinate.graders import LocalGrader
    from nohallucinate.models import Endpoint, ModelClient, ResponseCache
    from nohallucinate.policies.model import ModelPolicy
    from nohallucinate.runs import sweep
    from nohallucinate.tasks import load_demo_tasks

    url, cache_path = sys.argv[1], Path(sys.argv[2])
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit then fails instead of killing us
    resource.setrlimit(resource.RLIMIT_FSIZE, (60 * 1024, 60 * 1024))
    client = ModelClient(Endpoint(model="test-model", base_url=url), cache=ResponseCache(cache_path))

    async def run():
        try:
            return await sweep(load_demo_tasks(), ModelPolicy(client), LocalGrader(), concurrency=16)
        finally:
            await client.aclose()

    verdicts = asyncio.run(run())
    errors = [verdict.error for verdict in verdicts if verdict.error]
    graded = len(verdicts) - len(errors)
    print(json.dumps({"items": len(verdicts), "graded": graded, "errors": errors[:3], **client.usage.as_dict()}))
""")


@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_a_sweep_on_a_full_cache_disk_answers_every_item(tmp_path: Path) -> None:
    cache_path = tmp_path / "responses.sqlite"
    ResponseCache(cache_path).close()  # the cache exists already; what fails is adding to it
    with OpenAIServer() as server:
        done = subprocess.run(
            [sys.executable, "-c", SWEEP_WITH_A_FULL_DISK, server.url, str(cache_path)],
            capture_output=True,
            text=True,
            timeout=300,
            env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
        )
        requests = len(server.requests)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    items = result["items"]
    assert items == len(load_demo_tasks()) and result["errors"] == [] and result["graded"] == items
    assert requests == result["requests"] == result["calls"] == items and result["failures"] == 0
    warnings = [line for line in done.stderr.splitlines() if "cannot be written" in line]
    assert len(warnings) == 1 and str(cache_path) in warnings[0], done.stderr
    assert cache_path.stat().st_size <= 60 * 1024
