"""The real OpenReward server (`nohallucinate serve`) driven by the SDK's own client."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
import pytest
from openreward import OpenReward  # conftest has turned the SDK's update check off
from openreward.api.environments.types import ToolCallError
from serving import Served

from nohallucinate.tasks import Family
from support.openai_server import OpenAIServer
from support.task_sets import labelled_tasks

TASKS = {task.task_id: task for task in labelled_tasks()}


def environment(url: str):
    return OpenReward(api_key="local").environments.get("nohallucinate", base_url=url)


def test_listing_tasks_returns_ids_and_nothing_gradeable(local_server: Served) -> None:
    response = httpx.post(f"{local_server.url}/nohallucinate/tasks", json={"split": "train"})
    assert [set(task) for task in response.json()["tasks"]] == [{"task_id"}] * len(TASKS)
    for task in TASKS.values():
        for secret in (task.question, task.gold, task.defect, task.article.lead if task.article else None):
            if secret and len(secret) > 4:  # short golds ("17") can occur inside the hex task ids
                assert secret not in response.text
    listed = environment(local_server.url).list_tasks(split="train")
    assert [t.task_spec for t in listed] == [{"task_id": task_id} for task_id in TASKS]
    assert environment(local_server.url).list_splits() == ["train"]


def test_the_model_sees_no_tools_and_the_prompt_is_the_question(local_server: Served) -> None:
    env = environment(local_server.url)
    task = env.list_tasks(split="train")[0]
    with env.session(task=task) as session:
        assert session.list_tools() == []
        assert session.terminal_tool() is not None
        prompt = session.get_prompt()[0].text
        question = TASKS[task.task_spec["task_id"]].question
        assert prompt.endswith(question) and "no tools" in prompt
        assert [m.role for m in session.get_messages()] == ["system", "user"]


def test_one_reply_is_graded_and_a_second_is_refused(local_server: Served) -> None:
    env = environment(local_server.url)
    fact = next(t for t in TASKS.values() if t.gold == "11 March 1952")
    task = next(t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == fact.task_id)
    with env.session(task=task) as session:
        graded = session.call_terminal_tool("He was born on 11 March 1952.")
        assert (graded.reward, graded.finished) == (1.0, True)
        assert graded.metadata["verdict"] == "CORRECT" and graded.metadata["decided_by"] == "local"
        with pytest.raises(ToolCallError) as refused:
            session.call_terminal_tool("12 March 1952")
        assert refused.value.reason == "episode_finished"


def test_an_unknown_task_id_is_refused(local_server: Served) -> None:
    response = httpx.post(f"{local_server.url}/nohallucinate/task", json={"split": "train", "index": 10_000})
    assert response.status_code == 400


def test_a_model_grader_takes_the_key_from_the_episodes_secrets(
    scripted_server: OpenAIServer, start_server: Callable[..., Any]
) -> None:
    premise = next(t for t in TASKS.values() if t.family is Family.FALSE_PREMISE)
    env = environment(start_server("--grader", "llm", "--grader-base-url", scripted_server.url).url)
    task = next(t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == premise.task_id)
    with env.session(task=task, secrets={"openai_api_key": "sk-episode-secret"}) as session:
        graded = session.call_terminal_tool("He never played for them.")
    assert (graded.reward, graded.metadata["verdict"], graded.metadata["decided_by"]) == (1.0, "IDENTIFIED", "model")
    assert scripted_server.keys == ["sk-episode-secret"]


def test_the_answer_tool_refuses_a_field_it_does_not_take(local_server: Served) -> None:
    env = environment(local_server.url)
    task = env.list_tasks(split="train")[0]
    with env.session(task=task) as session:
        tool = session.terminal_tool()
        assert tool is not None
        with pytest.raises(ToolCallError):
            session.call_tool(tool.name, {"answer": "I don't know.", "reward": 1.0})
        graded = session.call_terminal_tool("I don't know.")  # the refused call graded nothing
        assert graded.finished and graded.reward is not None
