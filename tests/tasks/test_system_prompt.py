"""`--system-prompt FILE` and `--no-system-prompt`: what the model is sent, word for word, wherever a prompt is
built (sweep, export-prompts, the in-process environment); what a run records, shows and resumes with; the default
unchanged."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.env import NoHallucinateEnv
from nohallucinate.errors import UserInputError
from nohallucinate.runs import read_config
from nohallucinate.tasks import load_demo_tasks
from nohallucinate.tasks.prompt import (
    MAX_SYSTEM_PROMPT_CHARS,
    NO_SYSTEM_PROMPT,
    SYSTEM_PROMPT,
    prompt_messages,
    read_system_prompt,
)
from support.openai_server import OpenAIServer, Reply, Status

runner = CliRunner()
TASKS = load_demo_tasks()
OWN = "You are a careful assistant.\nAnswer in one line, or say you don't know.\n"


@given(st.text(min_size=1).filter(lambda text: text.strip() and "\r" not in text))
def test_a_prompt_file_is_sent_word_for_word(text: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "prompt.txt"
        path.write_text(text, encoding="utf-8", newline="")
        assert read_system_prompt(path) == text


def test_a_prompt_file_that_cannot_serve_is_refused_naming_it(tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_text(" \n", encoding="utf-8")
    (tmp_path / "latin1.txt").write_bytes("Réponds.".encode("latin-1"))
    (tmp_path / "long.txt").write_text("x" * (MAX_SYSTEM_PROMPT_CHARS + 1), encoding="utf-8")
    for name, why in [("empty.txt", "--no-system-prompt"), ("latin1.txt", "not UTF-8"), ("long.txt", "longer than"),
                      ("missing.txt", "no such file")]:  # fmt: skip
        with pytest.raises(UserInputError, match=why) as raised:
            read_system_prompt(tmp_path / name)
        assert str(tmp_path / name) in str(raised.value)
    with pytest.raises(UserInputError, match="a character device, not a file"):
        read_system_prompt("/dev/zero")
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(UserInputError, match="a FIFO, not a file"):  # refused before it is opened: no hang
        read_system_prompt(tmp_path / "fifo")


def test_no_system_prompt_sends_the_question_alone_and_the_default_is_the_specs() -> None:
    task = TASKS[0]
    assert prompt_messages(task, NO_SYSTEM_PROMPT) == [{"role": "user", "content": task.question}]
    assert prompt_messages(task)[0] == {"role": "system", "content": SYSTEM_PROMPT}
    env = NoHallucinateEnv(TASKS, system_prompt=NO_SYSTEM_PROMPT)
    assert env.prompt(task.task_id) == [{"role": "user", "content": task.question}]
    assert NoHallucinateEnv(TASKS).prompt(task.task_id)[0]["content"] == SYSTEM_PROMPT


class FailsFirst:
    """Refuses (HTTP 400, never retried) every request until `answering`, then says it does not know."""

    def __init__(self) -> None:
        self.answering = False

    def __call__(self, request: dict[str, Any]) -> Reply | Status:
        return Reply("I don't know.") if self.answering else Status(400, "not yet")


def sweep(server: OpenAIServer, *args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["sweep", "--policy", "openai:test-model", "--policy-base-url", server.url,
                                 "--policy-api-key", "k", "--per-family", "1", "--no-cache", *args])  # fmt: skip
    return result.exit_code, result.stderr


def test_a_sweep_sends_the_file_records_it_shows_it_and_resumes_with_what_it_sent(tmp_path: Path) -> None:
    prompt_file = tmp_path / "prompt.txt"
    prompt_file.write_text(OWN, encoding="utf-8")
    responder = FailsFirst()
    with OpenAIServer(responder) as server:
        code, _ = sweep(server, "--system-prompt", str(prompt_file), "--out", str(tmp_path / "run"))
        assert code == 1  # every item refused: errored, to be asked again on resume
        prompt_file.write_text("Something else entirely.", encoding="utf-8")  # edited after the run started
        responder.answering = True
        resumed = runner.invoke(app, ["sweep", "--resume", str(tmp_path / "run"), "--policy-api-key", "k"])
        assert resumed.exit_code == 0, resumed.output
    systems = {request["messages"][0]["content"] for request in server.requests}
    assert systems == {OWN} and all(len(request["messages"]) == 2 for request in server.requests)
    recorded = read_config(tmp_path / "run").system_prompt
    assert recorded is not None and recorded.source == "file" and recorded.text == OWN
    assert recorded.path == str(prompt_file.resolve()) and recorded.sha256 is not None
    report = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert report.exit_code == 0, report.output
    page = (tmp_path / "report" / "report.html").read_text(encoding="utf-8")
    assert f"system prompt: {prompt_file.resolve()} (sha256 {recorded.sha256[:12]})" in page
    assert "You are a careful assistant.\nAnswer in one line" in page


def test_no_system_prompt_sends_the_question_alone_and_is_recorded(tmp_path: Path) -> None:
    with OpenAIServer(lambda _: Reply("I don't know.")) as server:
        code, said = sweep(server, "--no-system-prompt", "--out", str(tmp_path / "run"))
    assert code == 0, said
    assert all([m["role"] for m in request["messages"]] == ["user"] for request in server.requests)
    assert read_config(tmp_path / "run").system_prompt.source == "none"  # type: ignore[union-attr]


def test_the_default_sends_and_records_the_specs_prompt(tmp_path: Path) -> None:
    with OpenAIServer(lambda _: Reply("I don't know.")) as server:
        code, _ = sweep(server, "--out", str(tmp_path / "run"))
    assert code == 0
    assert {request["messages"][0]["content"] for request in server.requests} == {SYSTEM_PROMPT}
    assert read_config(tmp_path / "run").system_prompt is None
    assert json.loads((tmp_path / "run" / "run.json").read_text())["system_prompt"] is None


def test_flags_that_cannot_apply_are_refused(tmp_path: Path) -> None:
    (tmp_path / "p.txt").write_text(OWN, encoding="utf-8")
    baseline = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--system-prompt", str(tmp_path / "p.txt")])
    assert baseline.exit_code == 2 and "reads no prompt" in baseline.stderr
    both = runner.invoke(app, ["sweep", "--policy", "openai:m", "--system-prompt", str(tmp_path / "p.txt"),
                               "--no-system-prompt"])  # fmt: skip
    assert both.exit_code == 2 and "not both" in both.stderr


def test_export_prompts_writes_the_file_or_no_system_prompt(tmp_path: Path) -> None:
    from datasets import load_from_disk

    (tmp_path / "p.txt").write_text(OWN, encoding="utf-8")
    own = runner.invoke(app, ["export-prompts", "--out", str(tmp_path / "own"), "--system-prompt",
                              str(tmp_path / "p.txt")])  # fmt: skip
    none = runner.invoke(app, ["export-prompts", "--out", str(tmp_path / "none"), "--no-system-prompt"])
    assert own.exit_code == 0 and none.exit_code == 0, own.output + none.output
    own_rows, no_rows = load_from_disk(str(tmp_path / "own")), load_from_disk(str(tmp_path / "none"))
    assert {row["prompt"][0]["content"] for row in own_rows} == {OWN}
    assert all([m["role"] for m in row["prompt"]] == ["user"] for row in no_rows)
    assert len(own_rows) == len(no_rows) == len(TASKS)
