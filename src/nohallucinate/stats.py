"""Standard errors of mean rewards, clustered by task: several samples of one task are not independent draws.

For rewards r_ij (task i = 1..C, its scored samples j = 1..n_i), N = sum of n_i and m their mean,

    SE = sqrt( C / (C - 1) * sum_i ( sum_j (r_ij - m) )^2 ) / N

the cluster-robust (CR1-style) standard error of a mean, as in Miller, "Adding Error Bars to Evals" (2024). With
one sample per task it is exactly the ordinary sd / sqrt(n), sd with n - 1; with k samples of every task it is
the ordinary standard error of the C per-task means. It needs two tasks at least (None below that).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import fmean


def clustered_se(clusters: Sequence[Sequence[float]]) -> float | None:
    """The standard error of the mean of every value, each inner sequence one cluster (a task's samples); None
    with fewer than two non-empty clusters, where it is undefined."""
    groups = [group for group in clusters if group]
    count = len(groups)
    if count < 2:
        return None
    total = sum(len(group) for group in groups)
    mean = fmean(value for group in groups for value in group)
    spread = sum(sum(value - mean for value in group) ** 2 for group in groups)
    return math.sqrt(count / (count - 1) * spread) / total
