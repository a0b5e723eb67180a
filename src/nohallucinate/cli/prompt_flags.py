"""The system-prompt flags: `--system-prompt FILE` sends a user's own text, `--no-system-prompt` sends none."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from nohallucinate.cli.flag_groups import flag_group
from nohallucinate.errors import UserInputError

if TYPE_CHECKING:
    from nohallucinate.runs import SystemPromptRecord

SystemPromptFile = Annotated[
    Path | None,
    typer.Option(
        "--system-prompt",
        help="Send this file's text as the system prompt, word for word \\[default: the spec's, or the one stating "
        "--threshold].",
        show_default=False,
    ),
]
NoSystemPrompt = Annotated[bool, typer.Option("--no-system-prompt", help="Send no system prompt: the question alone.")]


@dataclass(frozen=True)
class PromptFlags:
    """Which system prompt a command sends (checked as the flags are read)."""

    system_prompt_file: SystemPromptFile = None
    no_system_prompt: NoSystemPrompt = False

    def __post_init__(self) -> None:
        if self.system_prompt_file is not None and self.no_system_prompt:
            raise UserInputError("give --system-prompt FILE or --no-system-prompt, not both")

    @property
    def chosen(self) -> bool:
        return self.system_prompt_file is not None or self.no_system_prompt

    @property
    def text(self) -> str | None:
        """The system prompt to send: the file's text, NO_SYSTEM_PROMPT, or None for the rule's own."""
        from nohallucinate.tasks.prompt import NO_SYSTEM_PROMPT, read_system_prompt

        if self.no_system_prompt:
            return NO_SYSTEM_PROMPT
        return None if self.system_prompt_file is None else read_system_prompt(self.system_prompt_file)

    def describe(self) -> str:
        """For a command's closing line: which system prompt it sent, then "; " (empty for the rule's own)."""
        if self.no_system_prompt:
            return "no system prompt; "
        return "" if self.system_prompt_file is None else f"system prompt {self.system_prompt_file}; "

    def record(self) -> SystemPromptRecord | None:
        """What a run records of the choice (None: the rule's own prompt)."""
        from nohallucinate.checksums import file_sha256
        from nohallucinate.runs import SystemPromptRecord

        if self.no_system_prompt:
            return SystemPromptRecord(source="none")
        if self.system_prompt_file is None:
            return None
        text = self.text or ""
        path = self.system_prompt_file
        return SystemPromptRecord(source="file", path=str(path.resolve()), sha256=file_sha256(path), text=text)


PROMPT_FLAGS = flag_group(PromptFlags)
