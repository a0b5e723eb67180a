"""A build recorded in one process replays byte for byte in fresh processes with other hash seeds.

Hash order of strings differs between processes (PYTHONHASHSEED), so a set or dict order that leaks into a
request or into the output would make a replay ask for something the snapshot does not hold, or write another
file. Recording and replaying in one process could not show it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from support.wikimedia_world import WikimediaWorld

SEEDS = ("0", "1", "2", "3", "4", "5")


def _build(args: list[str], hash_seed: str, out: Path) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-m", "nohallucinate.cli", "build", "--out", str(out), "--seed", "3", *args]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]


def _verify(tasks: Path, snapshot: Path, hash_seed: str) -> None:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    command = [sys.executable, "-m", "nohallucinate.cli", "verify", str(tasks), "--replay", str(snapshot)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "0 problem(s)" in done.stdout, done.stderr[-3000:]


def test_a_recorded_build_replays_identically_in_five_fresh_processes(shared_dir: Path, tmp_path: Path) -> None:
    snapshot = tmp_path / "snapshot"
    with WikimediaWorld(shared_dir=shared_dir) as world:
        recorded = tmp_path / "recorded.jsonl"
        _build(["--base-url", world.url, "--min-interval", "0", "--record", str(snapshot)], SEEDS[0], recorded)
    replays = []
    for seed in SEEDS[1:]:  # the world is gone: nothing can be fetched, everything must come from the snapshot
        replayed = tmp_path / f"replayed-{seed}.jsonl"
        _build(["--replay", str(snapshot)], seed, replayed)
        replays.append(replayed.read_bytes())
    assert all(replay == recorded.read_bytes() for replay in replays)
    _verify(recorded, snapshot, SEEDS[-1])
