"""A mark a policy reads on each short question from the task file itself, and how much it tells.

Some tells need no fact and no label, only the rest of the file: whether a question's name is made of other
names' parts (`tasks.name_parts`), whether a biography question asks about the same person
(`tasks.biography_mentions`). Each such measure marks every row; `mark_balance` then guesses answerability from
the mark, alone and with the question form, each row from the other rows (`forms.held_out_accuracy`), beside the
base rate, and `lopsided_marks` names the cells of form and mark where naming a defect beats "I don't know".
Biographies are left out of the measure (their answerability is not in question) but are read as
questions a policy sees.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from nohallucinate.tasks.families import Family, Kind, spec_of
from nohallucinate.tasks.forms import base_rate, gain, held_out_accuracy
from nohallucinate.tasks.recurrence import Asked, BucketShare, cached_form


@dataclass(frozen=True)
class MarkBalance:
    """How much a mark on each short question tells about answerability, in held-out accuracy."""

    shares: list[BucketShare]  # the short rows of each mark, answerable and not
    alone_accuracy: float  # the guess from the mark alone
    with_form_accuracy: float  # the guess from the mark and the question form
    base_rate: float  # predicting the overall majority for every row

    @property
    def advantage(self) -> float:
        """What the mark adds over the base rate, in accuracy points (the larger of its two guesses)."""
        return gain(max(self.alone_accuracy, self.with_form_accuracy), self.base_rate)


def mark_balance(rows: Sequence[Asked], marks: Sequence[str], order: Sequence[str]) -> MarkBalance:
    """The held-out guesses from `marks` (one per row, each one of `order`) over the short rows of `rows`."""
    alone: list[tuple[tuple[Hashable, ...], bool]] = []
    with_form: list[tuple[tuple[Hashable, ...], bool]] = []
    tally = {mark: [0, 0] for mark in order}
    for row, mark in zip(rows, marks, strict=True):
        if spec_of(row.family).kind is Kind.LONG_FORM:
            continue
        answerable = not row.family.is_unanswerable
        alone.append(((mark,), answerable))
        with_form.append((((mark, cached_form(row.question)), mark), answerable))
        tally[mark][answerable] += 1
    shares = [BucketShare(mark, tally[mark][1], tally[mark][0]) for mark in order if sum(tally[mark])]
    labels = [answerable for _, answerable in alone]
    return MarkBalance(shares, held_out_accuracy(alone), held_out_accuracy(with_form), base_rate(labels))


def lopsided_marks(rows: Sequence[Asked], marks: Sequence[str]) -> dict[tuple[str, str], tuple[int, dict[Family, int]]]:
    """The (question form, mark) cells of the short rows where a defect family outnumbers the answerable rows,
    with the answerable count and the defect families' counts: where a policy that reads the mark earns more by
    naming that defect on the cell's questions than by saying "I don't know"."""
    cells: dict[tuple[str, str], Counter[Family]] = defaultdict(Counter)
    for row, mark in zip(rows, marks, strict=True):
        if spec_of(row.family).kind is not Kind.LONG_FORM:
            cells[cached_form(row.question), mark][row.family] += 1
    lopsided = {}
    for cell, families in cells.items():
        answerable = sum(n for family, n in families.items() if not family.is_unanswerable)
        defects = {family: n for family, n in families.items() if family.is_unanswerable}
        if any(n > answerable for n in defects.values()):
            lopsided[cell] = (answerable, defects)
    return lopsided
