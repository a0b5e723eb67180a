"""Wall time of a model sweep against the ideal, and the hybrid grader's share of model calls saved.

A sweep of 1,000 tasks (the demo set, repeated under fresh ids) answered by an openai:MODEL policy and graded by
the llm grader, both through the real client, against the local chat-completions server running as a separate
process with a fixed latency per call. The ideal is calls x latency / concurrency.

    .venv/bin/python benchmarks/model_sweep_speed.py [--tasks 1000] [--latency 0.05] [--concurrency 64]
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import time
from pathlib import Path

from nohallucinate.graders import HybridGrader, ModelGrader
from nohallucinate.models import Endpoint, ModelClient
from nohallucinate.policies import AlwaysAbstain, AlwaysConfident, ModelPolicy
from nohallucinate.runs import sweep
from nohallucinate.tasks import Task, load_demo_tasks

SERVER = Path(__file__).resolve().parents[1] / "tests" / "support" / "serve_scripted_model.py"


def many_tasks(count: int) -> list[Task]:
    demo = load_demo_tasks()
    return [demo[i % len(demo)].model_copy(update={"task_id": f"bench-{i:05d}"}) for i in range(count)]


async def timed_sweep(url: str, tasks: list[Task], concurrency: int) -> tuple[float, float, int]:
    """Wall seconds, this process's CPU seconds, and model calls made."""
    policy_client = ModelClient(Endpoint(model="policy", base_url=url), concurrency=concurrency)
    grader_client = ModelClient(Endpoint(model="grader", base_url=url), concurrency=concurrency)
    try:
        started, cpu_started = time.perf_counter(), time.process_time()
        verdicts = await sweep(tasks, ModelPolicy(policy_client), ModelGrader(grader_client), concurrency=concurrency)
        wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    finally:
        await policy_client.aclose()
        await grader_client.aclose()
    errored = sum(v.errored for v in verdicts)
    if errored:
        raise SystemExit(f"{errored} items errored; the measurement is void")
    return wall, cpu, policy_client.usage.requests + grader_client.usage.requests


async def hybrid_share(url: str) -> dict[str, float]:
    shares = {}
    for policy in (AlwaysAbstain(), AlwaysConfident()):
        client = ModelClient(Endpoint(model="grader", base_url=url))
        try:
            verdicts = await sweep(load_demo_tasks(), policy, HybridGrader(ModelGrader(client)))
        finally:
            await client.aclose()
        shares[policy.name] = sum(v.decided_by == "local" for v in verdicts) / len(verdicts)
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tasks", type=int, default=1000)
    parser.add_argument("--latency", type=float, default=0.05, help="seconds the server adds to every call")
    parser.add_argument("--concurrency", type=int, default=64)
    args = parser.parse_args()
    server = subprocess.Popen(
        [sys.executable, str(SERVER), "--latency", str(args.latency)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None
        url = server.stdout.readline().strip()
        asyncio.run(timed_sweep(url, many_tasks(args.concurrency), args.concurrency))  # warm connections
        wall, cpu, calls = asyncio.run(timed_sweep(url, many_tasks(args.tasks), args.concurrency))
        shares = asyncio.run(hybrid_share(url))
    finally:
        server.terminate()
        server.wait()
    ideal = calls * args.latency / args.concurrency
    print(
        f"tasks {args.tasks}, model calls {calls}, latency {args.latency * 1000:.0f} ms, concurrency {args.concurrency}"
    )
    print(f"wall {wall:.2f} s, ideal {ideal:.2f} s, ratio {wall / ideal:.3f}")
    budget = args.latency / args.concurrency * 1000
    print(f"client CPU {cpu / calls * 1000:.2f} ms per call (the ideal leaves {budget:.2f} ms per call)")
    for name, share in shares.items():
        print(f"hybrid grader, {name} on the demo set: {share:.1%} of items decided locally (model calls saved)")


if __name__ == "__main__":
    main()
