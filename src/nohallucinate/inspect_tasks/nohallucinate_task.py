"""NoHallucinate as an inspect_ai task: `inspect eval nohallucinate/nohallucinate --model openai/MODEL`.

What a sample holds and how it is scored:
- The input is the shared system prompt and the question (the spec's prompt; the one stating `threshold` and
  `confidence`; the text of `system_prompt_file`, word for word; or none with `no_system_prompt`). The solver is
  inspect's `generate()`: one reply, nothing added to the prompt.
- The target is what the grader compares against: the gold answer, the defect, or the article's title and URL.
  Inspect shows it in its log and viewer; it is never part of the input.
- The sample id is the task id and the metadata its family, tier and split.
- The scorer is our grader (`local`, `llm` or `hybrid`). The score's value is the reward; its answer is the reply;
  its metadata the label, family, tier, `decided_by` and the grader's detail (and, under any reward rule but
  the spec's, `threshold` and `confidence_mode`). A grader that fails raises: inspect
  records a sample error (retried by `inspect eval-retry`), never a score.
- Metrics: the mean reward with its standard error, overall, by family, and by tier (over the tasks that have one).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from pathlib import Path

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.model import ChatMessage, ChatMessageSystem, ChatMessageUser
from inspect_ai.scorer import Score, Scorer, Target, mean, scorer, stderr
from inspect_ai.solver import TaskState, generate

from nohallucinate.env.inprocess import NoHallucinateEnv
from nohallucinate.env.per_loop import PerLoop
from nohallucinate.errors import NohallucinateError, UserInputError
from nohallucinate.graders import GraderSpec
from nohallucinate.inspect_tasks.metrics import by_metadata
from nohallucinate.models import ClientSettings
from nohallucinate.rewards import ConfidenceMode, RewardRule
from nohallucinate.spec import DEFAULT_GRADER_MODEL
from nohallucinate.tasks import Family, load_tasks, select_per_family, select_tasks
from nohallucinate.tasks import Task as NoHallucinateTask
from nohallucinate.tasks.loading import demo_tasks_path
from nohallucinate.tasks.prompt import NO_SYSTEM_PROMPT, read_system_prompt

METRICS = [
    mean(),
    stderr(),
    by_metadata("family", mean()),
    by_metadata("family", stderr(), name="{group}_stderr"),
    by_metadata("tier", mean(), name="tier_{group}"),
    by_metadata("tier", stderr(), name="tier_{group}_stderr"),
]


@task
def nohallucinate(
    tasks: str | None = None,
    families: str | Sequence[str] | None = None,
    per_family: int | None = None,
    split: str | None = None,
    grader: str = "local",
    grader_model: str = DEFAULT_GRADER_MODEL,
    grader_base_url: str | None = None,
    grader_api_key_var: str = "OPENAI_API_KEY",
    grader_concurrency: int = 16,
    grader_timeout: float = 120.0,
    grader_attempts: int = 6,
    grader_cache: bool = True,
    threshold: float | None = None,
    confidence: ConfidenceMode = "off",
    system_prompt_file: str | None = None,
    no_system_prompt: bool = False,
) -> Task:
    """Closed-book questions in seven families, each reply graded on the reward ladder.

    Args:
        tasks: A task file (JSONL); the bundled demo set when unset.
        families: Only these families (a comma-separated list, or a list).
        per_family: The first N tasks of each family, in file order.
        split: Only the tasks of this split (`test`: held out, for evaluation).
        grader: `local`, `llm` or `hybrid`.
        grader_model: The model-based grader's model.
        grader_base_url: Its OpenAI-compatible base URL; unset: $OPENAI_BASE_URL, else OpenAI.
        grader_api_key_var: The environment variable holding its key (the key itself is never a parameter).
        grader_concurrency: Grader requests in flight at once.
        grader_timeout: Seconds one grader request may take.
        grader_attempts: Attempts per grader call before the sample errors.
        grader_cache: Keep and reuse the grader's answers in the response cache (false: ask every time).
        threshold: What abstaining earns, strictly between 0 and 1, stated in the prompt; unset: the spec's 0.5.
        confidence: `off`; `report`: a last line "Confidence: 0.73" read and recorded; `brier`: also scored.
        system_prompt_file: Send this file's text as the system prompt, word for word.
        no_system_prompt: Send no system prompt: the question alone.
    """
    if system_prompt_file is not None and no_system_prompt:
        raise UserInputError("give system_prompt_file or no_system_prompt, not both")
    rule = RewardRule(threshold=threshold, confidence=confidence)
    path = Path(tasks) if tasks is not None else demo_tasks_path()
    chosen = select_per_family(_of_families(select_tasks(load_tasks(path), split), families), per_family)
    if not chosen:
        raise UserInputError(f"{path}: no task is left to evaluate after the selection")
    spec = GraderSpec(
        name=grader,
        model=grader_model,
        base_url=grader_base_url,
        api_key=os.environ.get(grader_api_key_var) or None,
        settings=ClientSettings(
            concurrency=grader_concurrency,
            timeout=grader_timeout,
            max_attempts=grader_attempts,
            no_cache=not grader_cache,
        ),
    )
    spec.check_key(grader_api_key_var, "-T grader_api_key_var", "-T grader_base_url")  # now, not in every sample
    prompt = NO_SYSTEM_PROMPT if no_system_prompt else None
    if system_prompt_file is not None:
        prompt = read_system_prompt(system_prompt_file)

    def make_env() -> NoHallucinateEnv:
        return NoHallucinateEnv(chosen, spec, system_prompt=prompt, rule=rule)

    shown = make_env()  # for the prompts; grading happens in each event loop's own (PerLoop)
    return Task(
        dataset=MemoryDataset([_sample(shown, item) for item in chosen], name=path.stem, location=str(path)),
        solver=generate(tool_calls="none"),  # one reply; a tool call the model makes is not run
        scorer=nohallucinate_grader(make_env),
        metadata={"grader": grader, "rule": rule.describe(), "tasks": str(path)},
    )


@scorer(metrics=METRICS)
def nohallucinate_grader(make_env: Callable[[], NoHallucinateEnv]) -> Scorer:
    """The reward ladder: the verdict of our grader on the reply. A grader that fails raises (a sample error)."""
    envs: PerLoop[NoHallucinateEnv] = PerLoop()  # the grader's model clients belong to the loop that opened them

    async def score(state: TaskState, target: Target) -> Score:
        reply = replied_text(state)
        env = envs.get(None, make_env)
        verdict = await env.grade(str(state.sample_id), reply, sample=state.epoch - 1)  # raises GradingError
        label = verdict.label.value if verdict.label else None
        assert verdict.reward is not None  # an errored verdict has raised GradingError
        return Score(
            value=verdict.reward,
            answer=reply,
            explanation=f"{label} (decided by {verdict.decided_by})",
            metadata={
                "label": label,
                "family": verdict.family.value,
                "tier": verdict.tier,
                "decided_by": verdict.decided_by,
                "detail": verdict.detail,
                **({} if env.rule.is_spec else env.rule.record()),  # the t in force and the confidence mode
            },
        )

    return score


class NoReplyError(NohallucinateError, RuntimeError):
    """The sample has no reply to grade: the model sent no text, or a limit stopped it before it did."""


def replied_text(state: TaskState) -> str:
    """The reply to grade: inspect's completion (the text, apart from any reasoning it separated out). No text at
    all (no message content, a tool call, a message, token or time limit reached first) raises NoReplyError: a
    sample error, never graded as an "I don't know"."""
    reply = state.output.completion
    if not reply.strip():
        stop = state.output.stop_reason if not state.output.empty else "no output"
        raise NoReplyError(f"sample {state.sample_id}: the model gave no reply text (stop reason: {stop})")
    return reply


def _sample(env: NoHallucinateEnv, item: NoHallucinateTask) -> Sample:
    messages: list[ChatMessage] = [
        ChatMessageSystem(content=m["content"]) if m["role"] == "system" else ChatMessageUser(content=m["content"])
        for m in env.prompt(item.task_id)
    ]
    return Sample(
        id=item.task_id,
        input=messages,
        target=_target(item),
        metadata={"family": item.family.value, "tier": item.tier, "split": item.split},
    )


def _target(item: NoHallucinateTask) -> str:
    """What the grader compares the reply against: the gold, the defect, or the article (its title and URL)."""
    if item.gold is not None:
        return item.gold
    if item.defect is not None:
        return item.defect
    if item.article is not None:
        return f"{item.article.title} ({item.article.url})"
    return ""


def _of_families(items: list[NoHallucinateTask], families: str | Sequence[str] | None) -> list[NoHallucinateTask]:
    if families is None:
        return items
    names = [name.strip() for name in (families.split(",") if isinstance(families, str) else families)]
    known = {family.value for family in Family}
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        raise UserInputError(f"unknown families {unknown or names!r}; choose from {', '.join(sorted(known))}")
    return [item for item in items if item.family.value in names]
