"""The agreement figures on small hand-computed cases, their intervals, and their properties."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nohallucinate.agreement import measure
from nohallucinate.graders import Label

C, N, W = Label.CORRECT, Label.NOT_ATTEMPTED, Label.INCORRECT  # W: wrong


def test_hand_computed_figures() -> None:
    # reference C C C C N N I I I W, grader C C C I N C I I I N
    pairs = [(C, C), (C, C), (C, C), (C, W), (N, N), (N, C), (W, W), (W, W), (W, W), (W, N)]
    figures = measure(pairs, resamples=0)
    assert figures.n == 10 and figures.labels == (C, N, W)
    assert figures.accuracy.estimate == pytest.approx(0.7)
    # p_e = (4*4 + 2*2 + 4*4) / 100 = 0.36; kappa = (0.7 - 0.36) / 0.64
    assert figures.kappa.estimate == pytest.approx(0.34 / 0.64)
    assert figures.confusion[C] == {C: 3, N: 0, W: 1} and figures.confusion[N] == {C: 1, N: 1, W: 0}
    assert figures.precision[C].estimate == pytest.approx(3 / 4) and figures.recall[C].estimate == pytest.approx(3 / 4)
    assert figures.precision[N].estimate == pytest.approx(1 / 2) and figures.recall[N].estimate == pytest.approx(1 / 2)
    assert figures.reference_share[C] == pytest.approx(0.4) and figures.grader_share[C].estimate == pytest.approx(0.4)


def test_kappa_when_one_label_is_used() -> None:
    assert measure([(C, C), (C, C)], resamples=0).kappa.estimate == 1.0
    # Only CORRECT in the reference and only INCORRECT from the grader: chance agreement is 0, so is kappa.
    assert measure([(C, W), (C, W)], resamples=0).kappa.estimate == 0.0


def test_a_figure_with_nothing_to_count_is_none() -> None:
    figures = measure([(C, C), (W, C)], resamples=50)
    assert figures.recall[W].estimate == 0.0 and figures.precision[W].estimate is None


def test_intervals_hold_the_estimate_and_narrow_with_more_rows() -> None:
    few = measure([(C, C)] * 8 + [(C, W)] * 2, resamples=500)
    many = measure([(C, C)] * 800 + [(C, W)] * 200, resamples=500)
    for figures in (few, many):
        assert figures.accuracy.low <= figures.accuracy.estimate <= figures.accuracy.high
    assert many.accuracy.high - many.accuracy.low < few.accuracy.high - few.accuracy.low


def test_no_rows_is_an_error() -> None:
    with pytest.raises(ValueError, match="no rows"):
        measure([])


def test_the_same_seed_gives_the_same_intervals_in_another_process() -> None:
    script = (
        "import json; from nohallucinate.agreement import measure; from nohallucinate.graders import Label as L\n"
        "pairs = [(L.CORRECT, L.CORRECT)] * 30 + [(L.CORRECT, L.INCORRECT)] * 7 + [(L.INCORRECT, L.INCORRECT)] * 9\n"
        "f = measure(pairs, resamples=300, seed=5)\n"
        "print(json.dumps([f.accuracy.low, f.accuracy.high, f.kappa.low, f.kappa.high]))"
    )
    runs = [
        json.loads(
            subprocess.run(
                [sys.executable, "-c", script], capture_output=True, text=True, check=True, env={"PYTHONHASHSEED": seed}
            ).stdout
        )
        for seed in ("1", "2")
    ]
    assert runs[0] == runs[1]


labels = st.sampled_from([C, N, W])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(labels, labels), min_size=1, max_size=60))
def test_figures_stay_in_range_and_accuracy_is_the_trace(pairs: list[tuple[Label, Label]]) -> None:
    figures = measure(pairs, resamples=20)
    trace = sum(figures.confusion[label][label] for label in figures.labels)
    assert figures.accuracy.estimate == pytest.approx(trace / len(pairs))
    assert sum(sum(row.values()) for row in figures.confusion.values()) == len(pairs)
    assert figures.kappa.estimate is None or -1.0 <= figures.kappa.estimate <= 1.0
    for interval in (*figures.precision.values(), *figures.recall.values(), *figures.grader_share.values()):
        assert interval.estimate is None or 0.0 <= interval.estimate <= 1.0
