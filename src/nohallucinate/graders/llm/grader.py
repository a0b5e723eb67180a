"""The model grader: SimpleQA for short answers, the defect grader, and F1@K for biographies."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from nohallucinate.graders.group import grade_each
from nohallucinate.graders.ladder import Label, reward_for
from nohallucinate.graders.limits import over_limit
from nohallucinate.graders.llm.biography import grade_biographies, grade_biography
from nohallucinate.graders.llm.grades import ask_for_grade
from nohallucinate.graders.llm.templates import DEFECT_PROMPT, OURS, REPLY, SimpleQATemplate
from nohallucinate.graders.safely import grading_failed
from nohallucinate.graders.verdict import Verdict
from nohallucinate.models import ModelClient
from nohallucinate.models.fences import fence
from nohallucinate.tasks import Kind, Reply, Task, spec_of

_DEFECT_GRADES = {label.value: label for label in (Label.IDENTIFIED, Label.ABSTAINED, Label.CONFABULATED)}


class ModelGrader:
    """Grades with a language model; a call that fails after its retries raises, so the item is errored."""

    name = "llm"

    def __init__(self, client: ModelClient, simpleqa: SimpleQATemplate = OURS) -> None:
        self.client = client
        self.simpleqa = simpleqa

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        if (overlong := over_limit(task, reply)) is not None:
            return overlong  # decided without a call: nothing past the limit is read, or paid for
        kind = spec_of(task.family).kind
        if kind is Kind.LONG_FORM:
            label, reward, detail = await grade_biography(self.client, task, reply.response)
        else:
            short = self._short_answer if kind is Kind.SHORT_ANSWER else self._defect
            label, detail = await short(task, reply.response)
            reward = reward_for(task.family, label)
        return Verdict.on(task, reply.sample, label, reward, "model", detail)

    async def grade_group(self, task: Task, replies: Sequence[Reply]) -> list[Verdict]:
        """Verdicts on replies to one task, in order, a failed grading errored. Biographies share their claims'
        checks: one extraction call per reply, then each distinct claim checked once, batched only beside claims
        made by exactly the same replies (`biography.by_owners`), or each reply's alone when that takes fewer
        prompts. Other families are graded one by one.

        So a reply's verdict depends only on its own text, never on what another reply wrote; with a model that
        judges every claim on its own (the test suite's scripted model), it is the verdict the reply gets alone."""
        if spec_of(task.family).kind is not Kind.LONG_FORM:
            return await grade_each(self, task, replies)
        verdicts: dict[int, Verdict] = {}
        for index, reply in enumerate(replies):
            if (overlong := over_limit(task, reply)) is not None:
                verdicts[index] = overlong  # decided without a call, as alone
        read = [index for index in range(len(replies)) if index not in verdicts]
        judged = await grade_biographies(self.client, task, [replies[index].response for index in read])
        for index, judgement in zip(read, judged, strict=True):
            sample = replies[index].sample
            if isinstance(judgement, Exception):
                verdicts[index] = grading_failed(task, sample, judgement)
            else:
                label, reward, detail = judgement
                verdicts[index] = Verdict.on(task, sample, label, reward, "model", detail)
        return [verdicts[index] for index in range(len(replies))]

    async def _short_answer(self, task: Task, response: str) -> tuple[Label, dict[str, Any]]:
        assert task.gold is not None
        prompt = self.simpleqa.render(task.question, task.gold, response)
        label, raw = await ask_for_grade(self.client, prompt, self.simpleqa.grades)
        return label, {"grader_reply": raw, "template": self.simpleqa.name}

    async def _defect(self, task: Task, response: str) -> tuple[Label, dict[str, Any]]:
        assert task.defect is not None
        prompt = DEFECT_PROMPT.format(question=task.question, defect=task.defect, reply=fence(REPLY, response))
        label, raw = await ask_for_grade(self.client, prompt, _DEFECT_GRADES)
        return label, {"grader_reply": raw}
