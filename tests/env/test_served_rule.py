"""`serve --threshold T --confidence MODE`, driven by the OpenReward SDK's own client: the prompt states the rule,
each reward is the rule's, each reward's metadata (an episode's and a group score's) carries the rule, the start
line says it, and what reaches a client beside the spec's metadata is the rule and the client's own confidence."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from openreward import GroupCandidate, Message, OpenReward  # conftest: no SDK update check
from openreward.api.environments.types import TextBlock
from serving import Served, served_together

from nohallucinate.tasks import Family, Task
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, system_prompt
from support.biography_groups import biography_group
from support.openai_server import OpenAIServer
from support.task_sets import hidden_texts, labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.gold == "11 March 1952")
DEFECT = next(t for t in TASKS if t.family is Family.FALSE_PREMISE)
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY and t.subject.qid == "Q42")
SPEC_KEYS = {"verdict", "decided_by", "detail"}
KEY = {"openai_api_key": "sk-test"}


@pytest.fixture(scope="module")
def ruled_servers() -> Iterator[list[Served]]:
    """The two servers below, started at once."""
    report, brier = ("--threshold", "0.75", "--confidence", "report"), ("--threshold", "0.75", "--confidence", "brier")
    with served_together(report, brier) as servers:
        yield servers


@pytest.fixture(scope="module")
def at_075(ruled_servers: list[Served]) -> Served:
    """A server at threshold 0.75 that reads (and does not score) a stated confidence."""
    return ruled_servers[0]


@pytest.fixture(scope="module")
def brier(ruled_servers: list[Served]) -> Served:
    """A server at threshold 0.75 that scores a stated confidence by the Brier rule."""
    return ruled_servers[1]


def session_for(url: str, task: Task, secrets: dict[str, str] | None = None) -> Any:
    env = OpenReward(api_key="local").environments.get("nohallucinate", base_url=url)
    [spec] = [t for t in env.list_tasks(split="train") if t.task_spec["task_id"] == task.task_id]
    return env.session(task=spec, secrets=secrets or {})


def episode(url: str, task: Task, reply: str, secrets: dict[str, str] | None = None) -> tuple[float, dict[str, Any]]:
    """The reward and metadata of one episode answered with `reply`."""
    with session_for(url, task, secrets) as session:
        graded = session.call_terminal_tool(reply)
    assert graded.finished and graded.reward is not None
    return graded.reward, graded.metadata


def group(url: str, task: Task, replies: Sequence[str], secrets: dict[str, str] | None = None) -> list[Any]:
    with session_for(url, task, secrets) as session:
        prompt = session.get_messages()
        return session.score_group(
            [GroupCandidate(messages=[*prompt, Message(role="assistant", blocks=[TextBlock(text=reply)])])
             for reply in replies]
        )  # fmt: skip


def brier_reward(y: int, q: float | None) -> float:
    q = 1 - y if q is None else q
    return (1 + y - (q - y) ** 2) / 2


def test_at_threshold_075_an_abstention_earns_075_and_the_gold_1(at_075: Served) -> None:
    started = "serving nohallucinate (52 tasks, grader local, threshold 0.75, confidence report) at http://127.0.0.1:"
    assert at_075.log().startswith(started)
    with session_for(at_075.url, FACT) as session:
        system, question = session.get_messages()
        assert system.blocks[0].text == system_prompt(0.75, "report") and "more than 75% sure" in system.blocks[0].text
        assert question.blocks[0].text == FACT.question
    reward, metadata = episode(at_075.url, FACT, "I don't know.")
    assert reward == 0.75 and (metadata["verdict"], metadata["threshold"], metadata["confidence_mode"]) == (
        "NOT_ATTEMPTED",
        0.75,
        "report",
    )
    assert metadata["detail"]["confidence"] == {"value": None, "status": "missing"}
    reward, metadata = episode(at_075.url, FACT, "11 March 1952\nConfidence: 0.9")
    assert reward == 1.0 and metadata["verdict"] == "CORRECT" and metadata["threshold"] == 0.75
    assert metadata["detail"]["confidence"] == {"value": 0.9, "status": "stated"}  # recorded, not scored
    assert episode(at_075.url, FACT, "12 March 1953")[0] == 0.0


def test_the_default_server_carries_no_rule(local_server: Served) -> None:
    reward, metadata = episode(local_server.url, FACT, "I don't know.")
    assert reward == 0.5 and set(metadata) == SPEC_KEYS and "confidence" not in metadata["detail"]
    with session_for(local_server.url, FACT) as session:
        assert session.get_messages()[0].blocks[0].text == SYSTEM_PROMPT
    assert "threshold" not in local_server.log()


def test_under_brier_the_served_reward_is_the_formula(brier: Served) -> None:
    assert "threshold 0.75, confidence brier" in brier.log()
    cases = [("11 March 1952\nConfidence: 0.8", 1, 0.8), ("12 March 1953\nConfidence: 0.3", 0, 0.3),
             ("11 March 1952", 1, None), ("12 March 1953\nConfidence: 30%", 0, None)]  # fmt: skip
    for reply, y, q in cases:
        reward, metadata = episode(brier.url, FACT, reply)
        assert reward == pytest.approx(brier_reward(y, q), abs=1e-12), reply
        assert (metadata["threshold"], metadata["confidence_mode"]) == (0.75, "brier")
    assert episode(brier.url, FACT, "I don't know.")[0] == (1 + 0.75**2) / 2


def test_a_group_under_the_rule_gets_each_candidates_own_episode_reward(brier: Served) -> None:
    for task, replies in (
        (FACT, ["11 March 1952\nConfidence: 0.8", "I don't know.", "11 March 1952\nConfidence: 0.35", "12 March 1953"]),
        (BIO, biography_group(BIO)[:3]),
    ):
        scores = group(brier.url, task, replies)
        for score, reply in zip(scores, replies, strict=True):
            reward, metadata = episode(brier.url, task, reply)
            assert score.reward == reward and {k: score.metadata[k] for k in metadata} == metadata
            assert score.metadata["reward_kind"] == "absolute" and score.metadata["threshold"] == 0.75
    assert [s.reward for s in group(brier.url, FACT, ["I don't know.", "11 March 1952\nConfidence: 0.8"])] == [
        (1 + 0.75**2) / 2, pytest.approx(0.98)]  # fmt: skip


@pytest.fixture(scope="module")
def model_graded(scripted_server_module: OpenAIServer) -> Iterator[tuple[Served, Served]]:
    """Two servers graded by the same scripted model: under the spec's rule, and under the Brier rule."""
    args = ("--grader", "llm", "--grader-base-url", scripted_server_module.url)
    with served_together(args, (*args, "--threshold", "0.75", "--confidence", "brier")) as (spec, ruled):
        yield spec, ruled


@pytest.fixture(scope="module")
def scripted_server_module() -> Iterator[OpenAIServer]:
    from support.scripted_model import scripted_model

    with OpenAIServer(scripted_model) as server:
        yield server


def without_rule(metadata: dict[str, Any]) -> dict[str, Any]:
    """The metadata less what a rule adds: its threshold and mode, and the detail's confidence."""
    shown = {key: value for key, value in metadata.items() if key not in ("threshold", "confidence_mode")}
    return {**shown, "detail": {k: v for k, v in metadata["detail"].items() if k != "confidence"}}


@pytest.mark.parametrize("task", [FACT, DEFECT, BIO], ids=lambda t: t.family.value)
def test_a_rule_adds_nothing_for_a_client_but_the_rule_and_its_own_confidence(
    model_graded: tuple[Served, Served], task: Task
) -> None:
    """The same answers, graded by the same model under the spec's rule and under the Brier rule: an episode's and a
    group's metadata differ only by the rule and the confidence the reply stated (rounded as every number is)."""
    spec, ruled = model_graded
    answers = {FACT.task_id: "He was born on 11 March 1952.", DEFECT.task_id: "He never played for them.",
               BIO.task_id: biography_group(BIO)[0]}  # fmt: skip
    answer = answers[task.task_id]
    # a biography states no confidence (it is graded as written under every rule)
    stated = answer if task is BIO else f"{answer}\nConfidence: 0.7123"
    _, plain = episode(spec.url, task, answer, KEY)
    _, scored = episode(ruled.url, task, stated, KEY)
    assert set(scored) == SPEC_KEYS | {"threshold", "confidence_mode"}
    if task is BIO:
        assert "confidence" not in scored["detail"]
    else:
        assert scored["detail"]["confidence"] == {"value": 0.712, "status": "stated"}
    assert without_rule(scored) == plain
    [in_group] = group(ruled.url, task, [stated], KEY)
    assert without_rule({k: v for k, v in in_group.metadata.items() if k in scored}) == plain
    for text in hidden_texts([task], f"{task.question}\n{answer}"):  # what the reply itself does not say
        for piece in [text] if text[:40] in answer else [text, text[:40]]:
            assert piece not in repr(scored) and piece not in repr(in_group.metadata)
