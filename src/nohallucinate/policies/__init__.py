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
    from nohallucinate.policies.function import FunctionPolicy, PolicyFunction, is_function_policy
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
            "nohallucinate.policies.function": ("FunctionPolicy", "PolicyFunction", "is_function_policy"),
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
    system_prompt: str | None = None,
) -> Policy:
    """A baseline or simulated policy by name, "openai:MODEL" answered through `client`, or a policy function
    "module:function" (`policies.function`). A model or function is sent `system_prompt` when one is given
    (`NO_SYSTEM_PROMPT` for none), else the prompt that states `rule`; a simulated policy takes its knowledge and
    seed from `settings`, and a function's recorded module sha256, when there is one, must still hold."""
    from nohallucinate.policies.baselines import AlwaysAbstain, AlwaysConfident
    from nohallucinate.policies.function import (
        FunctionPolicy,
        check_provenance,
        is_function_policy,
        load_policy_function,
    )
    from nohallucinate.policies.model import ModelPolicy
    from nohallucinate.policies.simulated import Knowledge, SimulatedPolicy
    from nohallucinate.tasks.prompt import system_prompt as rule_prompt

    if name in LOCAL_POLICIES and system_prompt is not None:
        raise UserInputError(f"policy {name} reads no prompt: a system prompt is for openai:MODEL or a function")
    if name == "always_abstain":
        return AlwaysAbstain()
    if name == "always_confident":
        return AlwaysConfident()
    if name in SIMULATED:
        settings = settings or {}
        knowledge = Knowledge.parse(str(settings.get("knowledge", "uniform")), int(settings.get("seed", 0)))
        return SimulatedPolicy(name, knowledge, rule)
    prompt = system_prompt
    if prompt is None:
        prompt = rule_prompt() if rule is None else rule_prompt(rule.threshold, rule.confidence)
    if name.startswith(MODEL_PREFIX) and len(name) > len(MODEL_PREFIX):
        if client is None:
            raise ValueError(f"policy {name!r} needs a model client")
        return ModelPolicy(client, prompt)
    if is_function_policy(name):
        function = load_policy_function(name)
        check_provenance(name, settings or {})
        return FunctionPolicy(function, name, prompt)
    raise UserInputError(
        f"unknown policy {name!r}; choose one of: {', '.join(LOCAL_POLICIES)}, openai:MODEL, or module:function"
    )


__all__ = [
    "ABSTENTION",
    "BASELINES",
    "LOCAL_POLICIES",
    "MODEL_PREFIX",
    "SIMULATED",
    "SYSTEM_PROMPT",
    "AlwaysAbstain",
    "AlwaysConfident",
    "FunctionPolicy",
    "Knowledge",
    "ModelPolicy",
    "Policy",
    "PolicyFunction",
    "SimulatedPolicy",
    "confident_answer",
    "is_function_policy",
    "make_policy",
]
