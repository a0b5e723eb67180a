"""The bounded JSON reader: deep nesting, devices, FIFOs, directories, long lines and duplicate keys are each a
FormatError (exit 2 from the CLI) naming the file, never a traceback nor a hang."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
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


COMMANDS = [["sweep", "--policy", "always_abstain", "--tasks"], ["check", "--tasks"], ["grade", "--responses"]]


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
@pytest.mark.parametrize("command", COMMANDS)
def test_cli_refuses_cleanly(tmp_path: Path, kind: str, command: list[str]) -> None:
    path = bad_inputs(tmp_path)[kind]
    result = runner.invoke(app, [*command, path])
    assert result.exit_code == 2, result.output
    assert path in result.stderr and "Traceback" not in result.stderr
    assert "Usage:" not in result.stderr  # refused by the reader, not by the argument parser


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
    assert "Usage:" not in result.stderr  # refused by the reader, not by the argument parser


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
    # the second file of a command, the first one good
    ["agreement", "LABELS", "--tasks", "{}"],
    ["enoki", "eval", "--data", "MINI", "--predictions", "{}"],
]


@pytest.mark.parametrize("kind", ["deep", "dup", "fifo", "zero", "dir"])
@pytest.mark.parametrize("command", FILE_COMMANDS, ids=lambda c: "-".join(a for a in c[:2] if not a.startswith("-")))
def test_every_file_option_refuses_cleanly(
    tmp_path: Path, kind: str, command: list[str], request: pytest.FixtureRequest
) -> None:
    path = bad_inputs(tmp_path)[kind]
    here = Path(__file__).parent
    fill = {
        "{}": path,
        "OUT": str(tmp_path / "out"),
        "LABELS": str(here / "data" / "labelled_replies.jsonl"),
        "MINI": str(here / "fixtures" / "enokiqa" / "mini.jsonl"),
    }
    if "TAX" in command:  # the generations are read against the real benchmark
        fill["TAX"] = str(request.getfixturevalue("shared_dir") / "data" / "hallucination_tax")
    args = [fill.get(a, a) for a in command]
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert path in result.stderr and "Traceback" not in result.stderr
    assert "Usage:" not in result.stderr  # refused by the reader, not by the argument parser


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
    assert "Usage:" not in result.stderr  # refused by the reader, not by the argument parser


@pytest.mark.parametrize("command", [["sweep", "--policy", "always_abstain", "--tasks"], ["check", "--tasks"]])
def test_a_100_mb_line_is_refused_after_reading_the_bound(tmp_path: Path, command: list[str]) -> None:
    path = tmp_path / "huge.jsonl"
    with path.open("wb") as handle:  # a real 100 MB task id, written in chunks
        handle.write(b'{"task_id": "')
        for _ in range(100):
            handle.write(b"a" * 1_000_000)
        handle.write(b'", "family": "biography"}\n')
    result = runner.invoke(app, [*command, str(path)])
    assert result.exit_code == 2, result.output
    assert f"{path}:1: line longer than {jsonl.MAX_LINE_BYTES:,} bytes" in result.stderr
    assert "Traceback" not in result.stderr and "Usage:" not in result.stderr and len(result.stderr) < 1000


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(), children, max_size=4),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=st.lists(st.dictionaries(st.text(), json_values, max_size=5), min_size=1, max_size=5))
def test_json_objects_round_trip(tmp_path: Path, rows: list[dict[str, object]]) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows), encoding="utf-8")
    assert [row for _, row in read_json_lines(path)] == rows


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=2000) | st.text().map(lambda text: text.encode("utf-8", "surrogatepass")))
def test_arbitrary_bytes_raise_nothing_but_format_error(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "any.jsonl"
    path.write_bytes(data)
    try:
        rows = read_json_lines(path)
    except FormatError as exc:
        assert exc.path == str(path)
    else:
        assert all(isinstance(row, dict) for _, row in rows)


@pytest.mark.parametrize("kind", ["fifo", "zero", "dir"])
def test_a_prompt_template_that_is_not_a_file_is_refused_unread(tmp_path: Path, kind: str, shared_dir: Path) -> None:
    path = bad_inputs(tmp_path)[kind]
    data = shared_dir / "data" / "hallucination_tax"
    args = ["tax", "run", "--policy", "openai:m", "--benchmarks", "gsm8k", "--data-dir", str(data)]
    result = runner.invoke(app, [*args, "--prompt-template", path, "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert f"prompt template {path}: is " in result.stderr and "Traceback" not in result.stderr


@pytest.mark.parametrize("kind", ["fifo", "zero", "dir"])
@pytest.mark.parametrize("command", ["export", "regrade"])
def test_a_run_read_against_a_task_file_that_is_not_a_file_is_refused_unread(
    tmp_path: Path, kind: str, command: str
) -> None:
    # The task file is hashed before it is read; the hash refuses what the reader refuses. In a child process
    # with a timeout, so that a regression (a hash that opens a FIFO) fails instead of hanging the suite.
    import subprocess
    import sys

    run = tmp_path / "run"
    made = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "1", "--out", str(run)])
    assert made.exit_code == 0, made.output
    bad = bad_inputs(tmp_path)[kind]
    args = [command, str(run), "--tasks", bad]
    if command == "regrade":
        args += ["--grader", "local", "--out", str(tmp_path / "regraded")]
    result = subprocess.run(
        [sys.executable, "-m", "nohallucinate", *args], capture_output=True, text=True, timeout=120, check=False
    )
    # export still writes the replies and verdicts without their questions, warning why (as for a missing file)
    assert result.returncode == (0 if command == "export" else 2), result.stderr
    assert bad in result.stderr and "Traceback" not in result.stderr
