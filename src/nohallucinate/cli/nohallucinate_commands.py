"""`grade`, `check` and `version`; `sweep` lives in sweep_command.py."""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from nohallucinate.cli import models as flags
from nohallucinate.cli.app import print_version
from nohallucinate.cli.common import (
    UNGRADED_ITEMS,
    GraderChoice,
    GraderOption,
    JsonOption,
    print_usage,
    run_record,
    track,
)
from nohallucinate.cli.flag_groups import with_flag_groups
from nohallucinate.cli.output import err, exit_if_errored, fail, info, or_exit, out, print_json, reported
from nohallucinate.cli.progress import progress
from nohallucinate.cli.reward_flags import REWARD_FLAGS, RewardFlags
from nohallucinate.cli.task_flags import TaskFlags, TasksOption
from nohallucinate.models import ClientSettings

if TYPE_CHECKING:  # the library is imported inside the commands: see cli/common.py
    from nohallucinate.graders import Verdict
    from nohallucinate.models import ModelClient
    from nohallucinate.rewards import RewardRule
    from nohallucinate.runs import RunStore, RunSummary
    from nohallucinate.tasks import Reply, Task
    from nohallucinate.tasks.forms import FormBalance
    from nohallucinate.tasks.marks import MarkBalance
    from nohallucinate.tasks.recurrence import RecurrenceBalance

    class GradeSummary(RunSummary):
        tasks_without_response: int  # tasks of the task file that no reply answered


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command()
@with_flag_groups
def grade(
    responses: Annotated[Path, typer.Option("--responses", help='JSONL of {"task_id", "response"} lines.')],
    tasks_path: TasksOption = None,
    grader_name: GraderOption = "local",
    grading: flags.GraderFlags = flags.GRADER_FLAGS,
    reward: RewardFlags = REWARD_FLAGS,
    out_dir: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Also write a run directory (new or empty) that report, export and regrade read like a sweep's.",
            show_default=False,
        ),
    ] = None,
    settings: ClientSettings = flags.CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Grade replies made elsewhere against a task file.

    With --threshold or --confidence the replies are rewarded by that rule (replies made under its prompt, whose
    confidence lines are read), and the summary adds the behavioural calibration and the confidence's scores. With
    --out the verdicts also become a run, whose run.json names the replies file and its sha256; a grading that
    fails or is stopped leaves no run behind (run it again: a model grader's answers come back from the cache)."""
    import asyncio

    from nohallucinate.report import render_summary
    from nohallucinate.runs import summarise, verdict_row
    from nohallucinate.tasks import load_replies

    selection = TaskFlags(tasks=tasks_path)
    tasks = selection.load()
    replies = or_exit(lambda: load_replies(responses, tasks))
    choice = GraderChoice.of(grader_name, grading, settings)
    if out_dir is None:
        verdicts, clients = asyncio.run(_grade(tasks, replies, choice, reward.rule, None, settings, as_json))
    else:
        verdicts, clients = _grade_into_run(
            selection.path, tasks, responses, replies, choice, reward.rule, out_dir, settings, as_json
        )
    answered = {r.task_id for r in replies}
    summary: GradeSummary = {
        **summarise(verdicts, reward.rule),
        "tasks_without_response": sum(t.task_id not in answered for t in tasks),
    }
    record = run_record(grader_name, choice.template.name if grader_name != "local" else None, clients, summary)
    if out_dir is not None:
        record["run_dir"] = str(out_dir)
    if as_json:
        print_json({"results": [verdict_row(v) for v in verdicts], "summary": summary, **record})
    else:
        rule = "" if reward.rule.is_spec else f" · {reward.rule.describe()}"
        render_summary(summary, out, title=f"{len(replies)} replies · grader {grader_name}{rule}")
        print_usage(record)
        if summary["tasks_without_response"]:
            err.print(f"note: {summary['tasks_without_response']} task(s) in the task file had no response")
        if out_dir is not None:
            info(f"run directory: {out_dir}")
    exit_if_errored(summary["errored"], UNGRADED_ITEMS)


async def _grade(
    tasks: list[Task],
    replies: list[Reply],
    choice: GraderChoice,
    rule: RewardRule,
    store: RunStore | None,
    settings: ClientSettings,
    quiet: bool,
) -> tuple[list[Verdict], dict[str, ModelClient]]:
    """Every reply graded (into `store`, when one is given), with the clients the grader called."""
    from nohallucinate.runs import grade_into_run, grade_replies

    async with choice.grader(rule) as (grader, clients):
        with progress(len(replies), "grading", quiet=quiet) as bar:
            if store is None:
                verdicts = await grade_replies(
                    tasks, replies, grader, concurrency=settings.concurrency, on_result=partial(track, bar)
                )
            else:
                verdicts = await grade_into_run(
                    tasks, replies, grader, store, concurrency=settings.concurrency, on_result=partial(track, bar)
                )
    return verdicts, clients


def _grade_into_run(
    tasks_path: Path,
    tasks: list[Task],
    responses: Path,
    replies: list[Reply],
    choice: GraderChoice,
    rule: RewardRule,
    out_dir: Path,
    settings: ClientSettings,
    quiet: bool,
) -> tuple[list[Verdict], dict[str, ModelClient]]:
    """`grade --out`: the verdicts, committed into a new run directory as they finish."""
    import asyncio

    from nohallucinate.models import EndpointUnreachable
    from nohallucinate.runs import RunSession, check_new_run_directory, model_records, replies_config, replies_plan
    from nohallucinate.runs.cleanup import output_directory

    or_exit(lambda: check_new_run_directory(out_dir))
    template = (choice.template.name, choice.template.sha256) if choice.endpoint else None
    config = or_exit(lambda: replies_config(
        tasks_path, responses, replies, tasks, grader=choice.name, rule=rule,
        grader_model=model_records(grader=choice.endpoint).get("grader"), template=template,
    ))  # fmt: skip
    with reported(), output_directory(out_dir):
        session = RunSession.start(out_dir, config, plan=replies_plan(replies))
        try:
            return asyncio.run(_grade(tasks, replies, choice, rule, session.store, settings, quiet))
        except EndpointUnreachable as exc:  # nothing is kept: the run directory is removed on the way out
            fail(f"{exc}\nThe endpoint: {exc.url}\nNo run was written; run the command again once it answers.", 1)
        finally:
            session.store.close()


@commands.command()
def check(tasks_path: TasksOption = None) -> None:
    """Validate a task file and check the properties every task set must keep (wording, forms, subjects)."""
    from nohallucinate.tasks.biography_mentions import biography_mention_balance
    from nohallucinate.tasks.checks import MAX_BIOGRAPHY_MENTION_ADVANTAGE, MAX_NAME_PARTS_ADVANTAGE, task_set_problems
    from nohallucinate.tasks.forms import form_balance
    from nohallucinate.tasks.name_parts import name_parts_balance
    from nohallucinate.tasks.recurrence import recurrence_balance

    tasks = TaskFlags(tasks=tasks_path).load()
    problems = task_set_problems(tasks)
    render_forms(form_balance(tasks))
    render_recurrence(recurrence_balance(tasks))
    render_mark("names made of other names' parts", "name-parts", name_parts_balance(tasks), MAX_NAME_PARTS_ADVANTAGE)
    render_mark(
        "whether a question names someone with a biography", "biography-mention", biography_mention_balance(tasks),
        MAX_BIOGRAPHY_MENTION_ADVANTAGE,
    )  # fmt: skip
    for problem in problems:
        err.print(f"[red]problem:[/] {problem}", highlight=False, soft_wrap=True)
    if problems:
        raise typer.Exit(1)
    out.print(
        f"{len(tasks)} tasks: valid, one birth-date phrasing, every question form balanced, subjects' recurrence "
        "balanced, no name told by its parts or by a biography, no task id that tells its family, no contradicted "
        "subject."
    )


def render_forms(balance: FormBalance) -> None:
    """The short questions by form (names, numbers and dates masked): answerable rows beside each defect."""
    from nohallucinate.tasks.checks import MAX_FORM_ADVANTAGE

    table = Table(title="question forms (names, numbers and dates masked)", title_justify="left")
    table.add_column("form")
    for column in ("rows", "answerable", "largest defect", ""):
        table.add_column(column, justify="right")
    for share in balance.forms:
        family, count = share.largest_defect or (None, 0)
        largest = f"{count} {family.value}" if family else "–"
        table.add_row(share.form, str(share.rows), str(share.answerable), largest,
                      "ok" if share.balanced else "[red]unbalanced[/]")  # fmt: skip
    out.print(table)
    out.print(
        f"form-only guess at answerability: {balance.classifier_accuracy:.1%} accurate, base rate "
        f"{balance.base_rate:.1%} ({balance.advantage:+.1%}; at most {MAX_FORM_ADVANTAGE:.0%} allowed)",
        highlight=False,
    )


def render_recurrence(balance: RecurrenceBalance) -> None:
    """The short questions by how often their least-named name is asked about elsewhere in the set."""
    from nohallucinate.tasks.checks import MAX_RECURRENCE_ADVANTAGE

    table = Table(title="recurrence (other questions naming the question's least-named name)", title_justify="left")
    for column in ("named elsewhere", "rows", "answerable", "unanswerable"):
        table.add_column(column, justify="right" if column != "named elsewhere" else "left")
    for share in balance.buckets:
        table.add_row(share.bucket, str(share.rows), str(share.answerable), str(share.unanswerable))
    out.print(table)
    guesses = {"alone": balance.recurrence_accuracy, "with the form": balance.with_form_accuracy}
    _render_guesses("recurrence", guesses, balance.base_rate, MAX_RECURRENCE_ADVANTAGE)


def render_mark(what: str, tell: str, balance: MarkBalance, limit: float) -> None:
    """The short questions of each mark a policy reads from the file (`tasks.marks`), and the guess from it."""
    shares = ", ".join(
        f"{share.bucket} {share.rows} ({share.answerable} answerable, {share.unanswerable} unanswerable)"
        for share in balance.shares
    )
    out.print(f"{what}: {shares}", highlight=False)
    guesses = {"alone": balance.alone_accuracy, "with the form": balance.with_form_accuracy}
    _render_guesses(tell, guesses, balance.base_rate, limit)


def _render_guesses(tell: str, guesses: dict[str, float], base: float, limit: float) -> None:
    """One line per held-out guess from a file-level tell, beside the base rate and the limit."""
    for guess, accuracy in guesses.items():
        out.print(
            f"{tell} guess at answerability ({guess}): {accuracy:.1%} accurate, base rate {base:.1%} "
            f"({accuracy - base:+.1%}; at most {limit:.0%} allowed)",
            highlight=False,
        )


@commands.command()
def version() -> None:
    """Print the package version."""
    print_version()
