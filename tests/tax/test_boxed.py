"""Final-box extraction and boxed refusals: the golden cases, and properties of the parser."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nohallucinate.answers import extract_boxed, is_refusal, is_refusal_box

EXTRACTION = [
    (r"so the answer is \boxed{\frac{1}{2}}.", r"\frac{1}{2}"),  # nested braces
    (r"\boxed{\left\{ 1, 2 \right\}}", r"\left\{ 1, 2 \right\}"),  # escaped braces do not close the box
    (r"first \boxed{3}, then on reflection \boxed{4}", "4"),  # several boxes: the last
    (r"\boxed{3} and finally \boxed{4", None),  # the last box never closes: no answer
    (r"\boxed{\boxed{5}}", r"\boxed{5}"),  # the outer box is the final one
    (r"\fbox{7}", "7"),
    (r"The answer is \boxed 5.", "5"),
    (r"\boxed {12}", "12"),
    (r"\boxed{}", ""),
    (r"\boxedanswer{3}", None),  # another command, not a box
    ("no box at all: 42", None),
    (r"\boxed{\text{I don't know.}}", r"\text{I don't know.}"),  # raw text kept
]


@pytest.mark.parametrize(("response", "box"), EXTRACTION)
def test_extraction(response: str, box: str | None) -> None:
    assert extract_boxed(response) == box


REFUSALS = [
    (r"\boxed{I don't know.}", True),
    (r"\boxed{\text{I don't know}}", True),
    (r"\boxed{\text{I don’t know.}}", True),  # curly apostrophe
    (r"\boxed{IDK}", True),
    (r"\boxed{idk!}", True),
    (r"\boxed{I do not know}", True),
    (r"\boxed{\text{I}\ \text{don't}\ \text{know}}", True),
    (r"I don't know, the problem is missing the speed.", False),  # refusal outside the box: not a refusal
    (r"I don't know the speed, so I assume 3 m/s. \boxed{42}", False),  # a number in the box, a refusal outside
    (r"\boxed{I don't know} ... actually \boxed{7}", False),  # the final box answers
    (r"\boxed{I don't know", False),  # unterminated: no box, so no refusal
    (r"\boxed{I don't know the answer but it is 3}", False),  # exact rule: more than a refusal
    (r"\boxed{kidkit}", False),
]


@pytest.mark.parametrize(("response", "refused"), REFUSALS)
def test_refusal(response: str, refused: bool) -> None:
    assert is_refusal(response) is refused


def test_the_papers_contains_rule_is_available_and_counts_more() -> None:
    response = r"\boxed{I don't know the answer but it is 3}"
    assert not is_refusal(response) and is_refusal(response, rule="contains")
    assert not is_refusal_box("42", rule="contains")


balanced = st.recursive(
    st.text(alphabet="abc019+-^_ =,.", max_size=6),
    lambda inner: st.builds(lambda a, b, c: f"{a}{{{b}}}{c}", inner, inner, inner),
    max_leaves=8,
)


@given(balanced, st.text(alphabet="xyz .,", max_size=10))
def test_any_balanced_content_comes_back_whole(content: str, before: str) -> None:
    assert extract_boxed(f"{before}\\boxed{{{content}}}") == content


@given(balanced, balanced)
def test_the_last_of_two_boxes_wins(first: str, second: str) -> None:
    assert extract_boxed(f"\\boxed{{{first}}} then \\fbox{{{second}}}") == second


@given(balanced)
def test_a_box_left_open_is_no_answer(content: str) -> None:
    assert extract_boxed(f"\\boxed{{done}} and \\boxed{{{content}") is None


@given(st.text(max_size=60))
def test_text_without_a_box_command_has_no_box(text: str) -> None:
    if "\\boxed" not in text and "\\fbox" not in text:
        assert extract_boxed(text) is None
