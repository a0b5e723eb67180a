"""The README's "Serving the environment" examples: its `serve` line started as written (the port and the task file
its placeholders name made real), and its client example run against it, printing what its comment says."""

from __future__ import annotations

import contextlib
import io
import os
import time
from pathlib import Path

import httpx
from serving import free_port

from nohallucinate.tasks import load_demo_tasks
from support.openai_server import OpenAIServer
from support.readme import claimed_output, readme_example
from support.readme_shell import Shell, shell_commands
from support.scripted_model import scripted_model

README_PORT = "8080"
README_URL = "http://127.0.0.1:8080"


def wait_healthy(url: str, process, log: Path) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return
        assert process.poll() is None, log.read_text(encoding="utf-8")
        time.sleep(0.2)
    raise AssertionError(f"the server did not start: {log.read_text(encoding='utf-8')}")


def test_the_served_environment_answers_the_readme_client(tmp_path: Path) -> None:
    """`serve --grader llm` with the grader's model on the test server and the key from each episode's secrets."""
    [serve] = shell_commands(readme_example("serve"))
    assert serve.comment == "key: each episode's secret openai_api_key" and "--port 8080" in serve.text
    tasks = load_demo_tasks()
    (tmp_path / "T.jsonl").write_text("".join(t.model_dump_json() + "\n" for t in tasks), encoding="utf-8")
    port = str(free_port())
    with OpenAIServer(scripted_model) as model:
        env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}  # the key comes with each episode
        shell = Shell(tmp_path, replace={f"--port {README_PORT}": f"--port {port}"}, env=env)
        shell.env |= {"OPENAI_BASE_URL": model.url, "OPENREWARD_DISABLE_UPDATE_CHECK": "1"}
        process = shell.start(serve)
        try:
            url = f"http://127.0.0.1:{port}"
            wait_healthy(url, process, tmp_path / f"line-{serve.line}.log")
            client = readme_example("serve-session")
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                exec(compile(client.body.replace(README_URL, url), "README.md", "exec"), {"__name__": "readme"})
        finally:
            process.terminate()
            process.wait(10)
        assert printed.getvalue().splitlines() == claimed_output(client)
        assert "sk-..." in model.keys  # the grader was asked with the episode's secret key
