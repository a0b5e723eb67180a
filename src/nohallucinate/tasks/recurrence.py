"""How often a question's names recur in the rest of the set: a tell a policy learns from the task file itself.

A policy trained on a task file sees every question of it. If real subjects were asked about several times and
invented ones once, "is this name asked about anywhere else?" would tell answerable from unanswerable rows
without knowing any fact. For each short question the measure takes the names its text holds (read as a policy
reads them, `forms.question_names`: never the row's subject or QID), counts for each how many *other* questions
of the set name it, bucketed none / 1 / 2 / 3+; the least-named one is the row's bucket (an invented club beside
a real player is the tell, not the player). `recurrence_balance` then guesses answerability from the buckets of
every name of the question (the least-named bucket where that group is tied), and from those with the question
form, each row from the other rows
(`forms.held_out_accuracy`), beside the base rate.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from nohallucinate.tasks.families import Kind, spec_of
from nohallucinate.tasks.forms import base_rate, held_out_accuracy, question_form, question_names
from nohallucinate.tasks.model import Task

BUCKETS = ("none", "1", "2", "3+")  # how many other questions name the question's least-named name
UNNAMED = "no name"  # a question whose text holds no name at all
_ARTICLE = re.compile(r"^the\s+")
_CLUB_SUFFIX = re.compile(r"\s+f\.?\s?c\.?$")


def name_key(name: str) -> str:
    """A name as a reader matching it across questions would: case and spacing folded, a leading "the" and a
    club's "F.C." dropped ("the Booker Prize" is "Booker Prize"; "Lorriston Argyle F.C." is "Lorriston Argyle")."""
    key = " ".join(name.casefold().split())
    return _CLUB_SUFFIX.sub("", _ARTICLE.sub("", key))


def recurrence_counts(tasks: Iterable[Task]) -> dict[str, tuple[int, ...]]:
    """For every task id, how many *other* questions of the set name each name of its question, in the
    question's order (empty when its text holds no name). Every question counts as evidence, biographies
    included: a policy sees them all."""
    tasks = list(tasks)
    names_of = {task.task_id: [name_key(n) for n in question_names(task.question)] for task in tasks}
    named = Counter(name for names in names_of.values() for name in set(names))
    return {task_id: tuple(named[name] - 1 for name in names) for task_id, names in names_of.items()}


def least_named(counts: tuple[int, ...]) -> int | None:
    """The count of the question's least-named name (None when it holds no name)."""
    return min(counts) if counts else None


def bucket(count: int | None) -> str:
    """The count as a policy's feature: none, 1, 2 or 3+ other questions (or no name at all)."""
    if count is None:
        return UNNAMED
    return BUCKETS[min(count, len(BUCKETS) - 1)]


@dataclass(frozen=True)
class BucketShare:
    """The short rows whose least-named name recurs this often, answerable and not."""

    bucket: str
    answerable: int
    unanswerable: int

    @property
    def rows(self) -> int:
        return self.answerable + self.unanswerable


@dataclass(frozen=True)
class RecurrenceBalance:
    """How much the recurrence of a question's names tells about answerability, in held-out accuracy."""

    buckets: list[BucketShare]
    recurrence_accuracy: float  # the guess from the bucket alone
    with_form_accuracy: float  # the guess from the bucket and the question form
    base_rate: float  # predicting the overall majority for every row

    @property
    def advantage(self) -> float:
        """What recurrence alone adds over the base rate, in accuracy points."""
        return self.recurrence_accuracy - self.base_rate

    @property
    def with_form_advantage(self) -> float:
        """What recurrence and the form together add over the base rate."""
        return self.with_form_accuracy - self.base_rate


def recurrence_balance(tasks: Iterable[Task]) -> RecurrenceBalance:
    """Bucket every short question by recurrence and measure the held-out guesses (biographies are left out of
    the measure but counted as questions that name their subjects)."""
    tasks = list(tasks)
    counts = recurrence_counts(tasks)
    alone: list[tuple[tuple[Hashable, ...], bool]] = []
    with_form: list[tuple[tuple[Hashable, ...], bool]] = []
    tally: dict[str, list[int]] = {}
    for task in tasks:
        if spec_of(task.family).kind is Kind.LONG_FORM:
            continue
        answerable = not task.family.is_unanswerable
        share = bucket(least_named(counts[task.task_id]))
        profile = tuple(bucket(n) for n in counts[task.task_id])  # each name's bucket, subject first
        alone.append(((profile, share), answerable))
        with_form.append(
            (((profile, question_form(task.question)), (share, question_form(task.question)), share), answerable)
        )
        tally.setdefault(share, [0, 0])[answerable] += 1
    order = [*BUCKETS, UNNAMED]
    buckets = [BucketShare(b, tally[b][1], tally[b][0]) for b in order if b in tally]
    labels = [answerable for _, answerable in alone]
    return RecurrenceBalance(buckets, held_out_accuracy(alone), held_out_accuracy(with_form), base_rate(labels))


def buckets_by_task(tasks: Sequence[Task]) -> dict[str, str]:
    """Every task's bucket (its least-named name's), by task id: what a policy that knows the training file
    reads of a row."""
    return {task_id: bucket(least_named(counts)) for task_id, counts in recurrence_counts(tasks).items()}
