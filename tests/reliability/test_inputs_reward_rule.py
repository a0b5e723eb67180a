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
BAD_THRESHOLD_LISTS = ["abc", "0.5,1", "0.25,,0.5", "0.5,0.5", "0.5,0.5000001"]  # the last: one directory name
# What else a command needs to get as far as reading the rule (none: nothing else).
REQUIRED = {
    "sweep": ["--policy", "always_abstain"],
    "grade": ["--responses", "responses.jsonl"],
    "export-prompts": ["--out", "prompts"],
}


def taking(flag: str) -> list[str]:
    """The commands with `flag`, found by looking at each one's flags (a command that gains it is checked too)."""
    return [name for name in COMMANDS if any(flag in getattr(p, "opts", []) for p in load_command(name).params)]


def test_the_surfaces_of_the_rule_take_it() -> None:
    assert {"sweep", "grade", "serve", "export-prompts"} <= set(taking("--threshold")) & set(taking("--confidence"))


def one_line(result) -> str:  # type: ignore[no-untyped-def]
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2 and len(lines) == 1, result.output
    return lines[0]


@pytest.fixture
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "responses.jsonl").write_text("", encoding="utf-8")
    return tmp_path


def nothing_written(directory: Path) -> bool:
    return sorted(p.name for p in directory.iterdir()) == ["responses.jsonl"]


@pytest.mark.parametrize("command", taking("--threshold"))
@pytest.mark.parametrize("value", BAD_THRESHOLDS)
def test_a_bad_threshold_exits_2_naming_the_flag(command: str, value: str, in_tmp: Path) -> None:
    line = one_line(runner.invoke(app, [command, *REQUIRED.get(command, []), "--threshold", value]))
    assert line.startswith("error: --threshold ") and "strictly between 0 and 1" in line, line
    assert nothing_written(in_tmp)


@pytest.mark.parametrize("command", taking("--confidence"))
def test_a_bad_confidence_mode_exits_2_naming_the_flag(command: str, in_tmp: Path) -> None:
    line = one_line(runner.invoke(app, [command, *REQUIRED.get(command, []), "--confidence", "Brier"]))
    assert line == "error: --confidence 'Brier': choose one of off, report, brier"
    assert nothing_written(in_tmp)


@pytest.mark.parametrize("command", taking("--thresholds"))
@pytest.mark.parametrize("value", BAD_THRESHOLD_LISTS)
def test_a_bad_threshold_list_exits_2_naming_the_flag(command: str, value: str, in_tmp: Path) -> None:
    line = one_line(runner.invoke(app, [command, *REQUIRED.get(command, []), "--thresholds", value]))
    assert line.startswith("error: --thresholds"), line
    assert nothing_written(in_tmp)
