"""Rewards: the rule that turns a grader's label (and a stated confidence) into a reward, at any threshold."""

from nohallucinate.rewards.confidence import ConfidenceStatus, StatedConfidence, read_confidence
from nohallucinate.rewards.rule import CONFIDENCE_MODES, SPEC_THRESHOLD, ConfidenceMode, RewardRule
from nohallucinate.rewards.ruled import RuledGrader, under_rule

__all__ = [
    "CONFIDENCE_MODES",
    "SPEC_THRESHOLD",
    "ConfidenceMode",
    "ConfidenceStatus",
    "RewardRule",
    "RuledGrader",
    "StatedConfidence",
    "read_confidence",
    "under_rule",
]
