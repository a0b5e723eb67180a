"""Credentials stay out of every file: a base URL carrying one is refused up front (from a flag, the environment or
a run.json), its secret never echoed; and the API keys a command is given appear in no file it writes, even when
the server quotes the key back in its error bodies."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

import nohallucinate
from nohallucinate.cli import app
from nohallucinate.models.url_credentials import credentials_in, redacted
from support.client_waits import shorten_client_waits
from support.openai_server import Behaviour, OpenAIServer, Status
from support.scripted_model import scripted_model
from support.task_sets import LABELLED_TASKS_PATH

runner = CliRunner()
SECRET = "s3cr3t-canary-" + secrets.token_hex(8)
# Every form of a credential in a URL that is refused; each holds SECRET, which must never be printed.
REFUSED = [
    f"http://user:{SECRET}@127.0.0.1:9/v1",
    f"http://{SECRET}@127.0.0.1:9/v1",
    f"http://127.0.0.1:9/v1?api_key={SECRET}",
    f"http://127.0.0.1:9/v1?api-version=2024-06-01&API-KEY={SECRET}",
    f"http://127.0.0.1:9/v1?Token={SECRET}",
    f"http://127.0.0.1:9/v1?x=1&sig={SECRET}",
    f"http://127.0.0.1:9/v1?access_token={SECRET}&signature={SECRET}",
    f"http://127.0.0.1:9/v1#access_token={SECRET}",
    f"http://127.0.0.1:9/v1?client_secret={SECRET}",
    f"http://127.0.0.1:9/v1?%6Bey={SECRET}",  # "key", percent-encoded
    f"user:{SECRET}@127.0.0.1:9/v1",  # no scheme: still not echoed
]
# Test ids name each form with SECRET in place of its random part: the same in every process that collects them.
FORMS = [url.replace(SECRET, "SECRET") for url in REFUSED]


@pytest.fixture(autouse=True)
def in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def refused(result, tmp_path: Path) -> None:
    """A clean refusal: exit 2, the secret nowhere in the output, the key variable named, nothing written."""
    assert result.exit_code == 2, result.output
    assert SECRET not in result.output and "Traceback" not in result.output
    assert "carries a credential" in result.stderr and "***" in result.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.parametrize("url", REFUSED, ids=FORMS)
def test_each_credential_form_is_found_and_redacted(url: str) -> None:
    assert credentials_in(url) and SECRET not in redacted(url)


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000/v1",
        "https://example.openai.azure.com/openai/deployments/sk-canary-path/v1?api-version=2024-06-01",
        "http://127.0.0.1:8000/v1?email=a@b.c",
    ],
)
def test_a_secret_free_url_is_kept_as_it_is(url: str) -> None:
    assert credentials_in(url) == [] and redacted(url) == url


@pytest.mark.parametrize("url", REFUSED, ids=FORMS)
def test_a_policy_base_url_flag_with_a_credential_is_refused(url: str, tmp_path: Path) -> None:
    result = runner.invoke(app, ["sweep", "--policy", "openai:m", "--policy-base-url", url, "--out", "run"])
    refused(result, tmp_path)
    assert "$OPENAI_API_KEY" in result.stderr


@pytest.mark.parametrize("url", REFUSED[:3], ids=FORMS[:3])
def test_a_base_url_variable_with_a_credential_is_refused(
    url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", url)
    for command in (["sweep", "--policy", "openai:m", "--out", "run"],
                    ["sweep", "--policy", "always_abstain", "--grader", "llm", "--out", "run"],
                    ["serve", "--grader", "llm", "--port", "9"]):  # fmt: skip
        result = runner.invoke(app, command)
        refused(result, tmp_path)
        assert "(from $OPENAI_BASE_URL)" in result.stderr and "$OPENAI_API_KEY" in result.stderr


@pytest.mark.parametrize(
    "command",
    [
        ["sweep", "--policy", "always_abstain", "--grader", "llm", "--grader-base-url", REFUSED[0], "--out", "run"],
        ["regrade", "missing-run", "--grader", "llm", "--grader-base-url", REFUSED[2], "--out", "run"],
        ["serve", "--grader", "hybrid", "--grader-base-url", REFUSED[1], "--port", "9"],
        [
            "agreement",
            str(LABELLED_TASKS_PATH.with_name("labelled_replies.jsonl")),
            "--tasks",
            str(LABELLED_TASKS_PATH),
            "--grader",
            "llm",
            "--grader-base-url",
            REFUSED[4],
        ],
        ["tax", "fetch", "--source-url", REFUSED[0], "--data-dir", "data"],
        ["build", "--out", "tasks.jsonl", "--base-url", REFUSED[3]],
        ["verify", str(LABELLED_TASKS_PATH), "--base-url", REFUSED[5]],
    ],
    ids=["sweep-grader", "regrade", "serve", "agreement", "tax-fetch", "build", "verify"],
)
def test_every_url_flag_refuses_a_credential(command: list[str], tmp_path: Path) -> None:
    refused(runner.invoke(app, command), tmp_path)


def run_json_with(run_dir: Path, url: str, role: str = "policy") -> None:
    """Edit a run's run.json by hand: its `role` model's base URL becomes `url`."""
    path = run_dir / "run.json"
    recorded = json.loads(path.read_text())
    recorded["models"][role]["base_url"] = url
    path.write_text(json.dumps(recorded, indent=2))


@pytest.mark.parametrize("url", REFUSED[:3], ids=FORMS[:3])
def test_a_run_json_holding_a_credential_is_refused_by_every_reader(
    url: str, scripted_server: OpenAIServer, tmp_path: Path
) -> None:
    made = runner.invoke(app, ["sweep", "--policy", "openai:test-model", "--policy-base-url", scripted_server.url,
                               "--tasks", str(LABELLED_TASKS_PATH), "--per-family", "1", "--out", "run"])  # fmt: skip
    assert made.exit_code == 0, made.output
    run_json_with(tmp_path / "run", url)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    for command in (["sweep", "--resume", "run"], ["report", "run", "--out", "report"],
                    ["export", "run", "--out", "rows.jsonl"],
                    ["regrade", "run", "--grader", "local", "--out", "regraded"]):  # fmt: skip
        result = runner.invoke(app, command)
        assert result.exit_code == 2, (command, result.output)
        assert SECRET not in result.output and "Traceback" not in result.output
        assert "carries a credential" in result.stderr and "(the policy's, recorded in run/run.json)" in result.stderr
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before  # nothing written


# --- the canary keys: in no file any command writes ----------------------------------------------------------------

ENV_KEY = "sk-canary-" + secrets.token_hex(16)  # $OPENAI_API_KEY
FLAG_KEY = "sk-canary-" + secrets.token_hex(16)  # --grader-api-key
SECRET_KEY = "sk-canary-" + secrets.token_hex(16)  # an episode's openai_api_key secret (served)
CANARIES = (ENV_KEY, FLAG_KEY, SECRET_KEY)


class QuotesTheKey:
    """The scripted model behind a server that, now and then, refuses a request quoting the key it was sent (some
    servers do, in full) in a 401 or a 500 body."""

    def __init__(self) -> None:
        self.server: OpenAIServer | None = None
        self.count = 0

    def __call__(self, request: dict) -> Behaviour:
        assert self.server is not None
        self.count += 1
        key = self.server.keys[-1]  # this request's (every command here runs one request at a time)
        if self.count % 7 == 1:
            return Status(401, f"Incorrect API key provided: {key}. You can find your API key at ...")
        if self.count % 7 == 4:
            return Status(500, f"upstream refused Authorization: Bearer {key}")
        return scripted_model(request)


@pytest.fixture
def quoting_server():
    responder = QuotesTheKey()
    with OpenAIServer(responder) as server:
        responder.server = server
        yield server


@pytest.fixture
def canary_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The key variable holds a canary, and the response cache and its sealing key are under tmp_path."""
    monkeypatch.setenv("OPENAI_API_KEY", ENV_KEY)
    monkeypatch.setenv("NOHAL_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("NOHAL_CACHE_KEY_FILE", str(tmp_path / "cache-key" / "cache.key"))
    return {**os.environ}


def invoked(tmp_path: Path, name: str, command: list[str]):
    """Run a command in process and keep what it printed under tmp_path too (its log), for the scan."""
    result = runner.invoke(app, command)
    (tmp_path / "logs").mkdir(exist_ok=True)
    (tmp_path / "logs" / f"{name}.out").write_text(result.stdout)
    (tmp_path / "logs" / f"{name}.err").write_text(result.stderr)
    assert "Traceback" not in result.output, (command, result.output)
    return result


def assert_no_canary_under(root: Path) -> int:
    """No file under `root` holds a canary key (nor its random part alone); returns how many files were read."""
    files = [path for path in root.rglob("*") if path.is_file()]
    for path in files:
        data = path.read_bytes()
        for canary in CANARIES:
            for needle in (canary, canary.removeprefix("sk-canary-")):
                assert needle.encode() not in data, f"{needle} is in {path}"
    return len(files)


def test_no_key_reaches_any_file_a_command_writes(
    quoting_server: OpenAIServer, canary_env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shorten_client_waits(monkeypatch)  # the refusals are retried as ever, sooner
    url, tasks = quoting_server.url, str(LABELLED_TASKS_PATH)
    models = ["--policy", "openai:test-model", "--policy-base-url", url, "--grader", "llm", "--grader-base-url", url,
              "--grader-api-key", FLAG_KEY]  # fmt: skip
    common = ["--tasks", tasks, "--per-family", "2", "--concurrency", "1", "--max-attempts", "2"]
    swept = invoked(tmp_path, "sweep", ["sweep", *models, *common, "--out", "run", "--json"])
    assert swept.exit_code in (0, 1), swept.output  # items the 401s failed stay errored, with their reason
    errors = [json.loads(line)["error"] for line in invoked(tmp_path, "peek", ["export", "run"]).stdout.splitlines()]
    assert any(error and "Incorrect API key provided: ***" in error for error in errors)  # quoted, then masked
    invoked(tmp_path, "resume", ["sweep", "--resume", "run", "--grader-api-key", FLAG_KEY])
    regraded = invoked(tmp_path, "regrade", ["regrade", "run", "--grader", "hybrid", "--grader-base-url", url,
                                             "--concurrency", "1", "--out", "regraded"])  # fmt: skip
    assert regraded.exit_code in (0, 1), regraded.output
    replies = [{"task_id": json.loads(line)["task_id"], "response": json.loads(line)["reply"] or "I don't know."}
               for line in invoked(tmp_path, "peek-again", ["export", "run"]).stdout.splitlines()]  # fmt: skip
    (tmp_path / "replies.jsonl").write_text("".join(json.dumps(reply) + "\n" for reply in replies))
    for name, command in {
        "report": ["report", "run", "regraded", "--out", "report"],
        "export": ["export", "run", "--out", "rows.jsonl"],
        "parquet": ["export", "regraded", "--format", "parquet", "--out", "rows.parquet"],
        "prompts": ["export-prompts", "--tasks", tasks, "--out", "prompts"],
        "grade": [
            "grade",
            "--tasks",
            tasks,
            "--grader",
            "llm",
            "--grader-base-url",
            url,
            "--concurrency",
            "1",
            "--responses",
            "replies.jsonl",
        ],
        "verify-cache": ["cache", "verify"],
        "prune-cache": ["cache", "prune", "--older-than", "0"],
    }.items():
        result = invoked(tmp_path, name, command)
        assert result.exit_code in (0, 1, 2), (name, result.output)
    assert set(quoting_server.keys) >= {ENV_KEY, FLAG_KEY}  # the keys were used, and quoted back
    read = assert_no_canary_under(tmp_path)
    assert {"run.json", "results.sqlite", "report.html", "rows.jsonl", "rows.parquet"} <= {
        path.name for path in tmp_path.rglob("*")
    }
    assert read >= 20


def test_no_key_reaches_the_served_environments_log(
    quoting_server: OpenAIServer, canary_env: dict[str, str], tmp_path: Path
) -> None:
    from openreward import OpenReward
    from openreward.api.errors import ToolFailed

    port = free_port()
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "nohallucinate.cli", "--log-level", "debug", "serve", "--port", str(port),
               "--tasks", str(LABELLED_TASKS_PATH), "--grader", "llm",
               "--grader-base-url", quoting_server.url]  # fmt: skip
    source = str(Path(nohallucinate.__file__).parents[1])  # this checkout's package, whatever the cwd
    environment = {**canary_env, "PYTHONPATH": source}
    with log.open("w") as handle:
        process = subprocess.Popen(command, stdout=handle, stderr=subprocess.STDOUT, env=environment, cwd=tmp_path)
    try:
        wait_for(f"http://127.0.0.1:{port}/health", process)
        env = OpenReward(api_key="local").environments.get("nohallucinate", base_url=f"http://127.0.0.1:{port}")
        specs = env.list_tasks(split="train")[:6]
        for index, spec in enumerate(specs):
            secrets_given = {"openai_api_key": SECRET_KEY} if index % 2 else {}  # else $OPENAI_API_KEY's
            try:
                with env.session(task=spec, secrets=secrets_given) as session:
                    session.call_terminal_tool("I don't know.")
            except ToolFailed as exc:  # a 401 the grader got: the client hears of it, never of the key
                assert not any(canary in str(exc) for canary in CANARIES), str(exc)
    finally:
        process.terminate()
        process.wait(10)
    assert {ENV_KEY, SECRET_KEY} <= set(quoting_server.keys)
    assert "POST" in log.read_text() or "serving" in log.read_text()
    assert_no_canary_under(tmp_path)


def test_no_key_reaches_a_tax_run_its_report_or_a_built_task_file(
    shared_dir: Path,
    quoting_server: OpenAIServer,
    canary_env: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    shorten_client_waits(monkeypatch)  # the refusals are retried as ever, sooner
    from support.wikimedia_world import WikimediaWorld

    data = str(shared_dir / "data" / "hallucination_tax")
    url = quoting_server.url
    ran = invoked(tmp_path, "tax-run", ["tax", "run", "--policy", "openai:test-model", "--policy-base-url", url,
                                        "--data-dir", data, "--benchmarks", "gsm8k,umwp", "--limit", "4",
                                        "--concurrency", "1", "--max-attempts", "2", "--out", "tax"])  # fmt: skip
    assert ran.exit_code in (0, 1), ran.output
    invoked(tmp_path, "tax-resume", ["tax", "run", "--resume", "tax"])
    invoked(tmp_path, "tax-report", ["tax", "report", "tax", "--out", "tax-report"])
    with WikimediaWorld(shared_dir=shared_dir) as world:
        built = invoked(tmp_path, "build", ["build", "--out", "tasks.jsonl", "--base-url", world.url,
                                            "--min-interval", "0", "--per-family", "biography=2",
                                            "--claims-model", "claims", "--grader-base-url", url,
                                            "--record", "snapshot", "--report", "build.json"])  # fmt: skip
    assert built.exit_code in (0, 1), built.output
    assert ENV_KEY in quoting_server.keys
    assert {"run.json", "tax_report.html"} <= {p.name for p in tmp_path.rglob("*")}
    assert_no_canary_under(tmp_path)


def free_port() -> int:
    """A free port on 127.0.0.1 (closed again before the server binds it)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(url: str, process: subprocess.Popen) -> None:
    for _ in range(300):
        try:
            if httpx.get(url, timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        assert process.poll() is None, "the server stopped"
        time.sleep(0.1)
    raise AssertionError("the server did not start")
