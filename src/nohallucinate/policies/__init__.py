"""Policies: produce a reply to a task."""

from nohallucinate.errors import UserInputError
from nohallucinate.models import ModelClient
from nohallucinate.policies.base import Policy
from nohallucinate.policies.baselines import ABSTENTION, AlwaysAbstain, AlwaysConfident, confident_answer
from nohallucinate.policies.model import ModelPolicy
from nohallucinate.spec import MODEL_POLICY_PREFIX
from nohallucinate.tasks.prompt import SYSTEM_PROMPT

BASELINES: dict[str, type[Policy]] = {"always_abstain": AlwaysAbstain, "always_confident": AlwaysConfident}
MODEL_PREFIX = MODEL_POLICY_PREFIX


def make_policy(name: str, client: ModelClient | None = None) -> Policy:
    """A baseline by name, or "openai:MODEL" answered through `client`."""
    if name in BASELINES:
        return BASELINES[name]()
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
