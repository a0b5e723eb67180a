"""`durations` reads a time as a clock or in words as one form, so that a gold and a reply compare."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.durations import clocks_read, gold_clock
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable


@pytest.mark.parametrize(
    ("gold", "read"),
    [
        ("0:40:30", "0:40:30"),
        ("40:30", "0:40:30"),
        ("16:01.73 seconds", "0:16:01.73"),
        ("2:05:30", "2:05:30"),
        ("2 hours, 5 minutes and 30 seconds", "2:05:30"),
        ("Canberra", None),
        ("3:2", None),
        ("A Walk in Andante, 1:18", None),
    ],
)
def test_a_gold_that_is_one_duration_is_read_as_a_clock(gold: str, read: str | None) -> None:
    assert gold_clock(gold) == read


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("in 40 minutes and 30 seconds (40:30).", "in 0:40:30 (0:40:30)."),
        ("Trvalo mu to 16 minut a 1,73 sekundy.", "Trvalo mu to 0:16:01.73."),
        ("in 16 min 1.73 s.", "in 0:16:01.73."),
        ("in 2 hours 5 minutes 30 seconds", "in 2:05:30"),
        ("in 40 minutes", "in 40 minutes"),  # no seconds: no clock
    ],
)
def test_durations_in_a_reply_are_read_as_clocks(text: str, read: str) -> None:
    assert clocks_read(text) == read


@given(st.integers(0, 99), st.integers(0, 59), st.integers(0, 59))
def test_a_clock_and_its_words_read_alike(hours: int, minutes: int, seconds: int) -> None:
    words = f"{minutes} minutes and {seconds} seconds"
    if hours:
        words = f"{hours} hours, {words}"
    assert clocks_read(words) == clocks_read(f"{hours}:{minutes:02d}:{seconds:02d}") == gold_clock(words)


@pytest.mark.parametrize(
    ("gold", "reply", "label"),
    [
        ("0:40:30", "He finished in 40 minutes and 30 seconds (40:30).", Label.CORRECT),
        ("16:01.73", "Trvalo mu to 16 minut a 1,73 sekundy.", Label.CORRECT),
        ("2 hours 5 minutes and 30 seconds", "He finished in 2:05:30.", Label.CORRECT),
        ("40:30", "He finished in 1:40:30.", Label.INCORRECT),  # an hour more is another time
        ("0:40:30", "He finished in 40 minutes and 31 seconds.", Label.INCORRECT),
        ("0:40:30", "40 minutes and 30 seconds or 41 minutes and 2 seconds.", Label.INCORRECT),
        ("40:30", "He finished in 40:30, 2:15 behind the winner.", Label.CORRECT),  # a gap, not a second time
    ],
)
def test_a_time_in_either_form_is_graded_as_one(gold: str, reply: str, label: Label) -> None:
    assert judge_answerable("How long did the race take him?", gold, reply)[0] is label


@pytest.mark.parametrize(
    "frame", ["{a}, {b}.", "{a} or {b}", "{a}\n{b}", "{a}, maybe {b}.", "{a} / {b}", "{a} nebo {b}."]
)
@pytest.mark.parametrize(("one", "other"), [("40:30", "41:02"), ("40 minutes and 30 seconds", "41 minutes 2 seconds")])
def test_two_times_listed_pay_no_more_than_one(frame: str, one: str, other: str) -> None:
    reply = frame.format(a=one, b=other)
    labels = [judge_answerable("How long did the race take him?", gold, reply)[0] for gold in ("0:40:30", "41:02")]
    assert labels == [Label.INCORRECT, Label.INCORRECT]  # a list of times answers neither
