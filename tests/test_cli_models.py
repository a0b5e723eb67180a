"""`sweep` and `grade` with model graders and model policies, end to end against the local server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from support.client_waits import shorten_client_waits
from support.openai_server import OpenAIServer, Status
from support.task_sets import labelled_tasks

runner = CliRunner()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # sweeps write their run directories under ./runs


@pytest.fixture(autouse=True)
def no_ambient_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def sweep(*args: str):
    result = runner.invoke(app, ["sweep", "--json", *args])
    return result, (json.loads(result.stdout) if result.stdout.strip() else None)


def test_model_policy_and_model_grader_end_to_end(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    url = scripted_server.url
    result, payload = sweep(
        "--policy", "openai:test-model", "--policy-base-url", url, "--temperature", "0.3", "--seed", "7",
        "--grader", "llm", "--grader-base-url", url, "--grader-model", "grader-model",
        "--per-family", "2", "--cache-dir", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert payload["n"] == 14 and payload["errored"] == 0
    # The scripted model says "I don't know." to every question: the abstention floor, graded by the model.
    assert payload["per_family"]["precise_fact"] == 0.5 and payload["per_family"]["biography"] == 0.0
    assert payload["decided_by"] == {"model": 14}
    models = payload["models"]
    assert models["policy"]["model"] == "test-model" and models["policy"]["sampling"] == {"temperature": 0.3, "seed": 7}
    assert models["grader"]["model"] == "grader-model" and models["grader"]["sampling"] == {}
    assert models["policy"]["usage"]["calls"] == 14 and models["grader"]["usage"]["requests"] >= 14
    system = scripted_server.requests[0]["messages"][0]
    assert system["role"] == "system" and "English Wikipedia article" in system["content"]
    assert "false" in system["content"] or "untrue" in system["content"]


def test_a_second_identical_run_makes_no_requests(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    args = ("--policy", "openai:test-model", "--policy-base-url", scripted_server.url, "--grader", "llm",
            "--grader-base-url", scripted_server.url, "--per-family", "1", "--cache-dir", str(tmp_path))  # fmt: skip
    first, first_payload = sweep(*args)
    made = len(scripted_server.requests)
    second, second_payload = sweep(*args)
    assert first.exit_code == second.exit_code == 0
    assert len(scripted_server.requests) == made  # every answer and every grade came from the cache
    assert second_payload["per_family"] == first_payload["per_family"]
    assert second_payload["models"]["grader"]["usage"]["requests"] == 0


def test_a_persistent_grader_failure_exits_non_zero_and_scores_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shorten_client_waits(monkeypatch)  # each call's second attempt comes sooner
    with OpenAIServer(lambda request: Status(503, "overloaded")) as server:
        result, payload = sweep(
            "--policy", "always_abstain", "--grader", "llm", "--grader-base-url", server.url,
            "--per-family", "1", "--max-attempts", "2", "--no-cache",
        )  # fmt: skip
    assert result.exit_code == 1
    assert payload["errored"] == 7 and payload["n"] == 0 and payload["overall"] is None
    assert all("HTTP 503" in e["error"] for e in payload["errors"])
    assert "could not be graded" in result.stderr


def test_hybrid_reports_the_share_decided_without_the_model(scripted_server: OpenAIServer) -> None:
    result, payload = sweep(
        "--policy", "always_abstain", "--grader", "hybrid", "--grader-base-url", scripted_server.url, "--no-cache"
    )
    assert result.exit_code == 0
    assert payload["decided_locally_share"] == 1.0 and scripted_server.requests == []


def test_grade_with_the_model_grader(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    fact = next(t for t in labelled_tasks() if t.gold == "11 March 1952")
    responses = tmp_path / "r.jsonl"
    responses.write_text(json.dumps({"task_id": fact.task_id, "response": "It was 11 March 1952."}) + "\n")
    result = runner.invoke(
        app, ["grade", "--responses", str(responses), "--grader", "llm", "--grader-base-url", scripted_server.url,
              "--no-cache", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    [row] = json.loads(result.stdout)["results"]
    assert (row["verdict"], row["decided_by"]) == ("CORRECT", "model")


def test_a_model_grader_on_openai_without_a_key_is_a_clear_error() -> None:
    result, _ = sweep("--policy", "always_abstain", "--grader", "llm")
    assert result.exit_code == 2 and "no API key for gpt-5-mini" in result.stderr
