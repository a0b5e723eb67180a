"""`export-prompts`: the tasks' prompts as a Hugging Face dataset for trainers (no golds, defects or articles)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from nohallucinate.cli.common import TasksOption, load_task_file
from nohallucinate.cli.output import info, or_exit

commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command("export-prompts")
def export_prompts(
    out: Annotated[Path, typer.Option("--out", help="New or empty directory to write the dataset into.")],
    tasks_path: TasksOption = None,
    per_family: Annotated[
        int | None, typer.Option("--per-family", min=1, help="Take the first N tasks of each family.")
    ] = None,
) -> None:
    """Write the prompts as a Hugging Face dataset for trainers, without gold, defect or article.

    One row per task: task_id, family, tier and the prompt messages. Load it with `datasets.load_from_disk(DIR)`."""
    from nohallucinate.runs import select_per_family
    from nohallucinate.tasks.export import save_prompts

    tasks = or_exit(lambda: select_per_family(load_task_file(tasks_path), per_family))
    import datasets  # here, not at the top: it takes a second to import, and only this command needs it

    datasets.disable_progress_bars()  # a few hundred rows take no time; the bar would be noise
    or_exit(lambda: save_prompts(tasks, out))
    info(f"wrote {len(tasks)} prompts to {out} (load with datasets.load_from_disk)")
