"""Policies: produce a reply to a task."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from nohallucinate.errors import UserInputError
from nohallucinate.lazy import lazy_exports
from nohallucinate.spec import MODEL_POLICY_PREFIX

if TYPE_CHECKING:
    from nohallucinate.models import ModelClient
    from nohallucinate.policies.base import Policy
    from nohallucinate.policies.baselines import ABSTENTION, AlwaysAbstain, AlwaysConfident, confident_answer
    from nohallucinate.policies.model import ModelPolicy
    from nohallucinate.policies.simulated import Knowledge, SimulatedPolicy
    from nohallucinate.rewards import RewardRule
    from nohallucinate.tasks.prompt import SYSTEM_PROMPT
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.policies.base": ("Policy",),
            "nohallucinate.policies.baselines": ("ABSTENTION", "AlwaysAbstain", "AlwaysConfident", "confident_answer"),
            "nohallucinate.policies.model": ("ModelPolicy",),
            "nohallucinate.policies.simulated": ("Knowledge", "SimulatedPolicy"),
            "nohallucinate.tasks.prompt": ("SYSTEM_PROMPT",),
        },
    )

BASELINES = ("always_abstain", "always_confident")  # the policies that need no model, by name
# Policies whose knowledge is known (`policies.simulated`), by name; they take `settings` {"knowledge", "seed"}.
SIMULATED = ("simulated", "simulated-overconfident", "simulated-underconfident")
MODEL_PREFIX = MODEL_POLICY_PREFIX
LOCAL_POLICIES = (*BASELINES, *SIMULATED)  # every policy that needs no model


def make_policy(
    name: str,
    client: ModelClient | None = None,
    rule: RewardRule | None = None,
    settings: dict[str, Any] | None = None,
) -> Policy:
    """A baseline or simulated policy by name, or "openai:MODEL" answered through `client`; the policy is told
    `rule` (the model in its prompt), and a simulated one takes its knowledge and seed from `settings`."""
    from nohallucinate.policies.baselines import AlwaysAbstain, AlwaysConfident
    from nohallucinate.policies.model import ModelPolicy
    from nohallucinate.policies.simulated import Knowledge, SimulatedPolicy
    from nohallucinate.tasks.prompt import system_prompt

    if name == "always_abstain":
        return AlwaysAbstain()
    if name == "always_confident":
        return AlwaysConfident()
    if name in SIMULATED:
        settings = settings or {}
        knowledge = Knowledge.parse(str(settings.get("knowledge", "uniform")), int(settings.get("seed", 0)))
        return SimulatedPolicy(name, knowledge, rule)
    if name.startswith(MODEL_PREFIX) and len(name) > len(MODEL_PREFIX):
        if client is None:
            raise ValueError(f"policy {name!r} needs a model client")
        if rule is None:
            return ModelPolicy(client)
        return ModelPolicy(client, system_prompt(rule.threshold, rule.confidence))
    raise UserInputError(f"unknown policy {name!r}; choose one of: {', '.join(LOCAL_POLICIES)}, or openai:MODEL")


__all__ = [
    "ABSTENTION",
    "BASELINES",
    "LOCAL_POLICIES",
    "MODEL_PREFIX",
    "SIMULATED",
    "SYSTEM_PROMPT",
    "AlwaysAbstain",
    "AlwaysConfident",
    "Knowledge",
    "ModelPolicy",
    "Policy",
    "SimulatedPolicy",
    "confident_answer",
    "make_policy",
]
