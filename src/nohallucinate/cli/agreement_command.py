"""`agreement`: grade a labelled file with a grader and measure how far its labels agree with the file's."""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from nohallucinate.cli import models as flags
from nohallucinate.cli.common import GraderChoice, GraderOption, JsonOption, print_usage, track
from nohallucinate.cli.flag_groups import with_flag_groups
from nohallucinate.cli.output import err, fail, or_exit, out, print_json
from nohallucinate.cli.progress import progress
from nohallucinate.models import ClientSettings

if TYPE_CHECKING:
    from nohallucinate.agreement import Agreement, AgreementReport, Interval, LabelledReply
    from nohallucinate.graders import Verdict
    from nohallucinate.models import ModelClient


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command()
@with_flag_groups
def agreement(
    labels: Annotated[Path, typer.Argument(help="Labelled replies (JSONL): ours with --tasks, or graded replies.")],
    tasks_path: Annotated[
        Path | None, typer.Option("--tasks", help="The task file our labelled replies name.", show_default=False)
    ] = None,
    grader_name: GraderOption = "local",
    language: Annotated[
        str | None, typer.Option("--language", help="Only graded replies in this language (en, cs, ...).")
    ] = None,
    source: Annotated[str | None, typer.Option("--source", help="Only graded replies from this source.")] = None,
    model: Annotated[str | None, typer.Option("--model", help="Only graded replies of this model.")] = None,
    resamples: Annotated[int, typer.Option("--resamples", min=0, max=100_000, help="Bootstrap draws.")] = 1000,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the bootstrap draws.")] = 0,
    show: Annotated[int, typer.Option("--show-disagreements", min=0, help="Disagreements to print.")] = 20,
    grading: flags.GraderFlags = flags.GRADER_FLAGS,
    settings: ClientSettings = flags.CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Grade labelled replies with a grader and print its agreement with the labels, with bootstrap intervals.

    Prints accuracy, Cohen's kappa, the confusion matrix, precision and recall per label and each label's share,
    overall and by family (our labelled files) or by answer type (graded replies), then who decided (the hybrid's
    local rules or its model; the local grader's sure verdicts) and the disagreements. Exit 1 if every verdict
    errored.
    """
    import asyncio

    from nohallucinate.agreement import compare, load_labelled
    from nohallucinate.runs import grade_replies
    from nohallucinate.tasks import load_tasks

    choice = GraderChoice.of(grader_name, grading, settings)  # a bad grader flag first: it needs no file read
    tasks = or_exit(lambda: load_tasks(tasks_path)) if tasks_path is not None else None
    labelled = or_exit(lambda: load_labelled(labels, tasks))
    for field, wanted in (("language", language), ("source", source), ("model", model)):
        if wanted is not None:
            labelled = _only(labelled, field, wanted)

    async def run() -> tuple[list[Verdict], dict[str, ModelClient]]:
        async with choice.grader() as (grader, clients):
            with progress(len(labelled), "grading", quiet=as_json) as bar:
                verdicts = await grade_replies(
                    [item.task for item in labelled],
                    [item.reply for item in labelled],
                    grader,
                    concurrency=settings.concurrency,
                    on_result=partial(track, bar),
                )
        return verdicts, clients

    verdicts, clients = asyncio.run(run())
    try:
        report = compare(grader_name, labelled, verdicts, resamples=resamples, seed=seed)
    except ValueError as exc:  # every verdict errored; each reason was printed, grouped, as grading ended
        err.print(f"[bold red]error:[/] {exc}", highlight=False)
        raise typer.Exit(1) from None
    if as_json:
        print_json({**report.as_json(), "labels_file": str(labels), "models": flags.describe_clients(clients)})
    else:
        render(report, labelled, show)
        print_usage({"models": flags.describe_clients(clients)})
    if report.errored:  # each reason was printed, grouped, as grading ended; as every command, exit 1
        err.print(f"[bold red]error:[/] {len(report.errored)} grading(s) failed and are left out of every figure")
        raise typer.Exit(1)


def _only(labelled: list[LabelledReply], field: str, wanted: str) -> list[LabelledReply]:
    """The labelled replies whose `field` (language, source, model) is `wanted`; none is an error naming what is."""
    found = Counter(getattr(item, field) for item in labelled)
    kept = [item for item in labelled if getattr(item, field) == wanted]
    if not kept:
        held = ", ".join(f"{name} ({n})" for name, n in sorted(found.items(), key=str)) or "none"
        fail(f"no labelled reply has {field} {wanted!r}; the file has: {held}")
    return kept


def render(report: AgreementReport, labelled: list[LabelledReply], show: int) -> None:
    """The overall figures and confusion matrix, the groups, who decided, and the first disagreements."""
    overall = report.overall
    out.print(
        f"{overall.n} labelled replies · grader {report.grader}: accuracy {_interval(overall.accuracy)}, "
        f"Cohen's kappa {_interval(overall.kappa)}",
        highlight=False,
    )
    out.print(_labels_table(overall, "per label"))
    out.print(_confusion(overall))
    out.print(_groups_table("by group", report.groups, overall))
    if report.decided:
        out.print(_groups_table("by who decided", report.decided, overall))
    by_pair: dict[tuple[str, str], list[int]] = defaultdict(list)
    for index, disagreement in enumerate(report.disagreements):
        by_pair[(disagreement.reference.value, disagreement.grader.value)].append(index)
    if show and report.disagreements:
        out.print(f"disagreements ({len(report.disagreements)}), grouped by reference → grader:", highlight=False)
        shown = 0
        for (reference, graded), indices in sorted(by_pair.items(), key=lambda kv: -len(kv[1])):
            out.print(f"  {reference} → {graded}: {len(indices)}", highlight=False)
            for index in indices[: max(1, show // len(by_pair))]:
                if shown >= show:
                    break
                d = report.disagreements[index]
                reply = " ".join(d.reply.split())[:160]
                out.print(f"    [{d.group}] {d.question[:100]} | gold {d.gold!r} | {reply!r}", highlight=False)
                shown += 1


def _interval(interval: Interval) -> str:
    if interval.estimate is None:
        return "–"
    if interval.low is None or interval.high is None:
        return f"{interval.estimate:.3f}"
    return f"{interval.estimate:.3f} [{interval.low:.3f}, {interval.high:.3f}]"


def _labels_table(agreement: Agreement, title: str) -> Table:
    table = Table(title=title, title_justify="left")
    for column in ("label", "reference share", "grader share", "precision", "recall"):
        table.add_column(column, justify="left" if column == "label" else "right")
    for label in agreement.labels:
        table.add_row(
            label.value,
            f"{agreement.reference_share[label]:.3f}",
            _interval(agreement.grader_share[label]),
            _interval(agreement.precision[label]),
            _interval(agreement.recall[label]),
        )
    return table


def _confusion(agreement: Agreement) -> Table:
    table = Table(title="confusion (rows: reference, columns: grader)", title_justify="left")
    table.add_column("")
    for label in agreement.labels:
        table.add_column(label.value, justify="right")
    for reference in agreement.labels:
        table.add_row(reference.value, *(str(agreement.confusion[reference][graded]) for graded in agreement.labels))
    return table


def _groups_table(title: str, groups: dict[str, Agreement], overall: Agreement) -> Table:
    table = Table(title=title, title_justify="left")
    top = overall.labels[0]  # the ladder's best label present: CORRECT, IDENTIFIED, ...
    for column in ("group", "n", "share", "accuracy", "kappa", f"{top.value} reference", f"{top.value} grader"):
        table.add_column(column, justify="left" if column == "group" else "right")
    for name, figures in groups.items():
        table.add_row(
            name,
            str(figures.n),
            f"{figures.n / overall.n:.3f}",
            _interval(figures.accuracy),
            _interval(figures.kappa),
            f"{figures.reference_share.get(top, 0.0):.3f}",
            "–" if top not in figures.grader_share else f"{figures.grader_share[top].estimate:.3f}",
        )
    return table
