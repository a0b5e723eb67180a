"""The calibration section's charts: each policy's behaviour against the threshold, and the reliability of its
stated confidence. Fixed sizes and the Agg backend (`report.charts`), so the same runs draw the same PNG."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nohallucinate.report.calibration import Curve, confident_runs, curves, families_of, figures, sparse
from nohallucinate.report.charts import RUN_COLOURS, save
from nohallucinate.report.runs import RunView
from nohallucinate.report.table import fmt

if TYPE_CHECKING:
    from matplotlib.axes import Axes

DIAGONAL: dict[str, Any] = {"linestyle": ":", "color": "#616161", "linewidth": 1}
# (measure, line style, marker, legend words): the two series each policy draws on every panel.
SERIES = (("accuracy_when_answering", "-", "o", "accuracy when answering"), ("answer_rate", "--", "s", "answer rate"))


def draw_calibration_curve(runs: list[RunView], path: Path) -> Path:
    """Small multiples, overall then each family: accuracy when answering and answer rate against t, ± se."""
    import matplotlib.pyplot as plt

    panels = ["overall", *families_of(runs)]
    columns = min(4, len(panels))
    rows = (len(panels) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(3.3 * columns, 3.0 * rows + 0.6), squeeze=False)
    for index, panel in enumerate(panels):
        ax = axes[index // columns][index % columns]
        ax.plot([0, 1], [0, 1], **DIAGONAL, label="accuracy = t")
        for number, curve in enumerate(curves(runs)):
            colour = RUN_COLOURS[number % len(RUN_COLOURS)]
            for measure, style, marker, words in SERIES:
                _series(ax, curve, panel, measure, {"linestyle": style, "marker": marker, "color": colour,
                                                    "label": f"{curve.name}: {words}"})  # fmt: skip
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.05)
        ax.set_title(panel, fontsize=9)
        ax.tick_params(labelsize=7)
        ax.set_xlabel("threshold t", fontsize=8)
    for index in range(len(panels), rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    handles, labels = axes[0][0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=min(3, len(labels)), fontsize=7, frameon=False)
    fig.suptitle("Accuracy when answering (solid) and answer rate (dashed) against the threshold", fontsize=10)
    legend_rows = (len(labels) + 2) // 3
    fig.tight_layout(rect=(0, 0.1 * legend_rows / (rows + 0.2) + 0.02, 1, 0.97))
    return save(fig, path, layout=False)


def _series(ax: Axes, curve: Curve, panel: str, measure: str, style: dict[str, Any]) -> None:
    """One measure of one curve on one panel: the line through its well-founded points with their error bars, and
    each accuracy over too few answers as a faded hollow marker off the line."""
    drawn: list[tuple[float, float, float]] = []
    thin: list[tuple[float, float]] = []
    for run in curve.runs:
        measures = figures(run, panel)
        if measures is None or measures[measure]["mean"] is None:
            continue
        point = (run.summary["calibration"]["threshold"], measures[measure]["mean"])
        if measure == "accuracy_when_answering" and sparse(measures):
            thin.append(point)
        else:
            drawn.append((*point, measures[measure]["se"] or 0.0))
    if drawn:
        xs, ys, errors = zip(*drawn, strict=True)
        ax.errorbar(xs, ys, yerr=errors, markersize=3.5, capsize=2, linewidth=1.2, **style)
    if thin:
        xs, ys = zip(*thin, strict=True)
        ax.scatter(xs, ys, s=18, marker=style["marker"], facecolors="none", edgecolors=style["color"], alpha=0.5,
                   linewidths=1.0)  # fmt: skip


def draw_reliability(runs: list[RunView], path: Path) -> Path:
    """One row per policy, one column per threshold: each equal-mass bin at its mean stated confidence and the
    share right, its area by its answers; the diagonal; the panel's scores in its title. Each panel is zoomed to
    its bins (and t), square."""
    import matplotlib.pyplot as plt

    shown = {id(run) for run in confident_runs(runs)}
    rows = [(number, curve) for number, curve in enumerate(curves(runs)) if any(id(r) in shown for r in curve.runs)]
    thresholds = sorted({run.summary["calibration"]["threshold"] for run in confident_runs(runs)})
    size = (2.55 * len(thresholds) + 0.6, 3.0 * len(rows) + 0.5)
    fig, axes = plt.subplots(len(rows), len(thresholds), figsize=size, squeeze=False)
    for row, (number, curve) in enumerate(rows):
        by_t = {run.summary["calibration"]["threshold"]: run for run in curve.runs if id(run) in shown}
        for column, threshold in enumerate(thresholds):
            ax = axes[row][column]
            if threshold in by_t:
                _reliability(ax, by_t[threshold], RUN_COLOURS[number % len(RUN_COLOURS)])
            else:
                ax.set_axis_off()
            if row == len(rows) - 1:
                ax.set_xlabel("stated confidence", fontsize=8)
        axes[row][0].set_ylabel(f"{curve.name}\nshare right", fontsize=8)
    fig.suptitle("Reliability of the stated confidence (equal-mass bins; dotted: perfect calibration)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.97), h_pad=1.6)
    return save(fig, path, layout=False)


def _reliability(ax: Axes, run: RunView, colour: str) -> None:
    point = run.summary["calibration"]
    scores = point["confidence"]
    bins = scores["bins"]
    xs, ys = [b["confidence"] for b in bins], [b["accuracy"] for b in bins]
    largest = max(b["n"] for b in bins)
    ax.plot([0, 1], [0, 1], **DIAGONAL)
    ax.plot(xs, ys, color=colour, linewidth=0.8, alpha=0.6)
    ax.scatter(xs, ys, s=[8 + 40 * b["n"] / largest for b in bins], color=colour, zorder=3, edgecolors="white",
               linewidths=0.4)  # fmt: skip
    # Zoomed to the answers, square, so that the diagonal keeps its meaning: at a high t a policy answers only
    # when sure, and its bins would crowd one corner of the whole square.
    low = max(0.0, math.floor(10 * min(*xs, *ys, point["threshold"])) / 10 - 0.05)
    ax.set_xlim(low, 1.02)
    ax.set_ylim(low, 1.02)
    ax.set_aspect("equal")
    ax.tick_params(labelsize=7)
    ax.set_title(f"t = {point['threshold']:g}: {scores['stated']} answers, {len(bins)} bins\n"
                 f"ECE {fmt(scores['ece'])} · Brier {fmt(scores['brier'])} · AUROC {fmt(scores['auroc'])}",
                 fontsize=7)  # fmt: skip
