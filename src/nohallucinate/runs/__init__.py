"""Runs: execute policy x tasks x grader, keep every result in a run store, and aggregate the verdicts."""

from nohallucinate.runs.store import (
    RunConfig,
    RunLockedError,
    RunStore,
    read_config,
    read_responses,
    read_results,
    read_verdicts,
    run_kind,
)
from nohallucinate.runs.summary import summarise
from nohallucinate.runs.sweep import errored, grade_replies, grade_safely, select_per_family, sweep

__all__ = [
    "RunConfig",
    "RunLockedError",
    "RunStore",
    "errored",
    "grade_replies",
    "grade_safely",
    "read_config",
    "read_responses",
    "read_results",
    "read_verdicts",
    "run_kind",
    "select_per_family",
    "summarise",
    "sweep",
]
