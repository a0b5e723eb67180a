"""A decimal comma ("10,6", "14 857,33", as Czech or German write them) grades as the same number with a point: in
the reply and in the gold, at the precision it is written with. Before decimals were counted after a comma, "61,01"
passed for 61.4 and "2" for a gold of 1,82 (each rounds to the other's whole number): a red team's finding."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.graders import Label, LocalGrader
from nohallucinate.tasks import Family, Reply, Subject, Task

GRADER = LocalGrader()


def label(gold: str, reply: str) -> Label:
    task = Task(task_id="t", family=Family.PRECISE_FACT, tier="hard", question="How long was it?", gold=gold,
                subject=Subject(label="it"), provenance={})  # fmt: skip
    return GRADER.grade_now(task, Reply(task_id="t", response=reply)).label


@pytest.mark.parametrize(
    ("gold", "reply"),
    [
        ("61.4", "61,01"),  # the comma's decimals count: 61.01 is not 61.4 to one decimal
        ("61.4", "about 61,01"),
        ("0.64", "1,49"),
        ("92.71%", "92,5 %"),
        ("11.70 m/s", "12,0 m/s"),
        ("6.74", "Version 6,75."),
        ("1,82", "2"),  # the gold's decimals count: 2 is not 1.82
        ("1,82", "2.4"),
        ("3,7", "4 GPa"),
        ("13,44 m", "12,8 metrů"),
        ("0,95 kilometru", "1 km"),
    ],
)
def test_a_number_with_a_decimal_comma_is_held_to_its_decimals(gold: str, reply: str) -> None:
    assert label(gold, reply) is Label.INCORRECT


@pytest.mark.parametrize(
    ("gold", "reply"),
    [
        ("10,6", "Socha je vysoká 10,6 metru."),
        ("11,70 m/s", "Stoupavost byla 11,7 metrů za sekundu."),
        ("14 857,33", "Bylo to 14 857,33 kilometru."),
        ("61.4", "It was 61,4."),
        ("19,1 miliardy dolarů.", "19,1 miliard amerických dolarů"),
    ],
)
def test_the_right_number_with_a_decimal_comma_is_correct(gold: str, reply: str) -> None:
    assert label(gold, reply) is Label.CORRECT


@settings(max_examples=150, deadline=None)
@given(
    gold=st.integers(min_value=1, max_value=99_999),
    off=st.integers(min_value=-300, max_value=300),
    places=st.sampled_from([1, 2]),
)
def test_a_comma_grades_as_a_point(gold: int, off: int, places: int) -> None:
    """Any reply near any gold, each written with a decimal comma or a point, gets one label either way."""
    scale = 10**places
    gold_point = f"{gold // scale}.{gold % scale:0{places}d}"
    guess = max(gold + off, 0)
    reply_point = f"{guess // scale}.{guess % scale:0{places}d}"
    expected = label(gold_point, f"It was {reply_point}.")
    for gold_text in (gold_point, gold_point.replace(".", ",")):
        assert label(gold_text, f"It was {reply_point.replace('.', ',')}.") is expected, (gold_text, reply_point)
