"""Runs: execute policy x tasks x grader, keep every result in a run store, and aggregate the verdicts."""

from nohallucinate.runs.config import RunConfig
from nohallucinate.runs.errors import BadRunError, RunLockedError, RunStoreError, RunWriteError
from nohallucinate.runs.files import read_config, read_responses, read_results, read_verdicts, run_kind
from nohallucinate.runs.store import RunStore, stopped_message
from nohallucinate.runs.summary import summarise
from nohallucinate.runs.sweep import errored, grade_replies, grade_safely, select_per_family, sweep

__all__ = [
    "BadRunError",
    "RunConfig",
    "RunLockedError",
    "RunStore",
    "RunStoreError",
    "RunWriteError",
    "errored",
    "grade_replies",
    "grade_safely",
    "read_config",
    "read_responses",
    "read_results",
    "read_verdicts",
    "run_kind",
    "select_per_family",
    "stopped_message",
    "summarise",
    "sweep",
]
