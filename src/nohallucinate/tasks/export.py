"""The tasks as a prompts dataset for trainers: task id, family, tier and the chat prompt, nothing gradeable.

A trainer samples replies to the prompts and asks the environment (`NoHallucinateEnv`, or the served one) for each
reward by task id; golds, defects and articles stay with the environment.

Under a reward rule other than the spec's (`rewards.RewardRule`: a threshold t, a confidence mode) the system
prompt states the rule and each row also has the columns `threshold` (the t in force) and `confidence_mode`, so
that a trainer rewards each prompt by the rule it was asked under. Under the spec's rule the rows and the
dataset's features are as they always were.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nohallucinate.errors import UserInputError
from nohallucinate.runs.cleanup import output_directory
from nohallucinate.tasks.model import Task
from nohallucinate.tasks.prompt import prompt_messages
from nohallucinate.tasks.prompt import system_prompt as rule_prompt

if TYPE_CHECKING:
    from datasets import Dataset

    from nohallucinate.rewards import RewardRule

COLUMNS = ("task_id", "family", "tier", "prompt")
RULE_COLUMNS = ("threshold", "confidence_mode")  # added under a rule other than the spec's


def prompt_rows(
    tasks: Sequence[Task], system_prompt: str | None = None, rule: RewardRule | None = None
) -> list[dict[str, Any]]:
    """One row per task: its id, family, tier (or None) and prompt messages (the system prompt, then the question);
    under a `rule` other than the spec's, its threshold and confidence mode too. The system prompt is
    `system_prompt` when given (used as written), else the one stating `rule` (the spec's when None)."""
    if system_prompt is None:
        system_prompt = rule_prompt() if rule is None else rule_prompt(rule.threshold, rule.confidence)
    recorded = rule.record() if rule is not None and not rule.is_spec else {}
    return [
        {
            "task_id": task.task_id,
            "family": task.family.value,
            "tier": task.tier,
            "prompt": prompt_messages(task, system_prompt),
            **recorded,
        }
        for task in tasks
    ]


def prompts_dataset(tasks: Sequence[Task], system_prompt: str | None = None, rule: RewardRule | None = None) -> Dataset:
    """The tasks' prompts as a Hugging Face `Dataset` with the columns `task_id`, `family`, `tier` and `prompt`,
    and `threshold` and `confidence_mode` under a rule other than the spec's (see `prompt_rows`)."""
    from datasets import Dataset, Features, Value  # imported here: `datasets` takes a second to import

    message = {"role": Value("string"), "content": Value("string")}
    columns: dict[str, Any] = {"task_id": Value("string"), "family": Value("string"), "tier": Value("string"),
                               "prompt": [message]}  # fmt: skip
    if rule is not None and not rule.is_spec:
        columns |= {"threshold": Value("float64"), "confidence_mode": Value("string")}
    return Dataset.from_list(prompt_rows(tasks, system_prompt, rule), features=Features(columns))


def save_prompts(
    tasks: Sequence[Task], out: Path | str, system_prompt: str | None = None, rule: RewardRule | None = None
) -> Path:
    """Write the prompts dataset (see `prompt_rows`) to the directory `out` (new or empty), for
    `datasets.load_from_disk(out)`."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise UserInputError(f"{out} is a file, not a directory")
    if out.is_dir() and any(out.iterdir()):
        raise UserInputError(f"{out} is not empty; give a new or empty directory")
    dataset = prompts_dataset(tasks, system_prompt, rule)
    try:
        with output_directory(out):  # a write that fails (a full disk) leaves no half a dataset behind
            dataset.save_to_disk(str(out))
    except OSError as exc:
        raise UserInputError(f"cannot write the prompts into {out}: {exc.strerror or exc}") from None
    return out
