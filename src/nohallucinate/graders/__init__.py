"""Graders: turn a task and a reply into a verdict on the reward ladder."""

from nohallucinate.graders.base import Grader
from nohallucinate.graders.ladder import ABSTENTION_REWARD, Label, f1_at_k, labels_for, reward_for
from nohallucinate.graders.local import LocalGrader
from nohallucinate.graders.verdict import Verdict

GRADERS = {"local": LocalGrader}


def make_grader(name: str) -> Grader:
    """The grader registered under `name`."""
    try:
        return GRADERS[name]()
    except KeyError:
        raise ValueError(f"unknown grader {name!r}; choose one of: {', '.join(GRADERS)}") from None


__all__ = [
    "ABSTENTION_REWARD",
    "GRADERS",
    "Grader",
    "Label",
    "LocalGrader",
    "Verdict",
    "f1_at_k",
    "labels_for",
    "make_grader",
    "reward_for",
]
