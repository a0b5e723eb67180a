"""The report's tables as markdown, for the terminal and for pasting."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from nohallucinate.report import calibration
from nohallucinate.report.runs import RunView
from nohallucinate.report.table import fmt, mean_with_n, with_se
from nohallucinate.runs.summary import TaskStats
from nohallucinate.tasks import Family

Cell = Callable[[RunView, str], str]  # a run's cell in the row of a family or tier
Pick = Callable[[TaskStats], float | None]
# What the samples of each task show, in the tables of runs that answered a task more than once.
SAMPLE_TABLES: dict[str, Pick] = {"pass@N": lambda s: s["pass_at_n"], "learning signal": lambda s: s["learning_signal"]}


def markdown_tables(runs: list[RunView], warnings: Sequence[str] = ()) -> str:
    """Any warning first (runs over different tasks), then mean reward ± standard error and n per family for every
    run beside the abstention floor, headroom and tiers, and, when a task was answered more than once, pass@N and the
    learning-signal share per family."""
    families = [f.value for f in Family if any(f.value in r.summary["per_family"] for r in runs)]
    labels = [run.label for run in runs]
    lines = [f"> **warning**: {warning}" for warning in warnings] + ([""] if warnings else [])
    lines += [
        "| family | floor | " + " | ".join(labels) + " |",
        "|---|---:|" + "---:|" * len(runs),
    ]
    for family in families:
        floor = next(r.summary["abstention_floor"][family] for r in runs if family in r.summary["abstention_floor"])
        cells = [mean_with_n(run.summary, family) for run in runs]
        lines.append(f"| {family} | {floor:.3f} | " + " | ".join(cells) + " |")
    overall = [f"**{mean_with_n(run.summary, None)}**" for run in runs]
    lines.append("| **overall** | | " + " | ".join(overall) + " |")
    lines += _table("calibration headroom", runs, families, lambda run, f: fmt(run.summary["headroom"].get(f)))
    tiers = [t for t in ("easy", "medium", "hard", "untiered") if any(t in r.summary["per_tier"] for r in runs)]
    lines += _table("tier", runs, tiers, _tier_mean)
    lines += calibration.markdown(runs)
    if any(run.summary["tasks"]["samples"] > 1 for run in runs):
        for name, pick in SAMPLE_TABLES.items():
            lines += _table(name, runs, families, partial(_stat, pick=pick), overall=True)
        lines += ["", "samples per task: " + ", ".join(f"{r.label} {r.summary['tasks']['samples']}" for r in runs)]
    return "\n".join(lines) + "\n"


def _table(name: str, runs: list[RunView], rows: list[str], cell: Cell, overall: bool = False) -> list[str]:
    """A blank line, then a table with one row per family or tier and one column per run."""
    lines = ["", f"| {name} | " + " | ".join(run.label for run in runs) + " |", "|---|" + "---:|" * len(runs)]
    lines += [f"| {row} | " + " | ".join(cell(run, row) for run in runs) + " |" for row in rows]
    if overall:
        lines.append("| **overall** | " + " | ".join(f"**{cell(run, '')}**" for run in runs) + " |")
    return lines


def _tier_mean(run: RunView, tier: str) -> str:
    return with_se(run.summary["per_tier"].get(tier), run.summary["per_tier_se"].get(tier))


def _stat(run: RunView, family: str, *, pick: Pick) -> str:
    """A run's figure from its task stats: the family's, or the run's overall when `family` is empty."""
    stats = run.summary["tasks_per_family"].get(family) if family else run.summary["tasks"]
    return "–" if stats is None else fmt(pick(stats))
