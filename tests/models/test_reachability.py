"""An endpoint that cannot be reached is given up after a bounded number of attempts, with the socket's own reason;
one answer in between keeps it; a served environment never gives up; a stopped sweep resumes where it stopped."""

from __future__ import annotations

import asyncio
import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.env.grading import GraderPool, GraderSpec
from nohallucinate.models import Endpoint, EndpointUnreachable, ModelClient, ModelError
from nohallucinate.models.reachability import Reachability, unreachable_cause
from nohallucinate.models.retries import describe
from nohallucinate.runs import read_verdicts
from support.client_waits import shorten_client_waits
from support.openai_server import OpenAIServer
from support.task_sets import LABELLED_TASKS_PATH

MESSAGES = [{"role": "user", "content": "On what day, month and year was Douglas Adams born?"}]
runner = CliRunner()


def closed_port() -> int:
    with socket.socket() as probe:  # bound and released: nothing listens there afterwards
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def client_at(base_url: str, **options: object) -> ModelClient:
    options.setdefault("backoff", (0.01, 0.02))
    return ModelClient(Endpoint(model="test-model", base_url=base_url, api_key="sk-test"), **options)  # type: ignore[arg-type]


async def outcomes(client: ModelClient, calls: int) -> list[BaseException | None]:
    async def one(index: int) -> BaseException | None:
        try:
            await client.complete([{"role": "user", "content": f"question {index}"}])
        except Exception as exc:
            return exc
        return None

    try:
        return list(await asyncio.gather(*(one(index) for index in range(calls))))
    finally:
        await client.aclose()


def test_a_refused_port_is_given_up_after_a_bounded_number_of_attempts() -> None:
    client = client_at(f"http://127.0.0.1:{closed_port()}/v1", max_attempts=6, give_up_after=8, give_up_seconds=0.2)
    failures = asyncio.run(outcomes(client, 200))
    assert all(isinstance(failure, EndpointUnreachable) for failure in failures)
    # Retried item by item, 200 calls would make 1,200 attempts; given up, far fewer are made.
    assert 8 <= client.usage.requests < 600, client.usage.requests
    assert "connection refused" in str(failures[0]) and "test-model" in str(failures[0])
    assert "127.0.0.1" not in str(failures[0])  # the message may reach clients; the URL is kept apart for the operator
    assert isinstance(failures[0], EndpointUnreachable) and failures[0].url.startswith("http://127.0.0.1:")


def test_after_giving_up_a_call_fails_at_once_without_a_request() -> None:
    async def twice() -> tuple[int, int]:
        client = client_at(f"http://127.0.0.1:{closed_port()}/v1", give_up_after=2, give_up_seconds=0.0)
        try:
            with pytest.raises(EndpointUnreachable):
                await client.complete(MESSAGES)
            made = client.usage.requests
            with pytest.raises(EndpointUnreachable):
                await client.complete(MESSAGES)
            return made, client.usage.requests
        finally:
            await client.aclose()

    before, after = asyncio.run(twice())
    assert before == 2 and after == before


def test_the_reason_printed_is_the_sockets_not_a_timeout() -> None:
    refused = asyncio.run(outcomes(client_at(f"http://127.0.0.1:{closed_port()}/v1", give_up_after=None,
                                             max_attempts=1), 1))[0]  # fmt: skip
    assert isinstance(refused, ModelError)
    assert str(refused).startswith("test-model: connection refused (ConnectionRefusedError")
    assert "timed out" not in str(refused)
    unknown = asyncio.run(outcomes(client_at("http://no-such-host.invalid/v1", give_up_after=None, max_attempts=1), 1))
    assert isinstance(unknown[0], ModelError) and "host not found" in str(unknown[0])


def test_an_http_error_or_a_hang_is_not_called_unreachable() -> None:
    assert unreachable_cause(ValueError("no")) is None
    assert unreachable_cause(TimeoutError()) is None
    assert unreachable_cause(ConnectionRefusedError(111, "refused")) == "connection refused"
    assert unreachable_cause(ConnectionResetError(104, "reset")) is None  # a connection was made: someone is there
    assert describe(ValueError("garbled")) == "ValueError: garbled"


def test_one_answer_between_failures_keeps_the_endpoint() -> None:
    reachability = Reachability(attempts=3, seconds=0.0)
    for _ in range(10):
        assert reachability.failed("m", "connection refused") is None
        assert reachability.failed("m", "connection refused") is None
        reachability.answered()
    assert reachability.gave_up is None
    reachability.failed("m", "connection refused")
    reachability.failed("m", "connection refused")
    assert isinstance(reachability.failed("m", "connection refused"), EndpointUnreachable)


def test_the_timer_gives_up_an_outage_that_outlasts_the_window_and_spares_one_that_ends_in_it() -> None:
    async def outage(ends_after: float | None) -> EndpointUnreachable | None:
        reachability = Reachability(attempts=3, seconds=0.2)
        for _ in range(3):  # three failures at once, then silence: only the timer can decide
            assert reachability.failed("m", "connection refused") is None
        if ends_after is not None:
            await asyncio.sleep(ends_after)
            reachability.answered()  # the server is back before the window closed
        await asyncio.wait_for(reachability.given_up.wait(), 1.0) if ends_after is None else await asyncio.sleep(0.3)
        return reachability.gave_up

    assert isinstance(asyncio.run(outage(None)), EndpointUnreachable)
    assert asyncio.run(outage(0.05)) is None


def test_never_giving_up_keeps_retrying_each_call_on_its_own() -> None:
    client = client_at(f"http://127.0.0.1:{closed_port()}/v1", give_up_after=None, max_attempts=3)
    failures = asyncio.run(outcomes(client, 20))
    assert all(isinstance(failure, ModelError) for failure in failures)
    assert client.usage.requests == 60  # every call made all its attempts


def test_a_served_environments_grader_never_gives_up() -> None:
    pool = GraderPool(GraderSpec(name="llm", base_url=f"http://127.0.0.1:{closed_port()}/v1", api_key="sk-test"))
    pool.grader()
    [client] = pool.clients
    assert client.reachability.attempts is None
    asyncio.run(pool.aclose())


def sweep(*args: str) -> tuple[int, str]:
    given = ["--tasks", str(LABELLED_TASKS_PATH), "--per-family", "2"] if "--resume" not in args else []
    result = runner.invoke(app, ["sweep", *given, "--no-cache", *args])  # 6 attempts: retries outlast the window
    return result.exit_code, result.stderr


def test_a_sweep_against_a_dead_policy_endpoint_stops_and_resumes_when_it_is_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shorten_client_waits(monkeypatch)  # given up after 0.5 s of refused connections, not 5 s
    port = closed_port()
    base_url = f"http://127.0.0.1:{port}/v1"
    code, said = sweep("--policy", "openai:test-model", "--policy-base-url", base_url, "--policy-api-key", "sk-test",
                       "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 1, said
    assert "the endpoint cannot be reached (connection refused)" in said
    assert f"The endpoint: {base_url}" in said
    assert f"nohallucinate sweep --resume {tmp_path / 'run'}" in said
    with OpenAIServer(port=port):
        code, said = sweep("--resume", str(tmp_path / "run"), "--policy-api-key", "sk-test")
    assert code == 0, said
    verdicts = read_verdicts(tmp_path / "run")
    assert len(verdicts) == 14 and not any(verdict.errored for verdict in verdicts)
    assert json.loads((tmp_path / "run" / "run.json").read_text())["policy"] == "openai:test-model"


def test_a_sweep_against_a_dead_grader_endpoint_stops_too(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shorten_client_waits(monkeypatch)
    base_url = f"http://127.0.0.1:{closed_port()}/v1"
    code, said = sweep("--policy", "always_abstain", "--grader", "llm", "--grader-base-url", base_url,
                       "--grader-api-key", "sk-test", "--out", str(tmp_path / "run"))  # fmt: skip
    assert code == 1 and "the endpoint cannot be reached (connection refused)" in said
    assert f"The endpoint: {base_url}" in said
