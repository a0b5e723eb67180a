"""The report's calibration section, for runs made under a rule other than the spec's: how each policy's answer
rate and accuracy when answering move with the threshold (beside the line accuracy = t), overall and per family,
and, for runs that read a stated confidence, its reliability diagram and scores. What is drawn, grouped and said
here; the drawing itself is `report.calibration_charts`."""

from __future__ import annotations

import html
import json
from collections import defaultdict
from dataclasses import dataclass
from typing import Any

from nohallucinate.report.runs import RunView
from nohallucinate.report.table import fmt, with_se

# A family's accuracy with fewer answers than this behind it is drawn faded and off the line: it is mostly noise.
MIN_ANSWERS = 5


@dataclass(frozen=True)
class Curve:
    """The runs of one policy (its policy, grader, task file, settings and confidence mode), lowest t first."""

    name: str
    runs: list[RunView]


def calibrated_runs(runs: list[RunView]) -> list[RunView]:
    """The runs whose summaries carry a calibration (made under a rule other than the spec's)."""
    return [run for run in runs if "calibration" in run.summary]


def curves(runs: list[RunView]) -> list[Curve]:
    """One curve per policy, in the order the runs were given. Runs join a curve when only their threshold (or
    samples per task) differs: the same policy over another task file or selection, with other simulated knowledge
    or another confidence mode is another curve, named apart by its sweep's directory where the policy and grader
    alone would look alike."""
    grouped: dict[str, list[RunView]] = defaultdict(list)
    for run in calibrated_runs(runs):
        grouped[_identity(run)].append(run)
    groups = [sorted(group, key=lambda run: run.summary["calibration"]["threshold"]) for group in grouped.values()]
    names = _apart([f"{group[0].config.policy} · {group[0].config.grader}" for group in groups],
                   [f" ({group[0].directory.parent.name})" for group in groups])  # fmt: skip
    names = _apart(names, [f" #{index}" for index in range(1, len(names) + 1)])  # sweeps' directories alike
    return [Curve(name, group) for name, group in zip(names, groups, strict=True)]


def _apart(names: list[str], suffixes: list[str]) -> list[str]:
    """Each name that more than one curve has, with its suffix; the others as they are."""
    return [name + suffix if names.count(name) > 1 else name for name, suffix in zip(names, suffixes, strict=True)]


def _identity(run: RunView) -> str:
    config = run.config
    return json.dumps([config.policy, config.grader, config.tasks_sha256, config.per_family, config.policy_settings,
                       config.reward.confidence], sort_keys=True, default=str)  # fmt: skip


def families_of(runs: list[RunView]) -> list[str]:
    """The families of the calibrated runs' curves, in the order the summaries list them (the spec's)."""
    seen: list[str] = []
    for run in calibrated_runs(runs):
        for family in run.summary["calibration"]["per_family"]:
            if family not in seen:
                seen.append(family)
    return seen


def figures(run: RunView, panel: str) -> dict[str, Any] | None:
    """A run's measures on a panel: "overall" or a family's (None where the run has none of that family)."""
    point = run.summary["calibration"]
    found: dict[str, Any] | None = point["overall"] if panel == "overall" else point["per_family"].get(panel)
    return found


def sparse(measures: dict[str, Any]) -> bool:
    """Whether an accuracy when answering stands on too few answers to be drawn like the rest."""
    return bool(measures["accuracy_when_answering"]["n"] < MIN_ANSWERS)


def faded(runs: list[RunView]) -> list[str]:
    """Where the chart fades an accuracy (fewer than MIN_ANSWERS answers), as "family: curve at t = ..." lines."""
    found = []
    for panel in ["overall", *families_of(runs)]:
        for curve in curves(runs):
            at = [_at(run, measures) for run in curve.runs
                  if (measures := figures(run, panel)) is not None and sparse(measures)]  # fmt: skip
            if at:
                found.append(f"{panel}: {curve.name} at t = {', '.join(at)}")
    return found


def _at(run: RunView, measures: dict[str, Any]) -> str:
    threshold = f"{run.summary['calibration']['threshold']:g}"
    return threshold if measures["accuracy_when_answering"]["n"] else f"{threshold} (no answer: not drawn)"


def confident_runs(runs: list[RunView]) -> list[RunView]:
    """The runs with stated confidences scored."""
    return [run for run in calibrated_runs(runs) if (run.summary["calibration"]["confidence"] or {}).get("bins")]


def captions(runs: list[RunView]) -> dict[str, str]:
    """The calibration charts' captions, each saying what this report's chart leaves faded or how it binned."""
    fades = faded(runs)
    curve = (
        "Behavioural calibration: for each policy, the accuracy when it answers (solid, circles) and its answer rate "
        "(dashed, squares) at each threshold t, ± one standard error clustered by task, on the short families; the "
        "dotted line is accuracy = t. A calibrated policy stays above it and answers less as t rises. An accuracy "
        f"over fewer than {MIN_ANSWERS} answers is drawn hollow and faded, off the line: "
        + ("; ".join(fades) if fades else "none here")
        + "."
    )
    bins = sorted({run.summary["calibration"]["confidence"]["max_bins"] for run in confident_runs(runs)})
    reliability = (
        "Reliability of the stated confidence: one row per policy, one panel per threshold. Each point is an "
        f"equal-mass bin of the answers that stated a confidence (at most {' or '.join(map(str, bins))} bins; a run "
        "of equal confidences is never split, so a panel may use fewer), at its mean stated confidence and the share "
        "of its answers that were right, its area proportional to its answers; the dotted diagonal is perfect "
        "calibration. Each panel is zoomed to its bins, square (a policy that answers only above a high t leaves "
        "the rest empty); it gives its answers, bins used, ECE, Brier score and AUROC."
    )
    return {"calibration_curve": curve, "reliability": reliability}


def rows(runs: list[RunView]) -> list[list[str]]:
    """One row per calibrated run: run, t, answered, answer rate, accuracy when answering, reward, and the
    stated confidence's answers, Brier, ECE (bins) and AUROC."""
    table = []
    for run in calibrated_runs(runs):
        point = run.summary["calibration"]
        overall = point["overall"]
        scores: dict[str, Any] = point["confidence"] or {}
        measured = [
            with_se(overall[m]["mean"], overall[m]["se"]) for m in ("answer_rate", "accuracy_when_answering", "reward")
        ]
        confidence = ["–"] * 4
        if scores:
            ece = "–" if scores.get("ece") is None else f"{scores['ece']:.3f} ({len(scores['bins'])})"
            stated = f"{scores['stated']}/{scores['answers']}"
            confidence = [stated, fmt(scores.get("brier")), ece, fmt(scores.get("auroc"))]
        answered = f"{overall['accuracy_when_answering']['n']}/{overall['answer_rate']['n']}"
        table.append([run.label, f"{point['threshold']:g}", point["confidence_mode"], answered, *measured, *confidence])
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
    """The calibration table as HTML, every cell escaped (a run's label is its policy's name, which a user gives)."""
    head = "".join(f"<th>{html.escape(column)}</th>" for column in HEADER)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows(runs))
    return f"<table><tr>{head}</tr>{body}</table>"
