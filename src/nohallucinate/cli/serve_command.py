"""`serve`: the environment over the OpenReward protocol."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from nohallucinate.cli import models as flags
from nohallucinate.cli.app import app
from nohallucinate.cli.common import resolve_simpleqa_template
from nohallucinate.cli.output import err, fail, or_exit
from nohallucinate.env import GraderSpec, NoHallucinateEnv
from nohallucinate.graders import GRADERS
from nohallucinate.models import ClientSettings
from nohallucinate.tasks import demo_tasks_path, load_tasks


@app.command()
def serve(
    tasks_path: Annotated[
        Path | None,
        typer.Option("--tasks", help="Task file (JSONL). Default: the bundled demo set.", show_default=False),
    ] = None,
    grader_name: Annotated[str, typer.Option("--grader", help=f"One of: {', '.join(GRADERS)}.")] = "local",
    grader_model: flags.GraderModel = flags.DEFAULT_GRADER_MODEL,
    grader_base_url: flags.GraderBaseUrl = None,
    grader_api_key: flags.GraderApiKey = None,
    simpleqa_template: flags.SimpleqaTemplate = "ours",
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8080,
    concurrency: Annotated[int, typer.Option(min=1, help="Grader model requests in flight at once.")] = 64,
    cache_dir: flags.CacheDir = None,
    no_cache: flags.NoCache = False,
    max_attempts: flags.MaxAttempts = 6,
    timeout: flags.Timeout = 120.0,
) -> None:
    """Serve the environment: list_tasks gives task ids only, and a hidden terminal tool grades each reply.

    With a model grader and no key given here, each episode's secret `openai_api_key` is used.
    """
    if grader_name not in GRADERS:
        fail(f"unknown grader {grader_name!r}; choose one of: {', '.join(GRADERS)}")
    # The SDK checks PyPI for updates at start; off unless asked for (these servers often run offline).
    os.environ.setdefault("OPENREWARD_DISABLE_UPDATE_CHECK", "1")
    from openreward.environments import Server

    from nohallucinate.env.openreward_env import ENVIRONMENT_NAME, environment_class

    tasks = or_exit(lambda: load_tasks(tasks_path or demo_tasks_path()))
    settings = ClientSettings(concurrency, cache_dir, no_cache, max_attempts, timeout)
    spec = GraderSpec(
        name=grader_name,
        model=grader_model,
        base_url=grader_base_url,
        api_key=grader_api_key,
        simpleqa=resolve_simpleqa_template(simpleqa_template, settings, grader_name),
        settings=settings,
    )
    env = NoHallucinateEnv(tasks, spec)
    err.print(f"serving {ENVIRONMENT_NAME} ({len(tasks)} tasks, grader {grader_name}) at http://{host}:{port}")
    Server([environment_class(env)], return_errors="exception").run(host=host, port=port)
