"""The `nohallucinate` command: thin wrappers that parse flags and call the library."""

from __future__ import annotations

import asyncio
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from nohallucinate import __version__
from nohallucinate.graders import GRADERS, Verdict, make_grader
from nohallucinate.policies import POLICIES, make_policy
from nohallucinate.report import render_summary
from nohallucinate.runs import grade_replies, select_per_family, summarise, sweep
from nohallucinate.tasks import FormatError, Task, demo_tasks_path, load_replies, load_tasks
from nohallucinate.tasks.checks import task_set_problems

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Measure calibrated factuality: grade replies, sweep policies, check task files.",
)
_out = Console()
_err = Console(stderr=True)

TasksOption = Annotated[
    Path | None,
    typer.Option("--tasks", help="Task file (JSONL). Default: the bundled demo set.", show_default=False),
]
GraderOption = Annotated[str, typer.Option("--grader", help=f"One of: {', '.join(GRADERS)}.")]
JsonOption = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON only.")]


@app.command()
def grade(
    responses: Annotated[Path, typer.Option("--responses", help='JSONL of {"task_id", "response"} lines.')],
    tasks_path: TasksOption = None,
    grader_name: GraderOption = "local",
    as_json: JsonOption = False,
) -> None:
    """Grade replies made elsewhere against a task file."""
    tasks = _load_tasks(tasks_path)
    replies = _or_exit(lambda: load_replies(responses, tasks))
    grader = _or_exit(lambda: make_grader(grader_name))
    with _progress(len(replies), "grading", quiet=as_json) as advance:
        verdicts = asyncio.run(grade_replies(tasks, replies, grader, on_verdict=advance))
    summary = summarise(verdicts)
    answered = {r.task_id for r in replies}
    summary["tasks_without_response"] = sum(t.task_id not in answered for t in tasks)
    if as_json:
        _print_json({"results": [_result(v) for v in verdicts], "summary": summary})
    else:
        render_summary(summary, _out, title=f"{len(replies)} replies graded by {grader_name}")
        if summary["tasks_without_response"]:
            _err.print(f"note: {summary['tasks_without_response']} task(s) in the task file had no response")
    _exit_if_errored(summary)


@app.command(name="sweep")
def sweep_command(
    policy_name: Annotated[str, typer.Option("--policy", help=f"One of: {', '.join(POLICIES)}.")],
    tasks_path: TasksOption = None,
    grader_name: GraderOption = "local",
    per_family: Annotated[
        int | None, typer.Option("--per-family", min=1, help="Take the first N tasks of each family.")
    ] = None,
    concurrency: Annotated[int, typer.Option(min=1, help="Tasks in flight at once.")] = 8,
    as_json: JsonOption = False,
) -> None:
    """Run a policy over the tasks, grade every reply, and print the per-family table."""
    tasks = select_per_family(_load_tasks(tasks_path), per_family)
    policy = _or_exit(lambda: make_policy(policy_name))
    grader = _or_exit(lambda: make_grader(grader_name))
    with _progress(len(tasks), f"{policy_name}", quiet=as_json) as advance:
        verdicts = asyncio.run(sweep(tasks, policy, grader, concurrency=concurrency, on_verdict=advance))
    summary = summarise(verdicts)
    if as_json:
        _print_json({"policy": policy_name, "grader": grader_name, **summary})
    else:
        render_summary(summary, _out, title=f"policy {policy_name} · grader {grader_name} · {summary['n']} tasks")
    _exit_if_errored(summary)


@app.command()
def check(tasks_path: TasksOption = None) -> None:
    """Validate a task file and check the properties every task set must keep."""
    tasks = _load_tasks(tasks_path)
    problems = task_set_problems(tasks)
    for problem in problems:
        _err.print(f"[red]problem:[/] {problem}", highlight=False, soft_wrap=True)
    if problems:
        raise typer.Exit(1)
    _out.print(f"{len(tasks)} tasks: valid, one birth-date phrasing, no contradicted subject.")


@app.command()
def version() -> None:
    """Print the package version."""
    _out.print(__version__)


def _load_tasks(path: Path | None) -> list[Task]:
    return _or_exit(lambda: load_tasks(path or demo_tasks_path()))


def _or_exit(action: Callable[[], Any]) -> Any:
    """Run `action`; a bad file or an unknown name ends the command with its message and exit code 2."""
    try:
        return action()
    except (FormatError, ValueError) as exc:
        _err.print(f"[bold red]error:[/] {exc}", highlight=False, soft_wrap=True)
        raise typer.Exit(2) from None


@contextmanager
def _progress(total: int, label: str, quiet: bool) -> Iterator[Callable[[Verdict], None]]:
    """A progress bar with rate and ETA on a terminal; nothing in JSON mode or when piped."""
    if quiet or not sys.stderr.isatty():
        yield lambda _verdict: None
        return
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=_err, transient=True) as progress:
        bar = progress.add_task(label, total=total)
        yield lambda _verdict: progress.advance(bar)


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


def _print_json(payload: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(payload, indent=2, ensure_ascii=False) + "\n")


def _exit_if_errored(summary: dict[str, Any]) -> None:
    if summary["errored"]:
        _err.print(f"[bold red]error:[/] {summary['errored']} item(s) could not be graded")
        raise typer.Exit(1)
