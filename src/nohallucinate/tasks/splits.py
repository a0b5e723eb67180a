"""Splits: which rows a policy may train on, and which are held out to evaluate it.

A row names its split (`Task.split`); a row that names none is in `train`, so that a file without splits is one
training split, as it always was. The builder holds out a share of the subjects (`assign_splits`): every row about
a subject goes to the same split, so that a policy trained on `train` has seen nothing of a `test` subject, not
even another question about it. `check` refuses a file where a subject is in two splits, or a person a question names.
"""

from __future__ import annotations

import hashlib
import math
from collections import Counter
from collections.abc import Iterable, Sequence

from nohallucinate.errors import UserInputError
from nohallucinate.tasks.forms import question_subject
from nohallucinate.tasks.inputs import quote
from nohallucinate.tasks.model import Task
from nohallucinate.tasks.recurrence import name_key

TRAIN = "train"  # for training: the split of a row that names none
TEST = "test"  # held out, for evaluation


def split_of(task: Task) -> str:
    """The split `task` is in."""
    return task.split or TRAIN


def splits_of(tasks: Iterable[Task]) -> list[str]:
    """The splits the tasks are in, `train` first, then by name."""
    return sorted({split_of(task) for task in tasks}, key=lambda name: (name != TRAIN, name))


def select_split(tasks: Sequence[Task], split: str | None) -> list[Task]:
    """The tasks of `split` (all of them when None), in file order; a split no task is in is refused."""
    if split is None:
        return list(tasks)
    chosen = [task for task in tasks if split_of(task) == split]
    if not chosen:
        raise UserInputError(f"--split {split}: no task is in that split; the splits are {', '.join(splits_of(tasks))}")
    return chosen


def _subject_keys(task: Task) -> list[str]:
    # A subject by its QID and by its name, and the person a question names first (the subject of a question about
    # an invented prize or club is the prize, but the person it names is asked about too): two rows sharing any of
    # these are about the same subject.
    names = {name_key(task.subject.label), name_key(question_subject(task.question) or task.subject.label)}
    keys = [f"name:{name}" for name in sorted(names)]
    if task.subject.qid:
        keys.append(f"qid:{task.subject.qid}")
    return keys


def subject_groups(tasks: Sequence[Task]) -> list[list[int]]:
    """The rows (by index) grouped so that rows sharing a subject's QID or name are in one group."""
    parent = list(range(len(tasks)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first: dict[str, int] = {}
    for index, task in enumerate(tasks):
        for key in _subject_keys(task):
            if key in first:
                parent[root(index)] = root(first[key])
            else:
                first[key] = index
    groups: dict[int, list[int]] = {}
    for index in range(len(tasks)):
        groups.setdefault(root(index), []).append(index)
    return list(groups.values())


def assign_splits(tasks: Sequence[Task], test_share: float, seed: int = 0) -> list[Task]:
    """Every task with a split: whole subject groups go to `test`, in an order drawn from `seed` (sha256, the same
    in every process), while no family would pass its share of `test_share` of its rows (rounded up), so that the
    held-out split has the families in the file's proportions; the rest are `train`."""
    if not 0.0 < test_share < 1.0:
        raise UserInputError(f"--test-share {test_share:g}: a share strictly between 0 and 1")

    def draw(group: list[int]) -> str:
        keys = sorted(key for index in group for key in _subject_keys(tasks[index]))
        return hashlib.sha256(f"{seed}\n{keys[0]}".encode()).hexdigest()

    room = {family: math.ceil(test_share * count) for family, count in Counter(t.family for t in tasks).items()}
    held: set[int] = set()
    for group in sorted(subject_groups(tasks), key=draw):
        needs = Counter(tasks[index].family for index in group)
        if all(room[family] >= count for family, count in needs.items()):
            held.update(group)
            room.update({family: room[family] - count for family, count in needs.items()})
    return [task.model_copy(update={"split": TEST if index in held else TRAIN}) for index, task in enumerate(tasks)]


def subjects_in_two_splits(tasks: Sequence[Task]) -> list[str]:
    """A problem line for each subject group whose rows are in more than one split."""
    problems = []
    for group in subject_groups(tasks):
        splits = sorted({split_of(tasks[index]) for index in group})
        if len(splits) > 1:
            subject = tasks[group[0]].subject
            named = f"{quote(subject.label)} ({subject.qid})" if subject.qid else quote(subject.label)
            problems.append(f"subject {named} is in the splits {' and '.join(splits)}: a held-out split shares it")
    return problems
