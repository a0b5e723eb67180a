"""The in-process environment API."""

from __future__ import annotations

import asyncio

import pytest

from nohallucinate.env import GraderSpec, GradingError, NoHallucinateEnv, UnknownTaskError
from nohallucinate.graders import Label
from nohallucinate.models import ClientSettings
from nohallucinate.tasks import Family
from support.client_waits import shorten_client_waits
from support.openai_server import OpenAIServer, Status
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.gold == "11 March 1952")
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY)


def test_ids_prompts_and_rewards() -> None:
    env = NoHallucinateEnv.from_file(LABELLED_TASKS_PATH)
    assert env.task_ids() == [t.task_id for t in TASKS]
    system, question = env.prompt(FACT.task_id)
    assert system["role"] == "system" and question == {"role": "user", "content": FACT.question}
    assert env.reward(FACT.task_id, "11 March 1952") == 1.0
    verdict = asyncio.run(env.grade(FACT.task_id, "I don't know."))
    assert (verdict.label, verdict.reward) == (Label.NOT_ATTEMPTED, 0.5)


def test_batch_grading_keeps_order_and_numbers_repeats_as_samples() -> None:
    env = NoHallucinateEnv(TASKS)
    items = [(FACT.task_id, "11 March 1952"), (BIO.task_id, "I don't know."), (FACT.task_id, "1 May 1950")]
    verdicts = asyncio.run(env.grade_batch(items))
    assert [(v.task_id, v.sample, v.reward) for v in verdicts] == [
        (FACT.task_id, 0, 1.0),
        (BIO.task_id, 0, 0.0),
        (FACT.task_id, 1, 0.0),
    ]


def test_unknown_ids_and_splits_are_errors() -> None:
    env = NoHallucinateEnv(TASKS)
    with pytest.raises(UnknownTaskError):
        env.prompt("nope")
    with pytest.raises(UnknownTaskError):
        asyncio.run(env.grade_batch([("nope", "x")]))
    with pytest.raises(ValueError, match="the splits are train"):
        env.task_ids("test")


def test_a_failing_grader_raises_and_never_rewards(monkeypatch: pytest.MonkeyPatch) -> None:
    shorten_client_waits(monkeypatch)  # each call's second attempt comes sooner
    with OpenAIServer(lambda request: Status(500)) as server:
        spec = GraderSpec(name="llm", base_url=server.url, settings=ClientSettings(no_cache=True, max_attempts=2))
        env = NoHallucinateEnv(TASKS, spec)

        async def run():
            try:
                with pytest.raises(GradingError, match="HTTP 500"):
                    await env.grade(FACT.task_id, "11 March 1952")
                return await env.grade_batch([(FACT.task_id, "11 March 1952")])
            finally:
                await env.aclose()

        [verdict] = asyncio.run(run())
    assert verdict.errored and verdict.reward is None
