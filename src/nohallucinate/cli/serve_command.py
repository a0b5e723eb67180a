"""`serve`: the environment over the OpenReward protocol."""

from __future__ import annotations

import gc
import inspect
import os
import socket
from contextlib import ExitStack
from typing import Annotated, Any

import typer

from nohallucinate.cli import models as flags
from nohallucinate.cli.common import GraderOption, resolve_simpleqa_template
from nohallucinate.cli.flag_groups import FlagGroup, flag, with_flag_groups
from nohallucinate.cli.output import err, fail, or_exit
from nohallucinate.cli.prompt_flags import PROMPT_FLAGS, PromptFlags
from nohallucinate.cli.reward_flags import REWARD_FLAGS, RewardFlags
from nohallucinate.cli.task_flags import TASK_FLAGS, TaskFlags
from nohallucinate.env.limits import MAX_BODY_BYTES, MAX_GROUP, ConnectionLimits
from nohallucinate.graders import known_grader
from nohallucinate.models import ClientSettings

# Two processes read replies while the event loop serves: one long reply leaves a worker free for the others.
DEFAULT_GRADING_WORKERS = 2
SERVE_CLIENT_FLAGS = flags.client_flags(concurrency=64, concurrency_help="Grader model requests in flight at once.")


def _limit(name: str, minimum: float, text: str) -> inspect.Parameter:
    """One connection-limit flag: at least `minimum`, of its field's type, by default its field's default."""
    default = getattr(ConnectionLimits(), name)
    return flag(name, Annotated[type(default), typer.Option(min=minimum, help=text)], default)


# The connection limits' flags; the command receives the ConnectionLimits they make.
CONNECTION_LIMIT_FLAGS: Any = FlagGroup(
    [
        _limit("header_timeout", 0.01, "Seconds a connection has to send a request's head; then it is closed."),
        _limit("body_timeout", 0.01, "Seconds, once the head is in, to send the whole body; then it is closed."),
        _limit("keep_alive", 1, "Seconds an idle connection is kept open between requests."),
        _limit("max_connections", 1, "Open connections at once; one more is closed unread."),
        _limit(
            "max_connections_per_client",
            1,
            "Open connections at once from one client address; one more is closed unread.",
        ),
    ],
    ConnectionLimits,
)


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command()
@with_flag_groups
def serve(
    selection: TaskFlags = TASK_FLAGS,
    grader_name: GraderOption = "local",
    grading: flags.GraderFlags = flags.GRADER_FLAGS,
    reward: RewardFlags = REWARD_FLAGS,
    prompt: PromptFlags = PROMPT_FLAGS,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8080,
    grading_workers: Annotated[
        int,
        typer.Option(min=0, help="Processes that run the local grader, off the event loop (0: on it, for debugging)."),
    ] = DEFAULT_GRADING_WORKERS,
    max_body_bytes: Annotated[
        int, typer.Option(min=1, help="Largest request body read; a larger one gets HTTP 413 unread.")
    ] = MAX_BODY_BYTES,
    max_group: Annotated[
        int,
        typer.Option(min=1, help="Most candidates in one score_group call; its body may be this many times the limit."),
    ] = MAX_GROUP,
    limits: ConnectionLimits = CONNECTION_LIMIT_FLAGS,
    settings: ClientSettings = SERVE_CLIENT_FLAGS,
) -> None:
    """Serve the environment: list_tasks gives task ids only, and a hidden terminal tool grades each reply.

    With a model grader and no key given here, each episode's secret `openai_api_key` is used. With --threshold or
    --confidence the prompt states the rule, every reward is the rule's, and each reward's metadata carries it.
    --system-prompt FILE sends that text instead (word for word), --no-system-prompt the question alone.
    """
    or_exit(lambda: known_grader(grader_name))
    if grader_name != "local":  # the key may come with each episode; the URL (flag or environment) is checked now
        from nohallucinate.models.endpoint import resolve_base_url

        or_exit(lambda: resolve_base_url(grading.grader_base_url))
    # The SDK checks PyPI for updates at start; off unless asked for (these servers often run offline).
    os.environ.setdefault("OPENREWARD_DISABLE_UPDATE_CHECK", "1")
    # The `serve` extra (the openreward SDK and its server stack), optional so that the core installs beside
    # verifiers, whose sse-starlette pin conflicts with openreward's. Missing, the command exits 2 naming it (cli.app).
    from nohallucinate.env import SPLIT, GraderSpec, NoHallucinateEnv, WorkerGrader
    from nohallucinate.env.openreward_env import ENVIRONMENT_NAME, make_server

    tasks = selection.load()
    check_can_listen(host, port)
    spec = GraderSpec(
        name=grader_name,
        model=grading.grader_model,
        base_url=grading.grader_base_url,
        api_key=grading.grader_api_key,
        simpleqa=resolve_simpleqa_template(grading.simpleqa_template, settings, grader_name),
        settings=settings,
    )
    with ExitStack() as stack:
        grader: GraderSpec | WorkerGrader = spec
        if grader_name == "local" and grading_workers:
            grader = stack.enter_context(WorkerGrader(grading_workers))
        env = NoHallucinateEnv(tasks, grader, system_prompt=or_exit(lambda: prompt.text), rule=reward.rule)
        server = make_server(env, max_body_bytes, max_group)
        # What is loaded by now lives as long as the server: a full collection walking it (about half a million
        # objects) stalled every client for 0.26 s. Frozen, the collector walks only what requests create.
        gc.freeze()
        rule = "" if reward.rule.is_spec else f", {reward.rule.describe()}"
        rule += f", {prompt.describe().removesuffix('; ')}" if prompt.chosen else ""
        splits = "" if env.splits() == [SPLIT] else f" in the splits {', '.join(env.splits())}"
        started = (f"serving {ENVIRONMENT_NAME} ({len(tasks)} tasks{splits}, grader {grader_name}{rule}) "
                   f"at http://{host}:{port}")  # fmt: skip
        err.print(started, soft_wrap=bool(rule))  # under a rule, one line whatever its length (the spec's as ever)
        from nohallucinate.env.connection_limits import run_bounded  # after openreward: a missing serve extra is
        # reported by the SDK's name

        run_bounded(server.app, host, port, limits)


def check_can_listen(host: str, port: int) -> None:
    """Exit 2 with one line now if the address cannot be bound, rather than in the server's log after start-up."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    try:
        with socket.create_server((host, port), family=family):  # SO_REUSEADDR, as the server binds
            pass
    except OSError as exc:
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
