"""Group scoring: `NoHallucinateEnv.grade_group` in process, and `score_group` on the served environment through
the OpenReward SDK's own client; each candidate's reward is the one it earns alone."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pytest
from openreward import GroupCandidate, Message, OpenReward, ScoreGroupFailed  # conftest: no SDK update check
from openreward.api.environments.types import ReasoningBlock, TextBlock
from openreward.api.errors import ToolFailed
from serving import Served, served

from nohallucinate.env import GraderSpec, GradingError, NoHallucinateEnv, UnknownTaskError
from nohallucinate.env.client_view import client_detail
from nohallucinate.graders import Verdict
from nohallucinate.models import ClientSettings
from nohallucinate.tasks import Family, Task
from support.biography_groups import biography_group
from support.openai_server import Behaviour, OpenAIServer, Status
from support.openai_server import Reply as ServerReply
from support.scripted_model import scripted_model
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.gold == "11 March 1952")
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY and t.subject.qid == "Q42")
FACT_REPLIES = ["11 March 1952", "I don't know.", "He was born on 11 March 1952.", "I don't know.", "12 March 1953"]
KEY = {"openai_api_key": "sk-test"}


def model_env(url: str, name: str = "llm") -> NoHallucinateEnv:
    return NoHallucinateEnv(TASKS, GraderSpec(name=name, base_url=url, settings=ClientSettings(no_cache=True)))


def one_by_one(env: NoHallucinateEnv, task_id: str, replies: Sequence[str]) -> list[Verdict]:
    async def run() -> list[Verdict]:
        return [await env.grade(task_id, reply, sample=i, secrets=KEY) for i, reply in enumerate(replies)]

    return asyncio.run(run())


def as_group(env: NoHallucinateEnv, task_id: str, replies: Sequence[str]) -> list[Verdict]:
    return asyncio.run(env.grade_group(task_id, replies, secrets=KEY))


def test_in_process_a_group_gets_the_verdicts_of_its_replies_alone() -> None:
    env = NoHallucinateEnv(TASKS)
    verdicts = as_group(env, FACT.task_id, FACT_REPLIES)
    assert verdicts == one_by_one(env, FACT.task_id, FACT_REPLIES)
    assert [(v.sample, v.reward) for v in verdicts] == [(0, 1.0), (1, 0.5), (2, 1.0), (3, 0.5), (4, 0.0)]
    assert as_group(env, FACT.task_id, []) == []


@pytest.mark.parametrize("grader", ["llm", "hybrid"])
def test_in_process_a_model_graded_biography_group_is_cheaper_and_the_same(
    scripted_server: OpenAIServer, grader: str
) -> None:
    replies = biography_group(BIO)
    alone = one_by_one(model_env(scripted_server.url, grader), BIO.task_id, replies)
    sent_alone = prompt_chars(scripted_server.requests)
    start = len(scripted_server.requests)
    together = as_group(model_env(scripted_server.url, grader), BIO.task_id, replies)
    assert together == alone and [v.sample for v in together] == list(range(len(replies)))
    # Less prompt sent: one extraction per distinct reply, each shared claim checked once (in batches of the claims
    # the same candidates make, which here takes 10 verification calls against 7 alone).
    assert prompt_chars(scripted_server.requests[start:]) < sent_alone


def prompt_chars(requests: Sequence[dict[str, Any]]) -> int:
    return sum(len(request["messages"][-1]["content"]) for request in requests)


def failing_on(marker: str) -> Callable[[dict[str, Any]], Behaviour]:
    def respond(request: dict[str, Any]) -> Behaviour:
        return Status(500) if marker in request["messages"][-1]["content"] else scripted_model(request)

    return respond


def test_in_process_a_failed_candidate_fails_the_group_by_name() -> None:
    replies = biography_group(BIO)
    replies[5] += " POISON."
    with OpenAIServer(failing_on("POISON")) as server:
        env = NoHallucinateEnv(TASKS, GraderSpec(name="llm", base_url=server.url, settings=ClientSettings(
            no_cache=True, max_attempts=1)))  # fmt: skip
        with pytest.raises(GradingError, match=r"1 of 8 candidates failed; candidate 5: grader failed: .*HTTP 500"):
            as_group(env, BIO.task_id, replies)
    with OpenAIServer(lambda request: Status(500)) as server:
        env = NoHallucinateEnv(TASKS, GraderSpec(name="llm", base_url=server.url, settings=ClientSettings(
            no_cache=True, max_attempts=1)))  # fmt: skip
        with pytest.raises(GradingError, match=r"5 of 5 candidates failed; candidates 0, 1, 2, 3, 4: .*HTTP 500"):
            as_group(env, FACT.task_id, FACT_REPLIES)  # 1 and 3 are one grading, failed once, reported for both


def test_in_process_bad_groups_are_refused() -> None:
    env = NoHallucinateEnv(TASKS)
    with pytest.raises(TypeError, match="not one text"):
        as_group(env, FACT.task_id, "11 March 1952")
    with pytest.raises(UnknownTaskError):
        as_group(env, "nope", ["x"])


def environment(url: str):
    return OpenReward(api_key="local").environments.get("nohallucinate", base_url=url)


def candidate(prompt: list[Message], reply: str, **trainer: Any) -> GroupCandidate:
    """A rollout as a trainer sends it: the prompt, then the policy's reply as the final assistant turn."""
    return GroupCandidate(
        messages=[*prompt, Message(role="assistant", blocks=[TextBlock(text=reply)])], metadata=trainer
    )


def served_scores(url: str, task_id: str, replies: Sequence[str], secrets: dict[str, str] | None = None):
    env = environment(url)
    [task] = [t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == task_id]
    with env.session(task=task, secrets=secrets or {}) as session:
        assert session.supports_score_group()
        prompt = session.get_messages()
        return session.score_group([candidate(prompt, reply, rollout=i) for i, reply in enumerate(replies)])


def pointwise(url: str, task_id: str, reply: str, secrets: dict[str, str] | None = None):
    """The reward and metadata the candidate's own episode emits."""
    env = environment(url)
    [task] = [t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == task_id]
    with env.session(task=task, secrets=secrets or {}) as session:
        result = session.call_terminal_tool(reply)
    return result.reward, result.metadata


def test_served_group_rewards_are_each_candidates_own_episode_reward(local_server: Served) -> None:
    for task_id, replies in ((FACT.task_id, FACT_REPLIES), (BIO.task_id, biography_group(BIO))):
        scores = served_scores(local_server.url, task_id, replies)
        for i, (score, reply) in enumerate(zip(scores, replies, strict=True)):
            reward, metadata = pointwise(local_server.url, task_id, reply)
            assert score.reward == reward and {k: score.metadata[k] for k in metadata} == metadata
            assert score.metadata["reward_kind"] == "absolute" and score.metadata["comparative"] is False
            assert score.metadata["candidate_metadata"] == {"rollout": i}  # the trainer's own, echoed


def test_served_model_graded_groups_match_grading_each_alone(
    scripted_server: OpenAIServer, start_server: Callable[..., Served]
) -> None:
    url = start_server("--grader", "llm", "--grader-base-url", scripted_server.url).url
    for task_id, replies in ((FACT.task_id, FACT_REPLIES), (BIO.task_id, biography_group(BIO))):
        scores = served_scores(url, task_id, replies, KEY)
        alone = one_by_one(model_env(scripted_server.url), task_id, replies)
        assert [s.reward for s in scores] == [v.reward for v in alone]
        question = next(t.question for t in TASKS if t.task_id == task_id)
        expected = [client_detail(v.detail, reply, question) for v, reply in zip(alone, replies, strict=True)]
        assert [s.metadata["detail"] for s in scores] == expected
        assert {s.metadata["decided_by"] for s in scores} == {"model"}
    assert set(scripted_server.keys) == {"sk-test"}  # the session's secret, as for its episodes


def test_served_a_candidate_without_assistant_text_is_a_client_side_error(local_server: Served) -> None:
    env = environment(local_server.url)
    [task] = [t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == FACT.task_id]
    with env.session(task=task) as session:
        prompt = session.get_messages()
        thinking = Message(role="assistant", blocks=[ReasoningBlock(text="11 March 1952, I think")])
        groups = {
            "candidate 1 has no assistant turn": [candidate(prompt, "11 March 1952"), GroupCandidate(messages=prompt)],
            "candidate 0 has a last assistant turn without a text block": [
                GroupCandidate(messages=[*prompt, thinking]),
                candidate(prompt, "11 March 1952"),
            ],
        }
        for message, group in groups.items():
            with pytest.raises(ScoreGroupFailed, match=message):
                session.score_group(group)
        assert [s.reward for s in session.score_group([candidate(prompt, "11 March 1952")])] == [1.0]  # still alive


def test_served_a_failing_grader_is_a_client_side_error_not_zeros(start_server: Callable[..., Served]) -> None:
    with OpenAIServer(lambda request: Status(500)) as failing:
        url = start_server("--grader", "llm", "--grader-base-url", failing.url, "--max-attempts", "1").url
        with pytest.raises(ScoreGroupFailed, match=r"5 of 5 candidates failed; candidates 0, 1, 2, 3, 4: .*HTTP 500"):
            served_scores(url, FACT.task_id, [*FACT_REPLIES[:1], "x", "y", "z", "w"], KEY)


def test_served_a_realistic_group_of_long_biographies_fits_the_group_body_limit(local_server: Served) -> None:
    # 16 candidates of 40,000 characters: each passes alone, so the group must too (the limit is per candidate).
    base = f"{BIO.article.lead if BIO.article else ''} "
    replies = [(f"{i} {base}" * (40_000 // len(base) + 1))[:40_000] for i in range(16)]
    scores = served_scores(local_server.url, BIO.task_id, replies)
    assert [s.reward for s in scores[:2]] == [pointwise(local_server.url, BIO.task_id, r)[0] for r in replies[:2]]
    assert len(scores) == 16


def test_served_a_group_over_its_size_or_body_limit_is_refused(start_server: Callable[..., Served]) -> None:
    url = start_server("--max-body-bytes", "50000", "--max-group", "3").url
    with pytest.raises(ScoreGroupFailed, match=r"4 candidates in one group; this server takes at most 3"):
        served_scores(url, FACT.task_id, ["11 March 1952"] * 4)
    assert [s.reward for s in served_scores(url, FACT.task_id, ["11 March 1952"] * 3)] == [1.0] * 3
    with pytest.raises(Exception, match="413, message='request body over the limit of 150,000 bytes'"):
        served_scores(url, BIO.task_id, ["x" * 60_000] * 3)  # 3 × 60,000 characters: over 3 × 50,000 bytes


DEFECT = next(t for t in TASKS if t.family is Family.FALSE_PREMISE)
ECHO = "ECHO"  # a reply with this makes the grader below restate its prompt instead of grading


def echoing(request: dict[str, Any]) -> Behaviour:
    """A suggestible grader: on a reply saying ECHO it restates what it was given (gold, defect or article)."""
    prompt = request["messages"][-1]["content"]
    if ECHO not in prompt or prompt.startswith("Split the text"):  # extraction as usual: its prompt holds no secret
        return scripted_model(request)
    secret = re.search(r"^(Gold target|Defect): .*$", prompt, re.MULTILINE)
    said = secret.group(0) if secret else prompt.split("Text: ", 1)[1].split("\n", 1)[1][:200]
    return ServerReply(f"{said} (so no grade)")


@pytest.fixture(scope="module")
def echo_graded() -> Iterator[tuple[OpenAIServer, Served]]:
    """The suggestible grader, and a server it grades for (one attempt a call): one pair for every family below."""
    with (
        OpenAIServer(echoing) as model,
        served("--grader", "llm", "--grader-base-url", model.url, "--max-attempts", "1") as server,
    ):
        yield model, server


@pytest.mark.parametrize("task", [FACT, DEFECT, BIO], ids=lambda t: t.family.value)
def test_no_gold_defect_or_article_leaves_in_an_error(echo_graded: tuple[OpenAIServer, Served], task: Task) -> None:
    secrets = [s for s in (task.gold, task.defect, task.article and task.article.text[:40]) if s]
    reply = f"{task.subject.label} was born in {ECHO} 1952."
    model, url = echo_graded[0], echo_graded[1].url
    asked_before = len(model.requests)
    with pytest.raises(ScoreGroupFailed) as group_failed:
        served_scores(url, task.task_id, [reply, "I don't know."], KEY)
    with pytest.raises(ToolFailed) as tool_failed:
        pointwise(url, task.task_id, reply, KEY)
    in_process = asyncio.run(grade_in_process(model.url, task.task_id, reply))
    assert any(ECHO in request["messages"][-1]["content"] for request in model.requests[asked_before:])
    grading_failed, kept = in_process
    assert kept.errored and any(secret[:20] in kept.detail["model_output"] for secret in secrets)
    for failure in (group_failed.value, tool_failed.value, grading_failed):
        text = str(failure)
        assert f"task {task.task_id}: " in text and "grader failed: ModelError" in text and model.url not in text
        assert not any(secret in text for secret in secrets), text


async def grade_in_process(url: str, task_id: str, reply: str) -> tuple[GradingError, Verdict]:
    """The error `NoHallucinateEnv.grade` raises on `reply`, and the errored verdict `grade_batch` records."""
    env = model_env(url)
    try:
        with pytest.raises(GradingError) as failed:
            await env.grade(task_id, reply, secrets=KEY)
        [kept] = await env.grade_batch([(task_id, reply)], secrets=KEY)  # a local record keeps what it said
        return failed.value, kept
    finally:
        await env.aclose()
