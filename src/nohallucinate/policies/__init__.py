"""Policies: produce a reply to a task."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nohallucinate.errors import UserInputError
from nohallucinate.lazy import lazy_exports
from nohallucinate.spec import MODEL_POLICY_PREFIX

if TYPE_CHECKING:
    from nohallucinate.models import ModelClient
    from nohallucinate.policies.base import Policy
    from nohallucinate.policies.baselines import ABSTENTION, AlwaysAbstain, AlwaysConfident, confident_answer
    from nohallucinate.policies.model import ModelPolicy
    from nohallucinate.tasks.prompt import SYSTEM_PROMPT
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.policies.base": ("Policy",),
            "nohallucinate.policies.baselines": ("ABSTENTION", "AlwaysAbstain", "AlwaysConfident", "confident_answer"),
            "nohallucinate.policies.model": ("ModelPolicy",),
            "nohallucinate.tasks.prompt": ("SYSTEM_PROMPT",),
        },
    )

BASELINES = ("always_abstain", "always_confident")  # the policies that need no model, by name
MODEL_PREFIX = MODEL_POLICY_PREFIX


def make_policy(name: str, client: ModelClient | None = None) -> Policy:
    """A baseline by name, or "openai:MODEL" answered through `client`."""
    from nohallucinate.policies.baselines import AlwaysAbstain, AlwaysConfident
    from nohallucinate.policies.model import ModelPolicy

    if name == "always_abstain":
        return AlwaysAbstain()
    if name == "always_confident":
        return AlwaysConfident()
    if name.startswith(MODEL_PREFIX) and len(name) > len(MODEL_PREFIX):
        if client is None:
            raise ValueError(f"policy {name!r} needs a model client")
        return ModelPolicy(client)
    raise UserInputError(f"unknown policy {name!r}; choose one of: {', '.join(BASELINES)}, or openai:MODEL")


__all__ = [
    "ABSTENTION",
    "BASELINES",
    "MODEL_PREFIX",
    "SYSTEM_PROMPT",
    "AlwaysAbstain",
    "AlwaysConfident",
    "ModelPolicy",
    "Policy",
    "confident_answer",
    "make_policy",
]
