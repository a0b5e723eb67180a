"""The README's group-scoring examples run as written and print what their comments say.

Each Python block of the "Group scoring (GRPO)" section is run (the served one against a real `nohallucinate serve`
on the demo set, at the address the README gives replaced by the test server's); the output each `print(...)`
line claims in its trailing comment must be what it prints.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable

from serving import Served

from nohallucinate.tasks import demo_tasks_path
from support.readme import claimed_output, readme_example

README_URL = "http://127.0.0.1:8080"


def run(block: str) -> list[str]:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(block, "README.md", "exec"), {"__name__": "readme"})  # our own README's code
    return printed.getvalue().splitlines()


def test_the_section_has_a_served_and_an_in_process_example() -> None:
    served, in_process = readme_example("group-scoring-served"), readme_example("group-scoring-in-process")
    assert "session.score_group(" in served.body and README_URL in served.body
    assert "env.grade_group(" in in_process.body
    assert all(claimed_output(example) for example in (served, in_process))


def test_the_served_example_prints_what_it_claims(start_server: Callable[..., Served]) -> None:
    served = readme_example("group-scoring-served")
    # On the demo set (the last --tasks given is the one read), grading on the event loop: it starts sooner.
    server = start_server("--grader", "local", "--grading-workers", "0", "--tasks", str(demo_tasks_path()))
    block = served.body.replace(README_URL, server.url)
    assert run(block) == claimed_output(served)


def test_the_in_process_example_prints_what_it_claims() -> None:
    in_process = readme_example("group-scoring-in-process")
    assert run(in_process.body) == claimed_output(in_process)
