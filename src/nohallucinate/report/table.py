"""Render a sweep summary as terminal tables."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.table import Table


def render_summary(summary: dict[str, Any], console: Console, title: str) -> None:
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
        console.print(f"[bold red]{summary['errored']} item(s) errored and are excluded from every mean.[/]")


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
