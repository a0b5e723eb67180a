"""Run directories holding what this package did not write: `report`, `sweep --resume`, `tax report` and
`tax run --resume` name the file and what is wrong, exit 2, change nothing, and leave no output behind."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tax.run import TaxRunConfig

runner = CliRunner()


def not_a_database(path: Path) -> None:
    path.write_bytes(b"these are not the results you are looking for\n" * 50)


def other_tables(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE measurements (x)")


def foreign_schema(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE results (id INTEGER, score REAL)")
        db.execute("INSERT INTO results VALUES (1, 0.5)")


def rows_that_are_not_results(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("UPDATE results SET verdict = '{\"task_id\": ' WHERE rowid = (SELECT MIN(rowid) FROM results)")


# How each garbage store is told apart in the message.
GARBAGE_STORES: dict[str, tuple[Callable[[Path], None], str]] = {
    "not a database": (not_a_database, "file is not a database"),
    "other tables": (other_tables, "has no 'results' table (it has measurements)"),
    "foreign schema": (foreign_schema, "its 'results' table lacks task_id, sample, verdict"),
}
# A report reads every row too; a sweep reads the rows only at its end, after the store has been checked.
REPORTED_STORES = {**GARBAGE_STORES, "rows that are not results": (rows_that_are_not_results, "sample 0 is not JSON")}
GARBAGE_CONFIGS: dict[str, tuple[Callable[[Path], None], str]] = {
    "not JSON": (lambda p: p.write_text("{kind: nohallucinate"), "invalid JSON"),
    "not UTF-8": (lambda p: p.write_bytes(b"\xff\xfe{}"), "not UTF-8"),
    "not an object": (lambda p: p.write_text("[1, 2]"), "does not describe a run"),
    "a directory": (lambda p: (p.unlink(), p.mkdir()), "is a directory, not a file"),
    "missing fields": (lambda p: p.write_text('{"kind": "nohallucinate", "policy": 3}'), "tasks_path: Field required"),
}


@pytest.fixture(scope="module")
def good_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    run_dir = tmp_path_factory.mktemp("good") / "run"
    made = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "1", "--out", str(run_dir)])
    assert made.exit_code == 0, made.output
    return run_dir


@pytest.fixture
def run_copy(good_run: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "run"
    shutil.copytree(good_run, copy)
    return copy


def damage_store(run_dir: Path, damage: Callable[[Path], None]) -> None:
    results = run_dir / "results.sqlite"
    if damage is not rows_that_are_not_results:
        for path in run_dir.glob("results.sqlite*"):
            path.unlink()
    damage(results)


def assert_clear_error(result, *expected: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    for text in expected:
        assert text in result.stderr, result.stderr


@pytest.mark.parametrize("kind", REPORTED_STORES)
def test_report_on_a_garbage_store_names_it_and_writes_nothing(run_copy: Path, tmp_path: Path, kind: str) -> None:
    damage, reason = REPORTED_STORES[kind]
    damage_store(run_copy, damage)
    out = tmp_path / "reports" / "first"
    result = runner.invoke(app, ["report", str(run_copy), "--out", str(out)])
    assert_clear_error(result, f"{run_copy}/results.sqlite", reason)
    assert not (tmp_path / "reports").exists()


@pytest.mark.parametrize("kind", GARBAGE_STORES)
def test_resume_on_a_garbage_store_names_it_and_changes_nothing(run_copy: Path, kind: str) -> None:
    damage, reason = GARBAGE_STORES[kind]
    damage_store(run_copy, damage)
    before = {path.name: path.read_bytes() for path in run_copy.iterdir() if path.is_file()}
    result = runner.invoke(app, ["sweep", "--resume", str(run_copy)])
    assert_clear_error(result, f"{run_copy}/results.sqlite", reason)
    assert {path.name: path.read_bytes() for path in run_copy.iterdir() if path.is_file()} == before
    assert not (run_copy / ".lock").exists()  # released and removed: a second writer could take it at once


@pytest.mark.parametrize("kind", GARBAGE_CONFIGS)
@pytest.mark.parametrize("command", [["report"], ["sweep", "--resume"], ["tax", "report"], ["tax", "run", "--resume"]])
def test_a_garbage_run_json_is_named(run_copy: Path, tmp_path: Path, kind: str, command: list[str]) -> None:
    damage, reason = GARBAGE_CONFIGS[kind]
    damage(run_copy / "run.json")
    out = ["--out", str(tmp_path / "report")] if "report" in command else []
    result = runner.invoke(app, [*command, str(run_copy), *out])
    if command[0] == "tax" and kind == "missing fields":
        reason = "holds a nohallucinate run, not a tax run"  # the kind is read first
    assert_clear_error(result, reason, str(run_copy))
    assert not (tmp_path / "report").exists()


@pytest.fixture
def tax_run(tmp_path: Path) -> Path:
    """A tax run directory as `tax run` starts one (run.json, an empty store)."""
    run_dir = tmp_path / "tax"
    run_dir.mkdir()
    config = TaxRunConfig(policy="openai:m", data_dir=str(tmp_path), benchmarks=["gsm8k"], samples={"gsm8k": 1},
                          manifest=[], prompt_name="p", prompt_text="{question}", prompt_sha256="0",
                          check_timeout=1.0)  # fmt: skip
    (run_dir / "run.json").write_text(config.model_dump_json())
    return run_dir


@pytest.mark.parametrize("kind", GARBAGE_STORES)
def test_tax_commands_name_a_garbage_store(tax_run: Path, tmp_path: Path, kind: str) -> None:
    damage, reason = GARBAGE_STORES[kind]
    damage(tax_run / "results.sqlite")
    report = runner.invoke(app, ["tax", "report", str(tax_run), "--out", str(tmp_path / "report")])
    assert_clear_error(report, f"{tax_run}/results.sqlite", reason)
    assert not (tmp_path / "report").exists()
    resume = runner.invoke(app, ["tax", "run", "--resume", str(tax_run)])
    assert_clear_error(resume, f"{tax_run}/results.sqlite", reason)


def test_a_report_that_fails_while_writing_removes_what_it_wrote(
    good_run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import nohallucinate.report.build as build

    def disk_full(runs, charts, path, markdown, warnings=None):
        path.write_text("<html>half")
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(build, "write_html", disk_full)
    fresh = runner.invoke(app, ["report", str(good_run), "--out", str(tmp_path / "new" / "report")])
    assert_clear_error(fresh, f"cannot write the report into {tmp_path}/new/report: No space left on device")
    assert not (tmp_path / "new").exists()

    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "notes.txt").write_text("mine")
    into_existing = runner.invoke(app, ["report", str(good_run), "--out", str(kept)])
    assert into_existing.exit_code == 2
    assert [p.name for p in kept.iterdir()] == ["notes.txt"]  # what was there stays, what this command made goes
