"""Two constant policies that bracket calibration: never answer, and always answer."""

from __future__ import annotations

import hashlib
import random

from nohallucinate.answers.lexicon import MONTHS
from nohallucinate.answers.questions import AnswerKind, expected_kind
from nohallucinate.tasks import Kind, Reply, Task, spec_of

ABSTENTION = "I don't know."

_PLACES = ("Leeds", "Lyon", "Porto", "Kraków", "Osaka", "Toledo", "Bergen", "Adelaide")
_TRADES = ("civil engineer", "jazz pianist", "marine biologist", "tax lawyer", "architect", "film editor")
_PRIZES = (
    "the Order of Merit",
    "a national book award",
    "an honorary doctorate",
    "a lifetime achievement award",
)


class AlwaysAbstain:
    """Answers every question with "I don't know.": earns the abstention floor and nothing more."""

    name = "always_abstain"

    async def answer(self, task: Task, sample: int = 0) -> Reply:
        return Reply(task_id=task.task_id, response=ABSTENTION, policy=self.name, sample=sample)


class AlwaysConfident:
    """Answers every question with a confident, specific answer of the right type; never abstains."""

    name = "always_confident"

    async def answer(self, task: Task, sample: int = 0) -> Reply:
        return Reply(task_id=task.task_id, response=confident_answer(task, sample), policy=self.name, sample=sample)


def confident_answer(task: Task, sample: int = 0) -> str:
    """A specific, plausible, unhedged answer chosen by a hash of the task, so runs repeat exactly."""
    seed = hashlib.sha256(f"{task.task_id}:{sample}".encode()).digest()
    rng = random.Random(seed)
    if spec_of(task.family).kind is Kind.LONG_FORM:
        return _confident_biography(task.subject.label, rng)
    kind = expected_kind(task.question)
    if kind is AnswerKind.DATE:
        return f"{rng.randint(1, 28)} {rng.choice(MONTHS)} {rng.randint(1930, 1999)}."
    if kind is AnswerKind.YEAR:
        return f"It was in {rng.randint(1950, 2020)}."
    if kind is AnswerKind.NUMBER:
        return f"{rng.randint(2, 60)}."
    return f"The answer is {rng.choice(_PLACES)}."


def _confident_biography(name: str, rng: random.Random) -> str:
    born = f"{rng.randint(1, 28)} {rng.choice(MONTHS)} {rng.randint(1930, 1990)}"
    return (
        f"{name} was born on {born} in {rng.choice(_PLACES)}. "
        f"{name} trained as a {rng.choice(_TRADES)} before turning to public life in {rng.randint(1960, 2000)}. "
        f"{name} married in {rng.randint(1960, 2005)} and had {rng.randint(2, 5)} children. "
        f"{name} received {rng.choice(_PRIZES)} in {rng.randint(1970, 2015)}. "
        f"{name} later moved to {rng.choice(_PLACES)}, where {name} lived for {rng.randint(3, 30)} years."
    )
