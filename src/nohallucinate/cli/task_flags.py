"""The task-selection flags: `--tasks FILE` (the demo set by default), `--split`, and `--per-family N`."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from nohallucinate.cli.flag_groups import flag_group
from nohallucinate.cli.output import info, or_exit

if TYPE_CHECKING:
    from nohallucinate.tasks import Task

TasksOption = Annotated[
    Path | None, typer.Option("--tasks", help="Task file (JSONL). Default: the bundled demo set.", show_default=False)
]
SplitOption = Annotated[
    str | None,
    typer.Option(
        "--split",
        help="Only the tasks of this split (train: for training; test: held out, for evaluation) \\[default: all].",
        show_default=False,
    ),
]
PerFamilyOption = Annotated[
    int | None, typer.Option("--per-family", min=1, help="Take the first N tasks of each family.")
]


@dataclass(frozen=True)
class TaskFlags:
    """Which tasks a command works on: a split of the task file, then the first N of each family (`select_tasks`,
    as every entry point selects)."""

    tasks: TasksOption = None
    split: SplitOption = None
    per_family: PerFamilyOption = None

    @property
    def path(self) -> Path:
        """The task file named, or the bundled demo set's."""
        from nohallucinate.tasks import demo_tasks_path

        return self.tasks or demo_tasks_path()

    def load(self, use: str | None = None) -> list[Task]:
        """The selected tasks; a file that cannot be read, or a split no task is in, ends the command. With `use`
        (what --split would be for, e.g. "--split test for a held-out evaluation"), say so when the file has
        several splits and none was chosen."""
        from nohallucinate.tasks import load_tasks, select_tasks
        from nohallucinate.tasks.splits import splits_of

        every = or_exit(lambda: load_tasks(self.path))
        if use is not None and self.split is None and len(names := splits_of(every)) > 1:
            info(f"the task file has the splits {', '.join(names)}; taking all of them ({use})")
        return or_exit(lambda: select_tasks(every, self.split, self.per_family))


TASK_FLAGS = flag_group(TaskFlags)
