"""`reasoning_blanked` reads a reply's final answer past its reasoning, `code_laid_out` code by its values; both keep
every offset into the reply."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers.layout import code_laid_out, reasoning_blanked, thinking_blanked
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


@given(st.lists(st.sampled_from(["```", "sql\n", "'", '"', "[", "]", ",", "=", "x", " Paris", "Lyon", "\n", ": "])))
def test_code_keeps_the_length_and_the_lines(pieces: list[str]) -> None:
    text = "".join(pieces)
    laid = code_laid_out(text)
    assert len(laid) == len(text)
    assert all(a == b or b.isspace() for a, b in zip(text, laid, strict=True) if a == "\n")


@pytest.mark.parametrize(
    ("reply", "values"),
    [
        ("```sql\nSELECT 'Sydney' UNION SELECT 'Canberra';\n```", ["Sydney", "Canberra"]),
        ('```c\nreturn "Sydney"; // maybe "Canberra"\n```', ["Sydney", "Canberra"]),
        ('answer = "Sydney" if confident else "Canberra"', ["Sydney", "Canberra"]),
        ("['Sydney', 'Canberra']", ["Sydney", "Canberra"]),
        ('"Sydney","Canberra"', ["Sydney", "Canberra"]),
        ("answer: [Sydney, Canberra]", ["Sydney", "Canberra"]),
        ('```python\nprint("Canberra")\n```', ["Canberra"]),
        # A denial before a value in code stays with it.
        ('```python\ncapital = "Canberra"  # not "Sydney"\n```', ["Canberra", "not  Sydney"]),
        # Prose quotes names, and brackets cite: no code.
        ('He said "Sydney" and she said "Canberra".', ['He said "Sydney" and she said "Canberra".']),
        ('The answer is "Canberra" (not "Sydney").', ['The answer is "Canberra" (not "Sydney").']),
        ("Sources: [1, 2]", ["Sources: [1, 2]"]),
        ("It's Canberra, not Sydney's.", ["It's Canberra, not Sydney's."]),
    ],
)
def test_code_is_read_as_its_values_one_a_line(reply: str, values: list[str]) -> None:
    lines = [line.strip(" `") for line in code_laid_out(reply).splitlines()]
    assert [line for line in lines if line and line not in ("sql", "c", "python")] == values


@pytest.mark.parametrize(
    "frame",
    [
        "```sql\nSELECT '{a}' UNION SELECT '{b}';\n```",
        'answer = "{a}" if confident else "{b}"',
        "['{a}', '{b}']",
        "('{a}', '{b}')",
        '```bash\necho "{a}" || echo "{b}"\n```',
        '```python\nprint("{a}")  # or "{b}"\n```',
        "answer: [{a}, {b}]",
    ],
)
def test_two_values_in_code_pay_no_more_than_one(frame: str) -> None:
    question, one, other = "What is the capital of Australia?", "Canberra", "Sydney"
    reply = frame.format(a=one, b=other)
    labels = [judge_answerable(question, gold, reply)[0] for gold in (one, other)]
    assert labels.count(Label.CORRECT) <= 1, labels
