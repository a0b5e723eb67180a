"""What group scoring saves on biographies: model calls and prompt sent per GRPO group, against one by one.

Each of the demo set's biography tasks gets a group of `--size` candidates with overlapping claims
(tests/support/biography_groups.py: varying selections of the article lead's sentences, one repeated reply, one
"I don't know.", invented sentences on every odd candidate). The group is graded by the llm grader against the
local chat-completions server (the scripted model, which judges each claim on its own) twice: each candidate
alone, then as one group. The verdicts must be identical; the calls, prompt characters and prompt tokens (as the
server counts them: words) are summed from the client's usage and the server's request log.

    .venv/bin/python benchmarks/group_scoring.py [--size 8] [--tasks 39]
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from nohallucinate.graders import ModelGrader, Verdict, grade_group
from nohallucinate.models import Endpoint, ModelClient
from nohallucinate.tasks import Family, Reply, Task, load_demo_tasks
from support.biography_groups import biography_group
from support.openai_server import OpenAIServer
from support.scripted_model import scripted_model


@dataclass
class Cost:
    calls: int = 0
    prompt_chars: int = 0
    prompt_tokens: int = 0
    article_copies: int = 0

    def add(self, other: Cost) -> None:
        self.calls += other.calls
        self.prompt_chars += other.prompt_chars
        self.prompt_tokens += other.prompt_tokens
        self.article_copies += other.article_copies


async def graded(server: OpenAIServer, task: Task, texts: list[str], together: bool) -> tuple[list[Verdict], Cost]:
    """The verdicts on `texts` (as one group, or each alone) and what they cost."""
    assert task.article is not None
    client = ModelClient(Endpoint(model="grader", base_url=server.url, api_key="k"))  # no cache: every call counts
    grader = ModelGrader(client)
    replies = [Reply(task_id=task.task_id, response=text, sample=i) for i, text in enumerate(texts)]
    start = len(server.requests)
    try:
        if together:
            verdicts = await grade_group(grader, task, replies)
        else:
            verdicts = [await grader.grade(task, reply) for reply in replies]
    finally:
        await client.aclose()
    prompts = [request["messages"][-1]["content"] for request in server.requests[start:]]
    cost = Cost(client.usage.calls, sum(map(len, prompts)), client.usage.prompt_tokens)
    cost.article_copies = sum(task.article.text.strip() in prompt for prompt in prompts)
    return verdicts, cost


async def measure(server: OpenAIServer, tasks: list[Task], size: int) -> tuple[Cost, Cost]:
    alone, together = Cost(), Cost()
    for task in tasks:
        texts = biography_group(task, size)
        one_by_one, cost_alone = await graded(server, task, texts, together=False)
        as_group, cost_group = await graded(server, task, texts, together=True)
        if as_group != one_by_one:
            raise SystemExit(f"task {task.task_id}: the group's verdicts differ from grading each alone")
        alone.add(cost_alone)
        together.add(cost_group)
    return alone, together


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=8, help="candidates per group")
    parser.add_argument("--tasks", type=int, default=None, help="biography tasks used (default: all)")
    args = parser.parse_args()
    tasks = [task for task in load_demo_tasks() if task.family is Family.BIOGRAPHY][: args.tasks]
    with OpenAIServer(scripted_model) as server:
        alone, together = asyncio.run(measure(server, tasks, args.size))
    groups = len(tasks)
    print(f"{groups} groups of {args.size} biography candidates, llm grader; verdicts identical in every group")
    print(f"{'per group':<22} {'one by one':>12} {'as a group':>12} {'ratio':>7}")
    for name in ("calls", "prompt_chars", "prompt_tokens", "article_copies"):
        before, after = getattr(alone, name) / groups, getattr(together, name) / groups
        print(f"{name.replace('_', ' '):<22} {before:>12,.1f} {after:>12,.1f} {before / after:>6.2f}×")


if __name__ == "__main__":
    main()
