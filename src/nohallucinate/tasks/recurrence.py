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

import math
import re
from collections import Counter
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Protocol, TypeVar

from nohallucinate.tasks.families import Family, Kind, spec_of
from nohallucinate.tasks.forms import base_rate, gain, held_out_accuracy, question_form, question_names, question_object
from nohallucinate.tasks.model import Task

BUCKETS = ("none", "1", "2", "3+")  # how many other questions name the question's least-named name
UNNAMED = "no name"  # a question whose text holds no name at all
# Balancing never leaves a family with less than this share of its rows: defect families are small and each is
# needed, and so are biographies; short answerable rows are what balancing drops to make real subjects recur less.
MIN_KEPT_SHARE = 0.85
MIN_ANSWERABLE_SHARE = 0.5
_ARTICLE = re.compile(r"^the\s+")
_CLUB_SUFFIX = re.compile(r"\s+f\.?\s?c\.?$")


def name_key(name: str) -> str:
    """A name as a reader matching it across questions would: case and spacing folded, a leading "the" and a
    club's "F.C." dropped ("the Booker Prize" is "Booker Prize"; "Lorriston Argyle F.C." is "Lorriston Argyle")."""
    key = " ".join(name.casefold().split())
    return _CLUB_SUFFIX.sub("", _ARTICLE.sub("", key))


class Asked(Protocol):
    """A row as the measure reads it: a task, or a builder's draft before it becomes one."""

    @property
    def family(self) -> Family: ...

    @property
    def question(self) -> str: ...


def recurrence_counts(tasks: Iterable[Task]) -> dict[str, tuple[int, ...]]:
    """For every task id, how many *other* questions of the set name each name of its question, in the
    question's order (empty when its text holds no name). Every question counts as evidence, biographies
    included: a policy sees them all."""
    tasks = list(tasks)
    return {task.task_id: counts for task, counts in zip(tasks, _counts(tasks), strict=True)}


def _counts(rows: Sequence[Asked]) -> list[tuple[int, ...]]:
    names_of = [question_name_keys(row.question) for row in rows]
    named = Counter(name for names in names_of for name in set(names))
    return [tuple(named[name] - 1 for name in names) for names in names_of]


@lru_cache(maxsize=65_536)
def cached_form(question: str) -> str:
    """The question's form (`forms.question_form`), cached: balancing reads every question's form at every step."""
    return question_form(question)


@lru_cache(maxsize=65_536)
def question_name_keys(question: str) -> tuple[str, ...]:
    """The names the question holds, in order, each as `name_key` reads it (cached like the form)."""
    return tuple(name_key(n) for n in question_names(question))


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
        return gain(self.recurrence_accuracy, self.base_rate)

    @property
    def with_form_advantage(self) -> float:
        """What recurrence and the form together add over the base rate."""
        return gain(self.with_form_accuracy, self.base_rate)


def recurrence_balance(tasks: Iterable[Asked]) -> RecurrenceBalance:
    """Bucket every short question by recurrence and measure the held-out guesses (biographies are left out of
    the measure but counted as questions that name their subjects)."""
    rows = list(tasks)
    return _balance(rows, _counts(rows))


def _balance(rows: Sequence[Asked], counts_of: Sequence[tuple[int, ...]]) -> RecurrenceBalance:
    alone: list[tuple[tuple[Hashable, ...], bool]] = []
    with_form: list[tuple[tuple[Hashable, ...], bool]] = []
    tally: dict[str, list[int]] = {}
    for row, counts in zip(rows, counts_of, strict=True):
        if spec_of(row.family).kind is Kind.LONG_FORM:
            continue
        answerable = not row.family.is_unanswerable
        share = bucket(least_named(counts))
        profile = tuple(bucket(n) for n in counts)  # each name's bucket, subject first
        form = cached_form(row.question)
        alone.append(((profile, share), answerable))
        with_form.append((((profile, form), (share, form), share), answerable))
        tally.setdefault(share, [0, 0])[answerable] += 1
    order = [*BUCKETS, UNNAMED]
    buckets = [BucketShare(b, tally[b][1], tally[b][0]) for b in order if b in tally]
    labels = [answerable for _, answerable in alone]
    return RecurrenceBalance(buckets, held_out_accuracy(alone), held_out_accuracy(with_form), base_rate(labels))


R = TypeVar("R", bound=Asked)
_MAX_LOWERING = 3  # at most this many other mentions of a name are dropped together to make it recur less
_MAX_CANDIDATES = 64  # rows tried per step of the balancing (the most likely first): keeps a 1,000-row build quick


@dataclass(frozen=True)
class _Cell:
    """The short rows of one recurrence bucket and question form: what a recurrence-aware policy tells apart."""

    answerable: list[int]  # row indices
    defects: dict[Family, list[int]]

    @property
    def excess(self) -> int:
        """How far each defect family outnumbers the cell's answerable rows, summed (naming a defect on the
        cell's questions beats "I don't know" exactly when its family outnumbers them)."""
        return sum(max(0, len(rows) - len(self.answerable)) for rows in self.defects.values())


def lopsided_cells(rows: Sequence[Asked]) -> dict[tuple[str, str], tuple[int, dict[Family, int]]]:
    """The (bucket, question form) cells where a defect family outnumbers the answerable rows, with the
    answerable count and the defect families' counts: where naming a defect by recurrence beats abstaining."""
    return {
        key: (len(cell.answerable), {family: len(rows) for family, rows in cell.defects.items()})
        for key, cell in _cells(rows, _counts(rows)).items()
        if cell.excess
    }


def balanced_for_recurrence(rows: Sequence[R], target: float) -> tuple[list[R], list[R]]:
    """The rows with some dropped so that a question's recurrence bucket tells nothing a fixed reply can use,
    and the dropped rows in the order dropped.

    Two things are evened out. In every cell of bucket and question form no defect family may outnumber the
    answerable rows (else naming that defect there beats "I don't know", as `audit`'s recurrence-aware
    strategy finds); and the bucket, alone and with the form, may guess answerability at most `target` above
    the base rate (`recurrence_balance`, what `check` measures). Each step drops what lowers the shortfall most
    per row dropped, never making a cell more lopsided: a row of an outnumbering defect family of a lopsided
    cell; the other rows naming an answerable row's least-named name, as many as move it down into the cell (a
    real subject asked once is made by dropping its other rows); or a row of the larger side of the most
    lopsided cells. No family is left with less than `MIN_ANSWERABLE_SHARE` (short answerable families) or
    `MIN_KEPT_SHARE` (the others) of its rows, no question form with a defect family outnumbering its answerable
    rows, and no false premise's club or prize without an answerable row of its form naming it (else the name
    would tell the premise). Stops when nothing is short or no drop helps; ties go to the rows latest in the given
    order (builders order their rows by preference)."""
    kept = list(rows)
    dropped: list[R] = []
    floor = {
        family: math.ceil(n * (MIN_ANSWERABLE_SHARE if family.is_answerable_short else MIN_KEPT_SHARE))
        for family, n in Counter(row.family for row in rows).items()
    }
    excess, over = recurrence_shortfall(kept, target)
    while excess + over > 0:
        best: tuple[float, int, int] | None = None  # gain per row dropped, fewer rows first, the latest rows first
        chosen: tuple[int, ...] = ()
        for group in _candidates(kept, floor):
            gone = set(group)
            excess_after, over_after = recurrence_shortfall(
                [row for index, row in enumerate(kept) if index not in gone], target
            )
            score = ((excess + over - excess_after - over_after) / len(group), -len(group), max(group))
            # A drop that makes a cell more lopsided is refused even when it lowers the accuracy by more: the
            # excess is a fixed reply's gain, which no trade against the guess may buy back.
            if excess_after <= excess and score[0] > 0 and (best is None or score > best):
                best, chosen = score, group
        if best is None:
            break
        dropped += [kept[index] for index in sorted(chosen)]
        kept = [row for index, row in enumerate(kept) if index not in set(chosen)]
        excess, over = recurrence_shortfall(kept, target)
    return kept, dropped


def _cells(rows: Sequence[Asked], counts_of: Sequence[tuple[int, ...]]) -> dict[tuple[str, str], _Cell]:
    cells: dict[tuple[str, str], _Cell] = {}
    for index, (row, counts) in enumerate(zip(rows, counts_of, strict=True)):
        if spec_of(row.family).kind is Kind.LONG_FORM:
            continue
        cell = cells.setdefault((bucket(least_named(counts)), cached_form(row.question)), _Cell([], {}))
        if row.family.is_unanswerable:
            cell.defects.setdefault(row.family, []).append(index)
        else:
            cell.answerable.append(index)
    return cells


def recurrence_shortfall(rows: Sequence[Asked], target: float) -> tuple[int, float]:
    """How far the rows are from balanced for recurrence, in rows: the lopsided cells' excess, and the accuracy
    above `target` as rows ((0, 0.0) when balanced)."""
    counts_of = _counts(rows)
    excess = sum(cell.excess for cell in _cells(rows, counts_of).values())
    balance = _balance(rows, counts_of)
    short = sum(cell.rows for cell in balance.buckets)
    over = max(balance.advantage, balance.with_form_advantage) - target
    return excess, max(0.0, over) * short


def _candidates(rows: Sequence[Asked], floor: Mapping[Family, int]) -> list[tuple[int, ...]]:
    """The groups of rows whose drop may help, most likely first, at most `_MAX_CANDIDATES`: single rows of a
    lopsided cell's outnumbering families or of the larger side of the most lopsided cells, and the other rows
    naming an answerable row's least-named name, as many as move it down into a lopsided cell of its form."""
    counts_of = _counts(rows)
    cells = _cells(rows, counts_of)
    left = Counter(row.family for row in rows)
    forms: dict[str, Counter[Family]] = {}
    named: Counter[tuple[str, str]] = Counter()  # the clubs and prizes answerable rows name, per form
    premised: set[tuple[str, str]] = set()  # ... and those a false premise names
    for row in rows:
        if spec_of(row.family).kind is not Kind.LONG_FORM:
            forms.setdefault(cached_form(row.question), Counter())[row.family] += 1
            if not row.family.is_unanswerable:
                named[_object_and_form(row.question)] += 1
            elif row.family is Family.FALSE_PREMISE:
                premised.add(_object_and_form(row.question))

    def droppable(group: tuple[int, ...]) -> bool:
        families = Counter(rows[i].family for i in group)
        if any(left[f] - n < floor.get(f, 0) for f, n in families.items()):
            return False
        unnamed = Counter(
            _object_and_form(rows[i].question)
            for i in group
            if not rows[i].family.is_unanswerable and spec_of(rows[i].family).kind is not Kind.LONG_FORM
        )
        if any(key in premised and named[key] <= n for key, n in unnamed.items()):
            return False  # the last answerable row naming a false premise's club or prize stays beside it
        answerable_drops = Counter(
            cached_form(rows[i].question)
            for i in group
            if not rows[i].family.is_unanswerable and spec_of(rows[i].family).kind is not Kind.LONG_FORM
        )
        for form, n in answerable_drops.items():
            shares = forms[form]
            answerable = sum(k for f, k in shares.items() if not f.is_unanswerable)
            if answerable - n < max((k for f, k in shares.items() if f.is_unanswerable), default=0):
                return False
        return True

    naming: dict[str, list[int]] = {}
    for index, row in enumerate(rows):
        for name in set(question_name_keys(row.question)):
            naming.setdefault(name, []).append(index)
    found: list[tuple[int, ...]] = []
    for (share, form), cell in sorted(cells.items(), key=lambda item: -item[1].excess):
        if not cell.excess:
            break
        for family_rows in sorted(cell.defects.values(), key=len, reverse=True):
            if len(family_rows) > len(cell.answerable):
                found += [(i,) for i in reversed(family_rows)]
        wanted = BUCKETS.index(share)  # the count an answerable row's least-named name must fall to
        for (other_share, other_form), other in cells.items():
            if other_form != form or BUCKETS.index(other_share) <= wanted:
                continue
            for index in other.answerable:
                counts, names = counts_of[index], question_name_keys(rows[index].question)
                if min(counts) - wanted > _MAX_LOWERING:
                    continue
                name = names[counts.index(min(counts))]
                others = [i for i in naming[name] if i != index]
                found.append(tuple(others[len(others) - (min(counts) - wanted) :]))  # the latest mentions
    by_side = sorted(cells.values(), key=lambda cell: -abs(len(cell.answerable) - sum(map(len, cell.defects.values()))))
    for cell in by_side[:2]:
        defects = [i for rows_ in cell.defects.values() for i in rows_]
        found += [(i,) for i in reversed(max((cell.answerable, defects), key=len))]
    return [group for group in dict.fromkeys(found) if group and droppable(group)][:_MAX_CANDIDATES]


def _object_and_form(question: str) -> tuple[str, str]:
    return name_key(question_object(question) or ""), cached_form(question)


def buckets_by_task(tasks: Sequence[Task]) -> dict[str, str]:
    """Every task's bucket (its least-named name's), by task id: what a policy that knows the training file
    reads of a row."""
    return {task_id: bucket(least_named(counts)) for task_id, counts in recurrence_counts(tasks).items()}
