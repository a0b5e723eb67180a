"""A call's deadline bounds all its attempts together, and every retry is announced on the client's logger."""

from __future__ import annotations

import asyncio
import logging
import re
import time

import pytest

from nohallucinate.models import ClientSettings, Endpoint, ModelClient, ModelError
from support.openai_server import Hang, OpenAIServer, Reply, Status

MESSAGES = [{"role": "user", "content": "In what year did Ada Quillfeather receive the Orrery Prize?"}]
RETRY_LOGGER = "nohallucinate.models.client"


@pytest.fixture
def server():
    with OpenAIServer() as running:
        yield running


def client_for(server: OpenAIServer, **options) -> ModelClient:
    options.setdefault("backoff", (0.05, 0.1))
    return ModelClient(Endpoint(model="test-model", base_url=server.url, api_key="sk-test"), **options)


async def complete(client: ModelClient, sample: int = 0):
    try:
        return await client.complete(MESSAGES, sample=sample)
    finally:
        await client.aclose()


def retry_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == RETRY_LOGGER]


def test_a_hung_endpoint_fails_at_the_deadline_not_after_every_attempt(
    server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=RETRY_LOGGER)
    server.script(*[Hang()] * 20)
    # Without a deadline this would take 10 attempts of 0.2 s and the waits between them (2.5 s): the deadline stops
    # it at 1.5 s. How many attempts fit before depends on how busy the machine is (about six on an idle one), so
    # the test asks only for a retry, and for the cut before the 10th.
    client = client_for(server, timeout=0.2, max_attempts=10, deadline=1.5, backoff=(0.05, 0.05))
    with pytest.raises(ModelError, match=r"no answer within the call deadline of 1.5 s \(\d attempts; last failure"):
        asyncio.run(complete(client))
    assert 2 <= client.usage.requests < 10 and client.usage.failures == 1  # cut off at the deadline, not the 10th
    lines = retry_lines(caplog)
    assert len(lines) == client.usage.retries == client.usage.requests - 1
    assert lines[0].startswith(f"retrying test-model at {server.url} (call ")
    assert "after APITimeoutError: Request timed out.: attempt 2 of 10 in " in lines[0]
    assert all(f"attempt {number} of 10" in line for number, line in enumerate(lines, start=2))


def test_the_deadline_cuts_off_a_request_longer_than_the_timeout_allows(server: OpenAIServer) -> None:
    server.script(Hang())
    client = client_for(server, timeout=120.0, deadline=0.5)  # the defaults' shape: a long per-request timeout
    started = time.perf_counter()
    with pytest.raises(ModelError, match=r"call deadline of 0\.5 s \(1 attempt\)"):
        asyncio.run(complete(client))
    assert time.perf_counter() - started < 60  # far from the request's 120 s timeout: wide slack for a busy machine
    assert client.usage.requests == 1


def test_a_retry_after_past_the_deadline_fails_at_once(server: OpenAIServer, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger=RETRY_LOGGER)
    server.script(Status(429, "slow down", {"Retry-After": "30"}), Reply("too late to matter"))
    client = client_for(server, deadline=5.0)
    started = time.perf_counter()
    with pytest.raises(ModelError, match=r"call deadline of 5 s \(1 attempt; last failure HTTP 429: .*slow down\)"):
        asyncio.run(complete(client))
    assert time.perf_counter() - started < 15  # it did not sleep 30 s to fail afterwards (half that: wide slack)
    assert client.usage.requests == 1 and retry_lines(caplog) == []


def test_time_queued_for_a_concurrency_slot_is_not_counted() -> None:
    # One slot, four calls of 0.3 s each: the last waits 0.9 s for its slot, yet spends only 0.3 s of its own.
    with OpenAIServer(latency=0.3) as server:
        client = client_for(server, concurrency=1, deadline=0.6)

        async def four() -> list[str]:
            try:
                replies = await asyncio.gather(*(client.complete(MESSAGES, sample=i) for i in range(4)))
            finally:
                await client.aclose()
            return [reply.text for reply in replies]

        assert asyncio.run(four()) == ["I don't know."] * 4
        assert client.usage.failures == 0


def test_a_retry_is_announced_and_the_call_then_succeeds(
    server: OpenAIServer, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=RETRY_LOGGER)
    server.script(Status(503, "overloaded"), Reply("1952"))
    client = client_for(server, max_attempts=4)
    assert asyncio.run(complete(client)).text == "1952"
    [line] = retry_lines(caplog)
    assert re.search(r"after HTTP 503: .*overloaded: attempt 2 of 4 in 0\.\d s$", line)


def test_settings_carry_the_deadline_to_their_clients(server: OpenAIServer) -> None:
    server.script(Hang())
    assert ClientSettings().call_deadline == 300.0
    settings = ClientSettings(no_cache=True, call_deadline=0.3)
    with pytest.raises(ModelError, match=r"call deadline of 0\.3 s"):
        asyncio.run(complete(settings.client(Endpoint(model="m", base_url=server.url))))
