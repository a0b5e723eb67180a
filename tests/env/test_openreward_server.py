"""The real OpenReward server (`nohallucinate serve`) driven by the SDK's own client."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator

import httpx
import pytest

from nohallucinate.tasks import Family
from support.openai_server import OpenAIServer
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

os.environ["OPENREWARD_DISABLE_UPDATE_CHECK"] = "1"
from openreward import OpenReward
from openreward.api.environments.types import ToolCallError

TASKS = {task.task_id: task for task in labelled_tasks()}


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def serve(*args: str) -> Iterator[str]:
    port = free_port()
    command = [sys.executable, "-m", "nohallucinate.cli", "serve", "--port", str(port), "--no-cache",
               "--tasks", str(LABELLED_TASKS_PATH), *args]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the server did not start: {process.stderr.read() if process.stderr else ''}")
            time.sleep(0.1)
        yield url
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture(scope="module")
def local_server() -> Iterator[str]:
    yield from serve("--grader", "local")


def environment(url: str):
    return OpenReward(api_key="local").environments.get("nohallucinate", base_url=url)


def test_listing_tasks_returns_ids_and_nothing_gradeable(local_server: str) -> None:
    response = httpx.post(f"{local_server}/nohallucinate/tasks", json={"split": "train"})
    assert [set(task) for task in response.json()["tasks"]] == [{"task_id"}] * len(TASKS)
    for task in TASKS.values():
        for secret in (task.question, task.gold, task.defect, task.article.lead if task.article else None):
            if secret and len(secret) > 4:  # short golds ("17") can occur inside the hex task ids
                assert secret not in response.text
    listed = environment(local_server).list_tasks(split="train")
    assert [t.task_spec for t in listed] == [{"task_id": task_id} for task_id in TASKS]
    assert environment(local_server).list_splits() == ["train"]


def test_the_model_sees_no_tools_and_the_prompt_is_the_question(local_server: str) -> None:
    env = environment(local_server)
    task = env.list_tasks(split="train")[0]
    with env.session(task=task) as session:
        assert session.list_tools() == []
        assert session.terminal_tool() is not None
        prompt = session.get_prompt()[0].text
        question = TASKS[task.task_spec["task_id"]].question
        assert prompt.endswith(question) and "no tools" in prompt
        assert [m.role for m in session.get_messages()] == ["system", "user"]


def test_one_reply_is_graded_and_a_second_is_refused(local_server: str) -> None:
    env = environment(local_server)
    fact = next(t for t in TASKS.values() if t.gold == "11 March 1952")
    task = next(t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == fact.task_id)
    with env.session(task=task) as session:
        graded = session.call_terminal_tool("He was born on 11 March 1952.")
        assert (graded.reward, graded.finished) == (1.0, True)
        assert graded.metadata["verdict"] == "CORRECT" and graded.metadata["decided_by"] == "local"
        with pytest.raises(ToolCallError) as refused:
            session.call_terminal_tool("12 March 1952")
        assert refused.value.reason == "episode_finished"


def test_an_unknown_task_id_is_refused(local_server: str) -> None:
    response = httpx.post(f"{local_server}/nohallucinate/task", json={"split": "train", "index": 10_000})
    assert response.status_code == 400


def test_a_model_grader_takes_the_key_from_the_episodes_secrets(scripted_server: OpenAIServer) -> None:
    premise = next(t for t in TASKS.values() if t.family is Family.FALSE_PREMISE)
    for url in serve("--grader", "llm", "--grader-base-url", scripted_server.url):
        env = environment(url)
        task = next(t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == premise.task_id)
        with env.session(task=task, secrets={"openai_api_key": "sk-episode-secret"}) as session:
            graded = session.call_terminal_tool("He never played for them.")
        assert (graded.reward, graded.metadata["verdict"], graded.metadata["decided_by"]) == (
            1.0,
            "IDENTIFIED",
            "model",
        )
    assert scripted_server.keys == ["sk-episode-secret"]
