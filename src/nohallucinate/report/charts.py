"""The report's charts, drawn with matplotlib into PNG files."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from nohallucinate.graders import Label
from nohallucinate.graders.ladder import ABSTENTIONS, FULL_CREDIT
from nohallucinate.report.runs import RunView
from nohallucinate.tasks import Family

if TYPE_CHECKING:  # matplotlib is imported only when a chart is drawn
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

# Where each label sits on the ladder, for one colour scheme across families.
_BANDS = (
    ("answered well", "#2e7d32"),
    ("scored by F1@K", "#1565c0"),
    ("abstained", "#9e9e9e"),
    ("confident error", "#c62828"),
)
RUN_COLOURS = ("#1565c0", "#ef6c00", "#6a1b9a", "#00838f", "#ad1457", "#558b2f")


def draw_all(runs: list[RunView], out_dir: Path) -> dict[str, Path]:
    """Every chart, as name -> PNG path."""
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    charts = {
        "reward_by_family": _reward_by_family(runs, out_dir / "reward_by_family.png"),
        "verdict_mix": _verdict_mix(runs, out_dir / "verdict_mix.png"),
        "reward_by_tier": _reward_by_tier(runs, out_dir / "reward_by_tier.png"),
        "headroom": _headroom(runs, out_dir / "calibration_headroom.png"),
    }
    from nohallucinate.report import calibration, calibration_charts

    if calibration.calibrated_runs(runs):  # under a rule other than the spec's: the threshold's charts too
        charts["calibration_curve"] = calibration_charts.draw_calibration_curve(runs, out_dir / "calibration_curve.png")
    if calibration.confident_runs(runs):
        charts["reliability"] = calibration_charts.draw_reliability(runs, out_dir / "reliability.png")
    return charts


def _families(runs: list[RunView]) -> list[str]:
    present = {family for run in runs for family in run.summary["per_family"]}
    return [family.value for family in Family if family.value in present]


SeriesValue = Callable[[int, str], float | None]  # a series' value for a group: `value(series_index, group)`


def grouped_bars(
    ax: Axes, groups: list[str], labels: list[str], values: SeriesValue, errors: SeriesValue | None = None
) -> tuple[float, list[int]]:
    """One bar per (group, series), labelled with its value; `values(series_index, group)`, and an error bar of
    ± `errors(series_index, group)` where given. Returns the bar width and the group centres."""
    width = 0.8 / len(labels)
    centres = list(range(len(groups)))
    for index, label in enumerate(labels):
        xs = [c - 0.4 + width * (index + 0.5) for c in centres]
        heights = [values(index, group) for group in groups]
        spread = [0.0 if errors is None else errors(index, group) or 0.0 for group in groups]
        bars = ax.bar(xs, [h or 0 for h in heights], width, label=label, color=RUN_COLOURS[index % 6],
                      yerr=spread if errors else None,
                      error_kw={"elinewidth": 0.8, "capsize": 2, "ecolor": "#424242"})  # fmt: skip
        for bar, height, above in zip(bars, heights, spread, strict=True):
            if height is not None:  # the value sits above its error bar
                ax.annotate(f"{height:.2f}", (bar.get_x() + bar.get_width() / 2, height + above), ha="center",
                            va="bottom", fontsize=7, xytext=(0, 1), textcoords="offset points")  # fmt: skip
    ax.set_xticks(centres)
    ax.set_xticklabels([g.replace("_", "\n") for g in groups], fontsize=8)
    return width, centres


RunValue = Callable[[RunView, str], float | None]


def _grouped_bars(
    ax: Axes, groups: list[str], runs: list[RunView], values: RunValue, errors: RunValue | None = None
) -> tuple[float, list[int]]:
    labels = [run.label for run in runs]
    spread = None if errors is None else lambda index, group: errors(runs[index], group)
    return grouped_bars(ax, groups, labels, lambda index, group: values(runs[index], group), spread)


def _reward_by_family(runs: list[RunView], path: Path) -> Path:
    import matplotlib.pyplot as plt

    families = _families(runs)
    fig, ax = plt.subplots(figsize=(max(7.0, 1.3 * len(families) + 2), 4.2))
    _grouped_bars(ax, families, runs, lambda run, f: run.summary["per_family"].get(f),
                  lambda run, f: run.summary["per_family_se"].get(f))  # fmt: skip
    floors = {
        f: next(r.summary["abstention_floor"][f] for r in runs if f in r.summary["abstention_floor"]) for f in families
    }
    for i, family in enumerate(families):
        ax.hlines(floors[family], i - 0.45, i + 0.45, colors="black", linestyles="dashed", linewidth=1.2,
                  label="always-abstain floor" if i == 0 else "")  # fmt: skip
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("mean reward")
    ax.set_title("Mean reward per family ± standard error (dashed: what always abstaining earns)")
    ax.legend(fontsize=8, loc="upper right")
    return save(fig, path)


def _verdict_mix(runs: list[RunView], path: Path) -> Path:
    import matplotlib.pyplot as plt

    families = _families(runs)
    fig, axes = plt.subplots(1, len(runs), figsize=(max(7.0, 4.4 * len(runs)), 4.8), squeeze=False, sharey=True)
    for ax, run in zip(axes[0], runs, strict=True):
        bottoms = [0.0] * len(families)
        for band, colour in _BANDS:
            shares = [_share(run, family, band) for family in families]
            ax.bar(range(len(families)), shares, bottom=bottoms, color=colour, label=band, width=0.7)
            bottoms = [b + s for b, s in zip(bottoms, shares, strict=True)]
        ax.set_xticks(range(len(families)))
        ax.set_xticklabels(families, fontsize=7, rotation=35, ha="right")
        ax.set_title(run.label, fontsize=9)
        ax.set_ylim(0, 1)
    axes[0][0].set_ylabel("share of items")
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=len(_BANDS), fontsize=8, frameon=False)
    fig.suptitle("Verdict mix per family")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    return save(fig, path, layout=False)


def _share(run: RunView, family: str, band: str) -> float:
    mix = run.summary["verdicts"].get(family, {})
    total = sum(mix.values())
    return sum(n for label, n in mix.items() if _band(Label(label)) == band) / total if total else 0.0


def _band(label: Label) -> str:
    if label is Label.F1_AT_K:
        return "scored by F1@K"
    return "answered well" if label in FULL_CREDIT else "abstained" if label in ABSTENTIONS else "confident error"


def _reward_by_tier(runs: list[RunView], path: Path) -> Path:
    import matplotlib.pyplot as plt

    tiers = [t for t in ("easy", "medium", "hard", "untiered") if any(t in r.summary["per_tier"] for r in runs)]
    fig, ax = plt.subplots(figsize=(7.0, 4.0))
    _grouped_bars(ax, tiers, runs, lambda run, tier: run.summary["per_tier"].get(tier),
                  lambda run, tier: run.summary["per_tier_se"].get(tier))  # fmt: skip
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("mean reward")
    ax.set_title("Mean reward by tier (sitelink notability) ± standard error")
    ax.legend(fontsize=8)
    return save(fig, path)


def _headroom(runs: list[RunView], path: Path) -> Path:
    import matplotlib.pyplot as plt
    from matplotlib.patches import Patch

    families = _families(runs)
    fig, ax = plt.subplots(figsize=(max(7.0, 1.3 * len(families) + 2), 4.2))
    width, centres = _grouped_bars(ax, families, runs, lambda run, f: run.summary["per_family"].get(f))
    for index, run in enumerate(runs):
        for c, family in zip(centres, families, strict=True):
            mean = run.summary["per_family"].get(family)
            gain = run.summary["headroom"].get(family, 0.0)
            if mean is not None and gain > 0:
                x = c - 0.4 + width * (index + 0.5)
                ax.bar(x, gain, width, bottom=mean, color="none", edgecolor=RUN_COLOURS[index % 6], hatch="///",
                       linewidth=0.8)  # fmt: skip
    ax.set_ylim(0, 1.08)
    ax.set_ylabel("mean reward")
    ax.set_title("Calibration headroom: hatched = gain had every confident error been an abstention")
    handles, labels = ax.get_legend_handles_labels()
    handles.append(Patch(facecolor="none", edgecolor="#424242", hatch="///"))
    labels.append("headroom")
    ax.legend(handles, labels, fontsize=8)
    return save(fig, path)


def save(fig: Figure, path: Path, layout: bool = True) -> Path:
    import matplotlib.pyplot as plt

    path.parent.mkdir(parents=True, exist_ok=True)
    if layout:
        fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return path
