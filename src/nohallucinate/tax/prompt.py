"""The prompt a model under test sees: reason, box the final answer, box "I don't know." when it cannot be answered.

The template is recorded in every run (text and sha256), so two runs are compared only under the same prompt.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nohallucinate.checksums import text_sha256
from nohallucinate.errors import UserInputError
from nohallucinate.jsonl import FormatError, read_text_file

DEFAULT_TEMPLATE = """\
{question}

Work through the problem step by step, then give your final answer inside \\boxed{{}}. \
If the problem cannot be answered (it is missing information, contradicts itself, or asks about something \
no one can know), do not guess: give \\boxed{{I don't know.}} as your final answer.\
"""


@dataclass(frozen=True)
class PromptTemplate:
    """A user-message template with one `{question}` field."""

    text: str
    name: str = "default"

    def __post_init__(self) -> None:
        try:
            self.text.format(question="")
        except (KeyError, IndexError, ValueError) as exc:
            raise UserInputError(f"prompt template {self.name}: only {{question}} may be a field ({exc!r}); "
                             "write literal braces as {{ and }}") from None  # fmt: skip
        if "{question}" not in self.text:
            raise UserInputError(f"prompt template {self.name}: it must contain {{question}}")

    @property
    def sha256(self) -> str:
        return text_sha256(self.text)

    def render(self, question: str) -> str:
        return self.text.format(question=question.strip())

    @classmethod
    def from_file(cls, path: Path | str) -> PromptTemplate:
        """A template read from a UTF-8 text file."""
        try:  # bounded: a FIFO, /dev/zero or a directory is refused before it is read
            text = read_text_file(path)
        except FormatError as exc:
            raise UserInputError(f"prompt template {path}: {exc.reason}") from None
        return cls(text, name=str(path))


DEFAULT_PROMPT = PromptTemplate(DEFAULT_TEMPLATE)
