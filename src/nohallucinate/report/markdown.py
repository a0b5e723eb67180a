"""The report's tables as markdown, for the terminal and for pasting."""

from __future__ import annotations

from nohallucinate.report.runs import RunView
from nohallucinate.tasks import Family


def markdown_tables(runs: list[RunView]) -> str:
    """Mean reward per family for every run beside the abstention floor, then headroom and tiers."""
    families = [f.value for f in Family if any(f.value in r.summary["per_family"] for r in runs)]
    labels = [run.label for run in runs]
    lines = [
        "| family | floor | " + " | ".join(labels) + " |",
        "|---|---:|" + "---:|" * len(runs),
    ]
    for family in families:
        floor = next(r.summary["abstention_floor"][family] for r in runs if family in r.summary["abstention_floor"])
        cells = [_cell(run.summary["per_family"].get(family)) for run in runs]
        lines.append(f"| {family} | {floor:.3f} | " + " | ".join(cells) + " |")
    lines.append("| **overall** | | " + " | ".join(f"**{_cell(run.summary['overall'])}**" for run in runs) + " |")
    lines += ["", "| calibration headroom | " + " | ".join(labels) + " |", "|---|" + "---:|" * len(runs)]
    for family in families:
        cells = [_cell(run.summary["headroom"].get(family)) for run in runs]
        lines.append(f"| {family} | " + " | ".join(cells) + " |")
    tiers = [t for t in ("easy", "medium", "hard", "untiered") if any(t in r.summary["per_tier"] for r in runs)]
    lines += ["", "| tier | " + " | ".join(labels) + " |", "|---|" + "---:|" * len(runs)]
    for tier in tiers:
        lines.append(f"| {tier} | " + " | ".join(_cell(run.summary["per_tier"].get(tier)) for run in runs) + " |")
    return "\n".join(lines) + "\n"


def _cell(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
