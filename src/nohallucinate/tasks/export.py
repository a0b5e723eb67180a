"""The tasks as a prompts dataset for trainers: task id, family, tier and the chat prompt, nothing gradeable.

A trainer samples replies to the prompts and asks the environment (`NoHallucinateEnv`, or the served one) for each
reward by task id; golds, defects and articles stay with the environment.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nohallucinate.errors import UserInputError
from nohallucinate.runs.cleanup import output_directory
from nohallucinate.tasks.model import Task
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, prompt_messages

if TYPE_CHECKING:
    from datasets import Dataset

COLUMNS = ("task_id", "family", "tier", "prompt")


def prompt_rows(tasks: Sequence[Task], system_prompt: str = SYSTEM_PROMPT) -> list[dict[str, Any]]:
    """One row per task: its id, family, tier (or None) and prompt messages (the system prompt, then the question)."""
    return [
        {
            "task_id": task.task_id,
            "family": task.family.value,
            "tier": task.tier,
            "prompt": prompt_messages(task, system_prompt),
        }
        for task in tasks
    ]


def prompts_dataset(tasks: Sequence[Task], system_prompt: str = SYSTEM_PROMPT) -> Dataset:
    """The tasks' prompts as a Hugging Face `Dataset` with the columns `task_id`, `family`, `tier` and `prompt`."""
    from datasets import Dataset, Features, Value  # imported here: `datasets` takes a second to import

    message = {"role": Value("string"), "content": Value("string")}
    features = Features({"task_id": Value("string"), "family": Value("string"), "tier": Value("string"),
                         "prompt": [message]})  # fmt: skip
    return Dataset.from_list(prompt_rows(tasks, system_prompt), features=features)


def save_prompts(tasks: Sequence[Task], out: Path | str, system_prompt: str = SYSTEM_PROMPT) -> Path:
    """Write the prompts dataset to the directory `out` (new or empty), for `datasets.load_from_disk(out)`."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UserInputError(f"{out} is a file, not a directory")
    if out.is_dir() and any(out.iterdir()):
        raise UserInputError(f"{out} is not empty; give a new or empty directory")
    dataset = prompts_dataset(tasks, system_prompt)
    try:
        with output_directory(out):  # a write that fails (a full disk) leaves no half a dataset behind
            dataset.save_to_disk(str(out))
    except OSError as exc:
        raise UserInputError(f"cannot write the prompts into {out}: {exc.strerror or exc}") from None
    return out
