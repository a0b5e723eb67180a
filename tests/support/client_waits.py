"""Shorter waits for the model clients a command makes in the test's own process (`CliRunner`).

A command's clients back off from half a second between attempts and give an endpoint that refuses connections
five seconds before stopping. A test of what happens on retries or an outage (each failure retried and said so, a
sweep that stops and resumes) needs the same retries and the same giving up, not the same seconds: these
defaults of `ModelClient` are set for one test, through pytest's `monkeypatch`, and are restored after it.
"""

from __future__ import annotations

import pytest

from nohallucinate.models.client import ModelClient


def shorten_client_waits(
    monkeypatch: pytest.MonkeyPatch, *, backoff: tuple[float, float] = (0.1, 1.0), give_up_seconds: float = 0.5
) -> None:
    """Every `ModelClient` made in this test backs off from `backoff[0]` seconds, doubling up to `backoff[1]`, and
    gives up an endpoint that cannot be reached after `give_up_seconds` (and as many attempts as by default).

    With the defaults here six attempts still span over two seconds (0.1 + 0.2 + 0.4 + 0.8 + 1.0), so retries
    outlast the give-up window as they do with the real defaults (0.5 s doubling, 5 s)."""
    defaults = ModelClient.__init__.__kwdefaults__
    assert defaults is not None and {"backoff", "give_up_seconds"} <= set(defaults)
    monkeypatch.setitem(defaults, "backoff", backoff)
    monkeypatch.setitem(defaults, "give_up_seconds", give_up_seconds)
