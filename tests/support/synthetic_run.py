"""A synthetic run of any size, for the per-item report's tests and benchmark.

Its tasks are the demo set's, repeated under new ids until there are `items` of them (one sample each); its
verdicts are made up but shaped as the graders make them: ladder labels and rewards, biography claims with their
support, an errored item now and then (one without a reply, as a failed policy call leaves it).
"""

from __future__ import annotations

import json
from pathlib import Path

from nohallucinate.checksums import file_sha256
from nohallucinate.graders import Label, Verdict, labels_for, reward_for
from nohallucinate.runs import RunConfig, RunStore
from nohallucinate.tasks import Family, Tier, demo_tasks_path, load_tasks

BIOGRAPHY_REPLY = "{name} was born in 1950 in a small town. {name} studied law and later became a judge. " * 6


def write_synthetic_run(directory: Path, items: int, *, reply: str | None = None) -> Path:
    """A run of `items` graded items in `directory` (its task file beside it); `reply`, when given, is the first
    item's reply, word for word."""
    directory.mkdir(parents=True, exist_ok=True)
    lines = demo_tasks_path().read_text(encoding="utf-8").splitlines()
    tasks_path = directory.parent / f"{directory.name}-tasks.jsonl"
    rows = []
    for index in range(items):
        row = json.loads(lines[index % len(lines)])
        row["task_id"] = f"{row['task_id']}-{index // len(lines)}"
        row.pop("split", None)  # one split, as a file without splits is: no split column, as measured before splits
        rows.append(json.dumps(row))
    tasks_path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    tasks = load_tasks(tasks_path)
    config = RunConfig(tasks_path=str(tasks_path), tasks_sha256=file_sha256(tasks_path), policy="synthetic",
                       grader="local")  # fmt: skip
    with RunStore.create(directory / "run", config) as store:
        for index, task in enumerate(tasks):
            text = reply if reply is not None and index == 0 else _reply(task.family, task.subject.label, index)
            if index % 97 == 5:  # a failed policy call: errored, no reply
                verdict = Verdict(task_id=task.task_id, family=task.family, tier=task.tier, label=None,
                                  error="policy failed: ModelError: 503 from the server")  # fmt: skip
                store.record_result(task.task_id, 0, verdict, None, errored=True)
                continue
            store.record_result(task.task_id, 0, _verdict(task.task_id, task.family, task.tier, index), text, False)
    return directory / "run"


def _reply(family: Family, name: str, index: int) -> str:
    if family is Family.BIOGRAPHY:
        return BIOGRAPHY_REPLY.format(name=name)
    return f"The answer is {index}, as far as I know: {name} is well documented."


def _verdict(task_id: str, family: Family, tier: Tier | None, index: int) -> Verdict:
    if family is Family.BIOGRAPHY:
        claims = [{"claim": f"Claim {n} about the subject.", "supported": (index + n) % 3 == 0,
                   "reason": "no passage holds all of: 1950"} for n in range(12)]  # fmt: skip
        supported = sum(claim["supported"] for claim in claims)
        detail = {"claims": claims, "supported": supported, "unsupported": 12 - supported, "without_a_fact": 0,
                  "k": 20, "precision": supported / 12, "recall": supported / 20}  # fmt: skip
        return Verdict(task_id=task_id, family=family, tier=tier, label=Label.F1_AT_K, reward=0.1,
                       detail=detail)  # fmt: skip
    labels = labels_for(family)
    label = labels[index % len(labels)]
    return Verdict(task_id=task_id, family=family, tier=tier, label=label, reward=reward_for(family, label),
                   detail={"rule": "synthetic", "matched": f"item {index}"})  # fmt: skip
