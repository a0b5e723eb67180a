"""Render a sweep summary as terminal tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from nohallucinate.calibration.behaviour import MEASURES
from nohallucinate.runs.summary import RunSummary, TaskStats


def render_summary(summary: RunSummary, console: Console, title: str) -> None:
    """Print the per-family table (reward ± standard error, floor, verdict mix), the per-tier table, and, when a
    task was answered more than once, what the samples of each task show."""
    families = Table(title=f"{title} · {counted(summary)}", title_justify="left")
    families.add_column("family")
    families.add_column("n", justify="right")
    families.add_column("mean reward ± se", justify="right")
    families.add_column("abstain floor", justify="right", style="dim")
    families.add_column("verdicts")
    for family, mean in summary["per_family"].items():
        mix = summary["verdicts"][family]
        families.add_row(
            family,
            str(summary["n_per_family"][family]),
            with_se(mean, summary["per_family_se"][family]),
            fmt(summary["abstention_floor"][family]),
            ", ".join(f"{count} {label}" for label, count in mix.items() if count) or "–",
        )
    families.add_section()
    families.add_row("overall", str(summary["n"]), with_se(summary["overall"], summary["overall_se"]), "", "")
    console.print(families)

    tiers = Table(title="mean reward by tier", title_justify="left")
    tiers.add_column("tier")
    tiers.add_column("mean reward ± se", justify="right")
    for tier, mean in summary["per_tier"].items():
        tiers.add_row(tier, with_se(mean, summary["per_tier_se"][tier]))
    console.print(tiers)
    if summary["tasks"]["samples"] > 1:
        _render_samples(summary, console)
    if "calibration" in summary:
        render_calibration([summary["calibration"]], console)
    if summary["errored"]:  # why, grouped by kind, is printed where the items failed (the command's stderr)
        console.print(f"[bold red]{summary['errored']} item(s) errored and are excluded from every mean[/]")


def render_calibration(curve: Sequence[dict[str, Any]], console: Console) -> None:
    """Behavioural calibration at each threshold (`calibration.behaviour`, one per run): answer rate and accuracy
    when answering on the short families; then, where a run reads a stated confidence, its scores."""
    table = Table(title="behavioural calibration (short families)", title_justify="left")
    for column in ("t", "answered", "answer rate ± se", "accuracy ± se", "reward ± se"):
        table.add_column(column, justify="right")
    for point in curve:
        overall = point["overall"]
        answered = f"{overall['accuracy_when_answering']['n']}/{overall['answer_rate']['n']}"
        table.add_row(
            f"{point['threshold']:g}",
            answered,
            *(with_se(overall[name]["mean"], overall[name]["se"]) for name in MEASURES),
        )
    console.print(table)
    scored = [point for point in curve if point["confidence"]]
    if not scored:
        return
    table = Table(title="stated confidence (answers that stated one)", title_justify="left")
    for column in ("t", "stated", "Brier", "ECE", "bins", "AUROC"):
        table.add_column(column, justify="right")
    for point in scored:
        scores = point["confidence"]
        table.add_row(f"{point['threshold']:g}", f"{scores['stated']}/{scores['answers']}", fmt(scores["brier"]),
                      fmt(scores["ece"]), str(len(scores["bins"])), fmt(scores["auroc"]))  # fmt: skip
    console.print(table)


def _render_samples(summary: RunSummary, console: Console) -> None:
    """Per family: tasks, samples, the share of tasks some sample got right, and how often the samples disagree."""
    table = Table(title="the samples of each task (variance: the mean within a task)", title_justify="left")
    for column in ("family", "tasks", "samples", "pass@N", "learning signal", "variance"):
        table.add_column(column, justify="left" if column == "family" else "right")
    for family, stats in summary["tasks_per_family"].items():
        table.add_row(family, *sample_cells(stats))
    table.add_section()
    table.add_row("overall", *sample_cells(summary["tasks"]))
    console.print(table)


def sample_cells(stats: TaskStats) -> list[str]:
    """Tasks, samples, pass@N, learning-signal share and within-task variance, as a table shows them."""
    return [str(stats["tasks"]), str(stats["samples"]), fmt(stats["pass_at_n"]), fmt(stats["learning_signal"]),
            fmt(stats["within_task_variance"])]  # fmt: skip


def counted(summary: RunSummary) -> str:
    """What a summary covers: "35 tasks", or "35 tasks × 4 samples (140 graded)" when tasks were answered more
    than once; when items errored, how many were asked, graded and errored ("14 items: 0 graded, 14 errored")."""
    stats = summary["tasks"]
    samples = {family_stats["samples"] for family_stats in summary["tasks_per_family"].values()}
    graded, errored = summary["n"], summary["errored"]
    items = f"{graded + errored} items: {graded} graded, {errored} errored" if errored else f"{graded} graded"
    if stats["samples"] <= 1:
        return items if errored else f"{graded} tasks"
    shown = str(stats["samples"]) if len(samples) == 1 else f"{min(samples)} to {max(samples)}"
    return f"{stats['tasks']} tasks × {shown} samples ({items})"


def with_se(mean: float | None, se: float | None) -> str:
    """A mean with its standard error, "0.512 ± 0.018"; the mean alone where the error is undefined."""
    return fmt(mean) if mean is None or se is None else f"{mean:.3f} ± {se:.3f}"


def mean_with_n(summary: RunSummary, family: str | None) -> str:
    """A family's (or, for None, the run's) mean ± standard error and how many items it is over: "0.512 ± 0.018
    (n=35)"; "–" for a family the run has no item of."""
    if family is None:
        return f"{with_se(summary['overall'], summary['overall_se'])} (n={summary['n']})"
    if family not in summary["per_family"]:
        return "–"
    mean = with_se(summary["per_family"][family], summary["per_family_se"][family])
    return f"{mean} (n={summary['n_per_family'][family]})"


def fmt(value: float | None) -> str:
    """A figure to three decimals, "–" when there is none."""
    return "–" if value is None else f"{value:.3f}"
