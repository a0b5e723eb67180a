"""Episodes per second the served environment sustains, driven by the OpenReward SDK's own async client.

An episode is what a trainer does: open a session on a task, fetch the prompt, send one reply to the hidden
terminal tool, close the session. Measured with the local grader (in its worker processes, as served by
default, and on the event loop, `--grading-workers 0`), and with the llm grader against the local
chat-completions server at 50 ms per call, at 1, 16 and 128 concurrent clients.

    .venv/bin/python benchmarks/env_server_speed.py [--seconds 6] [--clients 1 16 128]
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

os.environ.setdefault("OPENREWARD_DISABLE_UPDATE_CHECK", "1")
from openreward import AsyncOpenReward

ROOT = Path(__file__).resolve().parents[1]
MODEL_SERVER = ROOT / "tests" / "support" / "serve_scripted_model.py"
REPLIES = ("I don't know.", "11 March 1952", "He never played for them.", "Douglas Adams was an English author.")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def start_env_server(*grader_flags: str) -> tuple[subprocess.Popen, str]:
    port = free_port()
    command = [sys.executable, "-m", "nohallucinate.cli", "serve", "--port", str(port), "--no-cache", *grader_flags]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(f"{url}/health", timeout=1).status_code == 200:
                return process, url
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise SystemExit("the environment server did not start")


async def episodes_per_second(url: str, clients: int, seconds: float) -> tuple[float, int]:
    """Completed episodes per second with `clients` trainers looping over episodes; and failed episodes."""
    api = AsyncOpenReward(api_key="local")
    env = api.environments.get("nohallucinate", base_url=url)
    tasks = await env.list_tasks(split="train")
    picks = itertools.cycle(range(len(tasks)))
    done, failed = 0, 0
    stop = time.monotonic() + seconds

    async def trainer(number: int) -> None:
        nonlocal done, failed
        while time.monotonic() < stop:
            task = tasks[next(picks)]
            try:
                async with env.session(task=task, secrets={"openai_api_key": "sk-bench"}) as session:
                    await session.get_prompt()
                    await session.call_terminal_tool(REPLIES[(done + number) % len(REPLIES)])
                done += 1
            except Exception:
                failed += 1

    started = time.monotonic()
    await asyncio.gather(*(trainer(n) for n in range(clients)))
    elapsed = time.monotonic() - started
    await api.environments.aclose()
    return done / elapsed, failed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=6.0, help="measuring time per setting")
    parser.add_argument("--clients", type=int, nargs="+", default=[1, 16, 128])
    args = parser.parse_args()
    model = subprocess.Popen(
        [sys.executable, str(MODEL_SERVER), "--latency", "0.05"], stdout=subprocess.PIPE, text=True
    )
    assert model.stdout is not None
    model_url = model.stdout.readline().strip()
    setups = {
        "local grader": ("--grader", "local"),
        "local grader, on the event loop": ("--grader", "local", "--grading-workers", "0"),
        "llm grader, 50 ms per model call": ("--grader", "llm", "--grader-base-url", model_url, "--concurrency", "256"),
    }
    try:
        print(f"{'grader':<34} {'clients':>7} {'episodes/s':>11} {'failed':>7}")
        for name, flags in setups.items():
            server, url = start_env_server(*flags)
            try:
                asyncio.run(episodes_per_second(url, 4, 1.0))  # warm up
                for clients in args.clients:
                    rate, failed = asyncio.run(episodes_per_second(url, clients, args.seconds))
                    print(f"{name:<34} {clients:>7} {rate:>11.1f} {failed:>7}", flush=True)
            finally:
                server.terminate()
                server.wait()
    finally:
        model.terminate()
        model.wait()


if __name__ == "__main__":
    main()
