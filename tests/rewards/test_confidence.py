"""Reading a stated confidence: strict, and nothing but a well-formed number is ever cut from a reply."""

from __future__ import annotations

import time

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.rewards import read_confidence


@pytest.mark.parametrize(
    ("reply", "answer", "value"),
    [
        ("Paris.\nConfidence: 0.73", "Paris.", 0.73),
        ("Paris.\n\nconfidence:1\n\n", "Paris.", 1.0),
        ("Paris.\nCONFIDENCE:   0.000001", "Paris.", 0.000001),
        ("Paris.\nConfidence: 1.0", "Paris.", 1.0),
        ("Confidence: 0", "", 0.0),
    ],
)
def test_a_last_line_with_a_number_from_0_to_1_is_read(reply: str, answer: str, value: float) -> None:
    stated = read_confidence(reply)
    assert (stated.answer, stated.value, stated.status) == (answer, value, "stated")


@pytest.mark.parametrize(
    "reply",
    [
        "Paris.\nConfidence: 73%",
        "Paris.\nConfidence: high",
        "Paris.\nConfidence: 1.5",
        "Paris.\nConfidence: .7",
        "Paris.\nConfidence: 0.1234567",
        "Paris.\n**Confidence:** 0.7",
        "Paris. Confidence: 0.9",
        "Confidence: 0.9\nParis.",
        "Paris.\nConfidence: 0.2\nConfidence: 0.9",
        "Paris.\n- confidence 0.4",
    ],
)
def test_anything_else_that_looks_like_one_is_malformed_and_the_reply_kept_whole(reply: str) -> None:
    stated = read_confidence(reply)
    assert (stated.answer, stated.value, stated.status) == (reply, None, "malformed")


def test_a_title_that_opens_a_line_is_no_attempt() -> None:
    stated = read_confidence("Confidence Man was the film.\nConfidence: 0.8")
    assert (stated.answer, stated.value, stated.status) == ("Confidence Man was the film.", 0.8, "stated")


@pytest.mark.parametrize("reply", ["Paris.", "I have every confidence it is Paris.", ""])
def test_a_reply_without_one_is_missing_it(reply: str) -> None:
    assert read_confidence(reply).status == "missing" and read_confidence(reply).answer == reply


@given(st.text())
def test_what_is_cut_is_only_a_last_line_holding_a_number(reply: str) -> None:
    """Property: the answer is the reply itself, or a prefix of it after which only whitespace and one
    `Confidence: <number>` line follow; a value is read exactly when it is in [0, 1]."""
    stated = read_confidence(reply)
    if stated.status != "stated":
        assert stated.answer == reply and stated.value is None
        return
    assert stated.value is not None and 0.0 <= stated.value <= 1.0
    assert reply.startswith(stated.answer)
    rest = reply[len(stated.answer) :].strip()
    assert rest.lower().startswith("confidence:") and "\n" not in rest


def test_reading_grows_linearly_with_the_reply() -> None:
    """Walls of newlines, punctuation or confidence words: four times as long takes about four times as long (a
    quadratic reader would take sixteen); a ratio with wide slack, not a time."""

    def cost(size: int) -> float:
        walls = ["\n" * size, "-" * size, "confidence " * (size // 10), ("*\n" * (size // 2)) + "x"]
        best = float("inf")
        for _ in range(3):
            started = time.perf_counter()
            for wall in walls:
                read_confidence(wall)
            best = min(best, time.perf_counter() - started)
        return best

    assert cost(200_000) < 10 * cost(50_000) + 0.01
