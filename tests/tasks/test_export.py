"""The prompts dataset for trainers: what `export-prompts` writes, what it leaves out, and its errors."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import datasets
import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tasks import load_demo_tasks, select_per_family
from nohallucinate.tasks.export import COLUMNS, prompt_rows, prompts_dataset, save_prompts
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, prompt_messages
from support.readme import readme_example
from support.readme_shell import shell_commands
from support.task_sets import hidden_texts

runner = CliRunner()


def test_the_dataset_holds_id_family_tier_and_the_prompt_messages() -> None:
    tasks = load_demo_tasks()
    dataset = prompts_dataset(tasks)
    assert dataset.column_names == list(COLUMNS)
    assert len(dataset) == len(tasks)
    for row, task in zip(dataset, tasks, strict=True):
        assert row == {"task_id": task.task_id, "family": task.family.value, "tier": task.tier,
                       "prompt": prompt_messages(task)}  # fmt: skip
    assert {row["tier"] for row in dataset} == {"easy", "medium", "hard", None}


def test_the_written_files_hold_no_gold_defect_or_article(tmp_path: Path) -> None:
    tasks = load_demo_tasks()
    result = runner.invoke(app, ["export-prompts", "--out", str(tmp_path / "prompts")])
    assert result.exit_code == 0, result.output
    files = sorted(p for p in (tmp_path / "prompts").rglob("*") if p.is_file())
    assert files, "nothing written"
    blob = b"".join(p.read_bytes() for p in files)
    shown = "\n".join([SYSTEM_PROMPT, *(t.question for t in tasks)])
    hidden = hidden_texts(tasks, shown)
    # Every defect, every article's lead, text and URL, and every gold of eight characters or more.
    assert len(hidden) >= sum(bool(t.defect) + 3 * bool(t.article) for t in tasks) > 80
    assert [text for text in hidden if text.encode() in blob] == []
    # Golds shorter than that ("23", "1987") occur by chance in binary files; the rows hold nothing but these.
    loaded = datasets.load_from_disk(str(tmp_path / "prompts"))
    assert loaded.to_list() == prompt_rows(tasks)


def test_per_family_takes_the_first_n_of_each_family(tmp_path: Path) -> None:
    result = runner.invoke(app, ["export-prompts", "--out", str(tmp_path / "p"), "--per-family", "2"])
    assert result.exit_code == 0, result.output
    loaded = datasets.load_from_disk(str(tmp_path / "p"))
    assert loaded["task_id"] == [t.task_id for t in select_per_family(load_demo_tasks(), 2)]
    assert len(loaded) == 14


def test_a_bad_task_file_or_a_used_out_directory_exits_2(tmp_path: Path) -> None:
    absent = str(tmp_path / "nope.jsonl")
    missing = runner.invoke(app, ["export-prompts", "--tasks", absent, "--out", str(tmp_path / "a")])
    assert missing.exit_code == 2 and "nope.jsonl" in missing.output
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"task_id": "x"}\n', encoding="utf-8")
    malformed = runner.invoke(app, ["export-prompts", "--tasks", str(bad), "--out", str(tmp_path / "b")])
    assert malformed.exit_code == 2 and "bad.jsonl:1" in malformed.output
    used = tmp_path / "used"
    used.mkdir()
    (used / "keep.txt").write_text("mine", encoding="utf-8")
    refused = runner.invoke(app, ["export-prompts", "--out", str(used)])
    assert refused.exit_code == 2 and "not empty" in refused.output
    assert [p.name for p in used.iterdir()] == ["keep.txt"]
    afile = tmp_path / "afile"
    afile.write_text("x", encoding="utf-8")
    assert runner.invoke(app, ["export-prompts", "--out", str(afile)]).exit_code == 2
    assert not (tmp_path / "a").exists() and not (tmp_path / "b").exists()


def test_an_empty_out_directory_is_used(tmp_path: Path) -> None:
    save_prompts(load_demo_tasks()[:3], tmp_path)
    assert len(datasets.load_from_disk(str(tmp_path))) == 3


def test_the_readme_example_prints_what_the_readme_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The "Export prompts" section: its shell command, then its Python block, whose output is the block after it."""
    [shell] = shell_commands(readme_example("export-prompts"))
    command = shell.argv
    assert command[0] == "nohallucinate" and shell.comment.startswith("--tasks T.jsonl")
    monkeypatch.chdir(tmp_path)
    exported = runner.invoke(app, command[1:])
    assert exported.exit_code == 0, exported.output
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(readme_example("export-prompts-python").body, "README.md", "exec"), {"__name__": "__main__"})
    assert printed.getvalue() == readme_example("export-prompts-output").body
