"""`--out FILE` where no file can be written: a directory, `.`, a parent that is a file or missing, a disk that fills
up mid-write, no permission. Each is exit 2 naming the path and why, no traceback, no temporary file left, and a
file already at the path left as it was.

The tests run as root, which ignores file permissions, and on a disk with room: a full disk and a refused write are
injected where the rows are written (the writer writes part of its file, then the OSError the system would raise).
A real failing write is also made, with a file-size limit on a child process (EFBIG), as the run-store test does."""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result
from typer.testing import CliRunner

import nohallucinate.runs as runs_package
from nohallucinate.cli import app
from support.synthetic_run import write_synthetic_run

FORMATS = ("jsonl", "parquet")
OLD_CONTENT = "what was here before the export\n"


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_synthetic_run(tmp_path_factory.mktemp("runs") / "synthetic", 60)


def export(run_dir: Path, format_: str, out: Path | str) -> Result:
    return CliRunner().invoke(app, ["export", str(run_dir), "--format", format_, "--out", str(out)])


def leftovers(directory: Path) -> list[str]:
    """Temporary files of an export left in `directory`."""
    return sorted(p.name for p in directory.iterdir() if p.name.endswith(".partial"))


def assert_refused(result: Result, *names: str) -> None:
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    message = " ".join(result.stderr.split())  # rich wraps long lines
    assert all(name in message for name in names), message


def existing_directory(tmp_path: Path) -> tuple[Path, str]:
    (tmp_path / "items").mkdir()
    return tmp_path / "items", "is a directory"


def current_directory(tmp_path: Path) -> tuple[Path, str]:
    os.chdir(tmp_path)  # restored by the test's monkeypatch.chdir
    return Path("."), "is a directory"


def parent_is_a_file(tmp_path: Path) -> tuple[Path, str]:
    (tmp_path / "plain").write_text("a file\n", encoding="utf-8")
    return tmp_path / "plain" / "items.out", "is not a directory"


def missing_parent(tmp_path: Path) -> tuple[Path, str]:
    return tmp_path / "no-such-dir" / "items.out", "does not exist"


BAD_PATHS: dict[str, Callable[[Path], tuple[Path, str]]] = {
    "existing directory": existing_directory,
    "current directory": current_directory,
    "parent is a file": parent_is_a_file,
    "missing parent": missing_parent,
}


@pytest.mark.parametrize("format_", FORMATS)
@pytest.mark.parametrize("case", BAD_PATHS)
def test_an_out_that_cannot_be_a_file_is_refused_up_front(
    run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, format_: str, case: str
) -> None:
    monkeypatch.chdir(tmp_path)
    out, why = BAD_PATHS[case](tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = export(run_dir, format_, out)
    assert_refused(result, str(out), why)
    assert sorted(p.name for p in tmp_path.rglob("*")) == before  # nothing written, nothing created


def failing_writer(format_: str, code: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """The format's writer writes part of its file, then fails as the system would with `code`; EACCES fails at
    once, as creating a file in a directory one may not write to does."""
    name = "write_jsonl" if format_ == "jsonl" else "write_parquet"
    real = getattr(runs_package, name)

    def fail_midway(rows: list[dict[str, Any]], target: Any) -> int:
        if code == errno.EACCES:
            raise PermissionError(code, os.strerror(code), str(target))
        if format_ == "jsonl":
            real(rows[:3], target)
            target.flush()
        else:
            Path(target).write_bytes(b"PAR1" + b"\0" * 100)
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(runs_package, name, fail_midway)


@pytest.mark.parametrize("format_", FORMATS)
@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EDQUOT, errno.EACCES, errno.EROFS], ids=errno.errorcode.get)
@pytest.mark.parametrize("target_exists", [False, True], ids=["new", "existing"])
def test_a_failing_write_is_exit_2_with_nothing_partial_and_an_existing_file_intact(
    run_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, format_: str, code: int, target_exists: bool
) -> None:
    out = tmp_path / f"items.{format_}"
    if target_exists:
        out.write_text(OLD_CONTENT, encoding="utf-8")
    failing_writer(format_, code, monkeypatch)
    result = export(run_dir, format_, out)
    assert_refused(result, f"cannot write {out}", os.strerror(code))
    assert leftovers(tmp_path) == []
    if target_exists:
        assert out.read_text(encoding="utf-8") == OLD_CONTENT
    else:
        assert not out.exists()


@pytest.mark.parametrize("format_", FORMATS)
def test_a_write_past_a_file_size_limit_is_exit_2_with_the_old_file_intact(
    run_dir: Path, tmp_path: Path, format_: str
) -> None:
    # A real failing write: the kernel refuses bytes past RLIMIT_FSIZE (EFBIG), as a full disk refuses them. The
    # limit is set once the run is read (SQLite cannot open the run under it), just before the export file is written.
    limited = (
        "import resource, signal, sys\n"
        "import nohallucinate.runs.cleanup as cleanup\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "real = cleanup.write_output_file\n"
        "def limited(*args, **kwargs):\n"
        "    resource.setrlimit(resource.RLIMIT_FSIZE, (2000, 2000))\n"
        "    return real(*args, **kwargs)\n"
        "cleanup.write_output_file = limited\n"
        "from nohallucinate.cli import app\n"
        "app(sys.argv[1:], prog_name='nohallucinate')\n"
    )
    out = tmp_path / f"items.{format_}"
    out.write_text(OLD_CONTENT, encoding="utf-8")
    command = [sys.executable, "-c", limited, "export", str(run_dir), "--format", format_, "--out", str(out)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and f"cannot write {out}" in done.stderr
    assert leftovers(tmp_path) == [] and out.read_text(encoding="utf-8") == OLD_CONTENT


@pytest.mark.parametrize("format_", FORMATS)
def test_an_export_replaces_an_existing_file_whole(run_dir: Path, tmp_path: Path, format_: str) -> None:
    out = tmp_path / f"items.{format_}"
    out.write_text(OLD_CONTENT, encoding="utf-8")
    result = export(run_dir, format_, out)
    assert result.exit_code == 0, result.output
    assert out.read_bytes() != OLD_CONTENT.encode() and leftovers(tmp_path) == []


def other_writer(command: str, out: Path, tmp_path: Path) -> list[str]:
    """A command line of another writer with an output file, every other argument enough to reach its check."""
    missing = str(tmp_path / "missing.jsonl")
    return {
        "build --out": ["build", "--out", str(out), "--replay", str(tmp_path / "no-snapshot")],
        "build --report": ["build", "--out", str(tmp_path / "t.jsonl"), "--report", str(out), "--replay", missing],
        "tax grade --results": [
            "tax",
            "grade",
            "--benchmark",
            "gsm8k",
            "--generations",
            missing,
            "--results",
            str(out),
        ],
        "enoki detect --out": ["enoki", "detect", "--data", missing, "--out", str(out), "--model", "openai:m"],
        "enoki annotate --out": ["enoki", "annotate", "--input", missing, "--out", str(out), "--model", "openai:m"],
    }[command]


OTHER_WRITERS = ("build --out", "build --report", "tax grade --results", "enoki detect --out", "enoki annotate --out")


@pytest.mark.parametrize("command", OTHER_WRITERS)
@pytest.mark.parametrize("case", ["existing directory", "parent is a file"])
def test_the_other_writers_refuse_such_an_out_before_any_work(tmp_path: Path, command: str, case: str) -> None:
    out, why = BAD_PATHS[case](tmp_path)
    before = sorted(p.name for p in tmp_path.rglob("*"))
    result = CliRunner().invoke(app, other_writer(command, out, tmp_path))
    assert_refused(result, f"{command.split()[-1]} {out}", why)
    assert sorted(p.name for p in tmp_path.rglob("*")) == before


def test_a_missing_parent_of_a_build_output_is_still_made(tmp_path: Path) -> None:
    # These writers have always made a missing directory for their file; the check lets them.
    from nohallucinate.runs.cleanup import check_output_file, write_output_text

    out = tmp_path / "new" / "deeper" / "tasks.jsonl"
    assert check_output_file(out, make_parents=True) == out and not out.parent.exists()
    write_output_text(out, "{}\n", make_parents=True)
    assert out.read_text(encoding="utf-8") == "{}\n"


def test_export_prompts_on_a_failing_disk_leaves_no_half_dataset(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datasets

    def disk_full(self: Any, path: str, **_: Any) -> None:
        (Path(path) / "data-00000-of-00001.arrow").write_bytes(b"half")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(datasets.Dataset, "save_to_disk", disk_full)
    out = tmp_path / "prompts"
    result = CliRunner().invoke(app, ["export-prompts", "--out", str(out), "--per-family", "1"])
    assert_refused(result, f"cannot write the prompts into {out}", os.strerror(errno.ENOSPC))
    assert not out.exists()
