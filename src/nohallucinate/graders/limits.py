"""How long a reply may be. Beyond its family's limit a reply is not read: it earns the family's bottom label.

A one-line question needs no more than a few paragraphs, and a biography no more than a long article; a reply
far past that is padding, and padding must not hide a confabulation behind a wall of text (cutting it short
instead would let it hide one past the cut), stall the grader, or cost model calls. The local grader reads in
time linear in length (benchmarks/local_grading_by_length.py), so the limit is a rule, not a speed fix.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from nohallucinate.graders.ladder import bottom_label
from nohallucinate.tasks.families import Family, FamilySpec, Kind, spec_of

if TYPE_CHECKING:  # the limits alone (the `serve` command's defaults) need no task or verdict model
    from nohallucinate.graders.verdict import Verdict
    from nohallucinate.tasks import Reply, Task

SHORT_REPLY_LIMIT = 8_000  # characters: about 1,300 words
BIOGRAPHY_REPLY_LIMIT = 50_000  # characters: about 8,000 words, longer than most Wikipedia articles
LIMITS_BY_KIND = {
    Kind.SHORT_ANSWER: SHORT_REPLY_LIMIT,
    Kind.DEFECT: SHORT_REPLY_LIMIT,
    Kind.LONG_FORM: BIOGRAPHY_REPLY_LIMIT,
}


def reply_limit(family: Family | FamilySpec) -> int:
    """The longest reply, in characters, that a family's grader reads."""
    return LIMITS_BY_KIND[spec_of(family).kind]


REPLY_LIMITS: Mapping[Family, int] = {family: reply_limit(family) for family in Family}


def over_limit(task: Task, reply: Reply, limits: Mapping[Family, int] | None = REPLY_LIMITS) -> Verdict | None:
    """The verdict on a reply longer than its family's limit (reward 0.0, detail says why), else None."""
    from nohallucinate.graders.verdict import Verdict

    limit = None if limits is None else limits.get(task.family)
    if limit is None or len(reply.response) <= limit:
        return None
    detail = {"over_length": len(reply.response), "limit": limit}
    return Verdict.on(task, reply.sample, bottom_label(task.family), 0.0, "local", detail)
