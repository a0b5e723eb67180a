"""Model flags shared by the commands, in the groups they come in, and building clients from them."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from nohallucinate.cli.flag_groups import FlagGroup, flag, flag_group
from nohallucinate.errors import UserInputError
from nohallucinate.models import ClientSettings
from nohallucinate.spec import DEFAULT_GRADER_MODEL

if TYPE_CHECKING:  # pydantic's models are imported where a value is checked: --help needs none
    from nohallucinate.models import ModelClient, Sampling

GraderModel = Annotated[str, typer.Option("--grader-model", help="Model that grades (llm and hybrid graders).")]
GraderBaseUrl = Annotated[
    str | None,
    typer.Option("--grader-base-url", help="OpenAI-compatible base URL for the grader (else $OPENAI_BASE_URL)."),
]
GraderApiKey = Annotated[
    str | None, typer.Option("--grader-api-key", help="Key for the grader endpoint (else $OPENAI_API_KEY).")
]
SimpleqaTemplate = Annotated[
    str,
    typer.Option(
        "--simpleqa-template", help="'ours', 'upstream' (OpenAI's, downloaded once into the cache) or a file path."
    ),
]
PolicyBaseUrl = Annotated[
    str | None, typer.Option("--policy-base-url", help="OpenAI-compatible base URL for an openai:MODEL policy.")
]
PolicyApiKey = Annotated[str | None, typer.Option("--policy-api-key", help="Key for the policy endpoint.")]
Temperature = Annotated[float | None, typer.Option(help="Policy sampling temperature (unset: the server's default).")]
TopP = Annotated[float | None, typer.Option("--top-p", help="Policy nucleus sampling.")]
MaxTokens = Annotated[int | None, typer.Option("--max-tokens", help="Policy completion token limit.")]
Seed = Annotated[int | None, typer.Option(help="Policy sampling seed, where the server honours one.")]
ReasoningEffort = Annotated[str | None, typer.Option("--reasoning-effort", help="For reasoning models.")]
CacheDir = Annotated[
    Path | None,
    typer.Option("--cache-dir", help="Response cache (default $NOHAL_CACHE_DIR or ~/.cache/nohallucinate)."),
]
NoCache = Annotated[bool, typer.Option("--no-cache", help="Neither read nor write the response cache.")]
MaxAttempts = Annotated[int, typer.Option("--max-attempts", min=1, help="Attempts per model request.")]
# A day. Any finite bound would do: a timeout of inf never fires (typer's ranges refuse NaN as well).
MAX_TIMEOUT = 86_400.0
Timeout = Annotated[float, typer.Option(min=1.0, max=MAX_TIMEOUT, help="Seconds before one model request times out.")]
CallDeadline = Annotated[
    float,
    typer.Option(
        "--call-deadline",
        min=1.0,
        max=MAX_TIMEOUT,
        help="Seconds one model call may take, every attempt and wait together.",
    ),
]
DEFAULT_CALL_DEADLINE = 300.0


def describe_clients(clients: dict[str, ModelClient]) -> dict[str, Any]:
    """Endpoint, sampling and usage of each client, for the output and the record of a run."""
    return {
        role: {
            **client.endpoint.describe(),
            "sampling": client.sampling.model_dump(exclude_none=True),
            "usage": client.usage.as_dict(),
        }
        for role, client in clients.items()
    }


TASKS_IN_FLIGHT = "Tasks, and model requests, in flight at once."


def client_flags(
    *,
    concurrency: int = 16,
    concurrency_help: str = TASKS_IN_FLIGHT,
    timeout: float = 120.0,
    call_deadline: float = DEFAULT_CALL_DEADLINE,
) -> Any:
    """--concurrency, --cache-dir, --no-cache, --max-attempts, --timeout, --call-deadline: the command receives
    the ClientSettings they make."""
    return FlagGroup(
        [
            flag("concurrency", Annotated[int, typer.Option(min=1, help=concurrency_help)], concurrency),
            flag("cache_dir", CacheDir, None),
            flag("no_cache", NoCache, False),
            flag("max_attempts", MaxAttempts, 6),
            flag("timeout", Timeout, timeout),
            flag("call_deadline", CallDeadline, call_deadline),
        ],
        ClientSettings,
    )


CLIENT_FLAGS: Any = client_flags()


@dataclass(frozen=True)
class GraderFlags:
    """The model behind an llm or hybrid grader, and the SimpleQA template it grades with."""

    grader_model: GraderModel = DEFAULT_GRADER_MODEL
    grader_base_url: GraderBaseUrl = None
    grader_api_key: GraderApiKey = None
    simpleqa_template: SimpleqaTemplate = "ours"


@dataclass(frozen=True)
class PolicyFlags:
    """Where an openai:MODEL policy is served, and how it samples (checked as the flags are read)."""

    policy_base_url: PolicyBaseUrl = None
    policy_api_key: PolicyApiKey = None
    temperature: Temperature = None
    top_p: TopP = None
    max_tokens: MaxTokens = None
    seed: Seed = None
    reasoning_effort: ReasoningEffort = None
    sampling: Sampling = field(init=False)

    def __post_init__(self) -> None:
        from pydantic import ValidationError

        from nohallucinate.models import Sampling

        try:
            sampling = Sampling(temperature=self.temperature, top_p=self.top_p, max_tokens=self.max_tokens,
                                seed=self.seed, reasoning_effort=self.reasoning_effort)  # fmt: skip
        except ValidationError as exc:  # a value out of range, from a flag
            raise UserInputError(str(exc)) from None
        object.__setattr__(self, "sampling", sampling)  # frozen: set once, here


GRADER_FLAGS = flag_group(GraderFlags)
POLICY_FLAGS = flag_group(PolicyFlags)
