"""Pieces the commands share: model clients from flags, and what they print about a run."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from nohallucinate.cli import models as flags
from nohallucinate.cli.output import fail, or_exit, out, warn
from nohallucinate.cli.progress import Tracker
from nohallucinate.graders import GRADERS, known_grader
from nohallucinate.models import ClientSettings

# The graders, runs and tasks are imported where they are used: the command line lists every command, and a
# command that needs none of them starts without them (tests/test_startup.py).
if TYPE_CHECKING:
    from nohallucinate.graders import Grader, OpenGrader, SimpleQATemplate, Verdict
    from nohallucinate.models import Endpoint, ModelClient, Sampling
    from nohallucinate.rewards import RewardRule
    from nohallucinate.runs import RunSummary

GraderOption = Annotated[str, typer.Option("--grader", help=f"One of: {', '.join(GRADERS)}.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON only.")]


def track(bar: Tracker, verdict: Verdict, *_: object) -> None:
    """Advance the progress by one graded item, with its failure if it has one (usable as an `on_result`)."""
    bar.advance(f"{verdict.task_id} (sample {verdict.sample})", verdict.error)


def resolve_simpleqa_template(choice: str, settings: ClientSettings, grader: str) -> SimpleQATemplate:
    """The SimpleQA template named on the command line; a bad choice ends the command, the upstream one warns."""
    from nohallucinate.graders.llm.templates import UPSTREAM_CAVEAT, load_simpleqa_template

    template = or_exit(lambda: load_simpleqa_template(choice, settings.cache_root))
    if template.name == "upstream" and grader != "local":
        warn(UPSTREAM_CAVEAT)
    return template


def grader_endpoint(name: str, grading: flags.GraderFlags) -> Endpoint | None:
    """The endpoint the named grader calls (None for the local grader)."""
    or_exit(lambda: known_grader(name))
    if name == "local":
        return None
    return endpoint(grading.grader_model, grading.grader_base_url, grading.grader_api_key)


def endpoint(model: str, base_url: str | None, api_key: str | None) -> Endpoint:
    """An endpoint from flags (else the environment); a missing key, a bad URL or no model name ends the command."""
    from pydantic import ValidationError

    from nohallucinate.models import Endpoint

    try:
        return or_exit(lambda: Endpoint.resolve(model, base_url=base_url, api_key=api_key))
    except ValidationError as exc:  # an empty model name
        fail(str(exc))


def make_clients(
    settings: ClientSettings, grader: OpenGrader, *, policy: Endpoint | None = None, sampling: Sampling | None = None
) -> dict[str, ModelClient]:
    """The model clients of a run by role: the policy's (with its sampling) and the grader's (which sets none:
    the spec's graders set no temperature)."""
    clients = {} if policy is None else {"policy": settings.client(policy, sampling)}
    return clients | ({} if grader.client is None else {"grader": grader.client})


async def close_clients(clients: dict[str, ModelClient]) -> None:
    for client in clients.values():
        await client.aclose()


@dataclass(frozen=True)
class GraderChoice:
    """The grader a command grades with: its name, the model it calls (none for local) and its SimpleQA template."""

    name: str
    endpoint: Endpoint | None
    template: SimpleQATemplate
    settings: ClientSettings

    @classmethod
    def of(cls, name: str, grading: flags.GraderFlags, settings: ClientSettings) -> GraderChoice:
        """The grader named on the command line; a bad name, key, URL or template ends the command."""
        endpoint = grader_endpoint(name, grading)
        return cls(name, endpoint, resolve_simpleqa_template(grading.simpleqa_template, settings, name), settings)

    @asynccontextmanager
    async def grader(self, rule: RewardRule | None = None) -> AsyncIterator[tuple[Grader, dict[str, ModelClient]]]:
        """The grader, rewarding by `rule` (the spec's when None), and the clients it calls through, closed on
        the way out."""
        from nohallucinate.graders import GraderSpec
        from nohallucinate.rewards import under_rule

        opened = or_exit(lambda: GraderSpec.at(self.name, self.endpoint, self.template, self.settings).open())
        try:
            yield under_rule(opened.grader, rule), {"grader": opened.client} if opened.client else {}
        finally:
            await opened.aclose()


def run_record(
    grader: str, template: str | None, clients: dict[str, ModelClient], summary: RunSummary
) -> dict[str, Any]:
    record: dict[str, Any] = {"models": flags.describe_clients(clients)}
    if template is not None:
        record["simpleqa_template"] = template
    decided = summary.get("decided_by", {})
    if grader == "hybrid" and summary["n"]:
        record["decided_locally_share"] = decided.get("local", 0) / summary["n"]
    return record


def print_usage(record: dict[str, Any]) -> None:
    if not record["models"]:
        return
    table = Table(title="model usage", title_justify="left")
    for column in ("role", "model", "calls", "cache hits", "requests", "retries", "failures", "tokens in/out", "cost"):
        table.add_column(column, justify="right" if column not in ("role", "model") else "left")
    for role, described in record["models"].items():
        usage = described["usage"]
        cost = "–" if usage["cost_usd"] is None else f"${usage['cost_usd']:.4f}"
        table.add_row(
            role,
            described["model"],
            str(usage["calls"]),
            str(usage["cache_hits"]),
            str(usage["requests"]),
            str(usage["retries"]),
            str(usage["failures"]),
            f"{usage['prompt_tokens']}/{usage['completion_tokens']}",
            cost,
        )
    out.print(table)
    if "decided_locally_share" in record:
        out.print(f"hybrid grader: {record['decided_locally_share']:.1%} of items decided locally (no model call)")


UNGRADED_ITEMS = "item(s) could not be graded and are excluded from means"
