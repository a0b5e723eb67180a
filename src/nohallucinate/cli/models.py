"""Model flags shared by the commands, and building clients from them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from nohallucinate.models import ModelClient

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
    Path | None, typer.Option("--cache-dir", help="Response cache (default $NOHAL_CACHE_DIR or ~/.cache).")
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
