"""The report's calibration section, for runs made under a rule other than the spec's: how each policy's answer
rate and accuracy when answering move with the threshold (beside the line accuracy = t), overall and per family,
and, for runs that read a stated confidence, its reliability diagram and scores."""

from __future__ import annotations

import html
from collections import defaultdict
from pathlib import Path
from typing import Any

from nohallucinate.report.runs import RunView
from nohallucinate.report.table import fmt, with_se

# A family's point is drawn only with at least this many answers behind its accuracy; fewer are noise.
MIN_ANSWERS = 5

CAPTIONS = {
    "calibration_curve": "Behavioural calibration: for each policy, the accuracy when it answers (solid) and its "
    "answer rate (dashed) at each threshold t, ± one standard error clustered by task, on the short families; the "
    "dotted line is accuracy = t. A calibrated policy stays above it and answers less as t rises. Per-family "
    f"panels show a point only where at least {MIN_ANSWERS} answers stand behind the accuracy.",
    "reliability": "Reliability of the stated confidence: each point is an equal-mass bin of answers (its size "
    "the number of answers), at its mean stated confidence and the share of its answers that were right; the "
    "dotted diagonal is perfect calibration. Each panel names its run, threshold, bins used and scores.",
}


def calibrated_runs(runs: list[RunView]) -> list[RunView]:
    """The runs whose summaries carry a calibration (made under a rule other than the spec's)."""
    return [run for run in runs if "calibration" in run.summary]


def policies(runs: list[RunView]) -> dict[str, list[RunView]]:
    """The runs of each policy (its policy, grader and task file), by threshold: one curve each."""
    grouped: dict[str, list[RunView]] = defaultdict(list)
    for run in calibrated_runs(runs):
        grouped[f"{run.config.policy} · {run.config.grader}"].append(run)
    return {
        name: sorted(group, key=lambda run: run.summary["calibration"]["threshold"]) for name, group in grouped.items()
    }


def families_of(runs: list[RunView]) -> list[str]:
    seen: list[str] = []
    for run in calibrated_runs(runs):
        for family in run.summary["calibration"]["per_family"]:
            if family not in seen:
                seen.append(family)
    return seen


def draw_calibration_curve(runs: list[RunView], path: Path) -> Path:
    import matplotlib.pyplot as plt

    from nohallucinate.report.charts import RUN_COLOURS, save

    panels = ["overall", *families_of(runs)]
    columns = min(4, len(panels))
    rows = (len(panels) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(3.3 * columns, 3.0 * rows + 0.5), squeeze=False)
    for index, panel in enumerate(panels):
        ax = axes[index // columns][index % columns]
        ax.plot([0, 1], [0, 1], linestyle=":", color="#616161", linewidth=1, label="accuracy = t")
        for colour, (name, group) in zip(RUN_COLOURS * 4, policies(runs).items(), strict=False):
            for measure, style, marker, what in (("accuracy_when_answering", "-", "o", "accuracy when answering"),
                                                 ("answer_rate", "--", "s", "answer rate")):  # fmt: skip
                xs, ys, errors = [], [], []
                for run in group:
                    point = run.summary["calibration"]
                    figures = point["overall"] if panel == "overall" else point["per_family"].get(panel)
                    if not figures or figures[measure]["mean"] is None:
                        continue
                    if measure == "accuracy_when_answering" and figures[measure]["n"] < MIN_ANSWERS:
                        continue
                    xs.append(point["threshold"])
                    ys.append(figures[measure]["mean"])
                    errors.append(figures[measure]["se"] or 0.0)
                if xs:
                    ax.errorbar(xs, ys, yerr=errors, linestyle=style, marker=marker, markersize=3.5, color=colour,
                                capsize=2, linewidth=1.2, label=f"{name}: {what}")  # fmt: skip
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
    fig.tight_layout(rect=(0, 0.04 * legend_rows + 0.02, 1, 0.97))
    return save(fig, path, layout=False)


def confident_runs(runs: list[RunView]) -> list[RunView]:
    """The runs with stated confidences scored."""
    return [run for run in calibrated_runs(runs) if (run.summary["calibration"]["confidence"] or {}).get("bins")]


def draw_reliability(runs: list[RunView], path: Path) -> Path:
    import matplotlib.pyplot as plt

    from nohallucinate.report.charts import RUN_COLOURS, save

    shown = confident_runs(runs)
    columns = min(4, len(shown))
    rows = (len(shown) + columns - 1) // columns
    fig, axes = plt.subplots(rows, columns, figsize=(3.2 * columns, 3.3 * rows), squeeze=False)
    for index, run in enumerate(shown):
        ax = axes[index // columns][index % columns]
        scores = run.summary["calibration"]["confidence"]
        bins = scores["bins"]
        largest = max(b["n"] for b in bins)
        ax.plot([0, 1], [0, 1], linestyle=":", color="#616161", linewidth=1)
        ax.plot([b["confidence"] for b in bins], [b["accuracy"] for b in bins], color=RUN_COLOURS[index % 6],
                linewidth=1)  # fmt: skip
        ax.scatter([b["confidence"] for b in bins], [b["accuracy"] for b in bins],
                   s=[12 + 80 * b["n"] / largest for b in bins], color=RUN_COLOURS[index % 6], zorder=3)  # fmt: skip
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1.02)
        ax.tick_params(labelsize=7)
        ax.set_xlabel("stated confidence", fontsize=8)
        ax.set_ylabel("share right", fontsize=8)
        threshold = run.summary["calibration"]["threshold"]
        scored = f"ECE {fmt(scores['ece'])} ({len(bins)} bins), Brier {fmt(scores['brier'])}"
        ax.set_title(f"{run.label}, t = {threshold:g}\n{scored}, AUROC {fmt(scores['auroc'])}", fontsize=7)
    for index in range(len(shown), rows * columns):
        axes[index // columns][index % columns].set_visible(False)
    fig.suptitle("Reliability of the stated confidence (equal-mass bins)", fontsize=10)
    fig.tight_layout(rect=(0, 0, 1, 0.96))
    return save(fig, path, layout=False)


def rows(runs: list[RunView]) -> list[list[str]]:
    """One row per calibrated run: run, t, answered, answer rate, accuracy when answering, reward, and the
    stated confidence's answers, Brier, ECE (bins) and AUROC."""
    table = []
    for run in calibrated_runs(runs):
        point = run.summary["calibration"]
        overall = point["overall"]
        scores: dict[str, Any] = point["confidence"] or {}
        figures = [
            with_se(overall[m]["mean"], overall[m]["se"]) for m in ("answer_rate", "accuracy_when_answering", "reward")
        ]
        confidence = ["–"] * 4
        if scores:
            ece = "–" if scores.get("ece") is None else f"{scores['ece']:.3f} ({len(scores['bins'])})"
            stated = f"{scores['stated']}/{scores['answers']}"
            confidence = [stated, fmt(scores.get("brier")), ece, fmt(scores.get("auroc"))]
        answered = f"{overall['accuracy_when_answering']['n']}/{overall['answer_rate']['n']}"
        table.append([run.label, f"{point['threshold']:g}", point["confidence_mode"], answered, *figures, *confidence])
    return table


HEADER = ["run", "t", "confidence", "answered", "answer rate", "accuracy when answering", "reward", "stated",
          "Brier", "ECE (bins)", "AUROC"]  # fmt: skip


def markdown(runs: list[RunView]) -> list[str]:
    """The calibration table as markdown lines (none when no run was made under another rule)."""
    if not calibrated_runs(runs):
        return []
    lines = ["", "| " + " | ".join(HEADER) + " |", "|---|" + "---:|" * (len(HEADER) - 1)]
    return lines + ["| " + " | ".join(row) + " |" for row in rows(runs)]


def html_table(runs: list[RunView]) -> str:
    head = "".join(f"<th>{html.escape(column)}</th>" for column in HEADER)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows(runs))
    return f"<table><tr>{head}</tr>{body}</table>"
