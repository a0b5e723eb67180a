"""A grader endpoint that echoes its whole request (the grading prompt: gold, defect, article) in its error bodies:
no client-visible error of the in-process environment carries any of it; the errored verdict's detail keeps it."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

import pytest

from nohallucinate.env import GraderSpec, GradingError, NoHallucinateEnv
from nohallucinate.env.inprocess import log_failures
from nohallucinate.graders.safely import errored
from nohallucinate.models import ClientSettings
from nohallucinate.tasks import Family
from support.client_waits import shorten_client_waits
from support.openai_server import Behaviour, Malformed, OpenAIServer, Status
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.family is Family.PRECISE_FACT and t.gold)
CANARY = "CANARY-7f3a9e"
KEY = {"openai_api_key": "sk-test"}


def echoing(status: int) -> Any:
    def respond(request: dict[str, Any]) -> Behaviour:
        said = f"{CANARY} {json.dumps(request)}"
        if status == 200:
            return Malformed(said)
        return Status(status, said, {"retry-after-ms": "0"})

    return respond


def texts(exc: BaseException) -> str:
    seen, link, out = 0, exc, []
    while link is not None and seen < 32:
        out += [str(link), repr(link), repr(link.args)]
        link, seen = link.__cause__ or link.__context__, seen + 1
    return "\n".join(out)


@pytest.mark.parametrize("status", [400, 422, 429, 500, 503, 200])
def test_an_echoed_prompt_in_an_error_body_reaches_no_in_process_client(
    status: int, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert FACT.gold is not None
    shorten_client_waits(monkeypatch)  # a garbled 200 names no wait: its retry backs off, briefly here
    caplog.set_level(logging.WARNING, logger="nohallucinate.env.inprocess")
    with OpenAIServer(echoing(status)) as server:
        settings = ClientSettings(no_cache=True, max_attempts=2)
        env = NoHallucinateEnv(TASKS, GraderSpec(name="llm", base_url=server.url, settings=settings))

        async def run() -> tuple[GradingError, GradingError, Any]:
            try:
                with pytest.raises(GradingError) as one:
                    await env.grade(FACT.task_id, "12 March 1953", secrets=KEY)
                with pytest.raises(GradingError) as group:
                    await env.grade_group(FACT.task_id, ["12 March 1953", "13 May 1960"], secrets=KEY)
                [kept] = await env.grade_batch([(FACT.task_id, "12 March 1953")], secrets=KEY)
                return one.value, group.value, kept
            finally:
                await env.aclose()

        one, group, kept = asyncio.run(run())
        assert any(FACT.gold in json.dumps(r) for r in server.requests)  # the prompt held the gold
    for failure in (one, group):
        shown = texts(failure)
        assert "grader failed: ModelError" in shown and (status == 200 or f"HTTP {status}" in shown)
        assert FACT.gold not in shown and CANARY not in shown and FACT.question not in shown, shown
    assert kept.error is not None and CANARY not in kept.error and FACT.gold not in kept.error
    if status != 200:  # the operator's record keeps what the endpoint said (a garbled 200 is named by the parser)
        assert CANARY in kept.detail["grader_error"]
    assert kept.detail["http_status"] == (None if status == 200 else status)
    # grade and grade_group (not grade_batch, whose caller keeps the verdicts) log each distinct failure for the
    # operator: the group's two bodies differ (each echoes its reply); a garbled 200's two parser messages do not.
    logged = [r.getMessage() for r in caplog.records if r.name == "nohallucinate.env.inprocess"]
    assert len(logged) == (2 if status == 200 else 3) and all("grading failed (" in line for line in logged), logged
    assert status == 200 or all(CANARY in line and f"HTTP status {status}" in line for line in logged)


def test_a_failure_log_line_masks_the_episodes_secrets_and_is_clipped(caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.WARNING, logger="nohallucinate.env.inprocess")
    said = f"ModelError: HTTP 500: upstream saw sk-episode-0123 and {'x' * 5_000}"
    failed = errored(FACT, 3, "grader failed", {"failure": "server_error", "http_status": 500, "grader_error": said})
    log_failures(FACT.task_id, [failed], {"openai_api_key": "sk-episode-0123", "other": 7}, "sample")  # type: ignore[dict-item]
    [line] = [r.getMessage() for r in caplog.records if r.name == "nohallucinate.env.inprocess"]
    assert line.startswith(f"task {FACT.task_id!r}, sample 3: grading failed (server_error, HTTP status 500): ")
    assert "sk-episode-0123" not in line and "upstream saw *** and" in line and "(5,043 characters)" in line
    assert len(line) < 1_200
