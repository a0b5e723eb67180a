"""`sweep`: run a policy over tasks into a run directory, or resume one that was stopped; with `--thresholds`,
one run per threshold, side by side in one directory."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, cast

import typer

from nohallucinate.bounds import MAX_SAMPLE
from nohallucinate.checksums import file_sha256
from nohallucinate.cli import models as flags
from nohallucinate.cli.common import (
    UNGRADED_ITEMS,
    JsonOption,
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
from nohallucinate.cli.prompt_flags import PROMPT_FLAGS, PromptFlags
from nohallucinate.cli.reward_flags import REWARD_FLAGS, RewardFlags, Thresholds, parse_thresholds, reward_rule
from nohallucinate.cli.task_flags import TASK_FLAGS, TaskFlags
from nohallucinate.errors import UserInputError
from nohallucinate.graders import GRADERS, GraderSpec
from nohallucinate.models import ClientSettings
from nohallucinate.policies import LOCAL_POLICIES, MODEL_PREFIX, SIMULATED, make_policy
from nohallucinate.policies.function import is_function_policy

if TYPE_CHECKING:  # the library is imported inside the commands: see cli/common.py
    from nohallucinate.graders import Grader, SimpleQATemplate, Verdict
    from nohallucinate.models import Endpoint, ModelClient, Sampling
    from nohallucinate.policies import Policy
    from nohallucinate.rewards import RewardRule
    from nohallucinate.runs import RunConfig, RunSession, RunStore, RunSummary, SystemPromptRecord
    from nohallucinate.tasks import Reply, Task


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@dataclass(frozen=True)
class PlannedRun:
    """One run to make or continue: its session, settings, tasks, and the endpoints and template it calls."""

    session: RunSession
    config: RunConfig
    tasks: list[Task]
    template: SimpleQATemplate
    policy_endpoint: Endpoint | None
    sampling: Sampling
    grader_end: Endpoint | None


@commands.command(name="sweep")
@with_flag_groups
def sweep_command(
    policy_name: Annotated[
        str | None,
        typer.Option(
            "--policy",
            help=f"One of: {', '.join(LOCAL_POLICIES)}, {MODEL_PREFIX}MODEL, or module:function (a Python function "
            "given the prompt messages, task id and sample, returning the reply).",
            show_default=False,
        ),
    ] = None,
    selection: TaskFlags = TASK_FLAGS,
    grader_name: Annotated[
        str | None, typer.Option("--grader", help=f"One of: {', '.join(GRADERS)} (default local).", show_default=False)
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
        Path | None,
        typer.Option(
            "--resume", help="Continue the run (or --thresholds runs) in this directory; it keeps its settings."
        ),
    ] = None,
    reward: RewardFlags = REWARD_FLAGS,
    thresholds: Thresholds = None,
    simulated_knowledge: Annotated[
        str | None,
        typer.Option(
            "--simulated-knowledge",
            help="A simulated policy's belief per task: uniform or beta:A,B.",
            show_default=False,
        ),
    ] = None,
    simulated_seed: Annotated[
        int | None,
        typer.Option("--simulated-seed", help="A simulated policy's seed \\[default: 0].", show_default=False),
    ] = None,
    prompt: PromptFlags = PROMPT_FLAGS,
    policy_flags: flags.PolicyFlags = flags.POLICY_FLAGS,
    grading: flags.GraderFlags = flags.GRADER_FLAGS,
    settings: ClientSettings = flags.CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Run a policy over the tasks, grade every reply into a run directory, and print the per-family table."""
    import asyncio

    from nohallucinate.models import EndpointUnreachable
    from nohallucinate.runs import expand_runs, pending, stopped_message, summarise

    if resume is not None:
        given = {"--policy": policy_name, "--tasks": selection.tasks, "--split": selection.split,
                 "--grader": grader_name, "--per-family": selection.per_family,
                 "--samples": samples, "--samples-for": samples_for, "--out": out_dir, "--threshold": reward.threshold,
                 "--thresholds": thresholds, "--confidence": None if reward.confidence == "off" else reward.confidence,
                 "--simulated-knowledge": simulated_knowledge, "--simulated-seed": simulated_seed,
                 "--system-prompt": prompt.system_prompt_file,
                 "--no-system-prompt": prompt.no_system_prompt or None}  # fmt: skip
        runs = [_resumed(directory, given, policy_flags, grading, settings) for directory in expand_runs(resume)]
    else:
        if policy_name is None:
            fail("give --policy (or --resume RUN_DIR)")
        if thresholds is not None and reward.threshold is not None:
            fail("give --threshold or --thresholds, not both")
        rules = [reward.rule] if thresholds is None else _rules(thresholds, reward.confidence)
        policy_settings = _policy_settings(policy_name, simulated_knowledge, simulated_seed)
        if prompt.chosen and (policy_name in LOCAL_POLICIES):
            fail(f"policy {policy_name} reads no prompt: --system-prompt and --no-system-prompt are for "
                 f"{MODEL_PREFIX}MODEL and module:function policies")  # fmt: skip
        runs = _new_runs(
            policy_name, grader_name or "local", selection, samples or 1, samples_for or [],
            out_dir, rules, thresholds is not None, policy_settings, or_exit(prompt.record), policy_flags, grading,
            settings,
        )  # fmt: skip

    results: list[tuple[RunConfig, Path, RunSummary, dict[str, Any]]] = []
    for run in runs:
        total = len(pending(run.tasks, run.config.samples))  # (task, sample) pairs
        with reported(), run.session.recording(total, "nohallucinate sweep") as store:
            todo = len(pending(run.tasks, run.config.samples, store.finished()))
            try:
                clients = asyncio.run(_run(store, run, todo, settings, as_json))
            except EndpointUnreachable as exc:  # not the user's input, and nothing is lost: exit 1, resumable
                fail(stopped_message(store, exc, total, "nohallucinate sweep"), code=1)
            verdicts = store.verdicts()
        summary = summarise(verdicts, run.config.reward)
        record = {"run_dir": str(store.directory), "resumed_items": total - todo,
                  **run_record(run.config.grader, run.config.simpleqa_template, clients, summary)}  # fmt: skip
        results.append((run.config, store.directory, summary, record))
    _print(results, several=len(runs) > 1 or (thresholds is not None), as_json=as_json)
    exit_if_errored(sum(summary["errored"] for _, _, summary, _ in results), UNGRADED_ITEMS)


def _rules(thresholds: str, confidence: str) -> list[RewardRule]:
    """One rule per threshold of `--thresholds`, each with the `--confidence` mode."""
    try:
        return [reward_rule(t, confidence) for t in parse_thresholds(thresholds)]
    except UserInputError as exc:
        fail(str(exc))


def _new_runs(
    policy_name: str,
    grader_name: str,
    selection: TaskFlags,
    samples: int,
    samples_for: list[str],
    out_dir: Path | None,
    rules: list[RewardRule],
    several: bool,
    policy_settings: dict[str, Any],
    system_prompt: SystemPromptRecord | None,
    policy_flags: flags.PolicyFlags,
    grading: flags.GraderFlags,
    settings: ClientSettings,
) -> list[PlannedRun]:
    """One new run per rule (each in its own threshold-T directory when `several`); every setting is checked
    before the first run directory is made."""
    from nohallucinate.runs import (
        THRESHOLD_RUN,
        RunConfig,
        RunSession,
        model_records,
        pending,
        run_name,
        sample_counts,
    )

    known = policy_name in LOCAL_POLICIES or policy_name.startswith(MODEL_PREFIX) or is_function_policy(policy_name)
    if not known:
        fail(f"unknown policy {policy_name!r}; choose one of: {', '.join(LOCAL_POLICIES)}, {MODEL_PREFIX}MODEL, "
             "or module:function")  # fmt: skip
    # Loaded before resolving: loading reports a symlink loop or an unreadable file, resolve() would raise.
    tasks = selection.load(use="--split test for a held-out evaluation")
    counts = or_exit(lambda: sample_counts(tasks, samples, samples_for))
    path = selection.path.resolve()
    sampling = policy_flags.sampling
    policy_endpoint = None
    if policy_name.startswith(MODEL_PREFIX):
        model = policy_name.removeprefix(MODEL_PREFIX)
        policy_endpoint = endpoint(model, policy_flags.policy_base_url, policy_flags.policy_api_key)
    grader_end = grader_endpoint(grader_name, grading)
    template = resolve_simpleqa_template(grading.simpleqa_template, settings, grader_name)
    sha256 = file_sha256(path)
    parent = (out_dir or Path("runs") / run_name(policy_name, grader_name, "thresholds")) if several else None
    runs = []
    for rule in rules:
        config = RunConfig(
            tasks_path=str(path),
            tasks_sha256=sha256,
            per_family=selection.per_family,
            split=selection.split,
            samples=counts,
            policy=policy_name,
            grader=grader_name,
            models=model_records(policy_endpoint, sampling, grader_end),
            simpleqa_template=template.name if grader_end else None,
            simpleqa_sha256=template.sha256 if grader_end else None,
            reward=rule,
            policy_settings=policy_settings,
            system_prompt=system_prompt,
        )
        plan = [(task.task_id, sample) for task, sample in pending(tasks, counts)]
        directory = parent / THRESHOLD_RUN.format(rule.t) if parent is not None else out_dir
        session = or_exit(partial(RunSession.start, directory, config, policy_name, grader_name, plan=plan))
        runs.append(PlannedRun(session, config, tasks, template, policy_endpoint, sampling, grader_end))
    return runs


def _resumed(
    directory: Path,
    given: Mapping[str, object],
    policy_flags: flags.PolicyFlags,
    grading: flags.GraderFlags,
    settings: ClientSettings,
) -> PlannedRun:
    from nohallucinate.runs import RunSession

    session = or_exit(lambda: RunSession.resume(directory, given=given, sampling=policy_flags.sampling))
    config: RunConfig = session.store.config
    if config.replies_from is not None:
        session.store.close()
        fail(
            f"{directory} is a run of replies read from {config.replies_from.path} (`grade --out`): it has no "
            "policy to ask for more; grade the completed replies file into a new run instead"
        )
    return PlannedRun(
        session=session,
        config=config,
        tasks=_tasks_of(config),
        template=_template_of(config, settings),
        policy_endpoint=or_exit(lambda: session.endpoint("policy", policy_flags.policy_api_key)),
        sampling=session.sampling("policy"),
        grader_end=or_exit(lambda: session.endpoint("grader", grading.grader_api_key)),
    )


def _policy_settings(policy_name: str, knowledge: str | None, seed: int | None) -> dict[str, Any]:
    """What run.json records of a simulated policy's settings, or of a policy function's module (its file and
    sha256); the simulated policy's flags are refused for any other policy."""
    from nohallucinate.policies import Knowledge
    from nohallucinate.policies.function import function_provenance

    if is_function_policy(policy_name) and knowledge is None and seed is None:
        return or_exit(lambda: function_provenance(policy_name))
    if policy_name not in SIMULATED:
        if knowledge is not None or seed is not None:
            fail("--simulated-knowledge and --simulated-seed are for the simulated policies")
        return {}
    return or_exit(lambda: Knowledge.parse(knowledge or "uniform", seed or 0).describe())


def _print(results: list[tuple[RunConfig, Path, RunSummary, dict[str, Any]]], *, several: bool, as_json: bool) -> None:
    from nohallucinate.report import render_summary
    from nohallucinate.report.table import render_calibration

    if as_json and not several:
        [(config, _, summary, record)] = results
        print_json({"policy": config.policy, "grader": config.grader, **summary, **record})
        return
    if as_json:
        first = results[0][0]
        runs = [{"threshold": config.reward.t, **summary, **record} for config, _, summary, record in results]
        curve = [summary["calibration"] for _, _, summary, _ in results if "calibration" in summary]
        print_json({"policy": first.policy, "grader": first.grader, "runs": runs, "calibration": curve})
        return
    for config, directory, summary, record in results:
        title = f"policy {config.policy} · grader {config.grader}"
        if not config.reward.is_spec:
            title += f" · {config.reward.describe()}"
        # side by side, the runs' calibration is one table after them all
        shown = cast("RunSummary", {k: v for k, v in summary.items() if k != "calibration"}) if several else summary
        render_summary(shown, out, title=title)
        print_usage(record)
        info(f"run directory: {directory}")
    if several:
        render_calibration([summary["calibration"] for _, _, summary, _ in results if "calibration" in summary], out)


async def _run(
    store: RunStore, run: PlannedRun, todo: int, settings: ClientSettings, quiet: bool
) -> dict[str, ModelClient]:
    from nohallucinate.rewards import under_rule
    from nohallucinate.runs import sweep

    config = run.config
    opened = or_exit(lambda: GraderSpec.at(config.grader, run.grader_end, run.template, settings).open())
    clients = make_clients(settings, opened, policy=run.policy_endpoint, sampling=run.sampling)
    prompt = None if config.system_prompt is None else config.system_prompt.text
    policy: Policy = or_exit(
        lambda: make_policy(config.policy, clients.get("policy"), config.reward, config.policy_settings, prompt)
    )
    grader: Grader = opened.grader
    label = config.policy if config.reward.is_spec else f"{config.policy} (threshold {config.reward.t:g})"
    try:
        with progress(todo, label, quiet=quiet) as bar:

            def keep(verdict: Verdict, reply: Reply | None) -> None:
                store.record(verdict, reply)  # committed before the next item finishes
                track(bar, verdict)

            await sweep(run.tasks, policy, under_rule(grader, config.reward), samples=config.samples,
                        skip=store.finished(), concurrency=settings.concurrency, on_result=keep)  # fmt: skip
    finally:
        await close_clients(clients)
    return clients


def _tasks_of(config: RunConfig) -> list[Task]:
    from nohallucinate.runs import run_tasks
    from nohallucinate.tasks import select_tasks

    return or_exit(lambda: select_tasks(run_tasks(config), config.split, config.per_family))


def _template_of(config: RunConfig, settings: ClientSettings) -> SimpleQATemplate:
    template = resolve_simpleqa_template(config.simpleqa_template or "ours", settings, config.grader)
    if config.simpleqa_sha256 and template.sha256 != config.simpleqa_sha256:
        fail("the run's SimpleQA template changed since the run started (sha256 differs)")
    return template
