"""The model-based grader: SimpleQA for short answers, the defect grader, and F1@K for biographies."""

from __future__ import annotations

from typing import Any

from nohallucinate.claims import merge_near_duplicates
from nohallucinate.claims.anchors import specific_claims
from nohallucinate.claims.extraction import extract_claims
from nohallucinate.claims.verification import verify_claims
from nohallucinate.graders.biography_detail import BiographyDetail, CheckedClaim
from nohallucinate.graders.ladder import Label, f1_at_k, reward_for
from nohallucinate.graders.limits import over_limit
from nohallucinate.graders.llm.grades import ask_for_grade
from nohallucinate.graders.llm.templates import DEFECT_PROMPT, OURS, REPLY, SimpleQATemplate
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
            label, reward, detail = await self._biography(task, reply.response)
        else:
            short = self._short_answer if kind is Kind.SHORT_ANSWER else self._defect
            label, detail = await short(task, reply.response)
            reward = reward_for(task.family, label)
        return Verdict.on(task, reply.sample, label, reward, "model", detail)

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

    async def _biography(self, task: Task, response: str) -> tuple[Label, float, dict[str, Any]]:
        assert task.article is not None and task.k is not None
        extracted = await extract_claims(self.client, response, task.subject.label)
        # As in the local grader: only claims with a date, number or name beyond the subject count as facts.
        claims = merge_near_duplicates(specific_claims(extracted, task.subject.label))
        if not claims:
            # Nothing stated is an abstention; statements without a fact earn F1@K's 0.0 (both earn nothing).
            label = Label.F1_AT_K if extracted else Label.ABSTAINED
            empty = BiographyDetail(claims=[], supported=0, unsupported=0, without_a_fact=len(extracted), k=task.k)
            return label, 0.0, empty.record()
        checks = await verify_claims(self.client, claims, task.article.title, task.article.text)
        supported = sum(check.supported for check in checks)
        precision, recall, reward = f1_at_k(supported, len(checks) - supported, task.k)
        detail = BiographyDetail(
            claims=[CheckedClaim(claim=c.claim, supported=c.supported, hall_prob=c.hall_prob) for c in checks],
            claims_extracted=len(extracted),
            supported=supported,
            unsupported=len(checks) - supported,
            without_a_fact=len(extracted) - len(specific_claims(extracted, task.subject.label)),
            k=task.k,
            precision=precision,
            recall=recall,
        )
        return Label.F1_AT_K, reward, detail.record()


__all__ = ["ModelGrader"]
