from .config import (
    ModelRecord as ModelRecord,
    RegradeSource as RegradeSource,
    RepliesSource as RepliesSource,
    RunConfig as RunConfig,
    SystemPromptRecord as SystemPromptRecord,
)
from .errors import (
    BadRunError as BadRunError,
    RunLockedError as RunLockedError,
    RunStopped as RunStopped,
    RunStoreError as RunStoreError,
    RunWriteError as RunWriteError,
)
from .export import (
    EXPORT_FORMATS as EXPORT_FORMATS,
    export_rows as export_rows,
    write_jsonl as write_jsonl,
    write_parquet as write_parquet,
)
from .files import (
    THRESHOLD_RUN as THRESHOLD_RUN,
    check_new_run_directory as check_new_run_directory,
    expand_runs as expand_runs,
    read_config as read_config,
    read_graded as read_graded,
    read_responses as read_responses,
    read_results as read_results,
    read_verdicts as read_verdicts,
    run_kind as run_kind,
)
from .items import (
    ITEM_COLUMNS as ITEM_COLUMNS,
    RunItems as RunItems,
    read_items as read_items,
    run_tasks as run_tasks,
    verdict_row as verdict_row,
)
from .regrade import check_regrade_target as check_regrade_target, regraded_config as regraded_config
from .replies_run import (
    REPLIES_POLICY as REPLIES_POLICY,
    grade_into_run as grade_into_run,
    replies_config as replies_config,
    replies_plan as replies_plan,
)
from .session import RunSession as RunSession, model_records as model_records, run_name as run_name
from .store import RunStore as RunStore, stopped_message as stopped_message
from .summary import RunSummary as RunSummary, summarise as summarise
from .sweep import (
    Samples as Samples,
    errored as errored,
    grade_replies as grade_replies,
    grade_safely as grade_safely,
    pending as pending,
    sample_counts as sample_counts,
    sweep as sweep,
)
