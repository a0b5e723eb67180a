"""Ask a model for a one-word grade and read it strictly: exactly one grade, or ask again, or fail."""

from __future__ import annotations

from nohallucinate.graders.ladder import Label
from nohallucinate.models import ModelClient, ModelError

GRADE_ATTEMPTS = 3


async def ask_for_grade(client: ModelClient, prompt: str, grades: dict[str, Label]) -> tuple[Label, str]:
    """The label and the raw reply. "After review: B" is not a grade; nothing is guessed from it."""
    replies = []
    for attempt in range(GRADE_ATTEMPTS):
        reply = await client.complete([{"role": "user", "content": prompt}], attempt=attempt)
        label = read_grade(reply.text, grades)
        if label is not None:
            return label, reply.text
        replies.append(reply.text[:80])
    raise ModelError(f"the grader gave no single grade in {GRADE_ATTEMPTS} attempts: {replies!r}")


def read_grade(text: str, grades: dict[str, Label]) -> Label | None:
    """The grade when the whole reply is one of `grades` (case, surrounding space, quotes and a final full stop
    aside; "NOT ATTEMPTED" stands for NOT_ATTEMPTED), else None."""
    token = text.strip().strip("\"'`*").rstrip(".").strip().upper().replace(" ", "_")
    return grades.get(token)
