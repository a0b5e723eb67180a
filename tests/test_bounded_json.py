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


def run_dir_with(tmp_path: Path, kind: str) -> Path:
    """A run directory whose run.json is the bad input `kind` (a symlink for a FIFO or /dev/zero, a directory)."""
    source = bad_inputs(tmp_path)[kind]
    run = tmp_path / "run"
    run.mkdir()
    if kind == "dir":
        (run / "run.json").mkdir()
    elif kind in ("fifo", "zero"):
        (run / "run.json").symlink_to(source)
    else:
        (run / "run.json").write_bytes(Path(source).read_bytes())
    return run


RUN_DIR_COMMANDS = [
    lambda run, out: ["regrade", str(run), "--grader", "local", "--out", str(out)],
    lambda run, out: ["report", str(run), "--out", str(out)],
    lambda run, out: ["export", str(run)],
    lambda run, out: ["sweep", "--resume", str(run)],
    lambda run, out: ["tax", "run", "--resume", str(run)],
    lambda run, out: ["tax", "report", str(run), "--out", str(out)],
]


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
@pytest.mark.parametrize("command", range(len(RUN_DIR_COMMANDS)))
def test_run_dir_commands_refuse_a_bad_run_json(tmp_path: Path, kind: str, command: int) -> None:
    run = run_dir_with(tmp_path, kind)
    result = runner.invoke(app, RUN_DIR_COMMANDS[command](run, tmp_path / "out"))
    assert result.exit_code == 2, result.output
    assert str(run / "run.json") in result.stderr and "Traceback" not in result.stderr


DEMO = Path(__file__).parent / "data" / "labelled_tasks.jsonl"

# Each: the argument list with {} where the bad file goes, for every other command that reads an input file.
FILE_COMMANDS = [
    ["audit", "--tasks", "{}"],
    ["agreement", "{}"],
    ["export-prompts", "--out", "OUT", "--tasks", "{}"],
    ["serve", "--tasks", "{}"],
    ["verify", "{}"],
    ["enoki", "validate", "--data", "{}"],
    ["enoki", "eval", "--data", "{}", "--baseline", "constant"],
    ["enoki", "detection", "--rows", "{}", "--baseline", "constant"],
    ["enoki", "annotate", "--input", "{}", "--out", "OUT", "--model", "m"],
    ["tax", "grade", "--benchmark", "gsm8k", "--generations", "{}", "--data-dir", "TAX"],
]


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: "-".join(a for a in c[:2] if not a.startswith("-")))
def test_every_file_option_refuses_cleanly(
    tmp_path: Path, kind: str, command: list[str], request: pytest.FixtureRequest
) -> None:
    path = bad_inputs(tmp_path)[kind]
    fill = {"{}": path, "OUT": str(tmp_path / "out")}
    if "TAX" in command:  # the generations are read against the real benchmark
        fill["TAX"] = str(request.getfixturevalue("shared_dir") / "data" / "hallucination_tax")
    args = [fill.get(a, a) for a in command]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert path in result.stderr and "Traceback" not in result.stderr


TAX_FILES = {"gsm8k": "gsm8k/test.jsonl", "selfaware": "selfaware/SelfAware.json"}


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
@pytest.mark.parametrize("benchmark", TAX_FILES)
@pytest.mark.parametrize("command", ["grade", "manifest", "run"])
def test_tax_benchmark_files_refuse_cleanly(
    tmp_path: Path, kind: str, benchmark: str, command: str, shared_dir: Path
) -> None:
    source = bad_inputs(tmp_path)[kind]
    data = tmp_path / "tax"  # the real benchmark files, linked, with one of them replaced by the bad input
    for real in (shared_dir / "data" / "hallucination_tax").glob("*/*"):
        (data / real.parent.name).mkdir(parents=True, exist_ok=True)
        (data / real.parent.name / real.name).symlink_to(real)
    target = data / TAX_FILES[benchmark]
    target.unlink()
    if kind == "dir":
        target.mkdir()
    elif kind in ("fifo", "zero"):
        target.symlink_to(source)
    else:
        target.write_bytes(Path(source).read_bytes())
    generations = tmp_path / "g.jsonl"
    generations.write_text('{"id": "0", "sample": 0, "response": "2"}\n')
    args = {
        "grade": ["tax", "grade", "--benchmark", benchmark, "--generations", str(generations)],
        "manifest": ["tax", "manifest"],
        "run": ["tax", "run", "--benchmarks", benchmark, "--policy", "openai:m", "--out", str(tmp_path / "out")],
    }[command]
    result = runner.invoke(app, [*args, "--data-dir", str(data)])
    assert result.exit_code == 2, result.output
    assert str(target) in result.stderr and "Traceback" not in result.stderr
