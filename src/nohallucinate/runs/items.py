"""A run's items as data: each stored (task, sample) with its question, reply and verdict, for `export`, `regrade`
and the report's per-item section.

The run store keeps replies and verdicts; the question comes from the run's task file, read only when it is still
the file the run was made from (same sha256).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nohallucinate.checksums import file_sha256
from nohallucinate.errors import UserInputError
from nohallucinate.graders import Verdict
from nohallucinate.runs.config import RunConfig
from nohallucinate.runs.files import read_config, read_graded
from nohallucinate.tasks import Task, load_tasks

# The columns of an exported item, in order: what a user needs to analyse a run one reply at a time.
ITEM_COLUMNS = ("task_id", "family", "tier", "sample", "question", "reply", "verdict", "reward", "decided_by",
                "detail", "error")  # fmt: skip


@dataclass(frozen=True)
class RunItems:
    """A run's stored items, read without the lock, with the tasks of its task file where it can be read."""

    directory: Path
    config: RunConfig
    graded: list[tuple[Verdict, str | None]]  # (verdict, reply; None where the policy failed), by task id, sample
    tasks: dict[str, Task]  # by task id; empty when the task file is gone or changed
    questions_missing: str | None  # why there are no tasks (so no questions), else None

    @property
    def verdicts(self) -> list[Verdict]:
        return [verdict for verdict, _ in self.graded]

    @property
    def questions(self) -> dict[str, str]:
        """Each task's question, by task id (empty when the task file is gone or changed)."""
        return {task_id: task.question for task_id, task in self.tasks.items()}

    def rows(self) -> list[dict[str, Any]]:
        """One row per stored (task, sample), by task id then sample, with the ITEM_COLUMNS."""
        questions = self.questions
        return [item_row(verdict, reply, questions.get(verdict.task_id)) for verdict, reply in self.graded]


def read_items(directory: Path | str, tasks_path: Path | None = None) -> RunItems:
    """A run's items; the tasks come from its task file (or `tasks_path`, the same file moved elsewhere)."""
    directory = Path(directory)
    config = read_config(directory)
    graded = read_graded(directory)
    try:
        tasks, missing = {task.task_id: task for task in run_tasks(config, tasks_path)}, None
    except UserInputError as exc:  # the replies and verdicts are still worth reading without their tasks
        tasks, missing = {}, str(exc)
    return RunItems(directory, config, graded, tasks, missing)


def run_tasks(config: RunConfig, tasks_path: Path | None = None) -> list[Task]:
    """Every task of the file a run was made from (or of `tasks_path`, the same file elsewhere); a file that is
    gone, unreadable or changed since the run (its sha256 differs) is refused."""
    path = Path(config.tasks_path) if tasks_path is None else tasks_path
    if not path.exists():
        raise UserInputError(f"the run's task file {path} is gone")
    try:
        changed = file_sha256(path) != config.tasks_sha256
    except OSError as exc:
        raise UserInputError(f"the run's task file {path} cannot be read ({exc.strerror or exc})") from None
    if changed:
        what = "changed since the run started" if tasks_path is None else "is not the file the run was made from"
        raise UserInputError(f"the run's task file {path} {what} (sha256 differs)")
    return load_tasks(path)


def verdict_row(verdict: Verdict) -> dict[str, Any]:
    """A verdict as a flat row: ids, label (as "verdict"), reward, who decided, the grader's detail, any error."""
    return {
        "task_id": verdict.task_id,
        "family": verdict.family.value,
        "tier": verdict.tier,
        "sample": verdict.sample,
        "verdict": verdict.label.value if verdict.label else None,
        "reward": verdict.reward,
        "decided_by": verdict.decided_by,
        "detail": verdict.detail,
        "error": verdict.error,
    }


def item_row(verdict: Verdict, reply: str | None, question: str | None) -> dict[str, Any]:
    """One exported item: the verdict's row with the question and the reply, in ITEM_COLUMNS order."""
    row = verdict_row(verdict) | {"question": question, "reply": reply}
    return {column: row[column] for column in ITEM_COLUMNS}
