"""Shared fixtures for the test suite."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from hypothesis import settings

if TYPE_CHECKING:
    from nohallucinate.agreement import LabelledReply

_SESSION_CACHE = pytest.StashKey[str]()

# Property tests draw the same examples in every run, so that the suite passes or fails on the code alone (a
# random draw once failed CI on a corner no change had touched). `HYPOTHESIS_PROFILE=explore` draws afresh, to
# look for new counterexamples; pin each one found as an @example.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


def pytest_configure(config: pytest.Config) -> None:
    # Module- and session-scoped fixtures run before any per-test fixture, so the whole session gets a cache of
    # its own too: nothing the suite does may read or write the user's ~/.cache.
    config.stash[_SESSION_CACHE] = tempfile.mkdtemp(prefix="nohal-test-cache-")
    os.environ["NOHAL_CACHE_DIR"] = config.stash[_SESSION_CACHE]
    # The key that seals cache entries too: apart from every cache, and not the user's ~/.config one.
    os.environ["NOHAL_CACHE_KEY_FILE"] = str(Path(tempfile.mkdtemp(prefix="nohal-test-key-")) / "cache.key")


def pytest_unconfigure(config: pytest.Config) -> None:
    if _SESSION_CACHE in config.stash:
        shutil.rmtree(config.stash[_SESSION_CACHE], ignore_errors=True)
        shutil.rmtree(Path(os.environ["NOHAL_CACHE_KEY_FILE"]).parent, ignore_errors=True)


@pytest.fixture(scope="session")
def response_caches(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The directory that holds every test's own response cache."""
    return tmp_path_factory.mktemp("response-caches")


@pytest.fixture(autouse=True)
def private_response_cache(monkeypatch: pytest.MonkeyPatch, response_caches: Path) -> None:
    """Each test gets its own default response cache. The user's ~/.cache is shared between runs of the suite, and
    local servers reuse ports, so a cached answer from an earlier run could stand in for a request a test counts.
    (A fresh directory from `tempfile`, not from `tmp_path_factory.mktemp`: that one lists every directory made so
    far to number the next, which over three thousand tests adds up to seconds.)"""
    monkeypatch.setenv("NOHAL_CACHE_DIR", tempfile.mkdtemp(prefix="response-cache-", dir=response_caches))


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


@pytest.fixture(scope="session")
def graded_replies(shared_dir: Path) -> tuple[LabelledReply, ...]:
    """The shared SimpleQA replies graded by LLM judges (shared/data/graded_replies), read once: 23,853 rows."""
    from nohallucinate.agreement import load_labelled

    return tuple(load_labelled(shared_dir / "data/graded_replies/simpleqa_graded.jsonl"))


@pytest.fixture
def scripted_server():
    """A real chat-completions server on 127.0.0.1 answering as the scripted model."""
    from support.openai_server import OpenAIServer
    from support.scripted_model import scripted_model

    with OpenAIServer(scripted_model) as server:
        yield server
