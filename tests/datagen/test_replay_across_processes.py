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


def _start(command: str, args: list[str], hash_seed: str) -> subprocess.Popen[str]:
    """`nohallucinate COMMAND ARGS` in a fresh process with this hash seed."""
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    argv = [sys.executable, "-m", "nohallucinate.cli", command, *args]
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _finished(process: subprocess.Popen[str]) -> str:
    stdout, stderr = process.communicate(timeout=300)
    assert process.returncode == 0, stderr[-3000:]
    return stdout


def _build(args: list[str], hash_seed: str, out: Path) -> subprocess.Popen[str]:
    return _start("build", ["--out", str(out), "--seed", "3", *args], hash_seed)


def test_a_recorded_build_replays_identically_in_five_fresh_processes(shared_dir: Path, tmp_path: Path) -> None:
    snapshot = tmp_path / "snapshot"
    with WikimediaWorld(shared_dir=shared_dir) as world:
        recorded = tmp_path / "recorded.jsonl"
        _finished(_build(["--base-url", world.url, "--min-interval", "0", "--record", str(snapshot)], SEEDS[0],
                         recorded))  # fmt: skip
    # The world is gone: nothing can be fetched, everything must come from the snapshot. The replays only read it,
    # so they run at once (each in a process of its own all the same), and so does the verification of the record.
    replayed = {seed: tmp_path / f"replayed-{seed}.jsonl" for seed in SEEDS[1:]}
    replays = [_build(["--replay", str(snapshot)], seed, out) for seed, out in replayed.items()]
    verify = _start("verify", [str(recorded), "--replay", str(snapshot)], SEEDS[-1])
    for process in replays:
        _finished(process)
    assert all(out.read_bytes() == recorded.read_bytes() for out in replayed.values())
    assert "0 problem(s)" in _finished(verify)
