"""A question's form: what a policy can read from the wording alone, with names, numbers and dates masked.

A policy that knows nothing still sees the form. If a form held only unanswerable rows, the wording would give
the family away; if it held more rows of one defect than answerable rows, naming that defect on every question
of the form would beat saying "I don't know". `form_balance` measures both.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass

from nohallucinate.tasks.families import Family, Kind, spec_of
from nohallucinate.tasks.model import Task

NAME = "<name>"
NUMBER = "<number>"

_SEASON = re.compile(r"\b\d{4}\s*[–—/-]\s*\d{2,4}\b")
_NUMBER = re.compile(r"\b\d[\d,.]*\b")
# A name: capitalised words, joined by the small words names carry ("Academy Award for Best Actress",
# "Lorriston Argyle F.C.", "Nobel Prize in Literature"). The question's first word is never a name.
_NAME = re.compile(
    r"(?<!^)\b[A-ZÀ-ÖØ-Þ][\w'’.&–-]*(?:\s+(?:(?:of|the|for|in|de|da|del|van|von|der|and|&|on|la|le)\s+)*"
    r"[A-ZÀ-ÖØ-Þ][\w'’.&–-]*)*"
)
_POSSESSIVE = re.compile(r"['’]s$")


def question_form(question: str) -> str:
    """The question with every name, number, season and date replaced by a placeholder."""
    text = _SEASON.sub(NUMBER, question.strip())
    text = _NUMBER.sub(NUMBER, text)
    text = _NAME.sub(NAME, text)
    return " ".join(text.split())


def question_subject(question: str) -> str | None:
    """The first name the question holds: whom or what it asks about, as a reader of the question sees it."""
    names = question_names(question)
    return names[0] if names else None


def question_object(question: str) -> str | None:
    """The question's last name after its first: the club or prize it asks about beside a person, if any."""
    names = question_names(question)
    return names[-1] if len(names) > 1 else None


def question_names(question: str) -> list[str]:
    """Every name the question holds, in order (a possessive's "'s" and a sentence's closing full stop dropped)."""
    names = []
    for match in _NAME.finditer(_NUMBER.sub(" ", _SEASON.sub(" ", question.strip()))):
        name = _POSSESSIVE.sub("", match.group(0))
        names.append(name[:-1] if name.endswith(".") and name.count(".") == 1 else name)  # "IU." ends it, "F.C." not
    return names


@dataclass(frozen=True)
class FormShare:
    """The rows of one question form, counted per family."""

    form: str
    families: dict[Family, int]

    @property
    def rows(self) -> int:
        return sum(self.families.values())

    @property
    def answerable(self) -> int:
        return sum(n for f, n in self.families.items() if not f.is_unanswerable)

    @property
    def unanswerable(self) -> int:
        return self.rows - self.answerable

    @property
    def largest_defect(self) -> tuple[Family, int] | None:
        defects = [(f, n) for f, n in self.families.items() if f.is_unanswerable]
        return max(defects, key=lambda item: (item[1], item[0].value)) if defects else None

    @property
    def balanced(self) -> bool:
        """No defect family outnumbers the answerable rows of the form (forms without defects are balanced)."""
        largest = self.largest_defect
        return largest is None or largest[1] <= self.answerable


@dataclass(frozen=True)
class FormBalance:
    """How much the wording of short questions tells about answerability."""

    forms: list[FormShare]
    classifier_accuracy: float  # predicting answerable/unanswerable from the form alone, held out (`held_out_accuracy`)
    base_rate: float  # predicting the overall majority for every row

    @property
    def unbalanced(self) -> list[FormShare]:
        return [share for share in self.forms if not share.balanced]

    @property
    def advantage(self) -> float:
        """What the form adds to a guess at answerability, in accuracy points over the base rate."""
        return gain(self.classifier_accuracy, self.base_rate)


def form_balance(tasks: Iterable[Task]) -> FormBalance:
    """Count every short question's family by form (biographies are a task of their own and are left out)."""
    counts: dict[str, Counter[Family]] = defaultdict(Counter)
    rows: list[tuple[tuple[Hashable, ...], bool]] = []
    for task in tasks:
        if spec_of(task.family).kind is not Kind.LONG_FORM:
            form = question_form(task.question)
            counts[form][task.family] += 1
            rows.append(((form,), not task.family.is_unanswerable))
    forms = sorted(
        (FormShare(form, dict(sorted(c.items(), key=lambda i: i[0].value))) for form, c in counts.items()),
        key=lambda share: (-share.rows, share.form),
    )
    if not rows:
        return FormBalance(forms, 1.0, 1.0)
    return FormBalance(forms, held_out_accuracy(rows), base_rate([answerable for _, answerable in rows]))


def gain(accuracy: float, base: float) -> float:
    """`accuracy` over `base`, in accuracy points. Both are fractions of whole rows, so their difference is exact but
    for float error, which is rounded away: a gain equal to a decimal target (0.55 - 0.5 against 0.05) must not read
    as over it."""
    return round(accuracy - base, 12)


def base_rate(labels: Sequence[bool]) -> float:
    """How often the overall majority (answerable or not) is right: the guess of a policy that reads nothing."""
    answerable = sum(labels)
    return max(answerable, len(labels) - answerable) / len(labels) if labels else 1.0


def held_out_accuracy(rows: Sequence[tuple[tuple[Hashable, ...], bool]]) -> float:
    """How often answerability is guessed right, each row from the *other* rows (leave-one-out, deterministic).

    A row is `(keys, answerable)`, its keys from the finest group to the coarsest (("form", bucket), (bucket,)
    ...). A row is guessed as the majority of the other rows of its finest group that is not tied once it is left
    out, else as the overall majority. Why held out: the majority of a group counted with the row itself reads
    the row's own label, so small groups (a form asked twice, a name asked once in one form) would look
    predictive by construction."""
    if not rows:
        return 1.0
    labels = [answerable for _, answerable in rows]
    overall = sum(labels) * 2 >= len(labels)  # the base rate's guess (ties to answerable)
    tallies: list[dict[Hashable, list[int]]] = [
        defaultdict(lambda: [0, 0]) for _ in range(max(len(k) for k, _ in rows))
    ]
    for keys, answerable in rows:
        for level, key in enumerate(keys):
            tallies[level][key][answerable] += 1
    right = 0
    for keys, answerable in rows:
        guess = overall
        for level, key in enumerate(keys):
            unanswerable_n, answerable_n = tallies[level][key]
            if answerable:
                answerable_n -= 1
            else:
                unanswerable_n -= 1
            if answerable_n != unanswerable_n:
                guess = answerable_n > unanswerable_n
                break
        right += guess == answerable
    return right / len(rows)
