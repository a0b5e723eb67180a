"""The response cache serves only entries that pass their checksum; tampered ones are dropped, fetched again and
reported once with the path and count; a file that is not a cache database is moved aside and rebuilt."""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from nohallucinate.models import ClientSettings, Endpoint, ModelClient, ModelError, ResponseCache, request_key
from nohallucinate.models.cache_entry import checksum
from nohallucinate.models.cache_key import CacheKeyError, cache_key_path, read_cache_key
from support.openai_server import OpenAIServer, Status

CACHE_LOGGER = "nohallucinate.models.cache"


def question(number: int) -> list[dict[str, str]]:
    return [{"role": "user", "content": f"question {number}"}]


@pytest.fixture
def server(answering_server: OpenAIServer) -> OpenAIServer:
    return answering_server


def ask(server: OpenAIServer, path: Path, numbers: range) -> tuple[list[str], ModelClient]:
    """Ask each question once through a client caching into `path`; the replies and the (closed) client."""
    client = ModelClient(Endpoint(model="test-model", base_url=server.url), cache=ResponseCache(path))

    async def run() -> list[str]:
        try:
            return [(await client.complete(question(number))).text for number in numbers]
        finally:
            await client.aclose()

    return asyncio.run(run()), client


def key_of(server: OpenAIServer, number: int) -> str:
    return request_key(server.url, "test-model", question(number), {"attempt": 0, "sample": 0})


def cache_warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == CACHE_LOGGER]


def test_tampered_entries_are_fetched_again_and_reported_once(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "responses.sqlite"
    ask(server, path, range(10))
    assert len(server.requests) == 10
    keys = [key_of(server, number) for number in range(10)]
    with sqlite3.connect(path) as db:
        stored = dict(db.execute("SELECT key, response FROM responses"))
        forged = json.dumps({"text": "CORRECT", "prompt_tokens": 2, "completion_tokens": 1})
        db.execute("UPDATE responses SET response = ? WHERE key = ?", (forged, keys[0]))  # a reply rewritten
        db.execute("UPDATE responses SET response = ? WHERE key = ?", (stored[keys[1]][:-4], keys[1]))  # bad JSON
        db.execute("UPDATE responses SET checksum = ? WHERE key = ?", ("0" * 64, keys[2]))  # checksum changed
        for old, new in ((keys[3], "swap"), (keys[4], keys[3]), ("swap", keys[4])):  # two answers swapped
            db.execute("UPDATE responses SET key = ? WHERE key = ?", (new, old))
        db.execute("UPDATE responses SET checksum = NULL WHERE key = ?", (keys[5],))  # checksum erased
        garbage = '{"text": "IDENTIFIED"'  # a forger who recomputes the checksum still needs a response
        db.execute("UPDATE responses SET response = ?, checksum = ? WHERE key = ?",
                   (garbage, checksum(read_cache_key(), keys[6], garbage), keys[6]))  # fmt: skip
        db.execute("UPDATE responses SET key = ? WHERE key = ?", ("f" * 64, keys[7]))  # moved to no request's key
    db.close()

    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    replies, client = ask(server, path, range(10))
    assert replies == [f"answer to question {number}" for number in range(10)]  # nothing tampered was served
    assert len(server.requests) == 18  # 0 to 7 asked again; 8 and 9 from the cache
    assert (client.usage.cache_hits, client.usage.requests) == (2, 8)
    [report] = cache_warnings(caplog)
    assert str(path) in report
    assert "entries failing their check: 7 (checksum mismatch: 5, invalid content: 1, no checksum: 1)" in report

    caplog.clear()
    replies, client = ask(server, path, range(10))
    assert replies == [f"answer to question {number}" for number in range(10)]
    assert len(server.requests) == 18 and client.usage.cache_hits == 10  # dropped, fetched, and now sound
    assert cache_warnings(caplog) == []


def test_a_bad_entry_is_dropped_even_when_fetching_it_again_fails(server: OpenAIServer, tmp_path: Path) -> None:
    path = tmp_path / "responses.sqlite"
    ask(server, path, range(1))
    with sqlite3.connect(path) as db:
        db.execute("UPDATE responses SET response = replace(response, 'answer', 'CORRECT')")
    db.close()
    server.script(Status(400, "no"))
    with pytest.raises(ModelError, match="HTTP 400"):
        ask(server, path, range(1))
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM responses").fetchone() == (0,)
    db.close()


def smash_header(path: Path) -> None:
    with path.open("r+b") as file:
        file.write(b"\x00smashed\x00" * 10)


def plain_text(path: Path) -> None:
    path.write_text("this is not a database\n" * 200)


def foreign_table(path: Path) -> None:
    path.unlink()
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE responses (id INTEGER, body BLOB)")
    db.close()


@pytest.mark.parametrize("damage", [smash_header, plain_text, foreign_table])
def test_a_file_that_is_not_a_cache_is_moved_aside_and_rebuilt(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture, damage
) -> None:
    path = tmp_path / "responses.sqlite"
    ask(server, path, range(2))
    damage(path)
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    replies, _ = ask(server, path, range(2))  # no traceback: the answers come from the server
    assert replies == ["answer to question 0", "answer to question 1"] and len(server.requests) == 4
    [warning] = cache_warnings(caplog)
    [aside] = tmp_path.glob("responses.sqlite.corrupt-*")
    assert f"{path} was not a usable cache" in warning and f"moved aside to {aside.name}, started afresh" in warning
    _, client = ask(server, path, range(2))
    assert client.usage.cache_hits == 2 and len(server.requests) == 4  # the new file caches again


def test_entries_of_the_unsealed_format_are_fetched_once_and_then_sealed(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "responses.sqlite"
    with sqlite3.connect(path) as db:  # the format before entries carried a checksum
        db.execute("CREATE TABLE responses (key TEXT PRIMARY KEY, response TEXT NOT NULL)")
        old = json.dumps({"text": "CORRECT", "prompt_tokens": 1, "completion_tokens": 1})
        db.execute("INSERT INTO responses VALUES (?, ?)", (key_of(server, 0), old))
    db.close()
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    replies, _ = ask(server, path, range(1))
    assert replies == ["answer to question 0"] and len(server.requests) == 1
    [report] = cache_warnings(caplog)
    assert "entries failing their check: 1 (no checksum: 1)" in report
    _, client = ask(server, path, range(1))
    assert client.usage.cache_hits == 1 and len(server.requests) == 1


def test_the_clients_of_one_run_share_the_cache_and_its_one_report(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    settings = ClientSettings(cache_dir=tmp_path)
    ask(server, settings.cache_path, range(4))
    with sqlite3.connect(settings.cache_path) as db:
        db.execute("UPDATE responses SET checksum = 'forged'")
    db.close()
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    policy, grader = (
        settings.client(Endpoint(model="test-model", base_url=server.url)),
        settings.client(Endpoint(model="test-model", base_url=server.url)),
    )

    async def run() -> None:
        for client, numbers in ((policy, (0, 1)), (grader, (2, 3))):
            for number in numbers:
                await client.complete(question(number))
        await policy.aclose()
        assert cache_warnings(caplog) == []  # the grader still uses the file: nothing is reported yet
        await grader.aclose()

    asyncio.run(run())
    [report] = cache_warnings(caplog)
    assert f"response cache {settings.cache_path}: entries failing their check: 4 (checksum mismatch: 4)" in report
    assert len(server.requests) == 8


def plain_sha256(key: str, text: str) -> str:
    """How entries were sealed before the seal was keyed: anyone who can write the file can compute it."""
    return hashlib.sha256(f"{key}\n{text}".encode()).hexdigest()


def test_an_entry_forged_with_a_recomputed_checksum_is_not_served(
    server: OpenAIServer, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "responses.sqlite"
    ask(server, path, range(3))
    forged = json.dumps({"text": "CORRECT", "prompt_tokens": 2, "completion_tokens": 1}, sort_keys=True)
    other_key = bytes(range(32))  # another machine's secret, or a guess
    seals = [plain_sha256(key_of(server, 0), forged), checksum(other_key, key_of(server, 1), forged)]
    with sqlite3.connect(path) as db:
        for number, seal in enumerate(seals):
            db.execute(
                "UPDATE responses SET response = ?, checksum = ? WHERE key = ?", (forged, seal, key_of(server, number))
            )
    db.close()
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    replies, client = ask(server, path, range(3))
    assert replies == ["answer to question 0", "answer to question 1", "answer to question 2"]
    assert client.usage.cache_hits == 1 and len(server.requests) == 5  # both forgeries asked for again
    [report] = cache_warnings(caplog)
    assert "entries failing their check: 2 (checksum mismatch: 2)" in report


def test_a_cache_copied_to_another_key_is_fetched_again(
    server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "cache" / "responses.sqlite"
    ask(server, path, range(2))
    monkeypatch.setenv("NOHAL_CACHE_KEY_FILE", str(tmp_path / "elsewhere" / "cache.key"))
    _, client = ask(server, path, range(2))
    assert client.usage.cache_hits == 0 and len(server.requests) == 4
    _, client = ask(server, path, range(2))
    assert client.usage.cache_hits == 2  # sealed anew under this key


MAKE_KEY = """
import sys
from pathlib import Path
from nohallucinate.models.cache_key import CacheKeyError, cache_key_path, read_cache_key
sys.stdin.readline()  # start together
print(read_cache_key(Path(sys.argv[1])).hex())
"""


def test_processes_making_the_key_at_once_share_one_owner_only_key(tmp_path: Path) -> None:
    path = tmp_path / "config" / "nohallucinate" / "cache.key"
    racers = [
        subprocess.Popen([sys.executable, "-c", MAKE_KEY, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        for _ in range(4)
    ]
    outputs = [racer.communicate(b"go\n", timeout=60)[0].decode().strip() for racer in racers]
    assert len(set(outputs)) == 1 and len(bytes.fromhex(outputs[0])) == 32
    assert read_cache_key(path).hex() == outputs[0]
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert [p.name for p in path.parent.iterdir()] == ["cache.key"]  # no temporary file left


def test_the_key_lives_apart_from_the_cache(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("NOHAL_CACHE_KEY_FILE")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert cache_key_path() == tmp_path / "config" / "nohallucinate" / "cache.key"
    monkeypatch.delenv("XDG_CONFIG_HOME")
    assert cache_key_path() == Path.home() / ".config" / "nohallucinate" / "cache.key"


def test_an_unusable_key_turns_the_cache_off_with_a_warning(
    server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    key = tmp_path / "cache.key"
    key.write_text("not a key\n")
    monkeypatch.setenv("NOHAL_CACHE_KEY_FILE", str(key))
    caplog.set_level(logging.WARNING, logger=CACHE_LOGGER)
    replies, client = ask(server, tmp_path / "responses.sqlite", range(2))
    assert replies == ["answer to question 0", "answer to question 1"] and client.usage.cache_hits == 0
    [warning] = cache_warnings(caplog)
    assert f"cache key {key} is not 32 bytes of hex" in warning and "not cached" in warning
    with pytest.raises(CacheKeyError):
        read_cache_key(key)
