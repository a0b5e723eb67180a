"""Servers and replies for the environment tests."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from serving import Served, served

from nohallucinate.graders.limits import BIOGRAPHY_REPLY_LIMIT
from nohallucinate.tasks import Family, Task
from support.task_sets import labelled_tasks

os.environ["OPENREWARD_DISABLE_UPDATE_CHECK"] = "1"
DATA = Path(__file__).resolve().parents[1] / "data"


@pytest.fixture(scope="session")
def local_server() -> Iterator[Served]:
    """The server with the local grader and every default: one for the session (each test's episodes and groups are
    its own sessions on it, as a trainer's are)."""
    with served("--grader", "local") as server:
        yield server


@pytest.fixture
def start_server() -> Iterator[Callable[..., Served]]:
    """Starts a server with the given flags; every one started is stopped after the test."""
    with ExitStack() as stack:
        yield lambda *args: stack.enter_context(served(*args))


@pytest.fixture(scope="session")
def longest_biography() -> tuple[Task, str]:
    """A biography task and a reply to it exactly at the family's length limit, full of claims to check.

    The labelled biographies, repeated with every number shifted by the copy's index, so that each copy states
    new claims: the slowest reply the local grader reads (about 0.2 s on the development machine).
    """
    task = next(t for t in labelled_tasks() if t.family is Family.BIOGRAPHY)
    lines = (DATA / "labelled_biographies.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["response"] for line in lines]
    parts, copy = [], 0
    while sum(map(len, parts)) < BIOGRAPHY_REPLY_LIMIT:
        parts += [re.sub(r"\d+", lambda m, c=copy: str(int(m.group()) + c), text) for text in texts]
        copy += 1
    return task, " ".join(parts)[:BIOGRAPHY_REPLY_LIMIT]
