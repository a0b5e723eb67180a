"""The reward rule of a run: what abstaining earns (the threshold t), and whether a stated confidence is read and
scored. A grader decides the label; the rule turns the label (and the confidence) into the reward.

The ladder at threshold t (Kalai et al. 2025, "Why language models hallucinate", rescaled to [0, 1]): on the short
families a correct answer or a named defect earns 1, an abstention earns t and a confident error 0, so answering
pays exactly when the model is more than t sure. t = 0.5 is the spec's ladder; `threshold=None` is that ladder
with the spec's prompt, which says what a reply is worth in words rather than numbers. Biography is never
rescored: F1@K, and 0.0 for an abstention, at every t.

Confidence (`confidence`):
- "off": the reply is graded as written, a `Confidence:` line included (the spec's behaviour).
- "report": the last line's confidence is read (`rewards.confidence`) and recorded, and the answer graded without
  it; the reward is the ladder's. Calibration metrics (Brier, ECE, AUROC) are computed wherever a run has it.
- "brier": as "report", and the reward adds the Brier rule. With y = 1 for full credit and 0 for a confident
  error, and q the stated confidence,

      answered:  R = (1 + y - (q - y)^2) / 2
      abstained: R = (1 + t^2 - q^2) / 2     (q = 0 when no confidence is stated)

  An answer right with probability p and stated at q earns (1 + p - p(1-p) - (q-p)^2) / 2 on average, most at
  q = p (the Brier score is proper), where it is (1 + p^2) / 2; that beats abstaining exactly when p > t. So the
  abstention reward is what a calibrated answer at confidence exactly t earns, and the threshold means the same
  as on the ladder. This is RLCR's correctness-plus-Brier reward (Damani et al. 2025) with an abstention added,
  mapped from [-1, 1] to [0, 1]. A missing or malformed confidence on an answer is scored as the worst: q = 1 - y
  (the Brier term 1), so that leaving it out never pays. An abstention needs no confidence; a confidence stated on
  a reply graded as one is a claim to be right that was not (y = 0), and is scored so. That matters for a defect
  claim: every grader grades a defect the row does not have, when it has another, as an abstention (the spec's
  grading), so without the term a policy that knows a question is defective but not how could state 1.0 on every
  defect claim and lose nothing when it named the wrong one.

Biography is graded as written under every rule: its reply is not read for a confidence (a confidence line there
is a sentence like any other), and its F1@K is its reward.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from nohallucinate.graders.ladder import ABSTENTIONS, FULL_CREDIT, Label
from nohallucinate.graders.verdict import Verdict
from nohallucinate.rewards.confidence import StatedConfidence
from nohallucinate.tasks import Family, FamilySpec, Kind, spec_of

ConfidenceMode = Literal["off", "report", "brier"]
CONFIDENCE_MODES: tuple[ConfidenceMode, ...] = ("off", "report", "brier")
SPEC_THRESHOLD = 0.5


class RewardRule(BaseModel):
    """The threshold abstaining earns and how a stated confidence counts; the default is the spec's ladder."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    # In (0, 1). None: the spec's 0.5, with the spec's prompt (which states no number).
    threshold: float | None = Field(default=None, gt=0.0, lt=1.0, allow_inf_nan=False)
    confidence: ConfidenceMode = "off"

    @property
    def t(self) -> float:
        """The threshold in force: what an abstention earns on the ladder."""
        return SPEC_THRESHOLD if self.threshold is None else self.threshold

    @property
    def is_spec(self) -> bool:
        """Whether this is the spec's rule: every reward, prompt and output as without a rule."""
        return self.threshold is None and self.confidence == "off"

    @property
    def reads_confidence(self) -> bool:
        return self.confidence != "off"

    def describe(self) -> str:
        """A few words for titles and logs: "threshold 0.75, confidence brier"."""
        parts = [f"threshold {self.t:g}" + ("" if self.threshold is not None else " (the spec's)")]
        if self.reads_confidence:
            parts.append(f"confidence {self.confidence}")
        return ", ".join(parts)

    def record(self) -> dict[str, float | str]:
        """The rule as the surfaces that serve or export tasks record it beside a reward or a prompt (a served
        reward's metadata, a verifiers trace, an exported row; only under a rule other than the spec's): the
        threshold in force and the confidence mode."""
        return {"threshold": self.t, "confidence_mode": self.confidence}

    def abstention_reward(self, family: Family | FamilySpec) -> float:
        """What an honest "I don't know" earns in `family` under this rule: the floor no fixed policy may beat."""
        if spec_of(family).kind is Kind.LONG_FORM:
            return 0.0
        t = self.t
        return (1 + t * t) / 2 if self.confidence == "brier" else t

    def reward(self, family: Family | FamilySpec, label: Label, confidence: float | None = None) -> float:
        """The reward of a short family's `label` (not biography's, which F1@K computes) with the stated
        `confidence` (None when missing or malformed; read only in "brier")."""
        if spec_of(family).kind is Kind.LONG_FORM:
            raise ValueError("a biography's reward is F1@K, which no rule changes")
        if label in ABSTENTIONS:
            if self.confidence != "brier" or confidence is None:
                return self.abstention_reward(family)
            return self.abstention_reward(family) - confidence**2 / 2  # a claim to be right, and it was not
        y = 1.0 if label in FULL_CREDIT else 0.0
        if self.confidence != "brier":
            return y
        q = 1.0 - y if confidence is None else confidence
        return (1 + y - (q - y) ** 2) / 2

    def rescored(self, verdict: Verdict, stated: StatedConfidence | None = None) -> Verdict:
        """`verdict` under this rule: its reward from its label (and `stated`, which the detail records). An
        errored verdict, a biography's and every verdict under the spec's rule are returned as they are; a reply
        not read at all (past its length limit) has its confidence recorded as unread, with no value."""
        if self.is_spec or verdict.errored or verdict.label is None:
            return verdict
        if spec_of(verdict.family).kind is Kind.LONG_FORM:
            return verdict  # graded as written, its F1@K its reward
        detail: dict[str, Any] = dict(verdict.detail)
        value = None if stated is None or _unread(verdict) else stated.value
        reward = self.reward(verdict.family, verdict.label, value)
        if self.reads_confidence:
            shown = (stated or StatedConfidence("", None, "missing")).as_detail()
            detail["confidence"] = {"value": None, "status": "unread"} if _unread(verdict) else shown
        return verdict.model_copy(update={"reward": reward, "detail": detail})


def _unread(verdict: Verdict) -> bool:
    """Whether the reply was not read at all (past its length limit): its confidence line is not read either."""
    return bool(verdict.detail.get("over_length"))
