"""What a report shows of each run: its label, configuration, verdicts and summary."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nohallucinate.errors import UserInputError
from nohallucinate.graders import Verdict
from nohallucinate.runs import RunConfig, RunSummary, read_config, read_verdicts, summarise


@dataclass(frozen=True)
class RunView:
    """One run directory, read (not locked: a running sweep can be reported on)."""

    label: str
    directory: Path
    config: RunConfig
    verdicts: list[Verdict]
    summary: RunSummary


def load_runs(directories: list[Path]) -> list[RunView]:
    """Each run, labelled by policy and grader (and directory name where two would look alike)."""
    views = []
    for directory in directories:
        config: RunConfig = read_config(directory)
        verdicts = read_verdicts(directory)
        if not verdicts:
            raise UserInputError(f"{directory} holds no results yet")
        views.append((directory, config, verdicts))
    labels = [f"{config.policy} · {config.grader}" for _, config, _ in views]
    if len(set(labels)) < len(labels):
        labels = [f"{label} ({directory.name})" for label, (directory, _, _) in zip(labels, views, strict=True)]
    return [
        RunView(label, directory, config, verdicts, summarise(verdicts))
        for label, (directory, config, verdicts) in zip(labels, views, strict=True)
    ]
