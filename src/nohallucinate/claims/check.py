"""The outcome of checking one claim against a reference, whichever checker made it."""

from __future__ import annotations

from dataclasses import dataclass

SUPPORT_THRESHOLD = 0.5  # a claim is hallucinated when neutral + contradiction exceeds this


@dataclass(frozen=True)
class Probabilities:
    """An NLI judgement of a hypothesis against a premise; the three sum to 1."""

    entailment: float
    neutral: float
    contradiction: float

    @property
    def hall_prob(self) -> float:
        """The hallucination probability: neutral + contradiction."""
        return self.neutral + self.contradiction


@dataclass(frozen=True)
class ClaimCheck:
    """Whether the reference backs one claim, and why; model checks also carry their NLI probabilities."""

    claim: str
    supported: bool
    reason: str
    evidence: str | None = None
    probabilities: Probabilities | None = None

    @property
    def hall_prob(self) -> float:
        """neutral + contradiction for an NLI check; 0.0 or 1.0 for a yes/no check."""
        if self.probabilities is not None:
            return self.probabilities.hall_prob
        return 0.0 if self.supported else 1.0
