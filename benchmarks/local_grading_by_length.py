"""Local grading time per KB of reply, from 1 KB to 1 MB, per family: flat means linear in length.

Replies are the test suite's labelled replies of each family, concatenated (seeded shuffle) to the wanted size,
with every year and count shifted from one copy to the next so that a long biography states new claims rather
than repeating old ones. A second table times replies of one phrase repeated, shapes a policy could send to slow
the grader (blank lines, one endless sentence of claims, names, asides), on a question that names a real prize
beside an invented person. The length limit is lifted (`LocalGrader(limits=None)`) so that the grading itself is
measured; at the default limits a longer reply is refused without being read.

    .venv/bin/python benchmarks/local_grading_by_length.py [--sizes 1 4 16 64 256 1024] [--seconds 1]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from nohallucinate.graders import LocalGrader
from nohallucinate.graders.limits import REPLY_LIMITS
from nohallucinate.tasks import Family, Reply, Subject, Task
from support.task_sets import labelled_tasks

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"
_NUMBER = re.compile(r"\b\d+\b")


def samples_by_family(tasks: list[Task]) -> dict[Family, tuple[Task, list[str]]]:
    by_id = {task.task_id: task for task in tasks}
    samples: dict[Family, list[str]] = defaultdict(list)
    first: dict[Family, Task] = {}
    for name in ("labelled_replies.jsonl", "labelled_biographies.jsonl"):
        for line in (DATA / name).read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            task = by_id[row["task_id"]]
            first.setdefault(task.family, task)
            samples[task.family].append(row["response"].strip())
    return {family: (first[family], texts) for family, texts in samples.items()}


def reply_of_size(texts: list[str], size: int, seed: int) -> str:
    """Labelled replies, shuffled and repeated to `size` characters, each copy's numbers shifted by its index."""
    rng = random.Random(seed)
    parts, length, copy = [], 0, 0
    while length < size:
        shuffled = texts[:]
        rng.shuffle(shuffled)
        for text in shuffled:
            shifted = _NUMBER.sub(lambda m, c=copy: str(int(m.group()) + c), text)
            parts.append(shifted)
            length += len(shifted) + 1
        copy += 1
    return " ".join(parts)[:size]


def ms_per_kb(grader: LocalGrader, task: Task, texts: list[str], kb: int, seconds: float) -> float:
    """Milliseconds per KB, over replies the grader has never seen, for at least `seconds` (and at least once)."""
    spent, graded_kb, seed = 0.0, 0.0, 0
    while spent < seconds or not graded_kb:
        seed += 1
        text = reply_of_size(texts, kb * 1024, seed)
        began = time.perf_counter()
        grader.grade_now(task, Reply(task_id=task.task_id, response=text))
        spent += time.perf_counter() - began
        graded_kb += kb
    return 1000 * spent / graded_kb


# Replies of one phrase repeated, each a shape that once made a reader slow (quadratic in length).
SHAPES = {
    "blank lines": "\n",
    "one sentence of claims": "that does not exist and ",
    "claims beside names": "Jorvane Hethercote and the Greyfell Trophy do not exist, ",
    "asides": "Jorvane Hethercote, who won the Greyfell Trophy, does not exist; ",
    "one endless list": "no such he, ",
}
SHAPED_QUESTION = "In what year did Jorvane Hethercote receive the Greyfell Trophy?"


def shaped_task() -> Task:
    return Task(
        task_id="shape",
        family=Family.NONEXISTENT_ENTITY,
        question=SHAPED_QUESTION,
        subject=Subject(qid=None, label="Jorvane Hethercote"),
        defect="No person called Jorvane Hethercote exists.",
        provenance={},
    )


def shape_ms_per_kb(grader: LocalGrader, phrase: str, kb: int) -> float:
    text = (phrase * (kb * 1024 // len(phrase) + 1))[: kb * 1024]
    task = shaped_task()
    began = time.perf_counter()
    grader.grade_now(task, Reply(task_id=task.task_id, response=text))
    return 1000 * (time.perf_counter() - began) / kb


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 4, 16, 64, 256, 1024], help="reply sizes, KB")
    parser.add_argument("--seconds", type=float, default=1.0, help="least time per family and size")
    args = parser.parse_args()
    grader = LocalGrader(limits=None)
    samples = samples_by_family(labelled_tasks())
    print(f"{'family':<20}" + "".join(f"{f'{kb} KB':>10}" for kb in args.sizes) + f"{'max/min':>10}")
    worst = 1.0
    for family in Family:
        task, texts = samples[family]
        figures = [ms_per_kb(grader, task, texts, kb, args.seconds) for kb in args.sizes]
        worst = max(worst, max(figures) / min(figures))
        print(f"{family.value:<20}" + "".join(f"{f:>10.2f}" for f in figures) + f"{max(figures) / min(figures):>10.2f}")
    print(f"ms per KB of reply; worst max/min across sizes {worst:.2f}")
    print(f"\n{'shape':<24}" + "".join(f"{f'{kb} KB':>10}" for kb in args.sizes) + f"{'max/min':>10}")
    for shape, phrase in SHAPES.items():
        figures = [shape_ms_per_kb(grader, phrase, kb) for kb in args.sizes]
        print(f"{shape:<24}" + "".join(f"{f:>10.2f}" for f in figures) + f"{max(figures) / min(figures):>10.2f}")
    limits = sorted({(family is Family.BIOGRAPHY, limit) for family, limit in REPLY_LIMITS.items()})
    print("default limits (refused unread beyond): " + ", ".join(f"{'biography' if b else 'short'} {n:,} chars"
                                                                  for b, n in limits))  # fmt: skip


if __name__ == "__main__":
    main()
