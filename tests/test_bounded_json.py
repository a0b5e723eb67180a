"""The bounded JSON reader: deep nesting, devices, FIFOs, directories, long lines and duplicate keys are each a
FormatError (exit 2 from the CLI) naming the file, never a traceback nor a hang."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate import jsonl
from nohallucinate.cli import app
from nohallucinate.jsonl import FormatError, read_json_lines

runner = CliRunner()


def bad_inputs(tmp_path: Path) -> dict[str, str]:
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "\n")
    dup = tmp_path / "dup.jsonl"
    dup.write_text('{"task_id": "a", "task_id": "b"}\n')
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    return {"deep": str(deep), "dup": str(dup), "fifo": str(fifo), "zero": "/dev/zero", "dir": str(tmp_path)}


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
def test_reader_refuses(tmp_path: Path, kind: str) -> None:
    path = bad_inputs(tmp_path)[kind]
    with pytest.raises(FormatError) as caught:
        read_json_lines(path)
    assert caught.value.path == path


def test_a_line_over_the_limit_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jsonl, "MAX_LINE_BYTES", 100)
    path = tmp_path / "long.jsonl"
    path.write_text('{"a": "' + "x" * 200 + '"}\n')
    with pytest.raises(FormatError, match="line longer than 100 bytes"):
        read_json_lines(path)


COMMANDS = [["sweep", "--policy", "always_abstain", "--tasks"], ["check"], ["grade", "--responses"]]


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
@pytest.mark.parametrize("command", COMMANDS)
def test_cli_refuses_cleanly(tmp_path: Path, kind: str, command: list[str]) -> None:
    path = bad_inputs(tmp_path)[kind]
    result = runner.invoke(app, [*command, path])
    assert result.exit_code == 2, result.output
    assert path in result.stderr and "Traceback" not in result.stderr
