"""`nohallucinate agreement`, end to end: both label formats, every grader (the model ones against a real local
server), JSON output, and every bad input refused with file, line and reason."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from support.openai_server import OpenAIServer, Status

runner = CliRunner()
DATA = Path(__file__).resolve().parents[1] / "data"
LABELLED = str(DATA / "labelled_replies.jsonl")
TASKS = str(DATA / "labelled_tasks.jsonl")


@pytest.fixture(autouse=True)
def no_ambient_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def agreement(*args: str):
    result = runner.invoke(app, ["agreement", *args])
    payload = json.loads(result.stdout) if "--json" in args and result.stdout.strip() else None
    return result, payload


def test_local_grader_on_our_labelled_replies() -> None:
    result, payload = agreement(LABELLED, "--tasks", TASKS, "--json", "--resamples", "200")
    assert result.exit_code == 0, result.output
    overall = payload["overall"]
    assert overall["n"] == 291 and 0.9 <= overall["accuracy"]["estimate"] <= 1.0
    assert overall["accuracy"]["low"] <= overall["accuracy"]["estimate"] <= overall["accuracy"]["high"]
    assert set(payload["groups"]) == {
        "precise_fact", "football_season", "false_premise", "nonexistent_entity", "unrecorded_fact",
        "ambiguous_entity",
    }  # fmt: skip
    assert set(payload["decided"]) == {"sure", "unsure"}
    assert payload["decided"]["sure"]["accuracy"]["estimate"] == 1.0
    confusion = overall["confusion"]
    mismatches = sum(n for r, row in confusion.items() for g, n in row.items() if r != g)
    assert mismatches == len(payload["disagreements"])


def test_the_table_names_every_figure() -> None:
    result, _ = agreement(LABELLED, "--tasks", TASKS, "--resamples", "50")
    assert result.exit_code == 0
    for text in ("accuracy", "Cohen's kappa", "confusion", "precision", "recall", "by group", "by who decided"):
        assert text in result.stdout, text
    assert "disagreements (" in result.stdout


def test_graded_replies_by_answer_type(shared_dir: Path) -> None:
    path = str(shared_dir / "data/graded_replies/simpleqa_graded.jsonl")
    result, payload = agreement(path, "--language", "en", "--json", "--resamples", "0")
    assert result.exit_code == 0, result.stderr
    assert payload["overall"]["n"] == 2263
    assert {"Date", "Number", "Person", "Place", "Other", "date", "number", "text"} == set(payload["groups"])
    assert payload["groups"]["date"]["n"] == 799 and payload["groups"]["text"]["n"] == 1140


def test_a_language_the_file_does_not_hold_is_refused(shared_dir: Path) -> None:
    path = str(shared_dir / "data/graded_replies/simpleqa_graded.jsonl")
    result, _ = agreement(path, "--language", "fr")
    assert result.exit_code == 2 and "no labelled reply has language 'fr'" in result.stderr
    assert "cs (21590)" in result.stderr and "en (2263)" in result.stderr


def test_the_model_grader_against_a_local_server(scripted_server: OpenAIServer) -> None:
    result, payload = agreement(
        LABELLED, "--tasks", TASKS, "--grader", "llm", "--grader-base-url", scripted_server.url,
        "--grader-model", "judge", "--json", "--resamples", "50", "--no-cache",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    assert payload["overall"]["n"] == 291 and len(scripted_server.requests) >= 259  # one call a short reply at least
    assert payload["decided"] == {}
    assert payload["models"]["grader"]["model"] == "judge"


def test_the_hybrid_grader_says_who_decided(scripted_server: OpenAIServer) -> None:
    result, payload = agreement(
        LABELLED, "--tasks", TASKS, "--grader", "hybrid", "--grader-base-url", scripted_server.url,
        "--json", "--resamples", "50", "--no-cache",
    )  # fmt: skip
    assert result.exit_code == 0, result.stderr
    decided = payload["decided"]
    assert set(decided) == {"local", "model"}
    assert decided["local"]["n"] + decided["model"]["n"] == 291
    assert decided["local"]["accuracy"]["estimate"] == 1.0  # the local rules took only what they were sure of


def test_a_grader_that_fails_on_every_reply_exits_1_with_its_reasons() -> None:
    with OpenAIServer(lambda request: Status(503, "overloaded")) as server:
        result, _ = agreement(
            LABELLED, "--tasks", TASKS, "--grader", "llm", "--grader-base-url", server.url, "--max-attempts", "1",
            "--no-cache", "--json",
        )  # fmt: skip
    assert result.exit_code == 1
    assert "every verdict errored" in result.stderr and "HTTP 503" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        (
            ['{"task_id": "nope", "response": "x", "label": "CORRECT"}'],
            "rows.jsonl:1: field 'task_id': unknown task id",
        ),
        (
            ['{"task_id": "tc003ef8e5eef", "response": "x", "label": "RIGHT"}'],
            "rows.jsonl:1: field 'label': expected one",
        ),
        (['{"task_id": "tc003ef8e5eef", "response": "x", "label": "CORRECT"}', "{bad"], "rows.jsonl:2: invalid JSON"),
        (['{"task_id": "tc003ef8e5eef", "label": "CORRECT"}'], "neither format"),
        (['{"task_id": "tc003ef8e5eef", "response": 3, "label": "CORRECT"}'], "field 'response': expected a"),
    ],
)
def test_bad_lines_are_refused_with_file_and_line(tmp_path: Path, lines: list[str], message: str) -> None:
    path = tmp_path / "rows.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result, _ = agreement(str(path), "--tasks", TASKS)
    assert result.exit_code == 2, result.output
    assert message in result.stderr


def test_our_format_needs_the_task_file() -> None:
    result, _ = agreement(LABELLED)
    assert result.exit_code == 2 and "give the task file with --tasks" in result.stderr


def test_a_graded_reply_with_a_label_of_another_ladder_is_refused(tmp_path: Path) -> None:
    row = {"source": "s", "model": "m", "judge": "j", "language": "en", "simpleqa_row": 1, "answer_type": "Date",
           "question": "When?", "gold": "1990", "reply": "1990", "label": "IDENTIFIED"}  # fmt: skip
    path = tmp_path / "graded.jsonl"
    path.write_text(json.dumps(row) + "\n", encoding="utf-8")
    result, _ = agreement(str(path))
    assert result.exit_code == 2 and "graded.jsonl:1: field 'label': expected one of CORRECT" in result.stderr


def test_graded_replies_of_one_model(shared_dir: Path) -> None:
    path = str(shared_dir / "data/graded_replies/simpleqa_graded.jsonl")
    result, payload = agreement(path, "--model", "05_llama_3_3_70b", "--json", "--resamples", "0")
    assert result.exit_code == 0, result.stderr
    assert payload["overall"]["n"] == 10


def test_a_grader_failing_on_some_replies_exits_1_and_measures_the_rest() -> None:
    calls = {"n": 0}

    def flaky(request: dict) -> object:
        from support.scripted_model import scripted_model

        calls["n"] += 1
        return Status(500, "down") if calls["n"] % 7 == 0 else scripted_model(request)

    with OpenAIServer(flaky) as server:
        result, payload = agreement(
            LABELLED, "--tasks", TASKS, "--grader", "llm", "--grader-base-url", server.url, "--max-attempts", "1",
            "--no-cache", "--json", "--resamples", "0",
        )  # fmt: skip
    assert result.exit_code == 1
    assert payload["errored"] and payload["overall"]["n"] == 291 - len(payload["errored"])
    assert "HTTP 500" in result.stderr
