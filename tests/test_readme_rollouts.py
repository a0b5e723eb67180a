"""The README's "Rollouts per task and error bars" examples run, and print what the README says they print."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.cli.output import out

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
SECTION = README.split("### Rollouts per task and error bars", 1)[1].split("\n## ", 1)[0]
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```$", SECTION, re.MULTILINE | re.DOTALL)
runner = CliRunner()


def blocks(language: str) -> list[str]:
    return [text for kind, text in BLOCKS if kind == language]


def commands(block: str) -> list[list[str]]:
    """The arguments of each `nohallucinate ...` line of a shell block."""
    return [shlex.split(line)[1:] for line in block.splitlines() if line.startswith("nohallucinate ")]


def lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.strip("\n").splitlines()]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write runs/ and report/ here
    monkeypatch.setattr(out, "width", 80)  # tables as a terminal of 80 columns prints them, as in the README


def test_the_sweep_and_report_examples_print_what_the_readme_shows() -> None:
    sweep_block, report_block = blocks("sh")
    sweep_output, _, warnings = blocks("text")
    [sweep] = commands(sweep_block)
    result = runner.invoke(app, sweep)
    assert result.exit_code == 0, result.output
    assert lines(result.stdout) == lines(sweep_output)

    made, report = commands(report_block)
    assert runner.invoke(app, made).exit_code == 0
    result = runner.invoke(app, report)
    assert result.exit_code == 0, result.output
    assert [line for line in lines(result.stderr) if line.startswith("warning:")] == lines(warnings)


def test_the_python_example_prints_what_the_readme_shows() -> None:
    [code] = blocks("python")
    _, printed, _ = blocks("text")
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        exec(compile(code, "README.md", "exec"), {"__name__": "readme_example"})
    assert lines(captured.getvalue()) == lines(printed)
