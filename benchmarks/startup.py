"""How long `nohallucinate --help`, `nohallucinate version` and `nohallucinate grade --grader local` (on a few
demo tasks and replies) take from a fresh process, for this tree and for a baseline git ref, in the same run.

Both trees' `src` are copied (the baseline's extracted with `git archive`) into a temporary directory and compiled
to bytecode, as an installed package is, then run with this interpreter (and so the same installed packages)
through PYTHONPATH. Each command runs `--repeat` times per tree, this tree's runs first, then the baseline's; the
median wall time and the median CPU time (user + system) are reported, with the fastest and slowest of this tree's
runs. Not alternated: on these virtual machines the runs right after a 5-second baseline run are about 20% slower
(grade 0.62 s against 0.44 s in a sequence of short runs, and still 0.52 s after 2 s idle), which would charge
this tree with the baseline's cost; the ratio hardly moves either way, as the baseline takes ten times as long.
The grade file: the first demo task of each short-answer family with the always_confident baseline's reply
(dates, numbers and names for the grader to read).

    .venv/bin/python benchmarks/startup.py [--baseline 9c24e72] [--repeat 7]
"""

from __future__ import annotations

import argparse
import asyncio
import io
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))
from nohallucinate.policies import AlwaysConfident  # noqa: E402  (this tree's, to write the replies)
from nohallucinate.tasks import Kind, load_demo_tasks, spec_of  # noqa: E402


def small_task_file(directory: Path) -> tuple[Path, Path, int]:
    """The first demo task of each short-answer family, the always_confident reply to each, and their count."""
    firsts = {}
    for task in load_demo_tasks():
        if spec_of(task.family).kind is not Kind.LONG_FORM:
            firsts.setdefault(task.family, task)
    tasks, replies = directory / "tasks.jsonl", directory / "replies.jsonl"
    tasks.write_text("".join(t.model_dump_json(exclude_none=True) + "\n" for t in firsts.values()), encoding="utf-8")
    answers = [asyncio.run(AlwaysConfident().answer(task)) for task in firsts.values()]
    replies.write_text("".join(json.dumps({"task_id": a.task_id, "response": a.response}) + "\n" for a in answers))
    return tasks, replies, len(firsts)


def compiled_src(ref: str | None, into: Path) -> Path:
    """The `src` directory of git ref `ref` (None: this working tree) copied under `into`, compiled to bytecode."""
    if ref is None:
        shutil.copytree(ROOT / "src", into / "src", ignore=shutil.ignore_patterns("__pycache__"))
    else:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], capture_output=True, check=True)
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(into, filter="data")
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(into / "src")], check=True, stdout=subprocess.DEVNULL)
    return into / "src"


def timed(src: Path, args: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds of `python -m nohallucinate ARGS` in a fresh process with `src` on the path."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # irrelevant once compiled, but as a user's shell would have it
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    began = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "nohallucinate", *args], env=env, capture_output=True, text=True)
    wall = time.perf_counter() - began
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{src}: nohallucinate {' '.join(args)} exited {done.returncode}:\n{done.stderr}")
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", default="9c24e72", help="git ref to compare against (default: 9c24e72)")
    parser.add_argument("--repeat", type=int, default=7, help="runs of each command per tree (default: 7)")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        tasks, replies, count = small_task_file(Path(scratch))
        trees = {
            "after": compiled_src(None, Path(scratch) / "after"),
            "before": compiled_src(options.baseline, Path(scratch) / "before"),
        }
        commands = {
            "--help": ["--help"],
            "version": ["version"],
            f"grade --grader local ({count} tasks)": ["grade", "--grader", "local", "--tasks", str(tasks),
                                                      "--responses", str(replies)],
        }  # fmt: skip
        print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}; median of {options.repeat} fresh "
              f"processes; before = {options.baseline}, after = this working tree")  # fmt: skip
        widths = (12, 7, 6, 14, 7, 6)
        header = ("wall before", "after", "ratio", "CPU before", "after", "ratio")
        print(f"{'command':<30}" + "".join(f" {title:>{width}}" for title, width in zip(header, widths, strict=True)))
        runs = {
            (tree, name): [timed(trees[tree], args) for _ in range(options.repeat)]
            for tree in ("after", "before")
            for name, args in commands.items()
        }
        spread: dict[str, tuple[float, float]] = {}
        for name in commands:
            (wall_before, cpu_before), (wall_after, cpu_after) = (
                (statistics.median(w for w, _ in runs[tree, name]), statistics.median(c for _, c in runs[tree, name]))
                for tree in ("before", "after")
            )
            cells = (f"{wall_before:.2f}s", f"{wall_after:.2f}s", f"{wall_before / wall_after:.1f}×",
                     f"{cpu_before:.2f}s", f"{cpu_after:.2f}s", f"{cpu_before / cpu_after:.1f}×")  # fmt: skip
            print(f"{name:<30}" + "".join(f" {cell:>{width}}" for cell, width in zip(cells, widths, strict=True)))
            spread[name] = (min(w for w, _ in runs["after", name]), max(w for w, _ in runs["after", name]))
        print(
            "after, wall of the fastest and slowest run: "
            + "; ".join(f"{n} {lo:.2f}–{hi:.2f} s" for n, (lo, hi) in spread.items())
        )


if __name__ == "__main__":
    main()
