"""A policy that asks a model, with one system prompt for every question."""

from __future__ import annotations

from nohallucinate.models import ModelClient
from nohallucinate.spec import MODEL_POLICY_PREFIX
from nohallucinate.tasks import Reply, Task
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, prompt_messages


class ModelPolicy:
    """Answers with the model behind `client`; `name` is "openai:MODEL"."""

    def __init__(self, client: ModelClient, system_prompt: str = SYSTEM_PROMPT) -> None:
        self.client = client
        self.system_prompt = system_prompt
        self.name = f"{MODEL_POLICY_PREFIX}{client.endpoint.model}"

    async def answer(self, task: Task, sample: int = 0) -> Reply:
        completion = await self.client.complete(prompt_messages(task, self.system_prompt), sample=sample)
        return Reply(task_id=task.task_id, response=completion.text, policy=self.name, sample=sample)
