"""The model client against a real local HTTP server: retries, Retry-After, cache, failures, concurrency."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

from nohallucinate.models import Endpoint, MissingKeyError, ModelClient, ModelError, ResponseCache, Sampling
from support.openai_server import Delay, Drop, Malformed, OpenAIServer, Reply, Status

MESSAGES = [{"role": "user", "content": "On what day, month and year was Douglas Adams born?"}]


@pytest.fixture
def server():
    with OpenAIServer() as running:
        yield running


def client_for(server: OpenAIServer, **options) -> ModelClient:
    options.setdefault("backoff", (0.01, 0.05))
    return ModelClient(Endpoint(model="test-model", base_url=server.url, api_key="sk-test"), **options)


async def complete(client: ModelClient, **kwargs):
    try:
        return await client.complete(MESSAGES, **kwargs)
    finally:
        await client.aclose()


def test_a_plain_completion_and_its_accounting(server: OpenAIServer) -> None:
    server.script(Reply("11 March 1952."))
    client = client_for(server)
    completion = asyncio.run(complete(client))
    assert completion.text == "11 March 1952." and not completion.cached
    assert client.usage.calls == client.usage.requests == 1
    assert client.usage.prompt_tokens > 0 and client.usage.completion_tokens == 3
    assert server.requests[0]["model"] == "test-model" and server.requests[0]["messages"] == MESSAGES


def test_sampling_parameters_are_sent_and_unset_ones_are_not(server: OpenAIServer) -> None:
    client = client_for(server, sampling=Sampling(temperature=0.7, max_tokens=64, seed=3))
    asyncio.run(complete(client))
    sent = server.requests[0]
    assert (sent["temperature"], sent["max_completion_tokens"], sent["seed"]) == (0.7, 64, 3)
    assert "top_p" not in sent
    bare = client_for(server)
    asyncio.run(complete(bare))
    assert "temperature" not in server.requests[1]  # the graders set no temperature


def test_429_is_retried_after_the_servers_retry_after(server: OpenAIServer) -> None:
    server.script(Status(429, "slow down", {"Retry-After": "0.3"}), Reply("ok"))
    client = client_for(server)
    started = time.perf_counter()
    assert asyncio.run(complete(client)).text == "ok"
    assert time.perf_counter() - started >= 0.3
    assert (client.usage.requests, client.usage.retries) == (2, 1)


def test_retry_after_ms_is_honoured(server: OpenAIServer) -> None:
    server.script(Status(429, headers={"retry-after-ms": "250"}), Reply("ok"))
    started = time.perf_counter()
    asyncio.run(complete(client_for(server)))
    assert time.perf_counter() - started >= 0.25


@pytest.mark.parametrize(
    "failure",
    [Status(500), Status(502), Status(503), Drop(), Malformed(), Malformed('{"choices": []}')],
    ids=["500", "502", "503", "dropped-connection", "truncated-body", "no-choices"],
)
def test_transient_failures_are_retried(server: OpenAIServer, failure) -> None:
    server.script(failure, failure, Reply("ok"))
    client = client_for(server)
    assert asyncio.run(complete(client)).text == "ok"
    assert client.usage.retries == 2 and client.usage.failures == 0


def test_a_timeout_is_retried(server: OpenAIServer) -> None:
    server.script(Delay(2.0, Reply("too late")), Reply("ok"))
    client = client_for(server, timeout=1.0)
    assert asyncio.run(complete(client)).text == "ok"
    assert client.usage.retries == 1


def test_a_persistent_failure_raises_after_every_attempt(server: OpenAIServer) -> None:
    server.script(*[Status(500)] * 10)
    client = client_for(server, max_attempts=4)
    with pytest.raises(ModelError, match="HTTP 500"):
        asyncio.run(complete(client))
    assert (client.usage.requests, client.usage.failures) == (4, 1)


@pytest.mark.parametrize("code", [400, 401, 404])
def test_client_errors_are_not_retried(server: OpenAIServer, code: int) -> None:
    server.script(Status(code, "no"))
    client = client_for(server)
    with pytest.raises(ModelError, match=f"HTTP {code}"):
        asyncio.run(complete(client))
    assert client.usage.requests == 1


def test_the_cache_makes_a_second_identical_run_free(server: OpenAIServer, tmp_path: Path) -> None:
    first = client_for(server, cache=ResponseCache(tmp_path / "cache.sqlite"))
    asyncio.run(complete(first))
    asyncio.run(complete(client_for(server, cache=ResponseCache(tmp_path / "cache.sqlite")), sample=1))
    assert len(server.requests) == 2
    again = client_for(server, cache=ResponseCache(tmp_path / "cache.sqlite"))
    completion = asyncio.run(complete(again))
    assert completion.cached and len(server.requests) == 2
    assert (again.usage.calls, again.usage.cache_hits, again.usage.requests) == (1, 1, 0)


def test_the_cache_key_covers_model_messages_and_parameters(server: OpenAIServer, tmp_path: Path) -> None:
    path = tmp_path / "cache.sqlite"
    asyncio.run(complete(client_for(server, cache=ResponseCache(path))))
    asyncio.run(complete(client_for(server, cache=ResponseCache(path), sampling=Sampling(temperature=0.2))))
    asyncio.run(complete(client_for(server, cache=ResponseCache(path)), attempt=1))
    assert len(server.requests) == 3


def test_concurrency_is_bounded() -> None:
    with OpenAIServer(latency=0.1) as server:
        client = client_for(server, concurrency=3)

        async def many() -> None:
            try:
                await asyncio.gather(*(client.complete(MESSAGES, sample=i) for i in range(9)))
            finally:
                await client.aclose()

        asyncio.run(many())
        assert server.max_in_flight == 3 and len(server.requests) == 9


def test_endpoint_resolution_order() -> None:
    env = {"OPENAI_API_KEY": "from-env", "OPENAI_BASE_URL": "http://127.0.0.1:9/v1/"}
    assert Endpoint.resolve("m", api_key="flag", secrets={"openai_api_key": "secret"}, environ=env).api_key == "flag"
    assert Endpoint.resolve("m", secrets={"openai_api_key": "secret"}, environ=env).api_key == "secret"
    resolved = Endpoint.resolve("m", environ=env)
    assert (resolved.api_key, resolved.base_url) == ("from-env", "http://127.0.0.1:9/v1")
    assert Endpoint.resolve("m", base_url="http://127.0.0.1:9/v1", environ={}).api_key == "no-key-needed"
    with pytest.raises(MissingKeyError, match="OPENAI_API_KEY"):
        Endpoint.resolve("gpt-5-mini", environ={})
    assert "api_key" not in Endpoint.resolve("m", api_key="sk-secret", environ={}).describe()
    assert "sk-secret" not in repr(Endpoint.resolve("m", api_key="sk-secret", environ={}))
