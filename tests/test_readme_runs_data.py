"""The README's "Runs as data" examples run, and print what the README says they print."""

from __future__ import annotations

import contextlib
import io
import json
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from support.offline_html import assert_self_contained, embedded_items
from support.readme import readme_example

runner = CliRunner()


def run_commands(name: str) -> None:
    """Every `nohallucinate ...` line of the README block `name`, each of which must succeed."""
    for line in readme_example(name).body.splitlines():
        if line.startswith("nohallucinate "):
            result = runner.invoke(app, shlex.split(line)[1:])
            assert result.exit_code == 0, f"{line}\n{result.output}"


def printed(name: str) -> list[str]:
    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        exec(compile(readme_example(name).body, "README.md", "exec"), {"__name__": "readme_example"})
    return captured.getvalue().splitlines()


def claimed(name: str) -> list[str]:
    return readme_example(name).body.splitlines()


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write runs/, report/ and the exported files here


def test_export_writes_the_rows_the_python_example_prints(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    run_commands("export-run")
    rows = [json.loads(line) for line in (tmp_path / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 14 and pq.read_table(tmp_path / "items.parquet").num_rows == 14
    assert printed("export-rows") == claimed("export-rows-output")


def test_regrade_records_both_runs_and_the_report_lists_their_items(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, scripted_server: object
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", scripted_server.url)  # type: ignore[attr-defined]
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    run_commands("export-run")
    run_commands("regrade-run")
    assert printed("regrade-provenance") == claimed("regrade-provenance-output")
    page = assert_self_contained((tmp_path / "report" / "report.html").read_text(encoding="utf-8"))
    data = embedded_items(page)
    assert data["runs"] == ["always_confident · local", "always_confident · llm"] and len(data["items"]) == 28


def test_replies_made_elsewhere_become_a_run_beside_a_sweep(tmp_path: Path) -> None:
    run_commands("export-run")
    replies = tmp_path / "vllm_outputs.jsonl"  # what another harness wrote: the exported replies, as its own
    rows = [json.loads(line) for line in (tmp_path / "items.jsonl").read_text(encoding="utf-8").splitlines()]
    lines = [{"task_id": row["task_id"], "sample": row["sample"], "response": row["reply"], "policy": "my-vllm"}
             for row in rows]  # fmt: skip
    replies.write_text("".join(json.dumps(line) + "\n" for line in lines))
    run_commands("grade-run")
    assert printed("grade-run-provenance") == claimed("grade-run-provenance-output")
    data = embedded_items(assert_self_contained((tmp_path / "report" / "report.html").read_text(encoding="utf-8")))
    assert data["runs"] == ["always_confident · local", "my-vllm · local"] and len(data["items"]) == 28


def test_a_function_policy_runs_as_the_readme_shows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    (tmp_path / "my_policy.py").write_text(readme_example("policy-function").body, encoding="utf-8")
    (tmp_path / "my_prompt.txt").write_text("Answer in one line.\n", encoding="utf-8")
    monkeypatch.setattr(sys, "path", list(sys.path))
    try:
        run_commands("policy-function-commands")
    finally:
        sys.modules.pop("my_policy", None)
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert embedded_items(assert_self_contained(page))["runs"] == [
        f"my_policy:answer · local ({name})" for name in ("mine", "mine-own", "mine-bare")
    ]
    assert "system prompt: none (the question alone)" in page and "Answer in one line." in page
