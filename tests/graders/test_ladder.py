"""The reward ladder and F1@K arithmetic."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.graders import ABSTENTION_REWARD, Label, f1_at_k, labels_for, reward_for
from nohallucinate.tasks import Family


def test_short_answer_ladder() -> None:
    rewards = [reward_for(Family.PRECISE_FACT, label) for label in labels_for(Family.PRECISE_FACT)]
    assert labels_for(Family.PRECISE_FACT) == (Label.CORRECT, Label.NOT_ATTEMPTED, Label.INCORRECT)
    assert rewards == [1.0, 0.5, 0.0]


def test_defect_ladder() -> None:
    labels = labels_for(Family.UNRECORDED_FACT)
    assert labels == (Label.IDENTIFIED, Label.ABSTAINED, Label.CONFABULATED)
    assert [reward_for(Family.UNRECORDED_FACT, label) for label in labels] == [1.0, 0.5, 0.0]


def test_labels_do_not_cross_families() -> None:
    with pytest.raises(ValueError):
        reward_for(Family.PRECISE_FACT, Label.IDENTIFIED)
    with pytest.raises(ValueError):
        reward_for(Family.BIOGRAPHY, Label.F1_AT_K)
    assert reward_for(Family.BIOGRAPHY, Label.ABSTAINED) == 0.0


def test_abstention_floor() -> None:
    assert ABSTENTION_REWARD[Family.BIOGRAPHY] == 0.0
    assert all(ABSTENTION_REWARD[f] == 0.5 for f in Family if f is not Family.BIOGRAPHY)


def test_f1_at_k_worked_examples() -> None:
    assert f1_at_k(12, 0, 12) == (1.0, 1.0, 1.0)
    assert f1_at_k(0, 5, 12) == (0.0, 0.0, 0.0)
    assert f1_at_k(0, 0, 12) == (0.0, 0.0, 0.0)
    precision, recall, reward = f1_at_k(1, 0, 20)  # one safe sentence: perfect precision, worthless
    assert (precision, recall) == (1.0, 0.05) and reward == pytest.approx(2 * 0.05 / 1.05)
    precision, recall, reward = f1_at_k(30, 10, 20)  # recall is capped at 1
    assert (precision, recall) == (0.75, 1.0) and reward == pytest.approx(2 * 0.75 / 1.75)


@given(st.integers(0, 60), st.integers(0, 60), st.integers(1, 40))
def test_f1_at_k_is_bounded_and_monotone_in_support(supported: int, unsupported: int, k: int) -> None:
    _, _, reward = f1_at_k(supported, unsupported, k)
    assert 0.0 <= reward <= 1.0
    assert f1_at_k(supported + 1, unsupported, k)[2] >= reward
    assert f1_at_k(supported, unsupported + 1, k)[2] <= reward
