"""F1@K with a model: a biography's claims are extracted, checked against the article, and scored.

A reply alone has its own claims checked. A group of replies to the same task has the union of their claims
checked once (`grade_biographies`): the article is sent once per batch of the group's distinct claims rather
than once per batch of each reply's, and a claim several replies make is checked once. Each reply's F1@K and
detail are then computed from its own claims' checks, exactly as alone.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Any

from nohallucinate.claims import ClaimCheck, merge_near_duplicates
from nohallucinate.claims.anchors import specific_claims
from nohallucinate.claims.extraction import extract_claims
from nohallucinate.claims.verification import verify_claims
from nohallucinate.graders.biography_detail import BiographyDetail, CheckedClaim
from nohallucinate.graders.ladder import Label, f1_at_k
from nohallucinate.models import ModelClient
from nohallucinate.tasks import Task

Judgement = tuple[Label, float, dict[str, Any]]


@dataclass(frozen=True)
class BiographyClaims:
    """What the model read in one reply: every claim extracted, and the distinct claims with a fact to check."""

    extracted: list[str]
    with_a_fact: int  # extracted claims with a date, number or name beyond the subject, before merging
    to_check: list[str]


async def read_claims(client: ModelClient, task: Task, response: str) -> BiographyClaims:
    """The reply's claims, by one extraction call."""
    extracted = await extract_claims(client, response, task.subject.label)
    # As in the local grader: only claims with a date, number or name beyond the subject count as facts.
    specific = specific_claims(extracted, task.subject.label)
    return BiographyClaims(extracted, len(specific), merge_near_duplicates(specific))


async def check_claims(client: ModelClient, task: Task, claims: list[str]) -> list[ClaimCheck]:
    """One check per claim, in order, against the task's article (in batches, the article sent with each)."""
    assert task.article is not None
    return await verify_claims(client, claims, task.article.title, task.article.text) if claims else []


def judge(task: Task, claims: BiographyClaims, checks: Sequence[ClaimCheck]) -> Judgement:
    """Label, reward and detail of a reply from its claims and their checks (aligned with `claims.to_check`)."""
    assert task.k is not None
    without_a_fact = len(claims.extracted) - claims.with_a_fact
    if not claims.to_check:
        # Nothing stated is an abstention; statements without a fact earn F1@K's 0.0 (both earn nothing).
        label = Label.F1_AT_K if claims.extracted else Label.ABSTAINED
        empty = BiographyDetail(claims=[], supported=0, unsupported=0, without_a_fact=without_a_fact, k=task.k)
        return label, 0.0, empty.record()
    supported = sum(check.supported for check in checks)
    precision, recall, reward = f1_at_k(supported, len(checks) - supported, task.k)
    detail = BiographyDetail(
        claims=[CheckedClaim(claim=c.claim, supported=c.supported, hall_prob=c.hall_prob) for c in checks],
        claims_extracted=len(claims.extracted),
        supported=supported,
        unsupported=len(checks) - supported,
        without_a_fact=without_a_fact,
        k=task.k,
        precision=precision,
        recall=recall,
    )
    return Label.F1_AT_K, reward, detail.record()


async def grade_biography(client: ModelClient, task: Task, response: str) -> Judgement:
    """F1@K of one reply: its claims extracted, then checked."""
    claims = await read_claims(client, task, response)
    return judge(task, claims, await check_claims(client, task, claims.to_check))


async def grade_biographies(client: ModelClient, task: Task, responses: Sequence[str]) -> list[Judgement | Exception]:
    """F1@K of each reply to one task, in order, or the exception its grading raised: one extraction call per
    reply, then one check of the union of their claims. A failed check fails every reply with claims to check."""
    read = await asyncio.gather(*(_attempt(read_claims(client, task, response)) for response in responses))
    union = list(dict.fromkeys(c for claims in read if isinstance(claims, BiographyClaims) for c in claims.to_check))
    try:
        by_claim = dict(zip(union, await check_claims(client, task, union), strict=True))
    except Exception as exc:  # no reply with claims can be scored; a reply without any still can
        return [c if isinstance(c, Exception) else exc if c.to_check else judge(task, c, []) for c in read]
    return [c if isinstance(c, Exception) else judge(task, c, [by_claim[x] for x in c.to_check]) for c in read]


async def _attempt(reading: Awaitable[BiographyClaims]) -> BiographyClaims | Exception:
    try:
        return await reading
    except Exception as exc:  # one reply's failure is its own; the others are still graded
        return exc
