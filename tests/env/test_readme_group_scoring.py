"""The README's group-scoring examples run as written and print what their comments say.

Each Python block of the "Group scoring (GRPO)" section is run (the served one against a real `nohallucinate serve`
on the demo set, at the address the README gives replaced by the test server's); the output each `print(...)`
line claims in its trailing comment must be what it prints.
"""

from __future__ import annotations

import contextlib
import io
import re
from collections.abc import Callable
from pathlib import Path

from serving import Served

from nohallucinate.tasks import demo_tasks_path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
SECTION = "### Group scoring (GRPO)"
README_URL = "http://127.0.0.1:8080"


def section_blocks() -> list[str]:
    """The Python blocks of the section, in order."""
    start = README.index(SECTION)
    end = README.index("\n## ", start)
    return re.findall(r"```python\n(.*?)```", README[start:end], re.DOTALL)


def claimed_output(block: str) -> list[str]:
    """What the block's print lines say they print: the comment after each `print(...)`."""
    return [line.split("  # ", 1)[1].strip() for line in block.splitlines() if line.startswith("print(")]


def run(block: str) -> list[str]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})  # our own README's code
    return printed.getvalue().splitlines()


def test_the_section_has_a_served_and_an_in_process_example() -> None:
    served, in_process = section_blocks()
    assert "session.score_group(" in served and README_URL in served
    assert "env.grade_group(" in in_process
    assert all(claimed_output(block) for block in (served, in_process))


def test_the_served_example_prints_what_it_claims(start_server: Callable[..., Served]) -> None:
    served, _ = section_blocks()
    # On the demo set (the last --tasks given is the one read), grading on the event loop: it starts sooner.
    server = start_server("--grader", "local", "--grading-workers", "0", "--tasks", str(demo_tasks_path()))
    block = served.replace(README_URL, server.url)
    assert run(block) == claimed_output(served)


def test_the_in_process_example_prints_what_it_claims() -> None:
    _, in_process = section_blocks()
    assert run(in_process) == claimed_output(in_process)
