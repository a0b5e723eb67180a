"""Which local verdicts the rules are sure of: the ones the hybrid grader takes without asking the model.

Every local verdict says so in `detail["sure"]`. The short-answer reader decides it for answerable rows (one
agreeing date or number in a short reply, or a decline naming no value: see `short_answer._sure`); for every family
a bare "I don't know" is sure, and on an unanswerable row so is a bare value of the kind asked (a confabulation).
Everything else, a defect named in words or a biography, goes to the model.
"""

from __future__ import annotations

import re

from nohallucinate.answers.dates import parse_date
from nohallucinate.answers.normalise import normalise
from nohallucinate.answers.numbers import parse_number
from nohallucinate.answers.questions import AnswerKind, expected_kind
from nohallucinate.graders.ladder import Label
from nohallucinate.tasks import Kind, Task, spec_of

_BARE_ABSTENTIONS = frozenset(
    {"", "i do not know", "idk", "i am not sure", "not sure", "unknown", "no idea", "i do not know the answer",
     "i have no idea", "i cannot answer that", "i am unsure"}
)  # fmt: skip
_LEAD_IN = re.compile(r"^(?:it was|it is|the answer is|answer:)\s+(?:(?:in|on)\s+)?", re.IGNORECASE)


def certain_label(task: Task, response: str) -> Label | None:
    """The label the local rules are sure of for this reply, or None when a reader is needed."""
    from nohallucinate.graders.local import judge

    label, _, detail = judge(task, response)
    return label if detail.get("sure") else None


def plainly_sure(task: Task, response: str, label: Label) -> bool:
    """Whether a reply is a bare "I don't know" (sure everywhere), or, on an unanswerable row, a bare value of the
    kind asked, which the rules call a confabulation."""
    text = normalise(response).strip()
    if text.lower().rstrip(".!") in _BARE_ABSTENTIONS:
        return True
    kind = spec_of(task.family).kind
    return kind is Kind.DEFECT and label is Label.CONFABULATED and _bare_value(text, expected_kind(task.question))


def _bare_value(text: str, kind: AnswerKind) -> bool:
    """A reply that is one value and nothing else ("11 March 1952.", "It was in 1987.", "25")."""
    core = _LEAD_IN.sub("", text).strip().rstrip(".")
    if kind in (AnswerKind.DATE, AnswerKind.YEAR):
        date = parse_date(core)
        return date is not None and (date.is_full if kind is AnswerKind.DATE else date.year is not None)
    if kind is AnswerKind.NUMBER:
        return parse_number(core) not in (None, 0)
    return False
