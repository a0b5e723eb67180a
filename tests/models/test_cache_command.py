"""`nohallucinate cache verify` and `cache prune` on a real cache file, through typer's CliRunner."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.models import Endpoint, ModelClient, ResponseCache
from support.openai_server import OpenAIServer, Reply

runner = CliRunner()


@pytest.fixture
def cache_dir(tmp_path: Path) -> Path:
    """A cache directory holding six sound entries."""
    directory = tmp_path / "cache"
    with OpenAIServer(lambda request: Reply("answer")) as server:
        client = ModelClient(
            Endpoint(model="m", base_url=server.url), cache=ResponseCache(directory / "responses.sqlite")
        )

        async def fill() -> None:
            try:
                for number in range(6):
                    await client.complete([{"role": "user", "content": f"question {number}"}])
            finally:
                await client.aclose()

        asyncio.run(fill())
    return directory


def tamper(cache_dir: Path, statement: str, *values: object) -> None:
    with sqlite3.connect(cache_dir / "responses.sqlite") as db:
        db.execute(statement, values)
    db.close()


def keys(cache_dir: Path) -> list[str]:
    with sqlite3.connect(cache_dir / "responses.sqlite") as db:
        found = [key for (key,) in db.execute("SELECT key FROM responses ORDER BY key")]
    db.close()
    return found


def test_verify_counts_the_entries_of_a_sound_cache(cache_dir: Path) -> None:
    result = runner.invoke(app, ["cache", "verify", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    assert f"{cache_dir / 'responses.sqlite'}: 6 entries, 0 bad" in result.stdout


def test_verify_names_bad_entries_by_reason_and_exits_1(cache_dir: Path) -> None:
    first, second, third, *_ = keys(cache_dir)
    tamper(cache_dir, "UPDATE responses SET response = replace(response, 'answer', 'CORRECT') WHERE key = ?", first)
    tamper(cache_dir, "UPDATE responses SET key = ? WHERE key = ?", "0" * 64, second)  # moved under another key
    tamper(cache_dir, "UPDATE responses SET checksum = NULL WHERE key = ?", third)
    result = runner.invoke(app, ["cache", "verify", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 1
    assert "6 entries, 3 bad" in result.stdout
    assert "checksum mismatch: 2" in result.stdout and "no checksum: 1" in result.stdout


def test_verify_uses_the_default_cache_dir_and_reports_a_corrupt_file(
    cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NOHAL_CACHE_DIR", str(cache_dir))
    with (cache_dir / "responses.sqlite").open("r+b") as file:
        file.write(b"smashed" * 20)
    result = runner.invoke(app, ["cache", "verify"])
    assert result.exit_code == 1
    assert f"{cache_dir / 'responses.sqlite'} is not a usable cache (file is not a database)" in result.stderr
    assert "Traceback" not in result.output


def test_verify_of_a_missing_cache_says_so_and_creates_nothing(tmp_path: Path) -> None:
    for command in ("verify", "prune"):
        result = runner.invoke(app, ["cache", command, "--cache-dir", str(tmp_path / "none")])
        assert result.exit_code == 2, result.output
        assert f"no cache at {tmp_path / 'none' / 'responses.sqlite'}" in result.stderr
    assert not (tmp_path / "none").exists()


def not_a_directory(tmp_path: Path) -> tuple[Path, str]:
    (tmp_path / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    return tmp_path / "passwd", f"{tmp_path / 'passwd'} is not a directory"


def a_directory_in_its_place(tmp_path: Path) -> tuple[Path, str]:
    (tmp_path / "responses.sqlite").mkdir()
    return tmp_path, f"{tmp_path / 'responses.sqlite'} is a directory, not a cache file"


def a_fifo_in_its_place(tmp_path: Path) -> tuple[Path, str]:
    os.mkfifo(tmp_path / "responses.sqlite")
    return tmp_path, "is not a regular file, so not a cache"


def another_database(tmp_path: Path) -> tuple[Path, str]:
    with sqlite3.connect(tmp_path / "responses.sqlite") as db:
        db.execute("CREATE TABLE people (name TEXT)")
    db.close()
    return tmp_path, "is not a usable cache (it holds no response table)"


@pytest.mark.parametrize("make", [not_a_directory, a_directory_in_its_place, a_fifo_in_its_place, another_database])
def test_verify_refuses_what_is_not_a_cache_cleanly(tmp_path: Path, make) -> None:
    cache_dir, message = make(tmp_path)
    before = sorted(path.name for path in tmp_path.iterdir())
    result = runner.invoke(app, ["cache", "verify", "--cache-dir", str(cache_dir)])
    assert result.exit_code in (1, 2) and message in result.stderr, result.output
    assert isinstance(result.exception, SystemExit) and "0 entries" not in result.output  # no traceback, no count
    assert sorted(path.name for path in tmp_path.iterdir()) == before  # only read: nothing made or moved


def test_verify_on_etc_passwd_is_not_a_cache() -> None:
    result = runner.invoke(app, ["cache", "verify", "--cache-dir", "/etc/passwd"])
    assert result.exit_code == 2 and "/etc/passwd is not a directory" in result.stderr


def test_prune_removes_bad_entries_then_verify_passes(cache_dir: Path) -> None:
    first, second, *_ = keys(cache_dir)
    tamper(cache_dir, "UPDATE responses SET response = '{' WHERE key = ?", first)
    tamper(cache_dir, "UPDATE responses SET checksum = 'forged' WHERE key = ?", second)
    result = runner.invoke(app, ["cache", "prune", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    assert "removed 2 of 6 entries: 2 bad; 4 left" in result.stdout and "checksum mismatch: 2" in result.stdout
    assert {first, second}.isdisjoint(keys(cache_dir)) and len(keys(cache_dir)) == 4
    assert runner.invoke(app, ["cache", "verify", "--cache-dir", str(cache_dir)]).exit_code == 0


def test_prune_older_than_drops_old_entries_too(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second, third, *_ = keys(cache_dir)
    forty_days_ago = time.time() - 40 * 86_400
    tamper(cache_dir, "UPDATE responses SET created = ? WHERE key IN (?, ?)", forty_days_ago, first, second)
    tamper(cache_dir, "UPDATE responses SET checksum = '' WHERE key = ?", third)
    monkeypatch.setenv("NOHAL_CACHE_DIR", str(cache_dir))
    result = runner.invoke(app, ["cache", "prune", "--older-than", "30"])
    assert result.exit_code == 0, result.output
    assert "removed 3 of 6 entries: 1 bad (2 older than 30 days); 3 left" in result.stdout
    assert "no checksum: 1" in result.stdout
    assert first not in keys(cache_dir) and len(keys(cache_dir)) == 3
    again = runner.invoke(app, ["cache", "prune", "--older-than", "30"])
    assert "removed 0 of 3 entries" in again.stdout


def test_prune_moves_a_corrupt_file_aside(cache_dir: Path) -> None:
    (cache_dir / "responses.sqlite").write_text("not a database\n" * 100)
    result = runner.invoke(app, ["cache", "prune", "--cache-dir", str(cache_dir)])
    assert result.exit_code == 0, result.output
    assert "was not a usable cache (file is not a database): moved aside to responses.sqlite.corrupt-" in result.stdout
    assert "removed 0 of 0 entries" in result.stdout
    assert len(list(cache_dir.glob("responses.sqlite.corrupt-*"))) == 1
    assert runner.invoke(app, ["cache", "verify", "--cache-dir", str(cache_dir)]).exit_code == 0


def test_verify_counts_entries_of_the_unsealed_format_as_bad(tmp_path: Path) -> None:
    with sqlite3.connect(tmp_path / "responses.sqlite") as db:  # the format before entries carried a checksum
        db.execute("CREATE TABLE responses (key TEXT PRIMARY KEY, response TEXT NOT NULL)")
        db.execute("INSERT INTO responses VALUES ('k', '{}')")
    db.close()
    result = runner.invoke(app, ["cache", "verify", "--cache-dir", str(tmp_path)])
    assert result.exit_code == 1 and "1 entry, 1 bad" in result.stdout and "no checksum: 1" in result.stdout
    pruned = runner.invoke(app, ["cache", "prune", "--cache-dir", str(tmp_path)])
    assert "removed 1 of 1 entry: 1 bad; 0 left" in pruned.stdout
