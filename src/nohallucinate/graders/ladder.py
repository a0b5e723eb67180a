"""The reward ladder: every verdict label and the reward it earns, in one table."""

from __future__ import annotations

from enum import StrEnum

from nohallucinate.tasks import Family


class Label(StrEnum):
    """Verdict labels shared by the local and the model-based graders."""

    # Short answerable families, on the SimpleQA boundary.
    CORRECT = "CORRECT"
    NOT_ATTEMPTED = "NOT_ATTEMPTED"
    INCORRECT = "INCORRECT"
    # Unanswerable families, against the row's verified defect.
    IDENTIFIED = "IDENTIFIED"
    ABSTAINED = "ABSTAINED"
    CONFABULATED = "CONFABULATED"
    # Biography: scored by F1@K (an abstention there is ABSTAINED and earns 0.0).
    F1_AT_K = "F1@K"


SHORT_ANSWER_REWARDS = {Label.CORRECT: 1.0, Label.NOT_ATTEMPTED: 0.5, Label.INCORRECT: 0.0}
DEFECT_REWARDS = {Label.IDENTIFIED: 1.0, Label.ABSTAINED: 0.5, Label.CONFABULATED: 0.0}
BIOGRAPHY_LABELS = (Label.F1_AT_K, Label.ABSTAINED)

# The reward an honest "I don't know" earns in each family: the floor no constant policy may beat.
ABSTENTION_REWARD = {family: 0.0 if family is Family.BIOGRAPHY else 0.5 for family in Family}
# Confident errors: what a calibrated policy with the same knowledge would have turned into abstentions.
CONFIDENT_ERRORS = frozenset({Label.INCORRECT, Label.CONFABULATED})


def calibrated_reward(family: Family, label: Label | None, reward: float) -> float:
    """The reward had a confident error been an abstention instead (every other verdict keeps its reward)."""
    return ABSTENTION_REWARD[family] if label in CONFIDENT_ERRORS else reward


def labels_for(family: Family) -> tuple[Label, ...]:
    """The labels a verdict in this family may carry, best first."""
    if family.is_answerable_short:
        return tuple(SHORT_ANSWER_REWARDS)
    if family.is_unanswerable:
        return tuple(DEFECT_REWARDS)
    return BIOGRAPHY_LABELS


def reward_for(family: Family, label: Label) -> float:
    """The fixed reward of a ladder label; biography's F1@K reward is computed, not looked up."""
    table = SHORT_ANSWER_REWARDS if family.is_answerable_short else DEFECT_REWARDS
    if family is Family.BIOGRAPHY:
        if label is Label.ABSTAINED:
            return 0.0
        raise ValueError("a biography F1@K reward is computed from its claims, not looked up")
    if label not in table:
        raise ValueError(f"label {label} does not belong to family {family.value}")
    return table[label]


def f1_at_k(supported: int, unsupported: int, k: int) -> tuple[float, float, float]:
    """Precision, recall@K and their harmonic mean (0.0 when nothing is supported)."""
    if k < 1:
        raise ValueError("K must be at least 1")
    total = supported + unsupported
    precision = supported / total if total else 0.0
    recall = min(1.0, supported / k)
    if precision + recall == 0:
        return precision, recall, 0.0
    return precision, recall, 2 * precision * recall / (precision + recall)
