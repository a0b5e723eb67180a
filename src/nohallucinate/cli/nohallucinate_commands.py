"""`grade`, `sweep` and `check`: the NoHallucinate environment's commands."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table

from nohallucinate import __version__
from nohallucinate.cli import models as flags
from nohallucinate.cli.app import app
from nohallucinate.cli.output import err, fail, or_exit, out, print_json, progress
from nohallucinate.graders import GRADERS, Grader, Verdict, load_simpleqa_template, make_grader
from nohallucinate.models import ClientSettings, Endpoint, ModelClient, Sampling
from nohallucinate.policies import BASELINES, MODEL_PREFIX, Policy, make_policy
from nohallucinate.report import render_summary
from nohallucinate.runs import grade_replies, select_per_family, summarise, sweep
from nohallucinate.tasks import Task, demo_tasks_path, load_replies, load_tasks
from nohallucinate.tasks.checks import task_set_problems

TasksOption = Annotated[
    Path | None, typer.Option("--tasks", help="Task file (JSONL). Default: the bundled demo set.", show_default=False)
]
GraderOption = Annotated[str, typer.Option("--grader", help=f"One of: {', '.join(GRADERS)}.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON only.")]
Concurrency = Annotated[int, typer.Option(min=1, help="Tasks, and model requests, in flight at once.")]


@app.command()
def grade(
    responses: Annotated[Path, typer.Option("--responses", help='JSONL of {"task_id", "response"} lines.')],
    tasks_path: TasksOption = None,
    grader_name: GraderOption = "local",
    grader_model: flags.GraderModel = flags.DEFAULT_GRADER_MODEL,
    grader_base_url: flags.GraderBaseUrl = None,
    grader_api_key: flags.GraderApiKey = None,
    simpleqa_template: flags.SimpleqaTemplate = "ours",
    concurrency: Concurrency = 16,
    cache_dir: flags.CacheDir = None,
    no_cache: flags.NoCache = False,
    max_attempts: flags.MaxAttempts = 6,
    timeout: flags.Timeout = 120.0,
    as_json: JsonOption = False,
) -> None:
    """Grade replies made elsewhere against a task file."""
    tasks = _load_tasks(tasks_path)
    replies = or_exit(lambda: load_replies(responses, tasks))
    settings = ClientSettings(concurrency, cache_dir, no_cache, max_attempts, timeout)
    grader_endpoint = _grader_endpoint(grader_name, grader_model, grader_base_url, grader_api_key)
    template = or_exit(lambda: load_simpleqa_template(simpleqa_template, settings.cache_root))

    async def run() -> tuple[list[Verdict], dict[str, ModelClient]]:
        clients = _clients(settings, grader=grader_endpoint)
        grader = or_exit(lambda: make_grader(grader_name, clients.get("grader"), template))
        try:
            with progress(len(replies), "grading", quiet=as_json) as advance:
                verdicts = await grade_replies(tasks, replies, grader, concurrency=concurrency, on_verdict=advance)
        finally:
            await _close(clients)
        return verdicts, clients

    verdicts, clients = asyncio.run(run())
    summary = summarise(verdicts)
    answered = {r.task_id for r in replies}
    summary["tasks_without_response"] = sum(t.task_id not in answered for t in tasks)
    record = _record(grader_name, template.name if grader_name != "local" else None, clients, summary)
    if as_json:
        print_json({"results": [_result(v) for v in verdicts], "summary": summary, **record})
    else:
        render_summary(summary, out, title=f"{len(replies)} replies graded by {grader_name}")
        _print_usage(record)
        if summary["tasks_without_response"]:
            err.print(f"note: {summary['tasks_without_response']} task(s) in the task file had no response")
    _exit_if_errored(summary)


@app.command(name="sweep")
def sweep_command(
    policy_name: Annotated[
        str, typer.Option("--policy", help=f"One of: {', '.join(BASELINES)}, or {MODEL_PREFIX}MODEL.")
    ],
    tasks_path: TasksOption = None,
    grader_name: GraderOption = "local",
    per_family: Annotated[
        int | None, typer.Option("--per-family", min=1, help="Take the first N tasks of each family.")
    ] = None,
    policy_base_url: flags.PolicyBaseUrl = None,
    policy_api_key: flags.PolicyApiKey = None,
    temperature: flags.Temperature = None,
    top_p: flags.TopP = None,
    max_tokens: flags.MaxTokens = None,
    seed: flags.Seed = None,
    reasoning_effort: flags.ReasoningEffort = None,
    grader_model: flags.GraderModel = flags.DEFAULT_GRADER_MODEL,
    grader_base_url: flags.GraderBaseUrl = None,
    grader_api_key: flags.GraderApiKey = None,
    simpleqa_template: flags.SimpleqaTemplate = "ours",
    concurrency: Concurrency = 16,
    cache_dir: flags.CacheDir = None,
    no_cache: flags.NoCache = False,
    max_attempts: flags.MaxAttempts = 6,
    timeout: flags.Timeout = 120.0,
    as_json: JsonOption = False,
) -> None:
    """Run a policy over the tasks, grade every reply, and print the per-family table."""
    tasks = or_exit(lambda: select_per_family(_load_tasks(tasks_path), per_family))
    settings = ClientSettings(concurrency, cache_dir, no_cache, max_attempts, timeout)
    sampling = or_exit(
        lambda: Sampling(
            temperature=temperature, top_p=top_p, max_tokens=max_tokens, seed=seed, reasoning_effort=reasoning_effort
        )
    )
    policy_endpoint = None
    if policy_name not in BASELINES and not policy_name.startswith(MODEL_PREFIX):
        fail(f"unknown policy {policy_name!r}; choose one of: {', '.join(BASELINES)}, or {MODEL_PREFIX}MODEL")
    if policy_name.startswith(MODEL_PREFIX):
        model = policy_name.removeprefix(MODEL_PREFIX)
        policy_endpoint = or_exit(lambda: Endpoint.resolve(model, base_url=policy_base_url, api_key=policy_api_key))
    grader_endpoint = _grader_endpoint(grader_name, grader_model, grader_base_url, grader_api_key)
    template = or_exit(lambda: load_simpleqa_template(simpleqa_template, settings.cache_root))

    async def run() -> tuple[list[Verdict], dict[str, ModelClient]]:
        clients = _clients(settings, grader=grader_endpoint, policy=policy_endpoint, sampling=sampling)
        policy: Policy = or_exit(lambda: make_policy(policy_name, clients.get("policy")))
        grader: Grader = or_exit(lambda: make_grader(grader_name, clients.get("grader"), template))
        try:
            with progress(len(tasks), policy_name, quiet=as_json) as advance:
                verdicts = await sweep(tasks, policy, grader, concurrency=concurrency, on_verdict=advance)
        finally:
            await _close(clients)
        return verdicts, clients

    verdicts, clients = asyncio.run(run())
    summary = summarise(verdicts)
    record = _record(grader_name, template.name if grader_name != "local" else None, clients, summary)
    if as_json:
        print_json({"policy": policy_name, "grader": grader_name, **summary, **record})
    else:
        render_summary(summary, out, title=f"policy {policy_name} · grader {grader_name} · {summary['n']} tasks")
        _print_usage(record)
    _exit_if_errored(summary)


@app.command()
def check(tasks_path: TasksOption = None) -> None:
    """Validate a task file and check the properties every task set must keep."""
    tasks = _load_tasks(tasks_path)
    problems = task_set_problems(tasks)
    for problem in problems:
        err.print(f"[red]problem:[/] {problem}", highlight=False, soft_wrap=True)
    if problems:
        raise typer.Exit(1)
    out.print(f"{len(tasks)} tasks: valid, one birth-date phrasing, no contradicted subject.")


@app.command()
def version() -> None:
    """Print the package version."""
    out.print(__version__)


def _load_tasks(path: Path | None) -> list[Task]:
    return or_exit(lambda: load_tasks(path or demo_tasks_path()))


def _grader_endpoint(name: str, model: str, base_url: str | None, api_key: str | None) -> Endpoint | None:
    if name not in GRADERS:
        fail(f"unknown grader {name!r}; choose one of: {', '.join(GRADERS)}")
    if name == "local":
        return None
    return or_exit(lambda: Endpoint.resolve(model, base_url=base_url, api_key=api_key))


def _clients(
    settings: ClientSettings,
    *,
    grader: Endpoint | None = None,
    policy: Endpoint | None = None,
    sampling: Sampling | None = None,
) -> dict[str, ModelClient]:
    """One client per role; the grader sets no sampling parameters (the spec's graders set no temperature)."""
    clients = {}
    if policy is not None:
        clients["policy"] = settings.client(policy, sampling)
    if grader is not None:
        clients["grader"] = settings.client(grader)
    return clients


async def _close(clients: dict[str, ModelClient]) -> None:
    for client in clients.values():
        await client.aclose()


def _record(grader: str, template: str | None, clients: dict[str, ModelClient], summary: dict) -> dict[str, Any]:
    record: dict[str, Any] = {"models": flags.describe_clients(clients)}
    if template is not None:
        record["simpleqa_template"] = template
    decided = summary.get("decided_by", {})
    if grader == "hybrid" and summary["n"]:
        record["decided_locally_share"] = decided.get("local", 0) / summary["n"]
    return record


def _print_usage(record: dict[str, Any]) -> None:
    if not record["models"]:
        return
    table = Table(title="model usage", title_justify="left")
    for column in ("role", "model", "calls", "cache hits", "requests", "retries", "failures", "tokens in/out", "cost"):
        table.add_column(column, justify="right" if column not in ("role", "model") else "left")
    for role, info in record["models"].items():
        usage = info["usage"]
        cost = "–" if usage["cost_usd"] is None else f"${usage['cost_usd']:.4f}"
        table.add_row(
            role,
            info["model"],
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


def _result(verdict: Verdict) -> dict[str, Any]:
    return {
        "task_id": verdict.task_id,
        "family": verdict.family.value,
        "tier": verdict.tier,
        "sample": verdict.sample,
        "verdict": verdict.label.value if verdict.label else None,
        "reward": verdict.reward,
        "decided_by": verdict.decided_by,
        "detail": verdict.detail,
        "error": verdict.error,
    }


def _exit_if_errored(summary: dict[str, Any]) -> None:
    if summary["errored"]:
        err.print(f"[bold red]error:[/] {summary['errored']} item(s) could not be graded and are excluded from means")
        raise typer.Exit(1)
