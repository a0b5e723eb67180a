"""Run a shell block of the README or a docs page as a reader would: line by line, each command a fresh process,
with the block's placeholders (a URL, a port) replaced by the test's own.

A block is read as the shell reads it: a trailing `\\` joins the next line, `#` starts a comment (a comment on a
line of its own right after a command belongs to that command), `export NAME=VALUE` sets the environment of the
commands after it. `nohallucinate ...` and `python -m nohallucinate ...` run this checkout's CLI with this
interpreter, so the suite runs exactly what the README shows, output and exit code included.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from support.readme import ROOT, ReadmeExample


@dataclass(frozen=True)
class ShellCommand:
    """One command of a block: its text (continuations joined), its comment, its line number, and its file (from the
    repository's root)."""

    text: str
    comment: str
    line: int
    source: str = "README.md"

    @property
    def argv(self) -> list[str]:
        return shlex.split(self.text)


@dataclass(frozen=True)
class Ran:
    """A command as it ran: the text after substitution, its exit code and output."""

    command: ShellCommand
    text: str
    returncode: int
    stdout: str
    stderr: str

    def __str__(self) -> str:
        where = f"{self.command.source} line {self.command.line}"
        return f"{where}: `{self.text}` exited {self.returncode}\n{self.stderr[-3000:]}"


def shell_commands(example: ReadmeExample) -> list[ShellCommand]:
    """The commands of a shell block, in order, with their comments."""
    commands: list[ShellCommand] = []
    source = str(example.path.relative_to(ROOT))
    pending: list[str] = []
    start = 0
    previous_was_command = False
    for number, raw in enumerate(example.body.splitlines(), start=example.line):
        code, comment = _split_comment(raw)
        if not pending and not code.strip():
            if comment and previous_was_command and raw.startswith(" "):  # an indented comment continues the last
                last = commands[-1]
                commands[-1] = ShellCommand(last.text, f"{last.comment} {comment}".strip(), last.line, source)
            else:
                previous_was_command = False
            continue
        if not pending:
            start = number
        pending.append(code.rstrip().removesuffix("\\").strip())
        if code.rstrip().endswith("\\"):
            continue
        commands.append(ShellCommand(" ".join(pending), comment, start, source))
        pending = []
        previous_was_command = True
    assert not pending, f"{source} line {start}: a continuation that never ends"
    return commands


def _split_comment(line: str) -> tuple[str, str]:
    """The code and the comment of one line: `#` at the start or after a space, outside quotes."""
    quote = ""
    for index, char in enumerate(line):
        if quote:
            quote = "" if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == "#" and (index == 0 or line[index - 1].isspace()):
            return line[:index], line[index + 1 :].strip()
    return line, ""


@dataclass
class Shell:
    """Runs README commands in `cwd`, with `replace` applied to each command's text first."""

    cwd: Path
    replace: Mapping[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    timeout: float = 300

    def substituted(self, command: ShellCommand) -> str:
        """The command's text with every placeholder replaced."""
        text = command.text
        for placeholder, value in self.replace.items():
            text = text.replace(placeholder, value)
        return text

    def run(self, command: ShellCommand) -> Ran:
        """Run one command (an `export` sets the environment); returns how it ran, whatever its exit code."""
        text = self.substituted(command)
        argv = shlex.split(text)
        if argv[0] == "export":
            name, _, value = argv[1].partition("=")
            self.env[name] = value
            return Ran(command, text, 0, "", "")
        done = subprocess.run(
            _program(argv), cwd=self.cwd, env=self.env, capture_output=True, text=True, timeout=self.timeout
        )
        return Ran(command, text, done.returncode, done.stdout, done.stderr)

    def start(self, command: ShellCommand) -> subprocess.Popen[str]:
        """Start a long-running command (a server) after substitution; stderr goes to a file in `cwd`."""
        text = self.substituted(command)
        with (self.cwd / f"line-{command.line}.log").open("w", encoding="utf-8") as log:  # the child keeps its copy
            return subprocess.Popen(
                _program(shlex.split(text)), cwd=self.cwd, env=self.env, stdout=log, stderr=log, text=True
            )

    def run_all(self, commands: list[ShellCommand]) -> list[Ran]:
        """Run every command in order, each expected to exit 0."""
        ran = []
        for command in commands:
            done = self.run(command)
            assert done.returncode == 0, str(done)
            ran.append(done)
        return ran


def _program(argv: list[str]) -> list[str]:
    """This checkout's CLI for `nohallucinate ...` and `python -m nohallucinate ...`; anything else as written."""
    if argv[0] == "nohallucinate":
        return [sys.executable, "-m", "nohallucinate", *argv[1:]]
    if argv[0] == "python":
        return [sys.executable, *argv[1:]]
    return argv
