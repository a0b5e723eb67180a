"""Rebuild the bundled demo task set with the dataset builder (maintainers; needs ../shared).

The builder replays the real recorded Wikimedia responses in ../shared/data/wikimedia plus the fictional
fixture world of the tests, through the same code path a live build takes. Two kinds of row are left out of
the committed file: biographies of real people, which would carry Wikipedia's own text (the repository holds
none), and invented names with a part taken from a real record, whose non-existence was checked only against
this small world and not against the real Wikipedia.

    .venv/bin/python scripts/build_demo_tasks.py [--shared ../shared]
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from nohallucinate.datagen.assemble import RECURRENCE_TARGET  # noqa: E402
from nohallucinate.datagen.build import build  # noqa: E402
from nohallucinate.datagen.transport import Endpoints, WikimediaTransport  # noqa: E402
from nohallucinate.datagen.verify import verify  # noqa: E402
from nohallucinate.tasks import Family, Task, demo_tasks_path  # noqa: E402
from nohallucinate.tasks.checks import task_set_problems  # noqa: E402
from nohallucinate.tasks.forms import form_balance  # noqa: E402
from nohallucinate.tasks.recurrence import balanced_for_recurrence, lopsided_cells  # noqa: E402
from nohallucinate.tasks.splits import TEST, TRAIN, assign_splits, select_split  # noqa: E402
from support.wikimedia_world import WikimediaWorld  # noqa: E402

# Sized to what the fixture world holds: precise_fact takes every birth date, award year and match count the
# world offers, so that each unanswerable family has as many answerable rows beside it in its question form.
COMPOSITION = {
    Family.PRECISE_FACT: 100,
    Family.FOOTBALL_SEASON: 20,
    Family.BIOGRAPHY: 40,
    Family.FALSE_PREMISE: 45,
    Family.NONEXISTENT_ENTITY: 45,
    Family.UNRECORDED_FACT: 15,
    Family.AMBIGUOUS_ENTITY: 10,
}
# A seed may leave a cell of names asked elsewhere as often, in one form, with more rows of a defect than answerable
# ones in this small world; the script refuses such a set rather than write it. Since a prize a person never
# received is drawn from their own field, most seeds do: the world's footballers hold one of its two football
# prizes each and are asked about most, so the award form's most-asked names gather false premises (of seeds 0-199,
# only 73, 79, 105, 108, 111, 129, 155, 173 and 195 leave no such cell). Seed 73 is the lowest of them; its whole set
# passes `audit --thresholds` in both confidence modes, and it asks invented people in every form and a third of its
# invented names more than once, as the builder does under most seeds.
SEED = 73
# The share of rows held out as the `test` split, whole subjects at a time (as `build --test-share` does), and the
# seed of that draw: the lowest (of 0-39) under which each split, checked on its own, passes `check`, `audit` and
# `audit --thresholds`.
TEST_SHARE = 0.25
SPLIT_SEED = 19
# What answered the build, as every row's provenance states it.
FIXTURE_WORLD = (
    "the fixture world of tests/support/wikimedia_world.py on 127.0.0.1: fictional entities and pages, "
    "and real Wikidata and Wikipedia responses recorded in ../shared/data/wikimedia"
)
# Its articles are read nowhere on the web: the reserved .invalid domain (RFC 2606) says so in every article URL.
FIXTURE_ARTICLES = "https://fixture-world.invalid/wiki/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    args = parser.parse_args()
    if not (args.shared / "data" / "wikimedia").is_dir():
        raise SystemExit(f"no recorded responses under {args.shared}/data/wikimedia")
    with WikimediaWorld(shared_dir=args.shared) as world:
        endpoints = Endpoints.mirror(world.url, service=FIXTURE_WORLD, articles=FIXTURE_ARTICLES)
        transport = WikimediaTransport(endpoints, min_interval=0)
        result = build(transport, seed=SEED, composition=COMPOSITION)
        real = world.real_ids
        real_labels = {label for qid in real if (label := _label(world, qid))}
        real_parts = {part for label in real_labels for part in label.split()}
        tasks = [
            t
            for t in result.tasks
            if not (t.family is Family.BIOGRAPHY and t.subject.qid in real)
            and not set(t.provenance.get("name_parts", [])) & real_parts
            and not (t.subject.qid in real and _cited_ids(t) - real)  # a real person beside a fictional prize
            and not (t.subject.qid is None and any(label in t.question for label in real_labels))  # ... or invented
        ]
        # Leaving rows out moves other rows' recurrence: balance again as assembly did.
        tasks, rebalanced = balanced_for_recurrence(tasks, RECURRENCE_TARGET)
        tasks = assign_splits(tasks, TEST_SHARE, SPLIT_SEED)
        findings = verify(tasks, transport)
    if findings:
        raise SystemExit(f"the demo set does not verify: {findings}")
    balance = form_balance(tasks)
    if problems := task_set_problems(tasks):
        raise SystemExit(f"the demo set does not check: {problems}")
    for split in (TRAIN, TEST):
        if problems := task_set_problems(select_split(tasks, split)):
            raise SystemExit(f"the demo set's {split} split does not check on its own: {problems}")
    if cells := lopsided_cells(tasks):
        raise SystemExit(f"the demo set has recurrence cells where a defect outnumbers the answerable rows: {cells}")
    with demo_tasks_path().open("w", encoding="utf-8") as out:
        for task in tasks:
            out.write(task.model_dump_json() + "\n")
    real_rows = sum(t.subject.qid in real for t in tasks)
    print(f"wrote {len(tasks)} tasks ({real_rows} about real records) to {demo_tasks_path()}")
    print(", ".join(f"{family.value} {n}" for family, n in Counter(t.family for t in tasks).most_common()))
    print(f"{len(rebalanced)} rows dropped after the filter to keep recurrence balanced")
    for split, n in Counter(t.split for t in tasks).most_common():
        families = Counter(t.family for t in tasks if t.split == split).most_common()
        print(f"split {split}: {n} rows, " + ", ".join(f"{family.value} {count}" for family, count in families))
    for share in balance.forms:
        print(f"{share.rows:4d}  {share.form}  " + ", ".join(f"{f.value} {n}" for f, n in share.families.items()))


def _cited_ids(task: Task) -> set[str]:
    """The Wikidata ids a row's provenance cites."""
    return set(re.findall(r"\bQ[1-9][0-9]*\b", json.dumps(task.provenance)))


def _label(world: WikimediaWorld, qid: str) -> str | None:
    return world.entities.get(qid, {}).get("labels", {}).get("en", {}).get("value")


if __name__ == "__main__":
    main()
