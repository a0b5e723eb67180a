"""One output policy for every command: when stderr is not a terminal, plain progress lines at the start, every few
seconds and at the end; every failure's reason printed as it first happens and grouped by kind at the end; lines
never cut at 80 columns; --quiet and --log-level; a run in which every item errored exits 1, and so does its
report."""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from support.client_waits import shorten_client_waits
from support.openai_server import OpenAIServer, Status
from support.task_sets import LABELLED_TASKS_PATH

runner = CliRunner()
LONG_MODEL = "Qwen/Qwen2.5-72B-Instruct-a-model-name-longer-than-eighty-columns-once-its-table-is-drawn-around-it"


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


@pytest.fixture(autouse=True)
def brief_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """Commands run in this process retry as ever, with shortened waits (support.client_waits): their lines are
    tested here, not their seconds. (The commands run as subprocesses wait as a user's do.)"""
    shorten_client_waits(monkeypatch)


@pytest.fixture
def failing_server() -> Iterator[OpenAIServer]:
    """A chat-completions server that answers every request with HTTP 500."""
    with OpenAIServer(lambda request: Status(500, "the model is down")) as server:
        yield server


def closed_port() -> int:
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LineReader:
    """A process's stderr, read line by line in a thread, each line with the seconds since the process began."""

    def __init__(self, process: subprocess.Popen[str], began: float) -> None:
        self.lines: queue.Queue[tuple[float, str] | None] = queue.Queue()
        self.seen: list[tuple[float, str]] = []
        self._began = began
        assert process.stderr is not None
        threading.Thread(target=self._read, args=(process.stderr,), daemon=True).start()

    def _read(self, stream) -> None:  # type: ignore[no-untyped-def]
        for line in stream:
            self.lines.put((time.monotonic() - self._began, line.rstrip("\n")))
        self.lines.put(None)

    def first(self, wanted: str, within: float) -> tuple[float, str]:
        """The first line containing `wanted`, waiting at most `within` seconds for it."""
        deadline = time.monotonic() + within
        while (left := deadline - time.monotonic()) > 0:
            try:
                item = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if item is None:
                break
            self.seen.append(item)
            if wanted in item[1]:
                return item
        raise AssertionError(f"no line with {wanted!r} within {within} s; stderr so far: {self.seen}")


def spawn_sweep(base_url: str, *extra: str, interval: str = "5") -> tuple[subprocess.Popen[str], float]:
    """`nohallucinate [extra] sweep` against `base_url` in a subprocess, its stdout and stderr pipes (no tty)."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "NOHAL_PROGRESS_INTERVAL": interval}
    command = [sys.executable, "-m", "nohallucinate", *extra, "sweep", "--policy", f"openai:{LONG_MODEL}",
               "--policy-base-url", base_url, "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "1",
               "--no-cache", "--max-attempts", "3", "--out", "run"]  # fmt: skip
    began = time.monotonic()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    return process, began


def finish(process: subprocess.Popen[str]) -> tuple[int, str]:
    try:
        stdout, _ = process.communicate(timeout=120)
    finally:
        process.kill()
    return process.returncode, stdout


@pytest.mark.parametrize("reason", ["HTTP 500", "ConnectionRefusedError"], ids=["server-500", "closed-port"])
def test_a_failing_model_sweep_in_a_pipe_says_why_while_it_still_runs(
    failing_server: OpenAIServer, reason: str
) -> None:
    """The reason comes as the first attempt fails, before the retries' waits, not in the summary at the end: the
    line is read while the process is still waiting to retry, and before any item is done. (The waits are
    generous: a loaded machine may take its time to import; the order is the promise, not the seconds.)"""
    base_url = failing_server.url if reason == "HTTP 500" else f"http://127.0.0.1:{closed_port()}/v1"
    process, began = spawn_sweep(base_url, "--log-level", "info")
    stderr = LineReader(process, began)
    stderr.first(": started, 7 items", within=60)
    _, line = stderr.first(reason, within=60)
    still_running = process.poll() is None  # it waits a second or more before its next attempt
    assert "retrying" in line and LONG_MODEL in line
    assert still_running
    assert not any("finished" in seen or "by reason" in seen for _, seen in stderr.seen)
    process.kill()
    process.communicate()


def test_plain_progress_lines_come_every_interval_and_the_failures_are_grouped(failing_server: OpenAIServer) -> None:
    process, _ = spawn_sweep(failing_server.url, "--log-level", "info", interval="0.3")
    stderr = LineReader(process, time.monotonic())
    stderr.first(": started, 7 items", within=60)
    beats = [stderr.first(" retries, ", within=3) for _ in range(3)]  # done, errored, retries, rate: on one line
    assert all("/7 items" in line and " errored, " in line for _, line in beats)
    assert beats[2][0] - beats[0][0] < 3  # one every 0.3 s, not one at every tenth of the work
    stderr.first(": finished: 7/7 items (100%), 7 errored, ", within=60)
    stderr.first("7 of 7 items failed, by reason:", within=5)
    _, kind = stderr.first("7 × policy failed: ModelError:", within=5)
    assert "HTTP 500" in kind and "the model is down" in kind and LONG_MODEL in kind
    _, examples = stderr.first("e.g. ", within=5)
    assert examples.count("(sample 0)") == 3 and examples.endswith("and 4 more")
    code, stdout = finish(process)
    assert code == 1  # every item errored
    # Written to a pipe, nothing is cut at 80 columns: the header and the usage table show the whole model name.
    assert "7 items: 0 graded, 7 errored" in stdout and "…" not in stdout
    [usage_row] = [line for line in stdout.splitlines() if line.startswith("│ policy")]
    assert LONG_MODEL in usage_row and "retries" in stdout and "requests" in stdout


def test_the_first_error_of_a_kind_is_printed_as_it_happens_then_only_counted(failing_server: OpenAIServer) -> None:
    result = runner.invoke(app, ["sweep", "--policy", "openai:test-model", "--policy-base-url", failing_server.url,
                                 "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "1", "--no-cache",
                                 "--max-attempts", "2", "--json"])  # fmt: skip
    assert result.exit_code == 1
    assert json.loads(result.stdout)["errored"] == 7  # --json: stdout holds the JSON alone
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert "later failures of this kind are counted" in errors[0] and "HTTP 500" in errors[0]
    assert sum("HTTP 500" in line for line in errors) == 1  # one line as it happened, then the grouped summary
    assert "  7 × policy failed: ModelError: test-model: HTTP 500" in result.stderr
    retries = [line for line in result.stderr.splitlines() if line.startswith("retrying")]
    assert len(retries) == 1 and "later retries of this kind are counted, not printed" in retries[0]
    assert "started" not in result.stderr  # --json: no progress lines, but every error


def test_quiet_hides_progress_but_not_errors(failing_server: OpenAIServer) -> None:
    result = runner.invoke(app, ["--quiet", "sweep", "--policy", "openai:test-model", "--policy-base-url",
                                 failing_server.url, "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "1",
                                 "--no-cache", "--max-attempts", "2", "--out", "run"])  # fmt: skip
    assert result.exit_code == 1
    assert "started" not in result.stderr and "finished" not in result.stderr and "retrying" not in result.stderr
    assert "run directory" not in result.stderr  # an info line
    assert "7 of 7 items failed, by reason:" in result.stderr and "HTTP 500" in result.stderr
    assert "error: 7 item(s) could not be graded" in result.stderr


def test_log_level_debug_prints_every_retry_and_error_prints_no_progress(failing_server: OpenAIServer) -> None:
    args = ["sweep", "--policy", "openai:test-model", "--policy-base-url", failing_server.url, "--tasks",
            str(LABELLED_TASKS_PATH), "--per-family", "1", "--no-cache", "--max-attempts", "2"]  # fmt: skip
    debug = runner.invoke(app, ["--log-level", "debug", *args, "--out", "debug"])
    assert debug.exit_code == 1 and debug.stderr.count("retrying test-model") == 7  # one retry of each item
    quiet = runner.invoke(app, ["--log-level", "error", *args, "--out", "error"])
    assert quiet.exit_code == 1 and "retrying" not in quiet.stderr and "started" not in quiet.stderr
    assert "7 × policy failed" in quiet.stderr
    bad = runner.invoke(app, ["--log-level", "loud", "version"])
    assert bad.exit_code == 2 and "choose one of: debug, info, warning, error" in bad.stderr


def test_a_good_sweep_in_a_pipe_prints_a_start_and_an_end_line() -> None:
    result = runner.invoke(app, ["sweep", "--policy", "always_abstain", "--tasks", str(LABELLED_TASKS_PATH)])
    assert result.exit_code == 0, result.output
    lines = result.stderr.splitlines()
    assert "always_abstain: started, 52 items" in lines[0]
    assert any(line.startswith("always_abstain: finished: 52/52 items (100%), 0 errored, 0 retries") for line in lines)
    assert "error:" not in result.stderr


def test_report_on_a_run_whose_every_item_errored_says_so_and_exits_1(failing_server: OpenAIServer) -> None:
    sweep = runner.invoke(app, ["sweep", "--policy", "openai:test-model", "--policy-base-url", failing_server.url,
                                "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "1", "--no-cache",
                                "--max-attempts", "1", "--out", "run"])  # fmt: skip
    assert sweep.exit_code == 1
    report = runner.invoke(app, ["report", "run", "--out", "report"])
    assert report.exit_code == 1 and report.stdout == ""  # no empty tables
    assert "run has no graded items: all 7 errored, by reason:" in report.stderr
    assert "7 × policy failed: ModelError: test-model: HTTP 500" in report.stderr
    assert not Path("report").exists()


def test_grade_in_which_every_item_errored_exits_1(failing_server: OpenAIServer, tmp_path: Path) -> None:
    from nohallucinate.tasks import load_tasks

    replies = tmp_path / "replies.jsonl"
    tasks = load_tasks(LABELLED_TASKS_PATH)[:3]
    replies.write_text("".join(json.dumps({"task_id": t.task_id, "response": "Paris."}) + "\n" for t in tasks))
    result = runner.invoke(app, ["grade", "--responses", str(replies), "--tasks", str(LABELLED_TASKS_PATH),
                                 "--grader", "llm", "--grader-base-url", failing_server.url, "--no-cache",
                                 "--max-attempts", "1"])  # fmt: skip
    assert result.exit_code == 1
    assert "3 items: 0 graded, 3 errored" in result.stdout
    assert "3 × grader failed:" in result.stderr and "HTTP 500" in result.stderr


def test_the_readme_output_levels_example_runs_as_it_says(tmp_path: Path) -> None:
    import shlex

    from nohallucinate.tasks import load_demo_tasks
    from support.readme import readme_example

    results = []
    for line in readme_example("output-levels").body.splitlines():
        words = shlex.split(line, comments=True)
        env = dict(word.split("=", 1) for word in words if "=" in word and word[0].isupper())
        words = [word for word in words if not ("=" in word and word[0].isupper())]
        log = words[words.index("2>") + 1] if "2>" in words else None
        words = words[: words.index("2>")] if log else words
        assert words[0] == "nohallucinate"
        result = runner.invoke(app, words[1:], env=env)
        assert result.exit_code == 0, result.output
        if log:
            Path(log).write_text(result.stderr)
        results.append(result)
    quiet, debug, _ = results
    assert "started" not in quiet.stderr and "run directory" not in quiet.stderr and "overall" in quiet.stdout
    demo = len(load_demo_tasks())
    assert f"always_abstain: started, {demo} items" in debug.stderr
    lines = Path("sweep.log").read_text().splitlines()
    # The demo set holds a train and a test split, and the sweep was given neither: it says so, first.
    assert lines[0].startswith("the task file has the splits train, test; taking all of them")
    assert lines[1] == f"always_abstain: started, {demo} items"
    finished = f"always_abstain: finished: {demo}/{demo} items (100%), 0 errored, 0 retries"
    assert any(line.startswith(finished) for line in lines)


def test_enoki_validate_messages_are_whole_lines_in_a_pipe() -> None:
    broken = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa" / "broken.jsonl"
    as_json = json.loads(runner.invoke(app, ["enoki", "validate", "--data", str(broken), "--json"]).stdout)
    # In a process of its own with $COLUMNS exported, as some shells and CI runners (and pytest-xdist) do: that is
    # the width of a terminal, not of a pipe.
    command = [sys.executable, "-m", "nohallucinate.cli", "enoki", "validate", "--data", str(broken)]
    environ = os.environ | {"COLUMNS": "80", "LINES": "24"}
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, env=environ)
    printed = done.stdout.splitlines()
    for violation in as_json["violations"]:  # each on one line, however long: no wrap or cut at 80 columns
        line = f"  {violation['example_id']}: {violation['where']}: {violation['problem']}"
        assert line in printed
    assert max(len(line) for line in printed) > 80


def test_failures_are_grouped_by_reason_with_their_first_items() -> None:
    from nohallucinate.failures import SHOWN_KINDS, grouped

    failed = [(f"t{i}", "HTTP 500: down") for i in range(5)] + [(f"u{i}", f"odd {i}") for i in range(SHOWN_KINDS + 2)]
    lines = grouped(failed).lines()
    assert lines[:2] == ["  5 × HTTP 500: down", "      e.g. t0, t1, t2 and 2 more"]
    assert lines[-1] == "  … and 3 more item(s) of 3 other kind(s)"  # only the first SHOWN_KINDS kinds in full


@pytest.mark.parametrize(("given", "seconds"), [("0.25", 0.25), ("0", 5.0), ("soon", 5.0), ("inf", 5.0)])
def test_the_progress_interval_comes_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, given: str, seconds: float
) -> None:
    from nohallucinate.cli.progress import INTERVAL_ENV, interval_seconds

    monkeypatch.setenv(INTERVAL_ENV, given)
    assert interval_seconds() == seconds
