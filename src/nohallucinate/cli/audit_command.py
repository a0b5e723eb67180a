"""`audit`: try every fixed strategy of the catalogue on a task set and grader, against the abstention floor."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from nohallucinate.audit.catalogue import BIOGRAPHY_MARGIN, MARGIN, META_STRATEGIES
from nohallucinate.cli import models as flags
from nohallucinate.cli.common import (
    GraderChoice,
    GraderOption,
    JsonOption,
    print_usage,
    track,
)
from nohallucinate.cli.flag_groups import with_flag_groups
from nohallucinate.cli.output import err, or_exit, out, print_json
from nohallucinate.cli.progress import progress
from nohallucinate.cli.reward_flags import Thresholds, parse_thresholds, reward_rule
from nohallucinate.cli.task_flags import TASK_FLAGS, TaskFlags
from nohallucinate.errors import UserInputError
from nohallucinate.models import ClientSettings

if TYPE_CHECKING:
    from nohallucinate.audit import AuditReport, FamilyAudit
    from nohallucinate.models import ModelClient
    from nohallucinate.rewards import RewardRule


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command()
@with_flag_groups
def audit(
    selection: TaskFlags = TASK_FLAGS,
    grader_name: GraderOption = "local",
    strategies: Annotated[
        list[str] | None, typer.Option("--strategy", help="Audit only these strategies (repeatable).")
    ] = None,
    margin: Annotated[float, typer.Option(min=0.0, max=1.0, help="Allowed excess over the floor.")] = MARGIN,
    biography_margin: Annotated[
        float, typer.Option("--biography-margin", min=0.0, max=1.0, help="Allowed excess for biography.")
    ] = BIOGRAPHY_MARGIN,
    plan: Annotated[bool, typer.Option("--plan", help="Say what the audit would grade and stop.")] = False,
    thresholds: Thresholds = None,
    confidence: Annotated[
        str,
        typer.Option(
            "--confidence",
            help="off, or brier: every strategy also states a confidence, scored by the Brier rule "
            "(with no --thresholds, at 0.5).",
        ),
    ] = "off",
    grading: flags.GraderFlags = flags.GRADER_FLAGS,
    settings: ClientSettings = flags.CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Try every fixed strategy (replies that need no knowledge) and fail if one beats abstaining.

    Each family is judged over every row asked in its question forms, since a fixed strategy cannot tell the
    families of one form apart. Exit 1 when the best wording-only policy beats the floor by more than the margin.
    """
    import asyncio

    from nohallucinate.audit import by_name, run_audit, strategy_replies
    from nohallucinate.graders.cost import calls_needed

    rules = or_exit(lambda: _rules(thresholds, confidence))
    tasks = selection.load()
    chosen = or_exit(lambda: by_name(strategies))
    choice = GraderChoice.of(grader_name, grading, settings)
    endpoint = choice.endpoint

    by_id = {task.task_id: task for task in tasks}
    distinct = sorted({(task_id, text) for (_, task_id), text in strategy_replies(tasks, chosen).items()})
    calls = sum(calls_needed(grader_name, by_id[task_id], text) for task_id, text in distinct)
    plan_line = (
        f"audit: {len(chosen)} strategies on {len(tasks)} tasks, {len(distinct)} distinct replies to grade"
        + (
            f"; the {grader_name} grader will make at least {calls:,} model calls, and one more per 15 claims with "
            "a fact in each biography"
            if endpoint is not None
            else ""
        )
        + (" (answers already in the cache cost nothing)" if endpoint is not None and not settings.no_cache else "")
    )
    err.print(plan_line, highlight=False, soft_wrap=True)
    if plan:
        return

    async def run() -> tuple[AuditReport, dict[str, ModelClient]]:
        async with choice.grader() as (grader, clients):
            with progress(len(distinct), "auditing", quiet=as_json) as bar:
                report = await run_audit(
                    tasks,
                    grader,
                    chosen,
                    margin=margin,
                    biography_margin=biography_margin,
                    concurrency=settings.concurrency,
                    on_result=partial(track, bar),
                    rules=rules,
                )
        return report, clients

    report, clients = asyncio.run(run())
    if as_json:
        print_json({**report.as_dict(), "grader": grader_name, "models": flags.describe_clients(clients)})
    else:
        render_audit(report, grader_name)
        if report.thresholds:
            render_thresholds(report, grader_name)
        print_usage({"models": flags.describe_clients(clients)})
    if report.errors:  # each reason was printed, grouped by kind, when the grading ended
        err.print(f"[bold red]error:[/] {len(report.errors)} grading(s) failed; the audit is incomplete")
    if not report.passed:
        raise typer.Exit(1)


def render_audit(report: AuditReport, grader_name: str) -> None:
    """The verdict per family, then every strategy's pooled mean ± standard error per family."""
    wide = Console(width=max(out.size.width, 160), highlight=False)  # the grid is read, not squeezed
    title = f"fixed strategies against the abstention floor ({grader_name} grader)"
    verdicts = Table(title=title, title_justify="left")
    columns = (
        "family",
        "rows in its forms",
        "floor",
        "strongest attack",
        "mean ± se",
        "best per form",
        "… and recurrence",
        "… and name parts",
        "… and biography",
    )
    for column in columns:
        verdicts.add_column(column, justify="left" if column in ("family", "strongest attack") else "right")
    verdicts.add_column("limit", justify="right")
    verdicts.add_column("")
    for family in report.families:
        name, best = family.best
        verdicts.add_row(
            family.family.value,
            str(family.ceiling.n),
            f"{family.floor:.3f}",
            name,
            _cell(best.mean, best.se),
            *(_cell(family.strategies[meta].mean, family.strategies[meta].se) for meta in META_STRATEGIES),
            f"{family.floor + family.margin:.3f}",
            _verdict(family, report),
        )
    wide.print(verdicts)

    grid = Table(title="mean reward ± standard error over each family's forms", title_justify="left")
    grid.add_column("strategy", no_wrap=True)
    for family in report.families:
        grid.add_column(family.family.value, justify="right", no_wrap=True, min_width=len(family.family.value))
    for strategy in [*(s.name for s in report.strategies), *META_STRATEGIES]:
        cells = []
        for family in report.families:
            figure = family.strategies[strategy]
            cell = "–" if figure.mean is None else f"{figure.mean:.3f}±{figure.se:.3f}".replace("±0.", "±.")
            beaten = (figure.mean or 0.0) - family.floor > family.margin + 1e-9
            cells.append(f"[bold red]{cell}[/]" if beaten else cell)
        grid.add_row(strategy, *cells)
    grid.add_row("(floor)", *(f"{family.floor:.3f}" for family in report.families))
    wide.print(grid)
    margins = sorted({(f.family.value == "biography", f.margin) for f in report.families})
    stated = ", ".join(f"{'biography' if bio else 'other families'} {m:.2f}" for bio, m in margins)
    wide.print(
        f"audit {'passed' if report.passed else 'FAILED'}: {report.replies_graded} distinct replies graded; "
        f"allowed excess over the floor: {stated}"
    )


def _rules(thresholds: str | None, confidence: str) -> list[RewardRule]:
    """The rules `--thresholds` and `--confidence` name (none: the spec's audit alone)."""
    reward_rule(None, confidence)  # an unknown mode is refused as every command refuses it
    if confidence == "report":
        raise UserInputError("--confidence 'report': the audit takes off or brier (report changes no reward)")
    if thresholds is None:
        return [reward_rule(0.5, confidence)] if confidence == "brier" else []
    return [reward_rule(t, confidence) for t in parse_thresholds(thresholds)]


def render_thresholds(report: AuditReport, grader_name: str) -> None:
    """Per rule and family: the floor, the calibrated knowledge-free prior and the claims it makes, the strongest
    fixed policy, and whether the set's composition pays a guess there."""
    wide = Console(width=max(out.size.width, 160), highlight=False)
    scored = ", Brier-scored confidence" if report.thresholds[0].rule.confidence == "brier" else ""
    title = f"fixed strategies at each threshold ({grader_name} grader{scored})"
    table = Table(title=title, title_justify="left")
    for column in ("t", "family", "floor", "calibrated prior", "its claims", "strongest fixed policy", "limit",
                   "composition", ""):  # fmt: skip
        table.add_column(column, justify="left" if column in ("family", "its claims") else "right")
    for audit in report.thresholds:
        for family in audit.families:
            composition = f"{family.composition:+.3f}" if family.composition > family.margin + 1e-9 else ""
            verdict = "[green]ok[/]" if family.passed else "[bold red]beaten[/]"
            table.add_row(f"{audit.rule.t:g}", family.family.value, f"{family.floor:.3f}",
                          _cell(family.prior.mean, family.prior.se), ", ".join(family.claims),
                          _cell(family.ceiling.mean, family.ceiling.se),
                          f"{(family.prior.mean or 0.0) + family.margin:.3f}", composition, verdict)  # fmt: skip
        table.add_section()
    wide.print(table)
    paying = sorted({f"{audit.rule.t:g}" for audit in report.thresholds for f in audit.families
                     if f.composition > f.margin + 1e-9}, key=float)  # fmt: skip
    passed = all(audit.passed for audit in report.thresholds)
    verdict = "no fixed policy beats" if passed else "a fixed policy BEATS"
    wide.print(
        f"at every threshold: {verdict} the calibrated prior by more than the margin "
        f"({report.replies_graded} replies graded once, rescored under each rule)"
    )
    if paying:
        wide.print(
            f"the set's composition pays a knowledge-free guess at t = {', '.join(paying)} (the prior above the "
            "floor): calibrated there, and a reason to train at such a threshold on a set with more answerable "
            "rows per form"
        )


def _verdict(family: FamilyAudit, report: AuditReport) -> str:
    if family.ceiling.mean is None:
        return "[bold red]not graded[/]"
    if not family.passed:
        return "[bold red]beaten[/]"
    return "[yellow]incomplete[/]" if report.errors else "[green]ok[/]"


def _cell(mean: float | None, se: float) -> str:
    return "–" if mean is None else f"{mean:.3f} ± {se:.3f}"
