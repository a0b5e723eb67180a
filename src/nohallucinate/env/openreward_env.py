"""NoHallucinate as an OpenReward environment: task ids out, one hidden terminal tool in, a reward back.

`list_tasks` returns `{"task_id": ...}` and nothing else; the question is sent only as the prompt; golds,
defects and articles never leave the server. The model sees no tools: its plain reply is routed by the
harness to the hidden `@terminal` tool, which grades it and ends the episode.
"""

from __future__ import annotations

from typing import Any, ClassVar

from openreward.environments import (
    Environment,
    JSONObject,
    Message,
    Server,
    Split,
    TextBlock,
    ToolOutput,
    terminal,
    tool,
)
from pydantic import BaseModel, ConfigDict

from nohallucinate.env.http import EXCEPTION_HANDLERS, BodyLimit, TaskSpecError
from nohallucinate.env.inprocess import SPLIT, NoHallucinateEnv
from nohallucinate.env.limits import MAX_BODY_BYTES

ENVIRONMENT_NAME = "nohallucinate"


class FinalAnswer(BaseModel):
    """The model's reply, as written; nothing else is taken (an unknown field is refused, not ignored)."""

    model_config = ConfigDict(extra="forbid")

    answer: str


class NoHallucinateEnvironment(Environment):
    """One instance per episode; the task set and grader are the class's, set by `environment_class`."""

    env: ClassVar[NoHallucinateEnv]

    def __init__(self, task_spec: JSONObject = {}, secrets: dict[str, str] = {}) -> None:  # noqa: B006 (SDK signature)
        super().__init__(task_spec, secrets)
        task_id = task_spec.get("task_id")
        if not isinstance(task_id, str):
            raise TaskSpecError('a task spec is {"task_id": "<string>"}')
        self.task = self.env.task(task_id)  # an unknown id fails here, before any episode starts
        self.secrets = dict(secrets)

    @classmethod
    def name(cls) -> str:
        return ENVIRONMENT_NAME

    @classmethod
    def list_splits(cls) -> list[Split]:
        return [Split(name=SPLIT, type="train")]

    @classmethod
    def list_tasks(cls, split: str) -> list[JSONObject]:
        return [{"task_id": task_id} for task_id in cls.env.task_ids(split)]

    def get_prompt(self) -> list[TextBlock]:
        system, question = self.env.prompt(self.task.task_id)
        return [TextBlock(text=f"{system['content']}\n\n{question['content']}")]

    def get_messages(self) -> list[Message]:
        return [
            Message.model_validate({"role": message["role"], "blocks": [TextBlock(text=message["content"])]})
            for message in self.env.prompt(self.task.task_id)
        ]

    @terminal
    @tool
    async def answer(self, params: FinalAnswer) -> ToolOutput:
        """Your final answer. (Hidden: the harness sends the model's reply here.)"""
        verdict = await self.env.grade(self.task.task_id, params.answer, secrets=self.secrets)
        detail: dict[str, Any] = {
            "verdict": verdict.label.value if verdict.label else None,
            "decided_by": verdict.decided_by,
            "detail": verdict.detail,
        }
        return ToolOutput(
            blocks=[TextBlock(text=f"{detail['verdict']} (reward {verdict.reward:.3f})")],
            reward=verdict.reward,
            finished=True,
            metadata=detail,
        )


def environment_class(env: NoHallucinateEnv) -> type[NoHallucinateEnvironment]:
    """An environment class serving `env` (the SDK instantiates one per episode)."""
    return type("NoHallucinate", (NoHallucinateEnvironment,), {"env": env})


def make_server(env: NoHallucinateEnv, max_body_bytes: int = MAX_BODY_BYTES) -> Server:
    """The OpenReward server for `env`, refusing bodies over `max_body_bytes` (413) and bad task specs (4xx)."""
    server = Server([environment_class(env)], return_errors="exception")
    for error, handler in EXCEPTION_HANDLERS.items():
        server.app.add_exception_handler(error, handler)
    server.app.add_middleware(BodyLimit, max_bytes=max_body_bytes)  # outermost: before the app reads anything
    return server
