"""Simulated policies: models whose knowledge is known, so that a measured curve can be checked against the truth.

For each task a simulated policy holds a belief p, drawn once per task from a Beta(a, b) distribution seeded by
the seed and the task id (`Knowledge`), and it *knows* the answer on a sample with probability p (a draw seeded
by the seed, task id and sample): knowing, its answer is the gold (or, on an unanswerable task, the row's own
defect); not knowing, a wrong value of the same kind (the gold's last number moved, or a confident answer; on an
unanswerable task a confident value). So its answer is right with probability exactly p.

It reads the run's rule as a model reads the prompt. It *states* a confidence c = p ** gamma and answers when c
is above the threshold t, else says "I don't know."; when the rule reads a confidence, its answer ends with the
line `Confidence: c`. gamma is what tells the variants apart:
- `simulated` (calibrated, gamma 1): states p, so it answers exactly when answering pays;
- `simulated-overconfident` (gamma 1/2): states more than it knows, and answers below the threshold;
- `simulated-underconfident` (gamma 2): states less, and abstains where answering pays.
A biography is always written (abstaining earns nothing there): the article's lead when it knows, an invented
life when it does not. The same seed gives the same beliefs and draws to every variant, so they are compared on
the same knowledge, and the same replies in any process.
"""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass
from typing import Any

from nohallucinate.errors import UserInputError
from nohallucinate.policies.baselines import ABSTENTION, confident_answer
from nohallucinate.rewards import RewardRule
from nohallucinate.tasks import Kind, Reply, Task, spec_of

# Each variant by policy name: the exponent of its stated confidence.
VARIANTS: dict[str, float] = {"simulated": 1.0, "simulated-overconfident": 0.5, "simulated-underconfident": 2.0}
_KNOWLEDGE = re.compile(r"beta:([0-9.]+),([0-9.]+)")
_LAST_NUMBER = re.compile(r"[0-9]+(?!.*[0-9])", re.DOTALL)
MAX_SHAPE = 1_000.0


@dataclass(frozen=True)
class Knowledge:
    """The distribution a simulated policy's per-task belief is drawn from: Beta(a, b), seeded."""

    a: float = 1.0
    b: float = 1.0
    seed: int = 0

    @classmethod
    def parse(cls, text: str, seed: int = 0) -> Knowledge:
        """`beta:A,B` (A, B positive, at most 1,000); `uniform` is `beta:1,1`."""
        if text == "uniform":
            return cls(1.0, 1.0, seed)
        match = _KNOWLEDGE.fullmatch(text.strip())
        shapes = [float(value) for value in match.groups()] if match else []
        if not shapes or not all(0.0 < shape <= MAX_SHAPE for shape in shapes):
            raise UserInputError(f"knowledge {text!r}: give 'uniform' or 'beta:A,B' with 0 < A, B <= {MAX_SHAPE:g}")
        return cls(shapes[0], shapes[1], seed)

    def describe(self) -> dict[str, Any]:
        return {"knowledge": f"beta:{self.a:g},{self.b:g}", "seed": self.seed}

    def belief(self, task_id: str) -> float:
        """The probability the policy knows this task's answer: one draw per task."""
        return _rng(self.seed, "belief", task_id).betavariate(self.a, self.b)

    def knows(self, task_id: str, sample: int) -> bool:
        """Whether, on this sample, it knows: true with probability `belief(task_id)`."""
        return _rng(self.seed, "knows", task_id, sample).random() < self.belief(task_id)


class SimulatedPolicy:
    """A policy with known knowledge and a known miscalibration; see the module."""

    def __init__(self, name: str = "simulated", knowledge: Knowledge | None = None, rule: RewardRule | None = None):
        if name not in VARIANTS:
            raise UserInputError(f"unknown simulated policy {name!r}; choose one of: {', '.join(VARIANTS)}")
        self.name = name
        self.gamma = VARIANTS[name]
        self.knowledge = knowledge or Knowledge()
        self.rule = rule or RewardRule()

    def stated(self, task_id: str) -> float:
        """The confidence it states (and decides by) for this task: its belief to the power gamma, as it writes it
        (six decimal places), so that what it decides by is what a grader reads."""
        return float(f"{self.knowledge.belief(task_id) ** self.gamma:.6f}")

    async def answer(self, task: Task, sample: int = 0) -> Reply:
        return Reply(task_id=task.task_id, response=self.reply(task, sample), policy=self.name, sample=sample)

    def reply(self, task: Task, sample: int = 0) -> str:
        knows = self.knowledge.knows(task.task_id, sample)
        if spec_of(task.family).kind is Kind.LONG_FORM:
            lead = task.article.lead if task.article is not None else ""
            return lead if knows and lead else confident_answer(task, sample)
        confidence = self.stated(task.task_id)
        if confidence <= self.rule.t:
            return ABSTENTION
        text = right_answer(task) if knows else wrong_answer(task, sample)
        return f"{text}\nConfidence: {confidence:.6f}" if self.rule.reads_confidence else text


def right_answer(task: Task) -> str:
    """The answer that earns full credit: the gold, or the row's defect in its own words."""
    if task.gold is not None:
        return f"{task.gold}."
    if task.defect is not None:
        return task.defect
    raise ValueError(f"task {task.task_id} has neither a gold nor a defect")


def wrong_answer(task: Task, sample: int) -> str:
    """A confident answer of the asked kind that is wrong: the gold with its last number moved by 1 to 9 (a date's
    year, a count), else a confident answer of the right kind (on an unanswerable task, a value: a confabulation)."""
    if task.gold is not None and (last := _LAST_NUMBER.search(task.gold)) is not None:
        shift = _rng(0, "wrong", task.task_id, sample).randint(1, 9)
        moved = int(last.group()) + shift
        return f"{task.gold[: last.start()]}{moved}{task.gold[last.end() :]}."
    return confident_answer(task, sample)


def _rng(seed: int, *parts: object) -> random.Random:
    """A generator seeded by sha256 of the parts: the same in every process (no hash randomisation)."""
    key = ":".join(str(part) for part in (seed, *parts)).encode()
    return random.Random(hashlib.sha256(key).digest())
