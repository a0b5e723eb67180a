"""Runs: execute policy x tasks x grader, keep every result in a run store, and aggregate the verdicts."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

# Imported now: `sweep` names both a module and a function of it (nohallucinate.lazy).
from nohallucinate.runs.sweep import (
    Samples,
    errored,
    grade_replies,
    grade_safely,
    pending,
    sample_counts,
    select_per_family,
    sweep,
)

if TYPE_CHECKING:
    from nohallucinate.runs.config import ModelRecord, RunConfig
    from nohallucinate.runs.errors import BadRunError, RunLockedError, RunStopped, RunStoreError, RunWriteError
    from nohallucinate.runs.files import read_config, read_responses, read_results, read_verdicts, run_kind
    from nohallucinate.runs.session import RunSession, model_records, run_name
    from nohallucinate.runs.store import RunStore, stopped_message
    from nohallucinate.runs.summary import RunSummary, summarise
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.runs.config": ("ModelRecord", "RunConfig"),
            "nohallucinate.runs.errors": (
                "BadRunError",
                "RunLockedError",
                "RunStopped",
                "RunStoreError",
                "RunWriteError",
            ),
            "nohallucinate.runs.files": ("read_config", "read_responses", "read_results", "read_verdicts", "run_kind"),
            "nohallucinate.runs.session": ("RunSession", "model_records", "run_name"),
            "nohallucinate.runs.store": ("RunStore", "stopped_message"),
            "nohallucinate.runs.summary": ("RunSummary", "summarise"),
        },
    )

__all__ = [
    "BadRunError",
    "ModelRecord",
    "RunConfig",
    "RunLockedError",
    "RunSession",
    "RunStopped",
    "RunStore",
    "RunStoreError",
    "RunSummary",
    "RunWriteError",
    "Samples",
    "errored",
    "grade_replies",
    "grade_safely",
    "model_records",
    "pending",
    "read_config",
    "read_responses",
    "read_results",
    "read_verdicts",
    "run_kind",
    "run_name",
    "sample_counts",
    "select_per_family",
    "stopped_message",
    "summarise",
    "sweep",
]
