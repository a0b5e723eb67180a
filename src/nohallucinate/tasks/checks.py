"""Properties every task set must keep, whoever built it.

- Every birth-date question uses the one phrasing, so the wording never reveals the family.
- The wording of no question form gives its answerability away: every form that holds unanswerable rows holds
  at least as many answerable rows as any one defect family, and a classifier that sees only the form (names,
  numbers and dates masked) predicts answerable vs unanswerable at most `MAX_FORM_ADVANTAGE` above the base rate.
- How often a question's names recur in the set gives its answerability away no more than its form may: a guess
  from the recurrence bucket alone, and from the bucket with the form, held out, lands at most
  `MAX_RECURRENCE_ADVANTAGE` above the base rate (`tasks.recurrence`).
- Nor does whether a question's name is made of other names' parts (an opening of one name of the set and the
  ending of another): a guess from that mark, alone and with the form, lands at most
  `MAX_NAME_PARTS_ADVANTAGE` above the base rate (`tasks.name_parts`).
- Nor does whether a question names someone a biography question asks about (biographies are of real people
  only): a guess from that mark, alone and with the form, lands at most `MAX_BIOGRAPHY_MENTION_ADVANTAGE` above
  the base rate (`tasks.biography_mentions`).
- No task id tells its row's family: none names it, and none is the digest of family and question that the
  builder wrote before its ids hashed the question alone (whoever sees such an id beside its question finds the
  family by trying the seven names, and so the defect).
- No subject is contradicted: a name used as ambiguous is never used as unique elsewhere, and a
  subject whose birth date is unrecorded never has a recorded one in another row.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable

from nohallucinate.checksums import text_sha256
from nohallucinate.spec import BIRTH_DATE_PHRASING
from nohallucinate.tasks.biography_mentions import biography_mention_balance
from nohallucinate.tasks.forms import form_balance, gain
from nohallucinate.tasks.inputs import quote
from nohallucinate.tasks.marks import MarkBalance
from nohallucinate.tasks.model import Family, Task
from nohallucinate.tasks.name_parts import name_parts_balance
from nohallucinate.tasks.recurrence import recurrence_balance
from nohallucinate.tasks.splits import subjects_in_two_splits

MAX_FORM_ADVANTAGE = 0.10  # accuracy a form-only guess at answerability may gain over the base rate
MAX_RECURRENCE_ADVANTAGE = 0.10  # the same for a guess from how often the question's names recur in the set
MAX_NAME_PARTS_ADVANTAGE = 0.10  # and for a guess from whether a question's name is made of other names' parts
MAX_BIOGRAPHY_MENTION_ADVANTAGE = 0.10  # and from whether a question names someone a biography asks about
_BIRTH_QUESTION = re.compile(r"\bborn\b|\bbirth", re.IGNORECASE)


def birth_date_phrasings(tasks: Iterable[Task]) -> set[str]:
    """The distinct birth-date question templates (subject replaced by X)."""
    templates = set()
    for task in tasks:
        if _BIRTH_QUESTION.search(task.question):
            templates.add(task.question.replace(task.subject.label, "X"))
    return templates


def task_set_problems(tasks: Iterable[Task]) -> list[str]:
    """Every violated property, as readable sentences naming the rows (empty when the set is sound)."""
    tasks = list(tasks)
    problems = []
    phrasings = birth_date_phrasings(tasks)
    if phrasings - {BIRTH_DATE_PHRASING}:
        others = sorted(phrasings - {BIRTH_DATE_PHRASING})
        problems.append(f"birth-date questions must read {BIRTH_DATE_PHRASING!r}; also found: {quote(others)}")

    problems += form_problems(tasks)
    problems += recurrence_problems(tasks)
    problems += name_parts_problems(tasks)
    problems += biography_mention_problems(tasks)
    problems += subjects_in_two_splits(tasks)
    problems += id_problems(tasks)

    families_of: dict[str, dict[Family, list[str]]] = defaultdict(lambda: defaultdict(list))
    for task in tasks:
        families_of[_key(task.subject.label)][task.family].append(task.task_id)  # a name is what is ambiguous
    for subject, families in sorted(families_of.items()):
        if Family.AMBIGUOUS_ENTITY in families and len(families) > 1:
            used = sorted(f.value for f in families if f is not Family.AMBIGUOUS_ENTITY)
            problems.append(
                f"{quote(subject)} is ambiguous in {quote(families[Family.AMBIGUOUS_ENTITY])} but used as unique in "
                f"{used}"
            )

    recorded, unrecorded = (
        _birth_subjects(tasks, Family.PRECISE_FACT),
        _birth_subjects(tasks, Family.UNRECORDED_FACT),
    )
    for subject in sorted(recorded.keys() & unrecorded.keys()):
        problems.append(
            f"{quote(subject)} has a recorded birth date in {quote(recorded[subject])} and an unrecorded one in "
            f"{quote(unrecorded[subject])}"
        )
    return problems


def form_problems(tasks: list[Task]) -> list[str]:
    """Question forms whose wording tells answerable from unanswerable rows, as readable sentences."""
    balance = form_balance(tasks)
    problems = []
    for share in balance.unbalanced:
        family, count = share.largest_defect or (None, 0)
        assert family is not None
        problems.append(
            f"question form {quote(share.form)}: {count} {family.value} rows but only {share.answerable} answerable "
            f'ones, so naming that defect on every question of the form beats saying "I don\'t know"'
        )
    guesses = {"alone": balance.classifier_accuracy}
    return problems + _tell_problems(
        "the question form", guesses, balance.base_rate, MAX_FORM_ADVANTAGE, "wordings are asked of unanswerable rows"
    )


def recurrence_problems(tasks: list[Task]) -> list[str]:
    """The recurrence tell, as readable sentences when a guess from it beats the base rate by too much."""
    balance = recurrence_balance(tasks)
    guesses = {"alone": balance.recurrence_accuracy, "with the form": balance.with_form_accuracy}
    return _tell_problems(
        "how often a question's names recur in the set", guesses, balance.base_rate, MAX_RECURRENCE_ADVANTAGE,
        "subjects are real",
    )  # fmt: skip


def name_parts_problems(tasks: list[Task]) -> list[str]:
    """The name-parts tell, as readable sentences when a guess from it beats the base rate by too much."""
    return _mark_problems(
        "whether a question's name is made of other names' parts", name_parts_balance(tasks),
        MAX_NAME_PARTS_ADVANTAGE, "names were made up",
    )  # fmt: skip


def biography_mention_problems(tasks: list[Task]) -> list[str]:
    """The biography-mention tell, as readable sentences when a guess from it beats the base rate by too much."""
    return _mark_problems(
        "whether a question names someone a biography question asks about", biography_mention_balance(tasks),
        MAX_BIOGRAPHY_MENTION_ADVANTAGE, "people are real (write biographies only of people no short question names)",
    )  # fmt: skip


def _mark_problems(tell: str, balance: MarkBalance, limit: float, learns: str) -> list[str]:
    guesses = {"alone": balance.alone_accuracy, "with the form": balance.with_form_accuracy}
    return _tell_problems(tell, guesses, balance.base_rate, limit, learns)


def id_problems(tasks: list[Task]) -> list[str]:
    """Task ids that tell their row's family, as readable sentences: ids that name it, and ids that are the digest
    of family and question an earlier builder wrote."""
    named = [t.task_id for t in tasks if _letters(t.family.value) in _letters(t.task_id)]
    digests = [t.task_id for t in tasks if t.task_id == "t" + text_sha256(f"{t.family.value}|{t.question}")[:12]]
    problems = []
    if named:
        problems.append(
            f"rows whose task id names their family: {len(named)} ({quote(named)}); a policy shown one reads it"
        )
    if digests:
        problems.append(
            f"rows whose task id is the sha256 of family and question, as an earlier builder made them: {len(digests)} "
            f"({quote(digests)}); whoever sees one beside its question finds the family, and so the defect, by trying "
            "the seven names: build the set again, or give its rows ids that tell nothing (the builder hashes the "
            "question alone)"
        )
    return problems


def _letters(text: str) -> str:
    """The text's letters and digits, lower-cased: "False-Premise_3" and "falsepremise3" name one family."""
    return re.sub(r"[^a-z0-9]", "", text.lower())


def _tell_problems(tell: str, guesses: dict[str, float], base: float, limit: float, learnt: str) -> list[str]:
    """One sentence per guess from a file-level tell that lands more than `limit` above the base rate."""
    return [
        f"{tell} ({guess}) predicts answerability with {accuracy:.1%} accuracy against a base rate of {base:.1%} "
        f"(more than {limit:.0%} above it): a policy that knows the task file learns which {learnt}"
        for guess, accuracy in guesses.items()
        if gain(accuracy, base) > limit
    ]


def _birth_subjects(tasks: list[Task], family: Family) -> dict[str, list[str]]:
    subjects: dict[str, list[str]] = defaultdict(list)
    for task in tasks:
        if task.family is family and _BIRTH_QUESTION.search(task.question):
            subjects[task.subject.qid or _key(task.subject.label)].append(task.task_id)
    return subjects


def _key(label: str) -> str:
    return " ".join(label.casefold().split())
