"""Local grading in worker processes: the same verdicts, off the event loop, surviving a dead worker."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from nohallucinate.env import GradingError, NoHallucinateEnv, WorkerGrader
from nohallucinate.env.workers import INLINE_CHARS
from nohallucinate.graders import LocalGrader
from nohallucinate.tasks import Reply, Task
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="module")
def workers() -> Iterator[WorkerGrader]:
    with WorkerGrader(2) as grader:
        yield grader


async def test_workers_give_the_local_graders_verdicts(workers: WorkerGrader) -> None:
    by_id = {task.task_id: task for task in TASKS}
    rows = [
        json.loads(line)
        for name in ("labelled_replies.jsonl", "labelled_biographies.jsonl")
        for line in (DATA / name).read_text(encoding="utf-8").splitlines()
    ]
    replies = [Reply(task_id=row["task_id"], response=row["response"]) for row in rows]
    assert {len(r.response) > INLINE_CHARS for r in replies} == {True, False}  # both ways of grading
    inline = [LocalGrader().grade_now(by_id[r.task_id], r) for r in replies]
    assert await asyncio.gather(*(workers.grade(by_id[r.task_id], r) for r in replies)) == inline
    assert workers.name == "local"


async def test_a_reply_past_its_limit_is_refused_without_a_worker(longest_biography: tuple[Task, str]) -> None:
    task, text = longest_biography
    with WorkerGrader(1) as grader:
        grader.close()  # no worker left: the verdict must come from the limit alone
        verdict = await grader.grade(task, Reply(task_id=task.task_id, response=text + "!"))
    assert (verdict.reward, verdict.detail) == (0.0, {"over_length": len(text) + 1, "limit": len(text)})


async def test_the_event_loop_keeps_turning_while_a_long_reply_is_graded(longest_biography: tuple[Task, str]) -> None:
    task, text = longest_biography
    reply = Reply(task_id=task.task_id, response=text * 3)  # past the limit, read anyway: about half a second
    with WorkerGrader(1, limits=None) as grader:
        grading = asyncio.ensure_future(grader.grade(task, reply))
        turns = 0
        while not grading.done():
            await asyncio.sleep(0.005)
            turns += 1
        verdict = grading.result()
    assert verdict.detail.get("over_length") is None and verdict.label is not None
    assert turns >= 20  # graded on the loop, the reply would have held it throughout: one turn


async def test_a_dead_worker_fails_only_the_grading_it_held(longest_biography: tuple[Task, str]) -> None:
    task, text = longest_biography
    others = set(multiprocessing.active_children())
    with WorkerGrader(1) as grader:
        env = NoHallucinateEnv(TASKS, grader)
        [worker] = set(multiprocessing.active_children()) - others
        os.kill(worker.pid, signal.SIGKILL)  # as the kernel's out-of-memory killer would
        with pytest.raises(GradingError, match="BrokenProcessPool"):
            await env.grade(task.task_id, text)
        verdict = await env.grade(task.task_id, text)  # fresh workers
    assert verdict.label is not None


def test_a_pool_needs_a_worker() -> None:
    with pytest.raises(ValueError, match="at least one worker"):
        WorkerGrader(0)
