"""Does one client's huge or long answer slow the served environment down for everyone else?

1. Default limits: a 20 MB answer is refused with 413 (how fast; the server's RSS before, at peak and after).
2. Body limit raised to 64 MiB, for each `--grading-workers` setting: the same 20 MB answer, now read (and
   refused unread by the grader's length limit). Then another client, in processes of its own, polls `/health`
   every 10 ms and runs episodes one after another (the SDK's client): alone, beside a heavy client that sends
   one 20 MB answer, and beside one that sends the longest replies the local grader reads (50,000-character
   biographies, new numbers each time, about 0.2 s of grading each) back to back. Rows are measured in turn
   `--rounds` times; printed are the medians of the other client's p99 `/health` latency and episodes/s, each
   against its figure alone, and the worst latency seen.

    .venv/bin/python benchmarks/env_server_faults.py [--seconds 8] [--rounds 3] [--workers 0 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import statistics
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path

import httpx

os.environ.setdefault("OPENREWARD_DISABLE_UPDATE_CHECK", "1")
from openreward import AsyncOpenReward

from env_server_speed import REPLIES, start_env_server
from nohallucinate.graders.limits import BIOGRAPHY_REPLY_LIMIT

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks  # noqa: E402

BIG = 20 * 1024 * 1024
MiB = 1024 * 1024


@dataclass(frozen=True)
class Figures:
    p99_ms: float
    worst_ms: float
    episodes_per_s: float


def rss(pid: int) -> int:
    """Resident memory of a process, in bytes (Linux)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) * 1024  # type: ignore[union-attr]


def workers_rss(pid: int) -> int:
    """Resident memory of the server's grading workers together."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return sum(rss(int(child)) for child in children if "spawn_main" in Path(f"/proc/{child}/cmdline").read_text())


def health_latencies(url: str, seconds: float) -> list[float]:
    """Seconds per GET /health, one every 10 ms, for `seconds` (a process with nothing else to do)."""
    latencies = []
    with httpx.Client(base_url=url) as client:
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            began = time.perf_counter()
            client.get("/health").raise_for_status()
            latencies.append(time.perf_counter() - began)
            time.sleep(0.01)
    return latencies


def episodes_per_second(url: str, seconds: float) -> float:
    """Episodes (session, prompt, one short reply, close) completed per second, one at a time."""

    async def run() -> float:
        api = AsyncOpenReward(api_key="local")
        env = api.environments.get("nohallucinate", base_url=url)
        tasks = await env.list_tasks(split="train")
        episodes, started = 0, time.monotonic()
        while time.monotonic() < started + seconds:
            async with env.session(task=tasks[episodes % len(tasks)]) as session:
                await session.get_prompt()
                await session.call_terminal_tool(REPLIES[episodes % len(REPLIES)])
            episodes += 1
        rate = episodes / (time.monotonic() - started)
        await api.environments.aclose()
        return rate

    return asyncio.run(run())


def heavy_client(url: str, seconds: float, big: bool) -> int:
    """After a second, one 20 MB answer (`big`), or the longest biographies the grader reads, back to back."""

    async def run() -> int:
        api = AsyncOpenReward(api_key="local")
        env = api.environments.get("nohallucinate", base_url=url)
        task_id, reply = longest_biography()
        [task] = [t for t in await env.list_tasks(split="train") if t.task_spec["task_id"] == task_id]
        stop = time.monotonic() + seconds
        await asyncio.sleep(1.0)
        sent = 0
        while time.monotonic() < stop and not (big and sent):
            sent += 1  # new numbers each time: no parse cache helps the grader
            shifted = re.sub(r"\d+", lambda m: str(int(m.group()) + 1000 * sent), reply)  # noqa: B023
            async with env.session(task=task) as session:
                await session.call_terminal_tool("x" * BIG if big else shifted[:BIOGRAPHY_REPLY_LIMIT])
        await api.environments.aclose()
        return sent

    return asyncio.run(run())


def longest_biography() -> tuple[str, str]:
    """A biography task id and a reply at the family's limit: the labelled biographies, numbers shifted per copy."""
    task = next(t for t in labelled_tasks() if t.family.value == "biography")
    lines = (ROOT / "tests" / "data" / "labelled_biographies.jsonl").read_text(encoding="utf-8").splitlines()
    texts = [json.loads(line)["response"] for line in lines]
    parts, copy = [], 0
    while sum(map(len, parts)) < BIOGRAPHY_REPLY_LIMIT:
        parts += [re.sub(r"\d+", lambda m, c=copy: str(int(m.group()) + c), text) for text in texts]
        copy += 1
    return task.task_id, " ".join(parts)[:BIOGRAPHY_REPLY_LIMIT]


def send_big(url: str) -> str:
    """Send one 20 MB answer in an episode of its own; what came back."""

    async def send() -> str:
        api = AsyncOpenReward(api_key="local")
        env = api.environments.get("nohallucinate", base_url=url)
        task = (await env.list_tasks(split="train"))[0]
        try:
            async with env.session(task=task) as session:
                result = await session.call_terminal_tool("x" * BIG)
            return f"graded, reward {result.reward}"
        except Exception as exc:
            return f"HTTP {getattr(exc, 'status', type(exc).__name__)}"
        finally:
            await api.environments.aclose()

    return asyncio.run(send())


def big_answer(pid: int, url: str) -> str:
    """What one 20 MB answer gets, how long it takes, and the server's RSS before, at its peak and after."""
    before, peak = rss(pid), PeakRss(pid)
    began = time.perf_counter()
    outcome = send_big(url)
    took = time.perf_counter() - began
    time.sleep(1.0)
    after = rss(pid)
    return (f"a 20 MB answer: {outcome} after {took:.2f} s (session included); server RSS {before / MiB:.0f} MiB, "
            f"peak {peak.stop() / MiB:.0f}, a second after {after / MiB:.0f} ({after / before - 1:+.1%})")  # fmt: skip


def refusal() -> None:
    """Phase 1: the default body limit refuses a 20 MB answer."""
    server, url = start_env_server("--grader", "local", "--tasks", str(LABELLED_TASKS_PATH))
    try:
        print(f"default limits, {big_answer(server.pid, url)}\n")
    finally:
        server.terminate()
        server.wait()


class PeakRss:
    """Samples a process's RSS every 20 ms in a thread, keeping the largest."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self._stop = pid, rss(pid), threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        while not self._stop.wait(0.02):
            self.peak = max(self.peak, rss(self.pid))

    def stop(self) -> int:
        self._stop.set()
        self._thread.join()
        return self.peak


def loaded(workers: int, seconds: float, rounds: int) -> None:
    """Phase 2: with the body limit raised, one 20 MB answer; then the other client alone and beside each heavy
    client, `rounds` times in turn (the figures are medians: other work on the machine comes and goes)."""
    flags = ("--grading-workers", str(workers), "--max-body-bytes", str(64 * MiB))
    server, url = start_env_server("--grader", "local", "--tasks", str(LABELLED_TASKS_PATH), *flags)
    kinds = {"alone": None, "20 MB answer": True, "longest replies": False}
    rows: dict[str, list[Figures]] = {name: [] for name in kinds}
    try:
        with ProcessPoolExecutor(3, mp_context=multiprocessing.get_context("spawn")) as clients:
            # Warm up the server, and start every client process now: a process importing the SDK while others
            # measure would take their CPU.
            wait([clients.submit(episodes_per_second, url, 1.0) for _ in range(3)])
            print(f"--grading-workers {workers}, body limit 64 MiB, {big_answer(server.pid, url)}")
            start_rss, start_workers = rss(server.pid), workers_rss(server.pid)
            for _ in range(rounds):
                for name, big in kinds.items():
                    heavy = clients.submit(heavy_client, url, seconds, big) if big is not None else None
                    polls = clients.submit(health_latencies, url, seconds)
                    rate = clients.submit(episodes_per_second, url, seconds)
                    latencies = polls.result()
                    p99 = statistics.quantiles(latencies, n=100)[98]
                    rows[name].append(Figures(1000 * p99, 1000 * max(latencies), rate.result()))
                    if heavy is not None:
                        heavy.result()
        end_rss, end_workers = rss(server.pid), workers_rss(server.pid)
    finally:
        server.terminate()
        server.wait()
    alone = _median(rows["alone"])
    print(f"{'other client':<18} {'p99 ms':>7} {'':>7} {'worst ms':>9} {'episodes/s':>11}")
    for name, figures in rows.items():
        row = _median(figures)
        print(f"{name:<18} {row.p99_ms:>7.1f} {row.p99_ms / alone.p99_ms:>6.2f}x {row.worst_ms:>9.1f} "
              f"{row.episodes_per_s:>11.1f} {row.episodes_per_s / alone.episodes_per_s:>6.2f}x")  # fmt: skip
    print(f"server RSS after all rounds {start_rss / MiB:.0f} -> {end_rss / MiB:.0f} MiB; "
          f"workers {start_workers / MiB:.0f} -> {end_workers / MiB:.0f} MiB\n", flush=True)  # fmt: skip


def _median(figures: list[Figures]) -> Figures:
    """Median p99 and episodes/s; the worst latency of all."""
    return Figures(
        statistics.median(f.p99_ms for f in figures),
        max(f.worst_ms for f in figures),
        statistics.median(f.episodes_per_s for f in figures),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=8.0, help="measuring time per row")
    parser.add_argument("--rounds", type=int, default=3, help="times each row is measured (medians printed)")
    parser.add_argument("--workers", type=int, nargs="+", default=[0, 2], help="--grading-workers settings")
    args = parser.parse_args()
    refusal()
    for workers in args.workers:
        loaded(workers, args.seconds, args.rounds)


if __name__ == "__main__":
    main()
