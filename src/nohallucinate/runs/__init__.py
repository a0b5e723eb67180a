"""Runs: execute policy x tasks x grader, keep every result in a run store, and aggregate the verdicts."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

# Imported now: `sweep` names both a module and a function of it (nohallucinate.lazy). The `regrade` function is
# imported from its module, nohallucinate.runs.regrade, for the same reason.
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
    from nohallucinate.runs.config import ModelRecord, RegradeSource, RepliesSource, RunConfig, SystemPromptRecord
    from nohallucinate.runs.errors import BadRunError, RunLockedError, RunStopped, RunStoreError, RunWriteError
    from nohallucinate.runs.export import EXPORT_FORMATS, export_rows, write_jsonl, write_parquet
    from nohallucinate.runs.files import (
        THRESHOLD_RUN,
        check_new_run_directory,
        expand_runs,
        read_config,
        read_graded,
        read_responses,
        read_results,
        read_verdicts,
        run_kind,
    )
    from nohallucinate.runs.items import ITEM_COLUMNS, RunItems, read_items, run_tasks, verdict_row
    from nohallucinate.runs.regrade import check_regrade_target, regraded_config
    from nohallucinate.runs.replies_run import REPLIES_POLICY, grade_into_run, replies_config, replies_plan
    from nohallucinate.runs.session import RunSession, model_records, run_name
    from nohallucinate.runs.store import RunStore, stopped_message
    from nohallucinate.runs.summary import RunSummary, summarise
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.runs.config": (
                "ModelRecord",
                "RegradeSource",
                "RepliesSource",
                "RunConfig",
                "SystemPromptRecord",
            ),
            "nohallucinate.runs.errors": (
                "BadRunError",
                "RunLockedError",
                "RunStopped",
                "RunStoreError",
                "RunWriteError",
            ),
            "nohallucinate.runs.export": ("EXPORT_FORMATS", "export_rows", "write_jsonl", "write_parquet"),
            "nohallucinate.runs.files": (
                "THRESHOLD_RUN",
                "check_new_run_directory",
                "expand_runs",
                "read_config",
                "read_graded",
                "read_responses",
                "read_results",
                "read_verdicts",
                "run_kind",
            ),
            "nohallucinate.runs.items": ("ITEM_COLUMNS", "RunItems", "read_items", "run_tasks", "verdict_row"),
            "nohallucinate.runs.regrade": ("check_regrade_target", "regraded_config"),
            "nohallucinate.runs.replies_run": ("REPLIES_POLICY", "grade_into_run", "replies_config", "replies_plan"),
            "nohallucinate.runs.session": ("RunSession", "model_records", "run_name"),
            "nohallucinate.runs.store": ("RunStore", "stopped_message"),
            "nohallucinate.runs.summary": ("RunSummary", "summarise"),
        },
    )

__all__ = [
    "EXPORT_FORMATS",
    "ITEM_COLUMNS",
    "REPLIES_POLICY",
    "THRESHOLD_RUN",
    "BadRunError",
    "ModelRecord",
    "RegradeSource",
    "RepliesSource",
    "RunConfig",
    "RunItems",
    "RunLockedError",
    "RunSession",
    "RunStopped",
    "RunStore",
    "RunStoreError",
    "RunSummary",
    "RunWriteError",
    "Samples",
    "SystemPromptRecord",
    "check_new_run_directory",
    "check_regrade_target",
    "errored",
    "expand_runs",
    "export_rows",
    "grade_into_run",
    "grade_replies",
    "grade_safely",
    "model_records",
    "pending",
    "read_config",
    "read_graded",
    "read_items",
    "read_responses",
    "read_results",
    "read_verdicts",
    "regraded_config",
    "replies_config",
    "replies_plan",
    "run_kind",
    "run_name",
    "run_tasks",
    "sample_counts",
    "select_per_family",
    "stopped_message",
    "summarise",
    "sweep",
    "verdict_row",
    "write_jsonl",
    "write_parquet",
]
