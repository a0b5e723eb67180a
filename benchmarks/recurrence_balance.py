"""Time and cost of balancing subject recurrence on a spec-sized (1,000-row) set with the tell at its worst.

The set is synthetic and seeded: real people asked about one to five times (birth dates, prizes, matches),
each unanswerable row about a name asked nowhere else, the spec's composition. `balanced_for_recurrence` runs
as assembly runs it; the script prints the seconds, the rows dropped per family and the figures before and
after.

    .venv/bin/python benchmarks/recurrence_balance.py [--rows 1000] [--seed 0]
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from dataclasses import dataclass

from nohallucinate.datagen.assemble import RECURRENCE_TARGET
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family
from nohallucinate.tasks.recurrence import balanced_for_recurrence, lopsided_cells, recurrence_balance

PRIZE = "In what year did {} receive the {}?"
COUNT = "How many matches did {} play for {} between 2001 and 2005?"


@dataclass(frozen=True)
class Row:
    family: Family
    question: str


def synthetic(rows: int, rng: random.Random) -> list[Row]:
    """Answerable rows about recurring real people, unanswerable rows each about a name of its own."""
    prizes = [f"Prize Number{chr(65 + i)}" for i in range(12)]
    clubs = [f"Club Number{chr(65 + i)}" for i in range(12)]
    made: list[Row] = []
    person = 0
    while len(made) < rows * 0.55:
        person += 1
        name = f"Real Person{person:04d}"
        made.append(Row(Family.PRECISE_FACT, BIRTH_QUESTION.format(name)))
        for _ in range(rng.randint(0, 4)):
            if rng.random() < 0.5:
                made.append(Row(Family.PRECISE_FACT, PRIZE.format(name, rng.choice(prizes))))
            else:
                made.append(Row(Family.PRECISE_FACT, COUNT.format(name, rng.choice(clubs))))
    made = list({row.question: row for row in made}.values())
    for n in range(rows - len(made)):
        family = (Family.NONEXISTENT_ENTITY, Family.UNRECORDED_FACT, Family.AMBIGUOUS_ENTITY)[n % 3]
        made.append(Row(family, BIRTH_QUESTION.format(f"Lone Name{n:04d}")))
    rng.shuffle(made)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rows = synthetic(args.rows, random.Random(args.seed))
    before = recurrence_balance(rows)
    began = time.perf_counter()
    kept, dropped = balanced_for_recurrence(rows, RECURRENCE_TARGET)
    seconds = time.perf_counter() - began
    after = recurrence_balance(kept)
    print(
        f"{len(rows)} rows, {len(dropped)} dropped in {seconds:.1f} s: {dict(Counter(r.family.value for r in dropped))}"
    )
    for name, balance in (("before", before), ("after", after)):
        print(
            f"{name}: recurrence alone {balance.recurrence_accuracy:.1%}, with form {balance.with_form_accuracy:.1%}, "
            f"base rate {balance.base_rate:.1%}"
        )
    print(f"lopsided cells left: {len(lopsided_cells(kept))}")


if __name__ == "__main__":
    main()
