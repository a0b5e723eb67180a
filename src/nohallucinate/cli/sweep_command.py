"""`sweep`: run a policy over tasks into a run directory, or resume one that was stopped."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from nohallucinate.bounds import MAX_SAMPLE
from nohallucinate.checksums import file_sha256
from nohallucinate.cli import models as flags
from nohallucinate.cli.common import (
    UNGRADED_ITEMS,
    JsonOption,
    TasksOption,
    close_clients,
    endpoint,
    grader_endpoint,
    make_clients,
    print_usage,
    resolve_simpleqa_template,
    run_record,
    track,
)
from nohallucinate.cli.flag_groups import with_flag_groups
from nohallucinate.cli.output import exit_if_errored, fail, info, or_exit, out, print_json, reported
from nohallucinate.cli.progress import progress
from nohallucinate.graders import GRADERS, make_grader
from nohallucinate.models import ClientSettings
from nohallucinate.policies import BASELINES, MODEL_PREFIX, make_policy

if TYPE_CHECKING:  # the library is imported inside the commands: see cli/common.py
    from nohallucinate.graders import Grader, SimpleQATemplate, Verdict
    from nohallucinate.models import Endpoint, ModelClient, Sampling
    from nohallucinate.policies import Policy
    from nohallucinate.runs import RunConfig, RunStore
    from nohallucinate.tasks import Reply, Task


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command(name="sweep")
@with_flag_groups
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
    samples: Annotated[
        int | None,
        typer.Option("--samples", min=1, max=MAX_SAMPLE, help="Replies asked of every task (rollouts) \\[default: 1]."),
    ] = None,
    samples_for: Annotated[
        list[str] | None,
        typer.Option("--samples-for", help="FAMILY=N: replies asked of each task of that family (repeatable)."),
    ] = None,
    out_dir: Annotated[
        Path | None, typer.Option("--out", help="Run directory to create (default runs/<time>-<policy>-<grader>-<id>).")
    ] = None,
    resume: Annotated[
        Path | None, typer.Option("--resume", help="Continue the run in this directory; it keeps its settings.")
    ] = None,
    policy_flags: flags.PolicyFlags = flags.POLICY_FLAGS,
    grading: flags.GraderFlags = flags.GRADER_FLAGS,
    settings: ClientSettings = flags.CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Run a policy over the tasks, grade every reply into a run directory, and print the per-family table."""
    import asyncio

    from nohallucinate.report import render_summary
    from nohallucinate.runs import (
        RunConfig,
        RunSession,
        model_records,
        pending,
        sample_counts,
        select_per_family,
        summarise,
    )
    from nohallucinate.tasks import demo_tasks_path, load_tasks

    if resume is not None:
        given = {"--policy": policy_name, "--tasks": tasks_path, "--grader": grader_name, "--per-family": per_family,
                 "--samples": samples, "--samples-for": samples_for, "--out": out_dir}  # fmt: skip
        session = or_exit(lambda: RunSession.resume(resume, given=given, sampling=policy_flags.sampling))
        config: RunConfig = session.store.config
        tasks = _tasks_of(config)
        template = _template_of(config, settings)
        policy_endpoint = or_exit(lambda: session.endpoint("policy", policy_flags.policy_api_key))
        sampling = session.sampling("policy")
        grader_end = or_exit(lambda: session.endpoint("grader", grading.grader_api_key))
    else:
        if policy_name is None:
            fail("give --policy (or --resume RUN_DIR)")
        grader_name = grader_name or "local"
        if policy_name not in BASELINES and not policy_name.startswith(MODEL_PREFIX):
            fail(f"unknown policy {policy_name!r}; choose one of: {', '.join(BASELINES)}, or {MODEL_PREFIX}MODEL")
        given_path = tasks_path or demo_tasks_path()
        # Loaded before resolving: load_tasks reports a symlink loop or an unreadable file, resolve() would raise.
        tasks = or_exit(lambda: select_per_family(load_tasks(given_path), per_family))
        counts = or_exit(lambda: sample_counts(tasks, samples or 1, samples_for or []))
        path = given_path.resolve()
        sampling = policy_flags.sampling
        policy_endpoint = None
        if policy_name.startswith(MODEL_PREFIX):
            model = policy_name.removeprefix(MODEL_PREFIX)
            policy_endpoint = endpoint(model, policy_flags.policy_base_url, policy_flags.policy_api_key)
        grader_end = grader_endpoint(grader_name, grading)
        template = resolve_simpleqa_template(grading.simpleqa_template, settings, grader_name)
        config = RunConfig(
            tasks_path=str(path),
            tasks_sha256=file_sha256(path),
            per_family=per_family,
            samples=counts,
            policy=policy_name,
            grader=grader_name,
            models=model_records(policy_endpoint, sampling, grader_end),
            simpleqa_template=template.name if grader_end else None,
            simpleqa_sha256=template.sha256 if grader_end else None,
        )
        plan = [(task.task_id, sample) for task, sample in pending(tasks, counts)]
        session = or_exit(lambda: RunSession.start(out_dir, config, policy_name, grader_name, plan=plan))

    total = len(pending(tasks, config.samples))  # (task, sample) pairs
    with reported(), session.recording(total, "nohallucinate sweep") as store:
        todo = len(pending(tasks, config.samples, store.finished()))
        clients = asyncio.run(
            _run(store, tasks, todo, config, settings, policy_endpoint, sampling, grader_end, template, as_json)
        )
        verdicts = store.verdicts()

    summary = summarise(verdicts)
    record = {"run_dir": str(store.directory), "resumed_items": total - todo,
              **run_record(config.grader, config.simpleqa_template, clients, summary)}  # fmt: skip
    if as_json:
        print_json({"policy": config.policy, "grader": config.grader, **summary, **record})
    else:
        render_summary(summary, out, title=f"policy {config.policy} · grader {config.grader}")
        print_usage(record)
        info(f"run directory: {store.directory}")
    exit_if_errored(summary["errored"], UNGRADED_ITEMS)


async def _run(
    store: RunStore,
    tasks: list[Task],
    todo: int,
    config: RunConfig,
    settings: ClientSettings,
    policy_endpoint: Endpoint | None,
    sampling: Sampling,
    grader_end: Endpoint | None,
    template: SimpleQATemplate,
    quiet: bool,
) -> dict[str, ModelClient]:
    from nohallucinate.runs import sweep

    clients = make_clients(settings, grader=grader_end, policy=policy_endpoint, sampling=sampling)
    policy: Policy = or_exit(lambda: make_policy(config.policy, clients.get("policy")))
    grader: Grader = or_exit(lambda: make_grader(config.grader, clients.get("grader"), template))
    try:
        with progress(todo, config.policy, quiet=quiet) as bar:

            def keep(verdict: Verdict, reply: Reply | None) -> None:
                store.record(verdict, reply)  # committed before the next item finishes
                track(bar, verdict)

            await sweep(tasks, policy, grader, samples=config.samples, skip=store.finished(),
                        concurrency=settings.concurrency, on_result=keep)  # fmt: skip
    finally:
        await close_clients(clients)
    return clients


def _tasks_of(config: RunConfig) -> list[Task]:
    from nohallucinate.runs import run_tasks, select_per_family

    return or_exit(lambda: select_per_family(run_tasks(config), config.per_family))


def _template_of(config: RunConfig, settings: ClientSettings) -> SimpleQATemplate:
    template = resolve_simpleqa_template(config.simpleqa_template or "ours", settings, config.grader)
    if config.simpleqa_sha256 and template.sha256 != config.simpleqa_sha256:
        fail("the run's SimpleQA template changed since the run started (sha256 differs)")
    return template
