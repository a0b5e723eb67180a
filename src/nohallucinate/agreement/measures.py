"""How far a grader's labels agree with reference labels, each figure with a bootstrap interval.

For n rows with reference label r_i and grader label g_i over labels L:

    accuracy   = #{i : r_i = g_i} / n
    kappa      = (accuracy - p_e) / (1 - p_e),  p_e = sum over l of (#{r_i = l} / n) * (#{g_i = l} / n)   (Cohen)
    precision_l = #{r_i = g_i = l} / #{g_i = l},   recall_l = #{r_i = g_i = l} / #{r_i = l}
    share_l    = #{g_i = l} / n beside the reference's #{r_i = l} / n

Kappa is 1.0 when both sides use one label only and agree (p_e = 1), and undefined (None) when they disagree so.
A precision or recall with nothing to count is None. Intervals are percentile bootstraps: `resamples` draws of n
rows with replacement, from a generator seeded with `seed`, so the same rows give the same intervals in any process.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from nohallucinate.graders.ladder import Label

Pair = tuple[Label, Label]  # (reference, grader)
CONFIDENCE = 0.95


@dataclass(frozen=True)
class Interval:
    """A figure and its bootstrap interval (None where the figure is undefined on the rows or every resample)."""

    estimate: float | None
    low: float | None
    high: float | None


@dataclass(frozen=True)
class Agreement:
    """Every figure of one set of rows."""

    n: int
    labels: tuple[Label, ...]  # every label either side used, in ladder order
    accuracy: Interval
    kappa: Interval
    confusion: dict[Label, dict[Label, int]]  # reference -> grader -> count
    precision: dict[Label, Interval]
    recall: dict[Label, Interval]
    reference_share: dict[Label, float]
    grader_share: dict[Label, Interval]


def measure(pairs: Sequence[Pair], *, resamples: int = 1000, seed: int = 0) -> Agreement:
    """The agreement of `pairs` (reference label, grader label), with intervals from `resamples` bootstrap draws."""
    if not pairs:
        raise ValueError("no rows to measure")
    labels = tuple(sorted({label for pair in pairs for label in pair}, key=_ladder_order))
    counts = Counter(pairs)
    point = _figures(counts, len(pairs), labels)
    rng = random.Random(seed)
    draws = [_figures(Counter(rng.choices(pairs, k=len(pairs))), len(pairs), labels) for _ in range(resamples)]

    def interval(name: str) -> Interval:
        values = sorted(v for draw in draws if (v := draw[name]) is not None)
        return Interval(point[name], *_percentiles(values))

    return Agreement(
        n=len(pairs),
        labels=labels,
        accuracy=interval("accuracy"),
        kappa=interval("kappa"),
        confusion={r: {g: counts[(r, g)] for g in labels} for r in labels},
        precision={label: interval(f"precision:{label}") for label in labels},
        recall={label: interval(f"recall:{label}") for label in labels},
        reference_share={label: sum(n for (r, _), n in counts.items() if r is label) / len(pairs) for label in labels},
        grader_share={label: interval(f"share:{label}") for label in labels},
    )


def _figures(counts: Counter[Pair], n: int, labels: tuple[Label, ...]) -> dict[str, float | None]:
    agreed = sum(count for (r, g), count in counts.items() if r is g)
    reference = Counter[Label]()
    graded = Counter[Label]()
    for (r, g), count in counts.items():
        reference[r] += count
        graded[g] += count
    accuracy = agreed / n
    expected = sum(reference[label] * graded[label] for label in labels) / (n * n)
    kappa = (1.0 if accuracy == 1.0 else None) if expected == 1.0 else (accuracy - expected) / (1 - expected)
    figures: dict[str, float | None] = {"accuracy": accuracy, "kappa": kappa}
    for label in labels:
        hits = counts[(label, label)]
        figures[f"precision:{label}"] = hits / graded[label] if graded[label] else None
        figures[f"recall:{label}"] = hits / reference[label] if reference[label] else None
        figures[f"share:{label}"] = graded[label] / n
    return figures


def _percentiles(values: list[float]) -> tuple[float | None, float | None]:
    if not values:
        return None, None
    tail = (1 - CONFIDENCE) / 2
    last = len(values) - 1
    return values[round(tail * last)], values[round((1 - tail) * last)]


_ORDER = {label: index for index, label in enumerate(Label)}


def _ladder_order(label: Label) -> int:
    return _ORDER[label]
