"""The served environment, graded by an endpoint that echoes its whole request (the grading prompt: gold, defect,
article), the episode's key and a canary in its error bodies: every byte a client receives, through a recording
proxy, holds none of it, for an answer submission and a score_group alike, under the spec's rule and under a rule
that reads and scores a stated confidence; the serve log, which the operator reads, holds what the endpoint said,
the key masked."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from openreward import GroupCandidate, Message, OpenReward, ScoreGroupFailed  # conftest: no SDK update check
from openreward.api.environments.types import TextBlock
from openreward.api.errors import ToolFailed
from serving import Served, served

from nohallucinate.tasks import Family, Task
from support.openai_server import Behaviour, Malformed, OpenAIServer, Status
from support.recording_proxy import RecordingProxy
from support.scripted_model import scripted_model
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.family is Family.PRECISE_FACT and t.gold)
DEFECT = next(t for t in TASKS if t.family is Family.FALSE_PREMISE and t.defect)
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY and t.article)
CANARY = "CANARY-" + secrets.token_hex(6)
KEY = "sk-canary-" + secrets.token_hex(16)
STATUSES = [400, 422, 429, 500, 503, 200]  # 200: a garbled body
# The reward rules served: the spec's, and one whose replies end in a confidence line that is read and scored.
RULES = {"spec": (), "brier": ("--threshold", "0.75", "--confidence", "brier")}


class Echoing:
    """A grader endpoint failing with the status under test (`status`, switched between tests), its body the canary,
    the key it was sent and the whole request. Claim extraction is answered as usual (its prompt holds only the
    reply), so that a biography's failure comes from checking its claims against the article."""

    def __init__(self) -> None:
        self.status = 500
        self.server: OpenAIServer | None = None

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        assert self.server is not None
        if request["messages"][-1]["content"].startswith("Split the text"):
            return scripted_model(request)
        said = f"{CANARY} (key {self.server.keys[-1]}) {json.dumps(request)}"
        return Malformed(said) if self.status == 200 else Status(self.status, said, {"retry-after-ms": "0"})


@dataclass(frozen=True)
class Setup:
    endpoint: OpenAIServer
    echoing: Echoing
    server: Served
    proxy: RecordingProxy
    confidence: str  # what each reply ends with: a confidence line under a rule that reads one


@pytest.fixture(scope="module", params=list(RULES))
def setup(request: pytest.FixtureRequest) -> Iterator[Setup]:
    """One endpoint, one `nohallucinate serve` graded by it, one proxy in front: the tests switch the status."""
    echoing = Echoing()
    with OpenAIServer(echoing) as endpoint:
        echoing.server = endpoint
        args = ("--grader", "llm", "--grader-base-url", endpoint.url, "--max-attempts", "1", *RULES[request.param])
        with served(*args) as server, RecordingProxy(server.url) as proxy:
            yield Setup(endpoint, echoing, server, proxy, "\nConfidence: 0.6" if RULES[request.param] else "")


def reply_to(task: Task, sample: int, confidence: str = "") -> str:
    return f"{task.subject.label} was born in {1950 + sample} in Paris, and worked as a carpenter.{confidence}"


def assistant(text: str) -> GroupCandidate:
    """A candidate as a trainer sends it; without the prompt, so that no response here carries the question."""
    return GroupCandidate(messages=[Message(role="assistant", blocks=[TextBlock(text=text)])])


def secret_texts(task: Task, prompts: list[dict[str, Any]]) -> list[str]:
    """What must never reach a client: the task's gold, defect, question and article (slices of it), the grading
    prompts the endpoint was sent (their openings), the canary and the key."""
    found = [s for s in (task.gold, task.defect, task.question, CANARY, KEY) if s]
    if task.article:
        text = task.article.text
        found += [text[i : i + 40] for i in range(0, len(text) - 40, max(1, len(text) // 8))]
    for request in prompts:
        found += [message["content"][:60] for message in request["messages"]]
    return found


def forms(text: str) -> list[str]:
    """`text` as it may appear in bytes sent: as it is, and escaped in a JSON string (ASCII-only or not)."""
    return [text, json.dumps(text)[1:-1], json.dumps(text, ensure_ascii=False)[1:-1]]


@pytest.mark.parametrize("status", STATUSES)
def test_an_echoed_prompt_in_an_error_body_reaches_no_served_client(setup: Setup, status: int) -> None:
    setup.echoing.status = status
    seen, requested, logged = len(setup.proxy.exchanges), len(setup.endpoint.requests), len(setup.server.log())
    env = OpenReward(api_key="local").environments.get("nohallucinate", base_url=setup.proxy.url)
    specs = {spec.task_spec["task_id"]: spec for spec in env.list_tasks(split="train")}
    failures: list[BaseException] = []
    for task in (FACT, DEFECT, BIO):
        with env.session(task=specs[task.task_id], secrets={"openai_api_key": KEY}) as session:
            with pytest.raises(ScoreGroupFailed) as group:
                session.score_group([assistant(reply_to(task, i, setup.confidence)) for i in (0, 1)])
            with pytest.raises(ToolFailed) as tool:  # the session survives a failed group, not a failed tool
                session.call_terminal_tool(reply_to(task, 2, setup.confidence))
        failures += [group.value, tool.value]
    prompts = [r for r in setup.endpoint.requests[requested:] if not r["messages"][-1]["content"].startswith("Split")]
    received = setup.proxy.received(since=seen)
    paths = {exchange.path for exchange in setup.proxy.exchanges[seen:]}
    assert {"/nohallucinate/call", "/nohallucinate/score_group"} <= paths
    assert not {"/nohallucinate/prompt", "/nohallucinate/messages"} & paths  # the question had no way out
    for task in (FACT, DEFECT, BIO):  # the endpoint was sent each task's secret, and quoted it back in its body
        secret = task.gold or task.defect or (task.article.text[:40] if task.article else "")
        assert secret and any(secret in json.dumps(request) for request in prompts)
    for failure in failures:
        text = str(failure)
        assert "grader failed: ModelError" in text and (status == 200 or f"HTTP {status}" in text), text
    for task in (FACT, DEFECT, BIO):
        for secret in secret_texts(task, prompts):
            for form in forms(secret):
                assert form.encode() not in received, f"{form!r} reached a client"
    log = setup.server.log()[logged:]
    assert log.count("grading failed (") >= 6 and KEY not in log and KEY.removeprefix("sk-canary-") not in log
    if status != 200:  # the operator reads what the endpoint said (a garbled 200 is named by the parser)
        assert CANARY in log and f"HTTP status {status}" in log and "(key ***)" in log
