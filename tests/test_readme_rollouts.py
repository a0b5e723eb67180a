"""The README's "Rollouts per task and error bars" examples run, and print what the README says they print."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.cli.output import out
from support.readme import ReadmeExample, readme_example
from support.readme_shell import shell_commands

runner = CliRunner()


def commands(example: ReadmeExample) -> list[list[str]]:
    """The arguments of each `nohallucinate ...` command of a shell block."""
    return [command.argv[1:] for command in shell_commands(example)]


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip("\n").splitlines()]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write runs/ and report/ here
    monkeypatch.setattr(out, "width", 80)  # tables as a terminal of 80 columns prints them, as in the README


def test_the_sweep_and_report_examples_print_what_the_readme_shows() -> None:
    [sweep] = commands(readme_example("rollouts-sweep"))
    result = runner.invoke(app, sweep)
    assert result.exit_code == 0, result.output
    assert lines(result.stdout) == lines(readme_example("rollouts-sweep-output").body)

    made, report = commands(readme_example("rollouts-report"))
    assert runner.invoke(app, made).exit_code == 0
    result = runner.invoke(app, report)
    assert result.exit_code == 0, result.output
    warnings = [line for line in lines(result.stderr) if line.startswith("warning:")]
    assert warnings == lines(readme_example("rollouts-report-warnings").body)


def test_the_python_example_prints_what_the_readme_shows() -> None:
    code = readme_example("rollouts-python").body
    printed = readme_example("rollouts-python-output").body
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})
    assert lines(captured.getvalue()) == lines(printed)
