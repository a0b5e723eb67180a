"""`export-prompts`: the tasks' prompts as a Hugging Face dataset for trainers (no golds, defects or articles)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from nohallucinate.cli.flag_groups import with_flag_groups
from nohallucinate.cli.output import info, or_exit
from nohallucinate.cli.prompt_flags import PROMPT_FLAGS, PromptFlags
from nohallucinate.cli.reward_flags import REWARD_FLAGS, RewardFlags
from nohallucinate.cli.task_flags import TASK_FLAGS, TaskFlags

commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command("export-prompts")
@with_flag_groups
def export_prompts(
    out: Annotated[Path, typer.Option("--out", help="New or empty directory to write the dataset into.")],
    selection: TaskFlags = TASK_FLAGS,
    reward: RewardFlags = REWARD_FLAGS,
    prompt: PromptFlags = PROMPT_FLAGS,
) -> None:
    """Write the prompts as a Hugging Face dataset for trainers, without gold, defect or article.

    One row per task: task_id, family, tier and the prompt messages. Load it with `datasets.load_from_disk(DIR)`.
    With --threshold or --confidence the prompt states the rule, and each row also has threshold and
    confidence_mode. --system-prompt FILE sends that text instead (word for word), --no-system-prompt none."""
    from nohallucinate.tasks.export import save_prompts

    tasks = selection.load(use="--split train for training alone")
    import datasets  # here, not at the top: it takes a second to import, and only this command needs it

    datasets.disable_progress_bars()  # a few hundred rows take no time; the bar would be noise
    or_exit(lambda: save_prompts(tasks, out, system_prompt=prompt.text, rule=reward.rule))
    rule = "" if reward.rule.is_spec else f"{reward.rule.describe()}; "
    rule += prompt.describe()
    info(f"wrote {len(tasks)} prompts to {out} ({rule}load with datasets.load_from_disk)")
