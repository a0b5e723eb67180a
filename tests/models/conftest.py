"""A local server whose every answer names its question, for the cache tests: an answer shows where it came from."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from support.openai_server import OpenAIServer, Reply


def answer(request: dict) -> Reply:
    return Reply("answer to " + request["messages"][0]["content"])


@pytest.fixture
def answering_server() -> Iterator[OpenAIServer]:
    with OpenAIServer(answer) as running:
        yield running
