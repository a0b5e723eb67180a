"""How long a sweep takes to fail against an endpoint that cannot be reached, and what it says.

Runs `nohallucinate sweep --policy openai:MODEL` over the demo set against a refused port on 127.0.0.1 and a host
name that cannot resolve, in a fresh process each, and prints the wall time, the exit code and the first error
line. `--src DIR` runs another checkout's package (e.g. a worktree of an earlier commit), for a before/after.

    .venv/bin/python benchmarks/unreachable_endpoint.py [--src src] [--rounds 1]
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def one(base_url: str, src: Path) -> tuple[float, int, str]:
    with tempfile.TemporaryDirectory() as scratch:
        env = {**os.environ, "PYTHONPATH": str(src.resolve()), "NOHAL_CACHE_DIR": scratch, "OPENAI_API_KEY": "x"}
        command = [sys.executable, "-m", "nohallucinate", "--log-level", "error", "sweep", "--policy", "openai:m",
                   "--policy-base-url", base_url, "--no-cache", "--out", str(Path(scratch) / "run")]  # fmt: skip
        began = time.monotonic()
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
        took = time.monotonic() - began
    said = next((line for line in done.stderr.splitlines() if line.startswith("error:")), "")
    return took, done.returncode, said[:160]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=Path(__file__).resolve().parents[1] / "src")
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    for name, url in (("refused port", f"http://127.0.0.1:{closed_port()}/v1"),
                      ("unknown host", "http://no-such-host.invalid/v1")):  # fmt: skip
        results = [one(url, args.src) for _ in range(args.rounds)]
        took = statistics.median(result[0] for result in results)
        print(f"{name}: {took:.1f} s (median of {args.rounds}), exit {results[0][1]}: {results[0][2]}")


if __name__ == "__main__":
    main()
