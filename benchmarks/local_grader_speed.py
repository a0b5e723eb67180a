"""How many replies per second the local grader decides, per family and overall.

Replies: the labelled replies of the test suite (realistic model answers) plus both baselines' replies
over the demo set, graded round after round for at least `--seconds` per family.

    .venv/bin/python benchmarks/local_grader_speed.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from nohallucinate.graders import LocalGrader
from nohallucinate.policies import AlwaysAbstain, AlwaysConfident
from nohallucinate.tasks import Family, Reply, Task
from support.task_sets import labelled_tasks

LABELLED = Path(__file__).resolve().parents[1] / "tests" / "data"


def replies_by_family(tasks: list[Task]) -> dict[Family, list[tuple[Task, Reply]]]:
    by_id = {task.task_id: task for task in tasks}
    pairs: dict[Family, list[tuple[Task, Reply]]] = defaultdict(list)
    for name in ("labelled_replies.jsonl", "labelled_biographies.jsonl"):
        path = LABELLED / name
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                row = json.loads(line)
                task = by_id[row["task_id"]]
                pairs[task.family].append((task, Reply(task_id=task.task_id, response=row["response"])))
    for policy in (AlwaysAbstain(), AlwaysConfident()):
        for task in tasks:
            pairs[task.family].append((task, asyncio.run(policy.answer(task))))
    return pairs


def measure(grader: LocalGrader, pairs: list[tuple[Task, Reply]], seconds: float) -> tuple[int, float]:
    """Gradings per second of replies the grader has never seen: each round pads every reply with a different
    amount of trailing whitespace, which changes no verdict but defeats every per-text cache."""
    graded, grading_time, round_ = 0, 0.0, 0
    while grading_time < seconds:
        round_ += 1
        fresh = [(task, reply.model_copy(update={"response": reply.response + " " * round_})) for task, reply in pairs]
        began = time.perf_counter()
        for task, reply in fresh:
            grader.grade_now(task, reply)
        grading_time += time.perf_counter() - began
        graded += len(fresh)
    return graded, grading_time


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time spent on each family")
    args = parser.parse_args()
    grader = LocalGrader()
    total_graded, total_elapsed = 0, 0.0
    print(f"{'family':<20} {'replies':>8} {'gradings/s':>12}")
    for family, pairs in sorted(replies_by_family(labelled_tasks()).items(), key=lambda kv: list(Family).index(kv[0])):
        graded, elapsed = measure(grader, pairs, args.seconds)
        total_graded, total_elapsed = total_graded + graded, total_elapsed + elapsed
        print(f"{family.value:<20} {len(pairs):>8} {graded / elapsed:>12,.0f}")
    print(f"{'all families':<20} {'':>8} {total_graded / total_elapsed:>12,.0f}")


if __name__ == "__main__":
    main()
