"""What the library logs reaches the command's stderr: each retried call, and cache warnings."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from support.client_waits import shorten_client_waits
from support.openai_server import OpenAIServer, Status
from support.task_sets import LABELLED_TASKS_PATH

runner = CliRunner()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def sweep(server: OpenAIServer, cache: Path, *extra: str):
    return runner.invoke(app, ["sweep", "--policy", "openai:test-model", "--policy-base-url", server.url,
                               "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "1", "--cache-dir", str(cache),
                               "--json", *extra])  # fmt: skip


def test_a_retried_call_is_a_line_on_stderr(
    scripted_server: OpenAIServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shorten_client_waits(monkeypatch)
    scripted_server.script(Status(503))
    result = sweep(scripted_server, tmp_path / "cache")
    assert result.exit_code == 0, result.output
    assert "retrying test-model" in result.stderr and "HTTP 503" in result.stderr


def test_a_tampered_cache_is_reported_on_stderr(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    assert sweep(scripted_server, cache).exit_code == 0
    asked = len(scripted_server.requests)
    with sqlite3.connect(cache / "responses.sqlite") as db:
        db.execute("UPDATE responses SET checksum = 'forged'")
    result = sweep(scripted_server, cache, "--out", str(tmp_path / "second"))
    assert result.exit_code == 0, result.output
    assert "warning:" in result.stderr and "responses.sqlite" in result.stderr
    assert len(scripted_server.requests) == 2 * asked  # every forged entry fetched again, none served


def test_a_sweep_against_a_server_half_down_grades_every_item(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from support.openai_server import Flaky
    from support.scripted_model import scripted_model

    shorten_client_waits(monkeypatch, backoff=(0.01, 0.1))  # the same retries, none after half a second or more
    flaky = Flaky(scripted_model)
    with OpenAIServer(flaky) as server:
        result = runner.invoke(app, ["--log-level", "debug", "sweep", "--policy", "openai:test-model",
                                     "--policy-base-url", server.url,
                                     "--grader", "llm", "--grader-base-url", server.url, "--concurrency", "1",
                                     "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "2", "--no-cache",
                                     "--json"])  # fmt: skip
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["n"] == 14 and payload["errored"] == 0
    assert flaky.failed >= 14 and result.stderr.count("retrying") >= 14  # every failure retried, and said so
