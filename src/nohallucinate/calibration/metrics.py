"""Scores of stated confidences q_i against outcomes y_i (1 right, 0 wrong), i = 1..N.

- Brier score: mean of (q_i - y_i)^2; 0 is perfect, a constant 0.5 scores 0.25.
- ECE (expected calibration error): the items sorted by confidence and cut into bins; sum over bins b of
  (n_b / N) * |mean(y in b) - mean(q in b)|. Bins are *equal-mass* by default: B bins of about N / B items each,
  a cut moved past a run of equal confidences so that equal confidences share a bin (a constant confidence is one
  bin, not B bins that differ only by chance); so B is the most bins, and the result says how many it used.
  `binning="width"` cuts [0, 1] into B equal intervals instead (as torchmetrics' `BinaryCalibrationError`).
- AUROC: the probability that a right answer's confidence is above a wrong one's, ties counting one half
  (Mann-Whitney); 0.5 is confidence that says nothing about correctness.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Literal

Binning = Literal["mass", "width"]
DEFAULT_BINS = 10


@dataclass(frozen=True)
class ReliabilityBin:
    """One bin of a reliability diagram: how many items, their mean confidence and how many were right."""

    n: int
    confidence: float  # mean stated confidence
    accuracy: float  # share right
    low: float  # the smallest and largest confidence in the bin
    high: float


@dataclass(frozen=True)
class CalibrationError:
    """ECE and the bins it was computed over."""

    ece: float
    bins: list[ReliabilityBin]
    binning: Binning
    max_bins: int  # B asked for; `len(bins)` were used (non-empty, ties kept together)


def brier_score(confidences: Sequence[float], outcomes: Sequence[int]) -> float:
    """Mean squared distance between each confidence and its outcome."""
    _check(confidences, outcomes)
    return fmean((q - y) ** 2 for q, y in zip(confidences, outcomes, strict=True))


def calibration_error(
    confidences: Sequence[float], outcomes: Sequence[int], bins: int = DEFAULT_BINS, binning: Binning = "mass"
) -> CalibrationError:
    """ECE over at most `bins` bins, equal-mass (default) or equal-width; see the module."""
    _check(confidences, outcomes)
    if bins < 1:
        raise ValueError("ECE needs at least one bin")
    pairs = sorted(zip(confidences, outcomes, strict=True))
    groups = _equal_mass(pairs, bins) if binning == "mass" else _equal_width(pairs, bins)
    shown = [
        ReliabilityBin(
            n=len(group),
            confidence=fmean(q for q, _ in group),
            accuracy=fmean(y for _, y in group),
            low=group[0][0],
            high=group[-1][0],
        )
        for group in groups
        if group
    ]
    total = len(pairs)
    ece = sum(b.n / total * abs(b.accuracy - b.confidence) for b in shown)
    return CalibrationError(ece, shown, binning, bins)


def auroc(confidences: Sequence[float], outcomes: Sequence[int]) -> float | None:
    """AUROC of confidence against correctness; None when every outcome is the same (it is undefined)."""
    _check(confidences, outcomes)
    right = sum(outcomes)
    wrong = len(outcomes) - right
    if right == 0 or wrong == 0:
        return None
    # Mann-Whitney U from mid-ranks: equal confidences share the mean of their ranks.
    order = sorted(range(len(confidences)), key=lambda i: confidences[i])
    ranks = [0.0] * len(order)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and confidences[order[end + 1]] == confidences[order[start]]:
            end += 1
        for position in range(start, end + 1):
            ranks[order[position]] = (start + end) / 2 + 1
        start = end + 1
    rank_sum = sum(rank for rank, y in zip(ranks, outcomes, strict=True) if y == 1)
    return (rank_sum - right * (right + 1) / 2) / (right * wrong)


def _equal_mass(pairs: list[tuple[float, int]], bins: int) -> list[list[tuple[float, int]]]:
    """About len / bins sorted pairs a bin; a cut that would split equal confidences moves past them."""
    total = len(pairs)
    cuts: list[int] = []
    for b in range(1, bins):
        cut = math.floor(b * total / bins + 0.5)
        while 0 < cut < total and pairs[cut][0] == pairs[cut - 1][0]:
            cut += 1
        if 0 < cut < total and (not cuts or cut > cuts[-1]):
            cuts.append(cut)
    edges = [0, *cuts, total]
    return [pairs[a:b] for a, b in itertools.pairwise(edges)]


def _equal_width(pairs: list[tuple[float, int]], bins: int) -> list[list[tuple[float, int]]]:
    """B intervals of [0, 1], each closed on the right ((0, 1/B], ..., the first also taking 0)."""
    groups: list[list[tuple[float, int]]] = [[] for _ in range(bins)]
    for q, y in pairs:
        groups[max(0, math.ceil(q * bins) - 1)].append((q, y))
    return groups


def _check(confidences: Sequence[float], outcomes: Sequence[int]) -> None:
    if len(confidences) != len(outcomes):
        raise ValueError(f"{len(confidences)} confidences for {len(outcomes)} outcomes")
    if not confidences:
        raise ValueError("no confidences to score")
    if any(not 0.0 <= q <= 1.0 for q in confidences):
        raise ValueError("a confidence is a probability in [0, 1]")
    if any(y not in (0, 1) for y in outcomes):
        raise ValueError("an outcome is 0 (wrong) or 1 (right)")
