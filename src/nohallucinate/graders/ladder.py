"""The reward ladder: every verdict label and the reward it earns, in one table."""

from __future__ import annotations

from enum import StrEnum

from nohallucinate.tasks import Family, FamilySpec, Kind, spec_of


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
    # Biography: scored by F1@K.
    F1_AT_K = "F1@K"


# Each kind of family: its labels best first, and the fixed reward of each (F1@K's is computed from claims).
LADDERS: dict[Kind, dict[Label, float | None]] = {
    Kind.SHORT_ANSWER: {Label.CORRECT: 1.0, Label.NOT_ATTEMPTED: 0.5, Label.INCORRECT: 0.0},
    Kind.DEFECT: {Label.IDENTIFIED: 1.0, Label.ABSTAINED: 0.5, Label.CONFABULATED: 0.0},
    Kind.LONG_FORM: {Label.F1_AT_K: None, Label.ABSTAINED: 0.0},  # an abstention there earns nothing
}
# The label a reply earns when it is not read at all (past its length limit): the bottom of its ladder.
BOTTOM_LABELS = {Kind.SHORT_ANSWER: Label.INCORRECT, Kind.DEFECT: Label.CONFABULATED, Kind.LONG_FORM: Label.F1_AT_K}
# Confident errors: what a calibrated policy with the same knowledge would have turned into abstentions.
CONFIDENT_ERRORS = frozenset({Label.INCORRECT, Label.CONFABULATED})
# The other rungs of the short ladders: full credit for an answer (or a named defect), and an abstention.
FULL_CREDIT = frozenset({Label.CORRECT, Label.IDENTIFIED})
ABSTENTIONS = frozenset({Label.NOT_ATTEMPTED, Label.ABSTAINED})


def abstention_reward(family: Family | FamilySpec) -> float:
    """The reward an honest "I don't know" earns in this family: the floor no constant policy may beat."""
    kind = spec_of(family).kind
    abstained = Label.NOT_ATTEMPTED if kind is Kind.SHORT_ANSWER else Label.ABSTAINED
    reward = LADDERS[kind][abstained]
    assert reward is not None
    return reward


ABSTENTION_REWARD = {family: abstention_reward(family) for family in Family}


def calibrated_reward(family: Family, label: Label | None, reward: float) -> float:
    """The reward had a confident error been an abstention instead (every other verdict keeps its reward)."""
    return abstention_reward(family) if label in CONFIDENT_ERRORS else reward


def labels_for(family: Family | FamilySpec) -> tuple[Label, ...]:
    """The labels a verdict in this family may carry, best first."""
    return tuple(LADDERS[spec_of(family).kind])


def bottom_label(family: Family | FamilySpec) -> Label:
    """The worst label of the family's ladder."""
    return BOTTOM_LABELS[spec_of(family).kind]


def reward_for(family: Family | FamilySpec, label: Label) -> float:
    """The fixed reward of a ladder label; biography's F1@K reward is computed, not looked up."""
    spec = spec_of(family)
    ladder = LADDERS[spec.kind]
    if label not in ladder:
        if spec.kind is Kind.LONG_FORM:
            raise ValueError("a biography F1@K reward is computed from its claims, not looked up")
        raise ValueError(f"label {label} does not belong to family {spec.name}")
    reward = ladder[label]
    if reward is None:
        raise ValueError("a biography F1@K reward is computed from its claims, not looked up")
    return reward


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
