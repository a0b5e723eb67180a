"""The local grader in worker processes, so that reading a long reply never holds up the server's event loop.

Processes, not threads: the local grader is CPU-bound Python, and a grading thread would hold the GIL that the
event loop needs between its I/O calls, so every other request would still wait behind it.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Self

from nohallucinate.graders import LocalGrader, Verdict
from nohallucinate.graders.limits import REPLY_LIMITS, over_limit
from nohallucinate.tasks import Family, Reply, Task

WORKER_NICENESS = 10  # below the event loop: when the CPUs are full, serving comes first and grading waits
# A reply this short is graded in place: reading it takes at most about 1.5 ms, and sending the short replies most
# are to a worker and back cost the served environment 9-17% of its episodes/s (benchmarks/env_server_speed.py).
INLINE_CHARS = 256

_grader = LocalGrader()  # each worker's own, replaced by `_install` (its parse caches stay warm between jobs)


class WorkerGrader:
    """The local grader in `workers` processes (short replies in place); `close`, or leaving `with`, stops them.

    Workers are spawned, so a script that makes one needs the `if __name__ == "__main__":` guard."""

    name = "local"

    def __init__(self, workers: int, limits: Mapping[Family, int] | None = REPLY_LIMITS) -> None:
        if workers < 1:
            raise ValueError("a worker grader needs at least one worker")
        self.workers = workers
        self.limits = limits  # None reads replies of any length
        self._inline = LocalGrader(limits)
        self._pool = self._new_pool()
        # Start every worker now (each submit spawns one while none is idle): the first episodes should not
        # wait for workers to import the grader.
        wait([self._pool.submit(_start) for _ in range(workers)])

    def _new_pool(self) -> ProcessPoolExecutor:
        # spawn, not fork: a server has threads, and a lock one of them held at fork time is never released.
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.workers, mp_context=context, initializer=_install, initargs=(self.limits,))

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        if (overlong := over_limit(task, reply, self.limits)) is not None:
            return overlong  # refused unread, as a worker would: megabytes of padding are not copied to one
        if len(reply.response) <= INLINE_CHARS:
            return self._inline.grade_now(task, reply)
        pool = self._pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, _grade, task, reply)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): this grading fails, later ones get fresh workers.
            if pool is self._pool:
                self._pool = self._new_pool()
            raise

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def _install(limits: Mapping[Family, int] | None) -> None:
    global _grader
    _grader = LocalGrader(limits)
    if hasattr(os, "nice"):
        os.nice(WORKER_NICENESS)
    # A server ended by a signal exits without shutting its pool down (uvicorn re-raises the signal), and a
    # worker holds both ends of its job queue, so it would wait for jobs forever: it leaves with its parent.
    threading.Thread(target=_exit_with_parent, daemon=True).start()


def _exit_with_parent() -> None:
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        os._exit(0)


def _grade(task: Task, reply: Reply) -> Verdict:
    return _grader.grade_now(task, reply)


def _start() -> None:
    """A job that only makes a worker start."""
