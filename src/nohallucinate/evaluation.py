"""One call from Python: `nohallucinate.evaluate(policy=..., tasks=..., grader=..., out=...)`.

It does what `nohallucinate sweep` does: each task (and sample) put to the policy, each reply graded, the verdicts
summarised; with `out`, into a run directory that `report`, `export` and `regrade` read like any sweep's. A failed
policy call or grading is an errored item, counted in the summary (`errored`, `errors`), never a score.
`evaluate` is synchronous; from inside a running event loop, await `evaluate_async`.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from nohallucinate.checksums import file_sha256
from nohallucinate.errors import UserInputError
from nohallucinate.graders import GraderSpec, Verdict
from nohallucinate.models import ClientSettings, Endpoint, ModelClient
from nohallucinate.policies import MODEL_PREFIX, Policy, make_policy
from nohallucinate.rewards import RewardRule, under_rule
from nohallucinate.runs import (
    RunConfig,
    RunSession,
    RunSummary,
    model_records,
    pending,
    sample_counts,
    summarise,
    sweep,
)
from nohallucinate.tasks import Task, demo_tasks_path, load_tasks, select_tasks

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Evaluation:
    """What `evaluate` found: the summary (as `sweep --json` prints it), every verdict, and the run directory
    (None when no `out` was given)."""

    summary: RunSummary
    verdicts: list[Verdict]
    run_dir: Path | None = None

    @property
    def mean_reward(self) -> float | None:
        """The mean reward over every graded item (None when nothing was graded)."""
        return self.summary["overall"]


async def evaluate_async(
    policy: str | Policy = "always_abstain",
    *,
    tasks: str | Path | Sequence[Task] | None = None,
    grader: str | GraderSpec = "local",
    out: str | Path | None = None,
    split: str | None = None,
    per_family: int | None = None,
    samples: int = 1,
    rule: RewardRule | None = None,
    policy_base_url: str | None = None,
    policy_api_key: str | None = None,
    settings: ClientSettings | None = None,
) -> Evaluation:
    """Sweep `policy` over `tasks` and grade every reply with `grader`.

    Args:
        policy: A policy's name as `sweep --policy` takes it (`always_abstain`, `always_confident`, a simulated
            policy, `openai:MODEL`, `module:function`), or any object with the `Policy` protocol's `answer`.
        tasks: A task file, or tasks already loaded; the bundled demo set when None.
        grader: `local`, `llm` or `hybrid` (a model grader's endpoint from $OPENAI_BASE_URL and $OPENAI_API_KEY),
            or a `GraderSpec` naming its model, endpoint and key.
        out: A new (or empty) directory to write the run into, as `sweep --out` does; needs tasks from a file.
        split, per_family, samples: Which tasks, and replies asked of each (as `sweep`'s flags).
        rule: The reward rule (the spec's when None): its prompt is sent, its rewards given.
        policy_base_url, policy_api_key: Where an `openai:MODEL` policy is asked (else $OPENAI_BASE_URL and
            $OPENAI_API_KEY).
        settings: The model clients' settings (concurrency, retries, timeout, response cache).
    """
    settings = settings or ClientSettings()
    rule = rule or RewardRule()
    path, chosen = _chosen_tasks(tasks, split, per_family)
    counts = sample_counts(chosen, samples)
    spec = grader if isinstance(grader, GraderSpec) else GraderSpec(grader, settings=settings)
    policy_endpoint = _policy_endpoint(policy, policy_base_url, policy_api_key)
    session = None
    if out is not None:
        if path is None:
            raise UserInputError("out: a run records its task file, so give tasks as a file (or None: the demo set)")
        config = RunConfig(
            tasks_path=str(path), tasks_sha256=file_sha256(path), per_family=per_family, split=split, samples=counts,
            policy=policy if isinstance(policy, str) else policy.name, grader=spec.name,
            models=model_records(policy_endpoint, None, spec.endpoint()), reward=rule,
        )  # fmt: skip
        plan = [(task.task_id, sample) for task, sample in pending(chosen, counts)]
        session = RunSession.start(Path(out), config, plan=plan)
    client: ModelClient | None = None if policy_endpoint is None else settings.client(policy_endpoint)
    opened = spec.open()
    try:
        answering = make_policy(policy, client, rule) if isinstance(policy, str) else policy
        graded = under_rule(opened.grader, rule)
        if session is None:
            verdicts = await sweep(chosen, answering, graded, samples=counts, concurrency=settings.concurrency)
        else:
            # A failed write (a full disk) stops the run with what was kept and how to continue it, as sweep's.
            with session.recording(len(plan), f"nohallucinate sweep --resume {session.directory}") as store:
                verdicts = await sweep(chosen, answering, graded, samples=counts, concurrency=settings.concurrency,
                                       on_result=store.record)  # fmt: skip
    finally:
        await opened.aclose()
        if client is not None:
            await client.aclose()
    return Evaluation(summarise(verdicts, rule), verdicts, None if session is None else session.directory)


def _synchronous(coroutine_function: Callable[P, Coroutine[Any, Any, R]], name: str) -> Callable[P, R]:
    """The synchronous twin of `coroutine_function`, called `name`: the same parameters and docstring, run to
    completion in an event loop of its own."""

    def twin(*args: P.args, **kwargs: P.kwargs) -> R:
        return asyncio.run(coroutine_function(*args, **kwargs))

    functools.update_wrapper(twin, coroutine_function)  # inspect.signature and help() show the async one's
    twin.__name__ = twin.__qualname__ = name
    return twin


evaluate = _synchronous(evaluate_async, "evaluate")


def _chosen_tasks(
    tasks: str | Path | Sequence[Task] | None, split: str | None, per_family: int | None
) -> tuple[Path | None, list[Task]]:
    """The task file (None for tasks given loaded) and the tasks of the selection."""
    if tasks is not None and not isinstance(tasks, str | Path):
        return None, _selected(list(tasks), split, per_family)
    path = demo_tasks_path() if tasks is None else Path(tasks)
    return path.resolve(), _selected(load_tasks(path), split, per_family)


def _selected(every: list[Task], split: str | None, per_family: int | None) -> list[Task]:
    chosen = select_tasks(every, split, per_family)
    if not chosen:
        raise UserInputError("no task is left to evaluate after the selection")
    return chosen


def _policy_endpoint(policy: str | Policy, base_url: str | None, api_key: str | None) -> Endpoint | None:
    if isinstance(policy, str) and policy.startswith(MODEL_PREFIX):
        return Endpoint.resolve(policy.removeprefix(MODEL_PREFIX), base_url=base_url, api_key=api_key)
    return None
