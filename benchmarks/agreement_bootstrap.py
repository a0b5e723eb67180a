"""How long `agreement` takes to measure once the replies are graded: every figure with its bootstrap interval.

Made-up rows shaped like the English graded replies (2,263 rows, three labels, five answer types and their three
groups, about nine in ten agreeing, a hybrid grader deciding six in ten locally), measured overall, by group and
by who decided.

    .venv/bin/python benchmarks/agreement_bootstrap.py [--rows 2263] [--resamples 1000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from nohallucinate.agreement import LabelledReply, compare
from nohallucinate.graders import Label, Verdict
from nohallucinate.tasks import Family, Reply, Subject, Task

LABELS = (Label.CORRECT, Label.NOT_ATTEMPTED, Label.INCORRECT)
ANSWER_TYPES = {"Date": "date", "Number": "number", "Person": "text", "Place": "text", "Other": "text"}


def made_up(count: int, seed: int = 0) -> tuple[list[LabelledReply], list[Verdict]]:
    rng = random.Random(seed)
    labelled, verdicts = [], []
    for index in range(count):
        reference = rng.choices(LABELS, weights=(6, 1, 3))[0]
        label = reference if rng.random() < 0.9 else rng.choice(LABELS)
        answer_type = rng.choice(list(ANSWER_TYPES))
        task = Task(task_id=f"t{index}", family=Family.PRECISE_FACT, tier="hard", question=f"Question {index}?",
                    gold="1", subject=Subject(label="x"), provenance={})  # fmt: skip
        reply = Reply(task_id=task.task_id, response="1")
        labelled.append(LabelledReply(task, reply, reference, (answer_type, ANSWER_TYPES[answer_type])))
        decided_by = "local" if rng.random() < 0.6 else "model"
        verdicts.append(Verdict.on(task, 0, label, 0.0, decided_by, {}))
    return labelled, verdicts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=2263, help="rows measured")
    parser.add_argument("--resamples", type=int, default=1000, help="bootstrap resamples")
    parser.add_argument("--repeats", type=int, default=3, help="times the whole measure is taken")
    args = parser.parse_args()
    labelled, verdicts = made_up(args.rows)
    seconds = []
    for _ in range(args.repeats):
        began = time.perf_counter()
        compare("hybrid", labelled, verdicts, resamples=args.resamples)
        seconds.append(time.perf_counter() - began)
    spread = f" (min {min(seconds):.2f}, max {max(seconds):.2f})" if len(seconds) > 1 else ""
    print(f"{args.rows:,} rows, {args.resamples:,} resamples: {statistics.median(seconds):.2f} s median{spread}")


if __name__ == "__main__":
    main()
