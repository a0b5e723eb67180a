"""Graders: turn a task and a reply into a verdict on the reward ladder."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nohallucinate.errors import UserInputError
from nohallucinate.graders.llm.templates import OURS, SimpleQATemplate, load_simpleqa_template
from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.graders.base import Grader
    from nohallucinate.graders.group import GroupGrader, grade_group
    from nohallucinate.graders.hybrid import HybridGrader
    from nohallucinate.graders.ladder import (
        ABSTENTION_REWARD,
        CONFIDENT_ERRORS,
        Label,
        abstention_reward,
        calibrated_reward,
        f1_at_k,
        labels_for,
        reward_for,
    )
    from nohallucinate.graders.llm import ModelGrader
    from nohallucinate.graders.local import LocalGrader
    from nohallucinate.graders.verdict import Verdict
    from nohallucinate.models import ModelClient
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.graders.base": ("Grader",),
            "nohallucinate.graders.group": ("GroupGrader", "grade_group"),
            "nohallucinate.graders.hybrid": ("HybridGrader",),
            "nohallucinate.graders.ladder": (
                "ABSTENTION_REWARD",
                "CONFIDENT_ERRORS",
                "Label",
                "abstention_reward",
                "calibrated_reward",
                "f1_at_k",
                "labels_for",
                "reward_for",
            ),
            "nohallucinate.graders.llm": ("ModelGrader",),
            "nohallucinate.graders.local": ("LocalGrader",),
            "nohallucinate.graders.verdict": ("Verdict",),
        },
    )

GRADERS = ("local", "llm", "hybrid")


def make_grader(name: str, client: ModelClient | None = None, simpleqa: SimpleQATemplate = OURS) -> Grader:
    """The grader called `name`; "llm" and "hybrid" grade through `client`."""
    if name == "local":
        from nohallucinate.graders.local import LocalGrader

        return LocalGrader()
    if name not in GRADERS:
        raise UserInputError(f"unknown grader {name!r}; choose one of: {', '.join(GRADERS)}")
    if client is None:
        raise ValueError(f"grader {name!r} needs a model client")
    from nohallucinate.graders.hybrid import HybridGrader
    from nohallucinate.graders.llm import ModelGrader

    model = ModelGrader(client, simpleqa)
    return model if name == "llm" else HybridGrader(model)


__all__ = [
    "ABSTENTION_REWARD",
    "CONFIDENT_ERRORS",
    "GRADERS",
    "OURS",
    "Grader",
    "GroupGrader",
    "HybridGrader",
    "Label",
    "LocalGrader",
    "ModelGrader",
    "SimpleQATemplate",
    "Verdict",
    "abstention_reward",
    "calibrated_reward",
    "f1_at_k",
    "grade_group",
    "labels_for",
    "load_simpleqa_template",
    "make_grader",
    "reward_for",
]
