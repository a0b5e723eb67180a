"""`reasoning_blanked` reads a reply's final answer past its reasoning, and keeps every offset into the reply."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.layout import reasoning_blanked, thinking_blanked
from nohallucinate.graders.ladder import Label
from nohallucinate.graders.local.short_answer import judge_answerable


@given(st.text(alphabet=st.sampled_from("ab. :\nAnswer<think>/")))
def test_the_length_and_the_lines_are_kept(text: str) -> None:
    blanked = reasoning_blanked(text)
    assert len(blanked) == len(text) and [i for i, c in enumerate(blanked) if c == "\n"] == [
        i for i, c in enumerate(text) if c == "\n"
    ]


@pytest.mark.parametrize(
    ("reply", "read"),
    [
        ("Step 1: Lisa lived in Florence.\nFinal answer: Leonardo", "Final answer: Leonardo"),
        ("It lies on the Ottawa River. So the answer is Toronto.", "So the answer is Toronto."),
        ("Facts: X. **Answer:** Ottawa", "**Answer:** Ottawa"),
        ("Fakta: Sídlí tam vláda. Odpověď: Bratislava.", "Odpověď: Bratislava."),
        ("It lies on the Ottawa River.\n\nSo: **Toronto**.", "So: **Toronto**."),
        ("Leží na řece Otavě. Takže: Písek.", "Takže: Písek."),
        ("Answer: Ottawa. It lies on the Ottawa River.", "Answer: Ottawa. It lies on the Ottawa River."),  # first
        ("Ottawa is the capital.", "Ottawa is the capital."),  # no marker
    ],
)
def test_what_comes_before_the_final_answer_is_blanked(reply: str, read: str) -> None:
    assert reasoning_blanked(reply).strip() == read


def test_thinking_is_blanked() -> None:
    assert thinking_blanked("<think>Toronto? No.</think>\nOttawa").strip() == "Ottawa"


@pytest.mark.parametrize(
    ("reply", "label"),
    [
        (
            "1. It lies on the Ottawa River.\n2. Queen Victoria chose it.\n3. Therefore, the answer is Ottawa.",
            "CORRECT",
        ),
        ("It lies on the Ottawa River, across from Gatineau. So the answer is Toronto.", "INCORRECT"),
        ("<think>It lies on the Ottawa River.</think>\nToronto", "INCORRECT"),
        ("Toronto. Final answer: Ottawa", "CORRECT"),  # the final answer pays, and only it
        ("Nevím to jistě, Ottawa se nabízí. Odpověď by tedy byla: <UNKNOWN>", "NOT_ATTEMPTED"),  # a decline: whole
    ],
)
def test_a_final_answer_after_reasoning_is_the_answer(reply: str, label: str) -> None:
    verdict, detail = judge_answerable("What is the capital of Canada?", "Ottawa", reply)
    assert verdict is Label(label) and (verdict is Label.NOT_ATTEMPTED or not detail["sure"])
