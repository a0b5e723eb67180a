"""A real `nohallucinate serve` in a subprocess, on the labelled tasks and a free port."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

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
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def served(*args: str) -> Iterator[Served]:
    """`nohallucinate serve` on the labelled tasks and a free port, until the block ends."""
    port = free_port()
    command = [sys.executable, "-m", "nohallucinate.cli", "serve", "--port", str(port), "--no-cache",
               "--tasks", str(LABELLED_TASKS_PATH), *args]  # fmt: skip
    # stderr goes to a file: a pipe nobody reads can fill and stall the server, and reading one waits for its end.
    log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed in the finally below, after the server)
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log, text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                process.terminate()
                process.wait(10)
                log.seek(0)
                raise RuntimeError(f"the server did not start: {log.read()}")
            time.sleep(0.1)
        yield Served(url, process, log.fileno())
    finally:
        process.terminate()
        process.wait(10)
        log.close()
