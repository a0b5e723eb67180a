"""What a report shows of each run: its label, configuration, verdicts and summary; and whether the runs side by
side cover the same (task, sample) pairs, without which their means are not comparable."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nohallucinate.errors import NohallucinateError, UserInputError
from nohallucinate.failures import grouped
from nohallucinate.graders import Verdict
from nohallucinate.runs import RunConfig, RunItems, RunSummary, read_items, summarise


class NothingGraded(NohallucinateError):
    """A run in which every item errored: it has no figure to report (the CLI exits 1, as the run itself did)."""

    @classmethod
    def of(cls, directory: Path, failed: list[tuple[str, str]]) -> NothingGraded:
        """The error for `directory`, whose every item failed: (item, reason) pairs, grouped by reason."""
        reasons = "\n".join(grouped(failed).lines())
        return cls(f"{directory} has no graded items: all {len(failed)} errored, by reason:\n{reasons}")


@dataclass(frozen=True)
class RunView:
    """One run directory, read (not locked: a running sweep can be reported on)."""

    label: str
    directory: Path
    config: RunConfig
    verdicts: list[Verdict]  # by task id, then sample
    summary: RunSummary
    items: RunItems  # the verdicts with their replies and questions, for the per-item section


def load_runs(directories: list[Path]) -> list[RunView]:
    """Each run, labelled by policy and grader (and directory name where two would look alike)."""
    views = []
    for directory in directories:
        items = read_items(directory)
        if not items.graded:
            raise UserInputError(f"{directory} holds no results yet")
        if all(verdict.errored for verdict in items.verdicts):
            failed = [(f"{v.task_id} (sample {v.sample})", v.error or "") for v in items.verdicts]
            raise NothingGraded.of(directory, failed)
        views.append(items)
    labels = [f"{items.config.policy} · {items.config.grader}" for items in views]
    if len(set(labels)) < len(labels):
        labels = [f"{label} ({items.directory.name})" for label, items in zip(labels, views, strict=True)]
    return [
        RunView(
            label, items.directory, items.config, items.verdicts, summarise(items.verdicts, items.config.reward), items
        )
        for label, items in zip(labels, views, strict=True)
    ]


def coverage_warnings(runs: list[RunView]) -> list[str]:
    """How each run's task set differs from the first run's: another task file, tasks or samples one has and the
    other lacks (errored items count as covered: they are listed, not missing). Empty when all cover the same."""
    first = runs[0]
    warnings = []
    for run in runs[1:]:
        found = _differences(first, run)
        if run.config.tasks_sha256 != first.config.tasks_sha256:
            found.insert(0, f"was made from another task file (sha256 {run.config.tasks_sha256[:12]}…, "
                            f"'{first.label}': {first.config.tasks_sha256[:12]}…)")  # fmt: skip
        warnings += [f"run '{run.label}' {difference}" for difference in found]
    if warnings:
        warnings.append("means over different tasks or samples are not comparable; compare them with care")
    return warnings


def _differences(first: RunView, run: RunView) -> list[str]:
    """What `run` lacks or adds against `first`: whole tasks, then samples of the tasks both have."""
    tasks, theirs = _tasks(first), _tasks(run)
    shared = tasks.keys() & theirs.keys()
    counted = [
        ("lacks", len(tasks.keys() - theirs.keys()), "task", "has", ""),
        ("has", len(theirs.keys() - tasks.keys()), "task", "lacks", ""),
        ("lacks", sum(len(tasks[t] - theirs[t]) for t in shared), "sample", "has", " (on tasks both have)"),
        ("has", sum(len(theirs[t] - tasks[t]) for t in shared), "sample", "lacks", " (on tasks both have)"),
    ]
    return [f"{verb} {count} {noun}{'s' * (count != 1)} that '{first.label}' {other}{where}"
            for verb, count, noun, other, where in counted if count]  # fmt: skip


def _tasks(run: RunView) -> dict[str, set[int]]:
    """The samples stored for each task of a run."""
    samples: dict[str, set[int]] = {}
    for verdict in run.verdicts:
        samples.setdefault(verdict.task_id, set()).add(verdict.sample)
    return samples
