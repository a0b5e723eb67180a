"""A reply's stated confidence: its last line, `Confidence: 0.73`, read strictly.

The rule, in full:
- The confidence is the reply's last non-blank line when that line is exactly `Confidence:` (any case), spaces,
  and a number from 0 to 1 written as a decimal with at most six places: `0`, `1`, `0.7`, `0.73`, `1.0`. The
  answer is the reply before that line; it is graded without it.
- Anything else that looks like one (a line opening with the word "confidence" and then a colon, an equals sign
  or a figure, or "confidence:" anywhere: `Confidence: 73%`, `Confidence: high`, `**Confidence:** 0.7`, `Paris.
  Confidence: 0.9` on one line, a confidence line that is not the last, or two of them) is *malformed*: no value
  is read, and the reply is graded whole, as written. A line is cut from what the grader reads only when it holds
  nothing but a well-formed number, so no text can be hidden from the grader in a confidence line. A title that
  opens a line ("Confidence Man was the film.") is no attempt.
- A reply with neither is *missing* a confidence.
No value is ever guessed: a missing or malformed confidence has none, and what a reward rule does with that is its
own documented choice (`rewards.rule`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

ConfidenceStatus = Literal["stated", "missing", "malformed"]

_STATED = re.compile(r"confidence:[ \t]*(0(?:\.[0-9]{1,6})?|1(?:\.0{1,6})?)", re.IGNORECASE)
# What reads as an attempt at a confidence: a line opening with the word (after any markup: bullets, bold,
# quotes) and then a colon, an equals sign or a figure; or "confidence:" anywhere. A title that opens a line
# ("Confidence Man was the film.") is no attempt. The markup is matched within one line: the search stays linear.
_MENTION = re.compile(r"^[^\w\n]*confidence\b[^\w\n]*(?:[:=]|\d)|\bconfidence[ \t]*[:=]", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True)
class StatedConfidence:
    """What a reply says of its own confidence: the answer to grade, the value and whether it was read."""

    answer: str  # the reply without its confidence line; the reply as written when none was read
    value: float | None  # in [0, 1]; None unless `status` is "stated"
    status: ConfidenceStatus

    def as_detail(self) -> dict[str, float | str | None]:
        return {"value": self.value, "status": self.status}


def read_confidence(reply: str) -> StatedConfidence:
    """The confidence `reply` states on its last line, by the rule above."""
    body = reply.rstrip()
    start = body.rfind("\n") + 1
    last = body[start:].strip()
    if (stated := _STATED.fullmatch(last)) is not None:
        answer = body[:start].rstrip()
        if _MENTION.search(answer) is None:
            return StatedConfidence(answer, float(stated.group(1)), "stated")
        return StatedConfidence(reply, None, "malformed")  # two confidences: which one is meant is not read
    if _MENTION.search(body) is not None:
        return StatedConfidence(reply, None, "malformed")
    return StatedConfidence(reply, None, "missing")
