"""How a text match becomes a verdict on the SimpleQA boundary."""

from __future__ import annotations

import pytest

from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable

QUESTION, GOLD = "Who won the Gerard P. Kuiper Prize in 2001?", "Bruce W. Hapke"


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        ("The winner was Bruce Hapke.", Label.CORRECT),
        ("I think it was B. W. Hapke, but I'm not sure.", Label.CORRECT),  # hedged, yet committed
        ("Hapke.", Label.NOT_ATTEMPTED),  # less specific
        ("I don't know.", Label.NOT_ATTEMPTED),
        ("", Label.NOT_ATTEMPTED),
        ("Bruce Hapke or Gene Shoemaker.", Label.INCORRECT),  # several candidates
        ("Gene Shoemaker.", Label.INCORRECT),
        ("Gene Shoemaker. I don't know, though.", Label.INCORRECT),  # a guess with a decline is still a guess
        ("I don't know. Maybe Gene Shoemaker.", Label.INCORRECT),
        ("I don't know who won it; I'd recommend checking the Division for Planetary Sciences.", Label.NOT_ATTEMPTED),
    ],
)
def test_text_verdicts(reply: str, label: Label) -> None:
    assert judge_answerable(QUESTION, GOLD, reply)[0] is label
