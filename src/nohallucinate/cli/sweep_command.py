"""`sweep`: run a policy over tasks into a run directory, or resume one that was stopped."""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from pathlib import Path
from typing import Annotated, Any

import typer

from nohallucinate.checksums import file_sha256
from nohallucinate.cli import models as flags
from nohallucinate.cli.app import app
from nohallucinate.cli.common import (
    Concurrency,
    JsonOption,
    TasksOption,
    close_clients,
    exit_if_errored,
    grader_endpoint,
    make_clients,
    print_usage,
    resolve_simpleqa_template,
    run_record,
)
from nohallucinate.cli.output import err, fail, or_exit, out, print_json, progress
from nohallucinate.graders import GRADERS, Grader, SimpleQATemplate, Verdict, make_grader
from nohallucinate.models import ClientSettings, Endpoint, ModelClient, Sampling
from nohallucinate.policies import BASELINES, MODEL_PREFIX, Policy, make_policy
from nohallucinate.report import render_summary
from nohallucinate.runs import (
    RunConfig,
    RunLockedError,
    RunStore,
    RunStoreError,
    RunWriteError,
    select_per_family,
    stopped_message,
    summarise,
    sweep,
)
from nohallucinate.spec import DEFAULT_GRADER_MODEL
from nohallucinate.tasks import Reply, Task, demo_tasks_path, load_tasks

DEFAULT_RUNS_DIR = Path("runs")


@app.command(name="sweep")
def sweep_command(
    policy_name: Annotated[
        str | None,
        typer.Option("--policy", help=f"One of: {', '.join(BASELINES)}, or {MODEL_PREFIX}MODEL.", show_default=False),
    ] = None,
    tasks_path: TasksOption = None,
    grader_name: Annotated[
        str | None, typer.Option("--grader", help=f"One of: {', '.join(GRADERS)} (default local).", show_default=False)
    ] = None,
    per_family: Annotated[
        int | None, typer.Option("--per-family", min=1, help="Take the first N tasks of each family.")
    ] = None,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="Run directory to create (default runs/<time>-<policy>-<grader>).")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue the run in this directory; it keeps its settings.")
    ] = None,
    policy_base_url: flags.PolicyBaseUrl = None,
    policy_api_key: flags.PolicyApiKey = None,
    temperature: flags.Temperature = None,
    top_p: flags.TopP = None,
    max_tokens: flags.MaxTokens = None,
    seed: flags.Seed = None,
    reasoning_effort: flags.ReasoningEffort = None,
    grader_model: flags.GraderModel = DEFAULT_GRADER_MODEL,
    grader_base_url: flags.GraderBaseUrl = None,
    grader_api_key: flags.GraderApiKey = None,
    simpleqa_template: flags.SimpleqaTemplate = "ours",
    concurrency: Concurrency = 16,
    cache_dir: flags.CacheDir = None,
    no_cache: flags.NoCache = False,
    max_attempts: flags.MaxAttempts = 6,
    timeout: flags.Timeout = 120.0,
    call_deadline: flags.CallDeadline = flags.DEFAULT_CALL_DEADLINE,
    as_json: JsonOption = False,
) -> None:
    """Run a policy over the tasks, grade every reply into a run directory, and print the per-family table."""
    settings = ClientSettings(concurrency, cache_dir, no_cache, max_attempts, timeout, call_deadline)
    sampling = or_exit(
        lambda: Sampling(
            temperature=temperature, top_p=top_p, max_tokens=max_tokens, seed=seed, reasoning_effort=reasoning_effort
        )
    )
    if resume is not None:
        given = {"--policy": policy_name, "--tasks": tasks_path, "--grader": grader_name, "--per-family": per_family,
                 "--out": out_dir}  # fmt: skip
        clashing = [flag for flag, value in given.items() if value is not None]
        if clashing or sampling != Sampling():
            fail(f"--resume keeps the run's own settings; drop {', '.join(clashing) or 'the sampling flags'}")
        store = _open(lambda: RunStore.resume(resume))
        config = store.config
        tasks = _tasks_of(config)
        template = _template_of(config, settings)
        policy_endpoint, sampling = _policy_of(config, policy_api_key)
        grader_end = _grader_of(config, grader_api_key)
    else:
        if policy_name is None:
            fail("give --policy (or --resume RUN_DIR)")
        grader_name = grader_name or "local"
        if policy_name not in BASELINES and not policy_name.startswith(MODEL_PREFIX):
            fail(f"unknown policy {policy_name!r}; choose one of: {', '.join(BASELINES)}, or {MODEL_PREFIX}MODEL")
        given_path = tasks_path or demo_tasks_path()
        # Loaded before resolving: load_tasks reports a symlink loop or an unreadable file, resolve() would raise.
        tasks = or_exit(lambda: select_per_family(load_tasks(given_path), per_family))
        path = given_path.resolve()
        policy_endpoint = None
        if policy_name.startswith(MODEL_PREFIX):
            model = policy_name.removeprefix(MODEL_PREFIX)
            policy_endpoint = or_exit(lambda: Endpoint.resolve(model, base_url=policy_base_url, api_key=policy_api_key))
        grader_end = grader_endpoint(grader_name, grader_model, grader_base_url, grader_api_key)
        template = resolve_simpleqa_template(simpleqa_template, settings, grader_name)
        config = RunConfig(
            tasks_path=str(path),
            tasks_sha256=file_sha256(path),
            per_family=per_family,
            policy=policy_name,
            grader=grader_name,
            models=_models(policy_endpoint, sampling, grader_end),
            simpleqa_template=template.name if grader_end else None,
            simpleqa_sha256=template.sha256 if grader_end else None,
        )
        directory = out_dir or DEFAULT_RUNS_DIR / _run_name(policy_name, grader_name)
        store = _open(lambda: RunStore.create(directory, config))

    try:
        done = store.finished()
        todo = [task for task in tasks if (task.task_id, 0) not in done]
        clients = asyncio.run(
            _run(store, todo, config, settings, policy_endpoint, sampling, grader_end, template, as_json)
        )
        verdicts = store.verdicts()
    except RunWriteError as exc:  # a full disk: what was committed is kept, and --resume finishes the run
        fail(stopped_message(store, exc, len(tasks), "nohallucinate sweep"))
    except RunStoreError as exc:
        fail(str(exc))
    finally:
        store.close()

    summary = summarise(verdicts)
    record = {"run_dir": str(store.directory), "resumed_items": len(tasks) - len(todo),
              **run_record(config.grader, config.simpleqa_template, clients, summary)}  # fmt: skip
    if as_json:
        print_json({"policy": config.policy, "grader": config.grader, **summary, **record})
    else:
        title = f"policy {config.policy} · grader {config.grader} · {summary['n']} tasks"
        render_summary(summary, out, title=title)
        print_usage(record)
        err.print(f"run directory: {store.directory}", highlight=False)
    exit_if_errored(summary)


async def _run(
    store: RunStore,
    tasks: list[Task],
    config: RunConfig,
    settings: ClientSettings,
    policy_endpoint: Endpoint | None,
    sampling: Sampling,
    grader_end: Endpoint | None,
    template: SimpleQATemplate,
    quiet: bool,
) -> dict[str, ModelClient]:
    clients = make_clients(settings, grader=grader_end, policy=policy_endpoint, sampling=sampling)
    policy: Policy = or_exit(lambda: make_policy(config.policy, clients.get("policy")))
    grader: Grader = or_exit(lambda: make_grader(config.grader, clients.get("grader"), template))
    try:
        with progress(len(tasks), config.policy, quiet=quiet) as advance:

            def keep(verdict: Verdict, reply: Reply | None) -> None:
                store.record(verdict, reply)  # committed before the next item finishes
                advance()

            await sweep(tasks, policy, grader, concurrency=settings.concurrency, on_result=keep)
    finally:
        await close_clients(clients)
    return clients


def _open(action: Any) -> RunStore:
    try:
        return or_exit(action)
    except RunLockedError as exc:
        fail(str(exc))


def _tasks_of(config: RunConfig) -> list[Task]:
    path = Path(config.tasks_path)
    if not path.exists():
        fail(f"the run's task file {path} is gone")
    try:
        changed = file_sha256(path) != config.tasks_sha256
    except OSError as exc:
        fail(f"the run's task file {path} cannot be read ({exc.strerror or exc})")
    if changed:
        fail(f"the run's task file {path} changed since the run started (sha256 differs)")
    return select_per_family(or_exit(lambda: load_tasks(path)), config.per_family)


def _template_of(config: RunConfig, settings: ClientSettings) -> SimpleQATemplate:
    template = resolve_simpleqa_template(config.simpleqa_template or "ours", settings, config.grader)
    if config.simpleqa_sha256 and template.sha256 != config.simpleqa_sha256:
        fail("the run's SimpleQA template changed since the run started (sha256 differs)")
    return template


def _policy_of(config: RunConfig, api_key: str | None) -> tuple[Endpoint | None, Sampling]:
    described = config.models.get("policy")
    if described is None:
        return None, Sampling()
    endpoint = or_exit(lambda: Endpoint.resolve(described["model"], base_url=described["base_url"], api_key=api_key))
    return endpoint, Sampling(**described.get("sampling", {}))


def _grader_of(config: RunConfig, api_key: str | None) -> Endpoint | None:
    described = config.models.get("grader")
    if described is None:
        return None
    return or_exit(lambda: Endpoint.resolve(described["model"], base_url=described["base_url"], api_key=api_key))


def _models(policy: Endpoint | None, sampling: Sampling, grader: Endpoint | None) -> dict[str, dict[str, Any]]:
    models: dict[str, dict[str, Any]] = {}
    if policy is not None:
        models["policy"] = {**policy.describe(), "sampling": sampling.model_dump(exclude_none=True)}
    if grader is not None:
        models["grader"] = {**grader.describe(), "sampling": {}}
    return models


def _run_name(policy: str, grader: str) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    return f"{stamp}-{re.sub(r'[^A-Za-z0-9._-]+', '-', policy)}-{grader}-{uuid.uuid4().hex[:4]}"
