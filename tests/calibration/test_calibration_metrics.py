"""Brier, ECE and AUROC against hand computations, scikit-learn and a published example."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.calibration import auroc, brier_score, calibration_error

sklearn_metrics = pytest.importorskip("sklearn.metrics")  # the `enoki` extra; `make test` has it


def test_brier_by_hand() -> None:
    # (0.9-1)^2 + (0.8-0)^2 + (0.3-0)^2 + (0.6-1)^2 = 0.01 + 0.64 + 0.09 + 0.16 = 0.90; / 4
    assert brier_score([0.9, 0.8, 0.3, 0.6], [1, 0, 0, 1]) == pytest.approx(0.225)


@given(st.lists(st.tuples(st.floats(0, 1), st.integers(0, 1)), min_size=1, max_size=60))
def test_brier_equals_scikit_learns(pairs: list[tuple[float, int]]) -> None:
    confidences, outcomes = [q for q, _ in pairs], [y for _, y in pairs]
    expected = sklearn_metrics.brier_score_loss(outcomes, confidences, pos_label=1)
    assert brier_score(confidences, outcomes) == pytest.approx(expected, abs=1e-12)


TIED = st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.7, 1.0])


@given(st.lists(st.tuples(TIED, st.integers(0, 1)), min_size=2, max_size=60))
def test_auroc_equals_scikit_learns_ties_included(pairs: list[tuple[float, int]]) -> None:
    confidences, outcomes = [q for q, _ in pairs], [y for _, y in pairs]
    if len(set(outcomes)) < 2:
        assert auroc(confidences, outcomes) is None
        return
    assert auroc(confidences, outcomes) == pytest.approx(sklearn_metrics.roc_auc_score(outcomes, confidences))


def test_equal_width_ece_matches_the_published_torchmetrics_example() -> None:
    """torchmetrics' `BinaryCalibrationError(n_bins=2, norm='l1')` docstring: these five predictions give 0.2900."""
    error = calibration_error([0.25, 0.25, 0.55, 0.75, 0.75], [0, 0, 1, 1, 1], bins=2, binning="width")
    assert error.ece == pytest.approx(0.29)
    assert [(b.n, b.accuracy) for b in error.bins] == [(2, 0.0), (3, 1.0)]


def test_equal_mass_ece_by_hand() -> None:
    # Six items, three bins of two: (0.1, 0.2 | 0, 1), (0.4, 0.6 | 0, 0), (0.8, 0.9 | 1, 1)
    # gaps |0.5 - 0.15| = 0.35, |0 - 0.5| = 0.5, |1 - 0.85| = 0.15; each weighs 1/3: ECE = 1.0 / 3
    error = calibration_error([0.6, 0.1, 0.9, 0.2, 0.8, 0.4], [0, 0, 1, 1, 1, 0], bins=3)
    assert [b.n for b in error.bins] == [2, 2, 2]
    assert error.ece == pytest.approx(1.0 / 3)


def test_equal_confidences_share_a_bin() -> None:
    """A constant confidence is one bin: cutting it into ten would make ten accuracies that differ by chance."""
    error = calibration_error([0.7] * 100, [1] * 70 + [0] * 30, bins=10)
    assert len(error.bins) == 1 and error.ece == pytest.approx(0.0)
    error = calibration_error([0.2] * 5 + [0.9] * 5, [0] * 5 + [1] * 5, bins=4)
    assert [b.n for b in error.bins] == [5, 5]


def test_equal_mass_bins_agree_with_scikit_learns_quantile_curve_when_no_tie_straddles_a_cut() -> None:
    rng = random.Random(7)
    confidences = [rng.random() for _ in range(1_000)]
    outcomes = [int(rng.random() < q) for q in confidences]
    error = calibration_error(confidences, outcomes, bins=10)
    accuracy, confidence = sklearn_metrics_calibration_curve(outcomes, confidences)
    assert [b.accuracy for b in error.bins] == pytest.approx(list(accuracy), abs=1e-9)
    assert [b.confidence for b in error.bins] == pytest.approx(list(confidence), abs=1e-9)


def sklearn_metrics_calibration_curve(outcomes: list[int], confidences: list[float]) -> tuple[list[float], list[float]]:
    from sklearn.calibration import calibration_curve

    return calibration_curve(outcomes, confidences, n_bins=10, strategy="quantile")


@pytest.mark.parametrize("bad", [([], []), ([0.5], [1, 0]), ([1.5], [1]), ([0.5], [2])])
def test_bad_input_is_refused(bad: tuple[list[float], list[int]]) -> None:
    with pytest.raises(ValueError):
        brier_score(*bad)
