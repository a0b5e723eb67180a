"""Shared fixtures for the test suite."""

from __future__ import annotations

import os
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def shared_dir() -> Path:
    """The shared data directory ($NOHAL_SHARED, else ../shared next to the repository)."""
    default = Path(__file__).resolve().parents[1].parent / "shared"
    path = Path(os.environ.get("NOHAL_SHARED", default))
    if not path.is_dir():
        message = f"shared data not found at {path}; set NOHAL_SHARED"
        if os.environ.get("NOHAL_REQUIRE_SHARED") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return path


@pytest.fixture
def scripted_server():
    """A real chat-completions server on 127.0.0.1 answering as the scripted model."""
    from support.openai_server import OpenAIServer
    from support.scripted_model import scripted_model

    with OpenAIServer(scripted_model) as server:
        yield server
