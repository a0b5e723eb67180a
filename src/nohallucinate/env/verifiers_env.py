"""NoHallucinate as a verifiers (v1) taskset: `vf-eval nohallucinate -m MODEL --client.base-url URL -n N -r R`.

verifiers resolves a taskset id by importing the top-level module of that name and reading its `__all__` for
exactly one `Taskset` subclass, plus optionally one `Harness` and one `Env` used as the taskset's defaults; the
`nohallucinate` package exports these three lazily (its `__getattr__`), so that importing it never imports verifiers.

What a rollout sees and records:
- The model is sent the shared system prompt and the question only. The task data saved in `traces.jsonl` is the
  task id, family, tier, the system prompt and the question: never a gold, a defect or an article. The grader
  looks the task up by id, in this process.
- The harness makes one non-streaming chat-completions call (through verifiers' interception server, which records
  it and forwards it to `--client.base-url`); the env runs it in the local subprocess runtime, so a plain `vf-eval`
  needs no Prime sandbox, no `uv` and no network beyond the model's endpoint.
- The reward `nohallucinate` is the grader's verdict; `trace.info["nohallucinate"]` holds its label, the family,
  tier, `decided_by` and the grader's detail. A grader failure raises `GradingError`, which verifiers records as a
  scoring `TaskError` on the rollout (`ok` false, the reward `null`): never a score.
- The system prompt is the one stating the rule, or the text of the task config's `system_prompt_file` (word for
  word), or none with `no_system_prompt`.
- The reward rule is the task config's `threshold` and `confidence` (`rewards.RewardRule`; unset, the spec's): the
  system prompt in the task data states it, the reward is the rule's, and under any rule but the spec's
  `trace.info["nohallucinate"]` also holds `threshold` (the t in force) and `confidence_mode`.

Grading settings live on the task config (`--env.taskset.task.*`) because verifiers rebuilds a task from its data
and the task config alone when it serves or replays one; only the per-family count is a taskset setting.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import verifiers.v1 as vf
from openai import AsyncOpenAI
from pydantic import Field, field_validator, model_validator
from verifiers.v1.dialects.chat import message_to_wire

from nohallucinate.env.inprocess import NoHallucinateEnv
from nohallucinate.env.per_loop import PerLoop
from nohallucinate.graders import GraderSpec, known_grader
from nohallucinate.models import ClientSettings
from nohallucinate.rewards import ConfidenceMode, RewardRule
from nohallucinate.spec import DEFAULT_GRADER_MODEL
from nohallucinate.tasks import Task, demo_tasks_path, load_tasks, select_tasks
from nohallucinate.tasks.prompt import NO_SYSTEM_PROMPT, prompt_messages, read_system_prompt
from nohallucinate.tasks.prompt import system_prompt as rule_prompt

_CLIENT = ClientSettings()  # the grader client's defaults, as the CLI's
REWARD_NAME = "nohallucinate"  # the reward's key in `trace.rewards`, and the key of its record in `trace.info`


class NoHallucinateTaskData(vf.TaskData):
    """What verifiers saves with each trace: the id, family, tier and prompt only (the model is sent the prompt)."""

    family: str
    tier: str | None = None


class NoHallucinateTaskConfig(vf.TaskConfig):
    """Where the tasks are and how replies are graded (`--env.taskset.task.<field>`)."""

    tasks: Path | None = None
    """Task file (JSONL); the bundled demo set when unset."""
    grader: str = "local"
    """local, llm or hybrid."""
    grader_model: str = DEFAULT_GRADER_MODEL
    """The model-based grader's model."""
    grader_base_url: str | None = None
    """The grader's OpenAI-compatible base URL; unset: $OPENAI_BASE_URL, else OpenAI."""
    grader_api_key_var: str = "OPENAI_API_KEY"
    """Name of the environment variable holding the grader's key (the key itself is never in a config)."""
    grader_concurrency: int = Field(default=_CLIENT.concurrency, ge=1)
    """Model grader requests in flight at once, across every rollout of the process."""
    grader_timeout: float = Field(default=_CLIENT.timeout, gt=0.0, allow_inf_nan=False)
    """Seconds one model grader request may take."""
    grader_attempts: int = Field(default=_CLIENT.max_attempts, ge=1)
    """Attempts per model grader call before the rollout fails."""
    grader_cache: bool = True
    """Keep and reuse the grader's answers in the response cache (false: ask every time)."""
    threshold: float | None = Field(default=None, gt=0.0, lt=1.0, allow_inf_nan=False)
    """What abstaining earns, strictly between 0 and 1, stated in the prompt; unset: the spec's 0.5, unstated."""
    confidence: ConfidenceMode = "off"
    """off: replies graded as written; report: a last line 'Confidence: 0.73' read and recorded; brier: also scored."""
    system_prompt_file: Path | None = None
    """A file whose text is sent as the system prompt, word for word; unset: the one stating the rule."""
    no_system_prompt: bool = False
    """Send no system prompt: the question alone."""

    @model_validator(mode="after")
    def _one_prompt(self) -> NoHallucinateTaskConfig:
        if self.system_prompt_file is not None and self.no_system_prompt:
            raise ValueError("give system_prompt_file or no_system_prompt, not both")
        return self

    @field_validator("grader")
    @classmethod
    def _known_grader(cls, name: str) -> str:
        return known_grader(name)

    def rule(self) -> RewardRule:
        """The reward rule these settings name."""
        return RewardRule(threshold=self.threshold, confidence=self.confidence)

    def prompt(self) -> str:
        """The system prompt these settings send: the file's text, none, or the one stating the rule."""
        if self.no_system_prompt:
            return NO_SYSTEM_PROMPT
        if self.system_prompt_file is not None:
            return read_system_prompt(self.system_prompt_file)
        rule = self.rule()
        return rule_prompt(rule.threshold, rule.confidence)

    def grader_spec(self) -> GraderSpec:
        """The grader these settings name, its key read from the environment now."""
        return GraderSpec(
            name=self.grader,
            model=self.grader_model,
            base_url=self.grader_base_url,
            api_key=os.environ.get(self.grader_api_key_var) or None,
            settings=ClientSettings(
                concurrency=self.grader_concurrency,
                timeout=self.grader_timeout,
                max_attempts=self.grader_attempts,
                no_cache=not self.grader_cache,
            ),
        )

    def task_path(self) -> Path:
        return self.tasks or demo_tasks_path()


class NoHallucinateTasksetConfig(vf.TasksetConfig):
    """The taskset's settings (`--env.taskset.<field>`); grading settings are the task config's."""

    task: NoHallucinateTaskConfig = NoHallucinateTaskConfig()
    per_family: int | None = Field(default=None, ge=1)
    """The first N tasks of each family, in file order (like `sweep --per-family`); all tasks when unset."""
    split: str | None = None
    """Only the tasks of this split (train: for training; test: held out, for evaluation); all tasks when unset."""


class NoHallucinateTask(vf.Task[NoHallucinateTaskData, vf.State, NoHallucinateTaskConfig]):
    """One task: its reward is the grader's verdict on the model's reply."""

    @property
    def key(self) -> str:
        return str(self.data.id)  # durable and unique in a task file, whatever the selection around it

    @vf.reward(weight=1.0)
    async def nohallucinate(self, trace: Any) -> float:
        """The verdict's reward; raises GradingError (a failed rollout, not a score) when the grader fails."""
        env = grading_env(self.config)
        verdict = await env.grade(str(self.data.id), trace.last_reply)
        trace.info[REWARD_NAME] = {
            "label": verdict.label.value if verdict.label else None,
            "family": verdict.family.value,
            "tier": verdict.tier,
            "decided_by": verdict.decided_by,
            "detail": verdict.detail,
            **({} if env.rule.is_spec else env.rule.record()),
        }
        assert verdict.reward is not None  # an errored verdict has raised GradingError
        return verdict.reward


class NoHallucinateTaskset(vf.Taskset[NoHallucinateTask, NoHallucinateTasksetConfig]):
    """NoHallucinate's tasks (the demo set unless `--env.taskset.task.tasks` names a file), as verifiers tasks."""

    def __init__(self, config: NoHallucinateTasksetConfig) -> None:
        super().__init__(config)
        self._tasks = select_tasks(load_tasks(config.task.task_path()), config.split, config.per_family)
        spec = config.task.grader_spec()
        # A missing key or a bad URL stops the run here, not in every rollout.
        spec.check_key(config.task.grader_api_key_var, "--env.taskset.task.grader-api-key-var",
                       "--env.taskset.task.grader-base-url")  # fmt: skip

    def load(self) -> Iterator[NoHallucinateTask]:
        prompt = self.config.task.prompt()
        for task in self._tasks:
            yield NoHallucinateTask(task_data(task, system_prompt=prompt), self.config.task)


def task_data(task: Task, rule: RewardRule | None = None, system_prompt: str | None = None) -> NoHallucinateTaskData:
    """The verifiers task data for `task`: the system prompt (`system_prompt` when given, NO_SYSTEM_PROMPT for
    none, else the one stating `rule`, the spec's when None) and the question; nothing gradeable."""
    if system_prompt is None:
        rule = rule or RewardRule()
        system_prompt = rule_prompt(rule.threshold, rule.confidence)
    *system, user = prompt_messages(task, system_prompt)
    return NoHallucinateTaskData(
        id=task.task_id,
        name=task.task_id,
        prompt=user["content"],
        system_prompt=system[0]["content"] if system else None,
        family=task.family.value,
        tier=task.tier,
    )


class SingleReplyHarness(vf.Harness[vf.HarnessConfig]):
    """One non-streaming chat completion, in process, through verifiers' interception endpoint: the model replies
    once and that reply is graded. (The stock harnesses run a streaming agent program installed with `uv`.)"""

    APPENDS_SYSTEM_PROMPT = True  # the system prompt goes as a system message, not folded into the question
    EXECUTES_CODE = False
    NEEDS_CONTAINER = False

    async def launch(
        self, ctx: Any, trace: Any, runtime: Any, endpoint: str, secret: str, mcp_urls: Any, data: Any, **_: Any
    ) -> Any:
        system, prompt = self.resolve_prompt(data)
        messages: list[Any] = [{"role": "system", "content": system}] if system else []
        if isinstance(prompt, str):
            messages.append({"role": "user", "content": prompt})
        else:
            messages.extend(message_to_wire(message) for message in prompt or [])
        # verifiers owns retries (`--env.agent.retries.*`) and records the call on the trace as it passes through.
        async with AsyncOpenAI(base_url=endpoint, api_key=secret, max_retries=0) as client:
            await client.chat.completions.create(model=ctx.model, messages=messages)
        return vf.ProgramResult(exit_code=0, stdout="", stderr="")


class LocalSingleAgentEnvConfig(vf.SingleAgentEnvConfig):
    """verifiers' single-agent env with the local subprocess runtime as its default (its own is a Prime sandbox)."""

    agent: vf.AgentConfig = vf.AgentConfig(runtime=vf.SubprocessConfig())


class LocalSingleAgentEnv(vf.SingleAgentEnv, vf.Env[LocalSingleAgentEnvConfig]):
    """The single-agent env (so `vf-replay` can re-grade its runs), run locally; closes the graders it opened."""

    async def stop(self) -> None:
        await close_grading_envs()


_GRADING_ENVS: PerLoop[NoHallucinateEnv] = PerLoop()  # one per event loop and settings


def grading_env(config: NoHallucinateTaskConfig) -> NoHallucinateEnv:
    """The in-process environment that grades for `config`: its task file and grader, shared by every rollout."""
    path, spec, rule = config.task_path(), config.grader_spec(), config.rule()
    key = (path, spec.name, spec.model, spec.base_url, spec.api_key, rule)
    return _GRADING_ENVS.get(key, lambda: NoHallucinateEnv(load_tasks(path), spec, rule=rule))


async def close_grading_envs() -> None:
    """Close the graders opened on the running loop (their model clients)."""
    for env in _GRADING_ENVS.pop_all():
        await env.aclose()
