"""The simulated policies on the 1,000-task synthetic set, through the real sweep: per threshold and variant, the
mean reward ± its clustered standard error, the answer rate, the accuracy when answering, and the stated
confidence's Brier score and ECE; under the ladder and under the Brier rule. Each line is what
`tests/policies/test_simulated_truth.py` proves of the same policies, as figures.

The policies draw beliefs from Beta(1, 1) with seed 0 (tests/support/synthetic_tasks.py makes the tasks); the
grader is the local one under each rule.

    .venv/bin/python benchmarks/simulated_calibration.py [--samples 4] [--tasks 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from nohallucinate.graders import LocalGrader
from nohallucinate.policies import Knowledge, SimulatedPolicy
from nohallucinate.policies.simulated import VARIANTS
from nohallucinate.rewards import RewardRule, under_rule
from nohallucinate.runs import summarise, sweep
from support.synthetic_tasks import synthetic_tasks

THRESHOLDS = (0.1, 0.25, 0.5, 0.75, 0.9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--tasks", type=int, default=1_000)
    args = parser.parse_args()
    tasks = synthetic_tasks(args.tasks)
    started = time.perf_counter()
    print(f"{len(tasks)} synthetic tasks × {args.samples} samples; beliefs Beta(1, 1), seed 0; local grader")
    for mode in ("off", "brier"):
        print(f"\nconfidence {mode}:")
        print(
            f"{'t':>5}  {'policy':26} {'reward ± se':>15} {'answer rate':>12} {'accuracy':>9} {'Brier':>6} {'ECE':>6}"
        )
        for t in THRESHOLDS:
            rule = RewardRule(threshold=t, confidence="report" if mode == "off" else "brier")
            for name in VARIANTS:
                policy = SimulatedPolicy(name, Knowledge(1.0, 1.0, seed=0), rule)
                verdicts = asyncio.run(sweep(tasks, policy, under_rule(LocalGrader(), rule), samples=args.samples))
                summary = summarise(verdicts, rule)
                point = summary["calibration"]
                overall, scores = point["overall"], point["confidence"]
                # Under the ladder ("off") the rewards ignore the confidence; it is read ("report") to measure it.
                reward = overall["reward"]
                print(
                    f"{t:5.2f}  {name:26} {reward['mean']:.3f} ± {reward['se']:.3f} "
                    f"{overall['answer_rate']['mean']:12.3f} {overall['accuracy_when_answering']['mean']:9.3f} "
                    f"{scores['brier']:6.3f} {scores['ece']:6.3f}"
                )
    print(f"\n{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
