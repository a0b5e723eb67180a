"""A bad `--threshold` or `--confidence`, on every command that takes them: exit 2, one line on stderr naming the
flag, and nothing done (no run directory, no dataset, no server)."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.cli.app import COMMANDS, load_command

runner = CliRunner()
BAD_THRESHOLDS = ["0", "1", "-1", "nan", "inf", "abc", "1e9"]
# What else each command needs to get as far as reading the rule.
REQUIRED = {
    "sweep": ["--policy", "always_abstain"],
    "grade": ["--responses", "responses.jsonl"],
    "export-prompts": ["--out", "prompts"],
    "serve": [],
}


def taking(flag: str) -> list[str]:
    """The commands with `flag`, by looking at each one's flags."""
    return [name for name in COMMANDS if any(flag in getattr(p, "opts", []) for p in load_command(name).params)]


def test_the_commands_that_take_the_rule_are_the_ones_checked_here() -> None:
    assert set(taking("--threshold")) == set(taking("--confidence")) == set(REQUIRED)


def one_line(result) -> str:  # type: ignore[no-untyped-def]
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


@pytest.mark.parametrize("command", sorted(REQUIRED))
@pytest.mark.parametrize("value", BAD_THRESHOLDS)
def test_a_bad_threshold_exits_2_naming_the_flag(
    command: str, value: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "responses.jsonl").write_text("", encoding="utf-8")
    line = one_line(runner.invoke(app, [command, *REQUIRED[command], "--threshold", value]))
    assert line.startswith("error: --threshold ") and "strictly between 0 and 1" in line, line
    assert sorted(p.name for p in tmp_path.iterdir()) == ["responses.jsonl"]  # nothing written


@pytest.mark.parametrize("command", sorted(REQUIRED))
def test_a_bad_confidence_mode_exits_2_naming_the_flag(
    command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "responses.jsonl").write_text("", encoding="utf-8")
    line = one_line(runner.invoke(app, [command, *REQUIRED[command], "--confidence", "Brier"]))
    assert line == "error: --confidence 'Brier': choose one of off, report, brier"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["responses.jsonl"]
