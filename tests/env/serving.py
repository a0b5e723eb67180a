"""A real `nohallucinate serve` in a subprocess, on the labelled tasks and a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import IO

import httpx

from support.task_sets import LABELLED_TASKS_PATH


@dataclass(frozen=True)
class Served:
    url: str
    process: subprocess.Popen[str]
    log_fd: int = -1  # the server's stderr, a file

    def log(self) -> str:
        """What the server wrote on stderr so far (its log, as the operator reads it)."""
        # pread, not seek and read: the file offset is shared with the server, whose writes would land at it.
        return os.pread(self.log_fd, os.fstat(self.log_fd).st_size, 0).decode("utf-8", "replace")


def free_port() -> int:
    return free_ports(1)[0]


def free_ports(n: int) -> list[int]:
    """`n` different ports free now (each probe is held until all are chosen, so none is chosen twice)."""
    with ExitStack() as stack:
        probes = [stack.enter_context(socket.socket()) for _ in range(n)]
        for probe in probes:
            probe.bind(("127.0.0.1", 0))
        return [probe.getsockname()[1] for probe in probes]


@contextmanager
def served(*args: str) -> Iterator[Served]:
    """`nohallucinate serve` on the labelled tasks and a free port, until the block ends."""
    with served_together(args) as (server,):
        yield server


@contextmanager
def served_together(*commands: Sequence[str]) -> Iterator[list[Served]]:
    """A server for each list of flags, all started before any is waited for (a start is mostly imports, so on two
    cores two servers start in about the time of one), until the block ends."""
    with ExitStack() as stack:
        ports = free_ports(len(commands))
        starting = [stack.enter_context(_started(args, port)) for args, port in zip(commands, ports, strict=True)]
        yield [_when_up(*server) for server in starting]


@contextmanager
def _started(args: Sequence[str], port: int) -> Iterator[tuple[str, subprocess.Popen[str], IO[str]]]:
    command = [sys.executable, "-m", "nohallucinate.cli", "serve", "--port", str(port), "--no-cache",
               "--tasks", str(LABELLED_TASKS_PATH), *args]  # fmt: skip
    # stderr goes to a file: a pipe nobody reads can fill and stall the server, and reading one waits for its end.
    log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed in the finally below, after the server)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, text=True)
    try:
        yield f"http://127.0.0.1:{port}", process, log
    finally:
        process.terminate()
        process.wait(10)
        log.close()


def _when_up(url: str, process: subprocess.Popen[str], log: IO[str]) -> Served:
    """The server once `/health` answers; an error with its log if it exits or is not up within 90 s (a start is
    mostly imports, which take far longer than usual while other work keeps both cores busy)."""
    deadline = time.monotonic() + 90
    while True:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return Served(url, process, log.fileno())
        except httpx.HTTPError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            log.seek(0)
            raise RuntimeError(f"the server did not start: {log.read()}")
        time.sleep(0.1)
