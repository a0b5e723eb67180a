"""The one client for OpenAI-compatible chat completions: bounded concurrency, retries, cache, accounting."""

from __future__ import annotations

import asyncio
import email.utils
import json
import random
import time
from dataclasses import dataclass
from typing import Any

import openai
from tenacity import AsyncRetrying, RetryCallState, retry_if_exception, stop_after_attempt

from nohallucinate.models.cache import ResponseCache, request_key
from nohallucinate.models.endpoint import Endpoint, Sampling
from nohallucinate.models.usage import KNOWN_PRICES, Usage

Messages = list[dict[str, str]]

# Failures worth another attempt: rate limits, server errors, timeouts, dropped connections, garbled bodies.
_TRANSIENT = (
    openai.RateLimitError,
    openai.InternalServerError,
    openai.APITimeoutError,
    openai.APIConnectionError,
    openai.APIResponseValidationError,
    openai.ConflictError,
    json.JSONDecodeError,  # a truncated or garbled body: the SDK lets the parser's error through
)
_MAX_RETRY_AFTER = 120.0  # seconds; a server asking for longer is treated as failing


class ModelError(RuntimeError):
    """A completion that could not be obtained: the caller must treat it as an error, never as an answer."""


class _EmptyReply(Exception):
    """The server answered 200 with no usable message; retried like a garbled body."""


@dataclass(frozen=True)
class Completion:
    """One model reply and what it cost."""

    text: str
    prompt_tokens: int
    completion_tokens: int
    cached: bool


class ModelClient:
    """Chat completions from one endpoint, shared by every task of a run."""

    def __init__(
        self,
        endpoint: Endpoint,
        *,
        sampling: Sampling | None = None,
        concurrency: int = 16,
        max_attempts: int = 6,
        timeout: float = 120.0,
        cache: ResponseCache | None = None,
        price: tuple[float, float] | None = None,
        backoff: tuple[float, float] = (0.5, 30.0),
    ) -> None:
        self.endpoint = endpoint
        self.sampling = sampling or Sampling()
        self.usage = Usage(price=price or KNOWN_PRICES.get(endpoint.model))
        self._cache = cache
        self._limit = asyncio.Semaphore(concurrency)
        self._max_attempts = max_attempts
        self._backoff_base, self._backoff_cap = backoff
        self._sdk = openai.AsyncOpenAI(
            base_url=endpoint.base_url,
            api_key=endpoint.api_key,
            max_retries=0,
            timeout=timeout,
            http_client=openai.DefaultAioHttpClient(timeout=timeout),
        )

    async def complete(self, messages: Messages, *, attempt: int = 0, sample: int = 0) -> Completion:
        """The model's reply to `messages`. `attempt` asks afresh after an unusable reply; `sample` draws
        another sample of the same prompt. Both are part of the cache key, so a re-run replays exactly."""
        params = self.sampling.as_request()
        extra = {"attempt": attempt, "sample": sample}
        key = request_key(self.endpoint.base_url, self.endpoint.model, messages, {**params, **extra})
        self.usage.calls += 1
        if self._cache is not None and (hit := self._cache.get(key)) is not None:
            self.usage.cache_hits += 1
            return Completion(hit["text"], hit["prompt_tokens"], hit["completion_tokens"], cached=True)
        try:
            completion = await self._request(messages, params)
        except Exception as exc:
            self.usage.failures += 1
            raise ModelError(f"{self.endpoint.model} at {self.endpoint.base_url}: {_describe(exc)}") from exc
        self.usage.record(completion.prompt_tokens, completion.completion_tokens)
        if self._cache is not None:
            self._cache.put(
                key,
                {
                    "text": completion.text,
                    "prompt_tokens": completion.prompt_tokens,
                    "completion_tokens": completion.completion_tokens,
                },
            )
        return completion

    async def _request(self, messages: Messages, params: dict[str, Any]) -> Completion:
        retrying = AsyncRetrying(
            retry=retry_if_exception(lambda exc: isinstance(exc, (*_TRANSIENT, _EmptyReply))),
            stop=stop_after_attempt(self._max_attempts),
            wait=self._wait,
            before_sleep=self._count_retry,
            reraise=True,
        )
        async for attempt in retrying:
            with attempt:
                async with self._limit:
                    self.usage.requests += 1
                    # The SDK's documented route for raw requests, read as text: `create` would walk the body
                    # through its TypedDict transforms and build pydantic models of the reply, which together
                    # cost more CPU than the rest of a call. Errors and status codes are handled the same way.
                    body = await self._sdk.post(
                        "/chat/completions",
                        body={"model": self.endpoint.model, "messages": messages, **params},
                        cast_to=str,
                    )
                response = json.loads(body)
                return _completion_of(response)
        raise AssertionError("unreachable: tenacity re-raises the last error")

    def _wait(self, state: RetryCallState) -> float:
        """Honour the server's Retry-After (seconds or HTTP date, or retry-after-ms); else back off with jitter."""
        exc = state.outcome.exception() if state.outcome else None
        asked = _retry_after(exc)
        if asked is not None:
            return asked
        exponential = self._backoff_base * 2 ** (state.attempt_number - 1)
        return min(self._backoff_cap, exponential) + random.uniform(0, self._backoff_base)

    def _count_retry(self, _state: RetryCallState) -> None:
        self.usage.retries += 1

    async def aclose(self) -> None:
        await self._sdk.close()
        if self._cache is not None:
            self._cache.close()


def _completion_of(response: Any) -> Completion:
    """The message text and token counts of a chat-completions body; anything else is an unusable reply."""
    try:
        text = response["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise _EmptyReply("the response holds no message content") from None
    if not isinstance(text, str):
        raise _EmptyReply("the response holds no message content")
    usage = response.get("usage") or {}
    return Completion(
        text=text,
        prompt_tokens=usage.get("prompt_tokens") or 0,
        completion_tokens=usage.get("completion_tokens") or 0,
        cached=False,
    )


def _retry_after(exc: BaseException | None) -> float | None:
    response = getattr(exc, "response", None)
    headers = getattr(response, "headers", None)
    if headers is None:
        return None
    if (millis := headers.get("retry-after-ms")) is not None:
        try:
            return min(float(millis) / 1000, _MAX_RETRY_AFTER)
        except ValueError:
            pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return min(float(value), _MAX_RETRY_AFTER)
    except ValueError:
        parsed = email.utils.parsedate_to_datetime(value) if value else None
        return None if parsed is None else min(max(0.0, parsed.timestamp() - time.time()), _MAX_RETRY_AFTER)


def _describe(exc: BaseException) -> str:
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}: {exc.message}"
    return f"{type(exc).__name__}: {exc}"
