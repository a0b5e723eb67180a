"""Policies: produce a reply to a task."""

from nohallucinate.policies.base import Policy
from nohallucinate.policies.baselines import ABSTENTION, AlwaysAbstain, AlwaysConfident, confident_answer

POLICIES = {"always_abstain": AlwaysAbstain, "always_confident": AlwaysConfident}


def make_policy(name: str) -> Policy:
    """The policy registered under `name`."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise ValueError(f"unknown policy {name!r}; choose one of: {', '.join(POLICIES)}") from None


__all__ = [
    "ABSTENTION",
    "POLICIES",
    "AlwaysAbstain",
    "AlwaysConfident",
    "Policy",
    "confident_answer",
    "make_policy",
]
