"""NoHallucinate as an OpenReward environment: task ids out, one hidden terminal tool in, a reward back.

`list_tasks` returns `{"task_id": ...}` and nothing else; the question is sent only as the prompt; golds,
defects and articles never leave the server. The model sees no tools: its plain reply is routed by the
harness to the hidden `@terminal` tool, which grades it and ends the episode. `score_group` grades a GRPO
group's candidates for the session's task at once: each gets the same absolute reward its own episode would.

Under a reward rule other than the spec's (`serve --threshold T --confidence MODE`) the prompt states the rule,
every reward is the rule's, and each reward's metadata (a tool output's and a group score's) also carries the rule:
`threshold` (the t in force) and `confidence_mode`. Under the spec's rule the metadata is as it always was. The
SDK has no other place for an environment-wide setting that a client reads (a split is a name and a type, a task
spec is the trainer's key to a task), so the rule travels with each reward and in the prompt.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal

from openreward.environments import (
    Environment,
    GroupCandidate,
    GroupScore,
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

from nohallucinate.env.client_view import client_detail
from nohallucinate.env.http import EXCEPTION_HANDLERS, BodyLimit, TaskSpecError
from nohallucinate.env.inprocess import NoHallucinateEnv
from nohallucinate.env.limits import MAX_BODY_BYTES, MAX_GROUP
from nohallucinate.errors import UserInputError
from nohallucinate.graders import Verdict
from nohallucinate.rewards import RewardRule

ENVIRONMENT_NAME = "nohallucinate"
# What a group score is: the candidate's own pointwise reward, not a comparison with the rest of its group.
GROUP_REWARD: dict[str, Any] = {"reward_kind": "absolute", "comparative": False}
# The protocol's kinds of split, by the names that mean them.
_SPLIT_TYPES: dict[str, Literal["train", "validation", "test"]] = {"train": "train", "validation": "validation",
                                                                    "test": "test"}  # fmt: skip


class CandidateError(UserInputError):
    """A group candidate without a final assistant turn holding text: there is no reply to grade."""


class GroupTooLarge(UserInputError):
    """A score_group call with more candidates than the server takes in one group."""


class FinalAnswer(BaseModel):
    """The model's reply, as written; nothing else is taken (an unknown field is refused, not ignored)."""

    model_config = ConfigDict(extra="forbid")

    answer: str


class NoHallucinateEnvironment(Environment):
    """One instance per episode; the task set and grader are the class's, set by `environment_class`."""

    env: ClassVar[NoHallucinateEnv]
    max_group: ClassVar[int] = MAX_GROUP

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
        # Each split of the task file under its name (a file without splits: every task in `train`); a name the
        # protocol has no type for is a training split.
        return [Split(name=name, type=_SPLIT_TYPES.get(name, "train")) for name in cls.env.splits()]

    @classmethod
    def list_tasks(cls, split: str) -> list[JSONObject]:
        return [{"task_id": task_id} for task_id in cls.env.task_ids(split)]

    def get_prompt(self) -> list[TextBlock]:
        # The system prompt, then the question, in one block; the question alone when no system prompt is sent.
        return [TextBlock(text="\n\n".join(message["content"] for message in self.env.prompt(self.task.task_id)))]

    def get_messages(self) -> list[Message]:
        return [
            Message.model_validate({"role": message["role"], "blocks": [TextBlock(text=message["content"])]})
            for message in self.env.prompt(self.task.task_id)
        ]

    def _question(self) -> str:
        return self.env.prompt(self.task.task_id)[-1]["content"]

    @terminal
    @tool
    async def answer(self, params: FinalAnswer) -> ToolOutput:
        """Your final answer. (Hidden: the harness sends the model's reply here.)"""
        verdict = await self.env.grade(self.task.task_id, params.answer, secrets=self.secrets)
        detail = verdict_metadata(verdict, params.answer, self._question(), rule=self.env.rule)
        return ToolOutput(
            blocks=[TextBlock(text=f"{detail['verdict']} (reward {verdict.reward:.3f})")],
            reward=verdict.reward,
            finished=True,
            metadata=detail,
        )

    async def score_group(self, candidates: Sequence[GroupCandidate]) -> list[GroupScore]:
        """Each candidate's reward for this session's task: its final assistant turn's text, graded as its own
        episode would grade it (an absolute reward, not a comparison; see GROUP_REWARD), with the work the group
        shares done once. A candidate without that text, or a failed grading, raises: never a made-up score."""
        if len(candidates) > self.max_group:
            raise GroupTooLarge(
                f"{len(candidates)} candidates in one group; this server takes at most {self.max_group} "
                "(split the group: each candidate's reward is absolute, so splitting changes none)"
            )
        replies = [final_reply(candidate.messages, index) for index, candidate in enumerate(candidates)]
        verdicts = await self.env.grade_group(self.task.task_id, replies, secrets=self.secrets)
        scores = []
        for candidate, reply, verdict in zip(candidates, replies, verdicts, strict=True):
            assert verdict.reward is not None  # grade_group raises rather than return an errored verdict
            echoed = {} if candidate.metadata is None else {"candidate_metadata": candidate.metadata}
            scores.append(
                GroupScore(
                    reward=verdict.reward,
                    metadata={
                        **verdict_metadata(verdict, reply, self._question(), rule=self.env.rule),
                        **GROUP_REWARD,
                        **echoed,
                    },
                )
            )
        return scores


def verdict_metadata(verdict: Verdict, *known: str, rule: RewardRule | None = None) -> dict[str, Any]:
    """What a reward carries beside it: the verdict's label, what decided it, and the grader's detail as a
    client may see it (`client_view.client_detail`; `known`: the reply graded and the question); under a rule
    other than the spec's, the rule's threshold and confidence mode too."""
    metadata = {
        "verdict": verdict.label.value if verdict.label else None,
        "decided_by": verdict.decided_by,
        "detail": client_detail(verdict.detail, *known),
    }
    return metadata if rule is None or rule.is_spec else {**metadata, **rule.record()}


def final_reply(messages: Sequence[Message], index: int) -> str:
    """The visible text of a candidate's last assistant turn (its text blocks, joined by newlines); candidate
    `index` without one raises CandidateError (its reasoning, tool calls or images are not a reply)."""
    turns = [message for message in messages if message.role == "assistant"]
    texts = [block.text for block in turns[-1].blocks if isinstance(block, TextBlock)] if turns else []
    if not texts:
        found = "no assistant turn" if not turns else "a last assistant turn without a text block"
        raise CandidateError(f"candidate {index} has {found}: there is no reply to grade")
    return "\n".join(texts)


def environment_class(env: NoHallucinateEnv, max_group: int = MAX_GROUP) -> type[NoHallucinateEnvironment]:
    """An environment class serving `env` (the SDK instantiates one per episode)."""
    return type("NoHallucinate", (NoHallucinateEnvironment,), {"env": env, "max_group": max_group})


def make_server(env: NoHallucinateEnv, max_body_bytes: int = MAX_BODY_BYTES, max_group: int = MAX_GROUP) -> Server:
    """The OpenReward server for `env`, refusing bodies over `max_body_bytes` (413; a score_group body over
    `max_group` times that), groups of more than `max_group` candidates, and bad task specs (4xx)."""
    server = Server([environment_class(env, max_group)], return_errors="exception")
    for error, handler in EXCEPTION_HANDLERS.items():
        server.app.add_exception_handler(error, handler)
    # Outermost: before the app reads anything.
    server.app.add_middleware(BodyLimit, max_bytes=max_body_bytes, group_max_bytes=max_group * max_body_bytes)
    return server
