"""Render a sweep summary as terminal tables."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table

from nohallucinate.runs.summary import ErroredItem, RunSummary

SHOWN_ERRORS = 10  # enough to see the pattern of a failure without burying the table


def render_summary(summary: RunSummary, console: Console, title: str) -> None:
    """Print the per-family table (reward, floor, verdict mix), then the per-tier table."""
    families = Table(title=title, title_justify="left")
    families.add_column("family")
    families.add_column("n", justify="right")
    families.add_column("mean reward", justify="right")
    families.add_column("abstain floor", justify="right", style="dim")
    families.add_column("verdicts")
    for family, mean in summary["per_family"].items():
        mix = summary["verdicts"][family]
        families.add_row(
            family,
            str(summary["n_per_family"][family]),
            _fmt(mean),
            _fmt(summary["abstention_floor"][family]),
            ", ".join(f"{count} {label}" for label, count in mix.items() if count) or "–",
        )
    families.add_section()
    families.add_row("overall", str(summary["n"]), _fmt(summary["overall"]), "", "")
    console.print(families)

    tiers = Table(title="mean reward by tier", title_justify="left")
    tiers.add_column("tier")
    tiers.add_column("mean reward", justify="right")
    for tier, mean in summary["per_tier"].items():
        tiers.add_row(tier, _fmt(mean))
    console.print(tiers)
    if summary["errored"]:
        console.print(f"[bold red]{summary['errored']} item(s) errored and are excluded from every mean:[/]")
        _render_errors(summary["errors"], console)


def _render_errors(errors: list[ErroredItem], console: Console) -> None:
    """Why each item errored (the first SHOWN_ERRORS of them): a stored reason is also a printed one."""
    for error in errors[:SHOWN_ERRORS]:
        reason = error["error"] if len(error["error"]) <= 300 else error["error"][:300] + "…"  # a server's whole body
        line = f"  {error['task_id']} (sample {error['sample']}): {reason}"
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    if len(errors) > SHOWN_ERRORS:
        console.print(f"  … and {len(errors) - SHOWN_ERRORS} more (every reason is in the --json output)")


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
