"""F1@K with a model: a biography's claims are extracted, checked against the article, and scored.

A reply alone has its own claims checked. A group of replies to the same task has each distinct claim checked
once (`grade_biographies`), batched only beside claims made by exactly the same replies: so every prompt that
decides a reply's claim holds only text that reply wrote, and no reply can sway another's verdicts (a GRPO policy
must not gain advantage by writing instructions into its claims that sink its siblings). Each reply's F1@K and
detail are then computed from its own claims' checks, exactly as alone.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import Awaitable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from nohallucinate.claims import ClaimCheck, merge_near_duplicates
from nohallucinate.claims.anchors import specific_claims
from nohallucinate.claims.extraction import extract_claims
from nohallucinate.claims.verification import BATCH_SIZE, verify_claims
from nohallucinate.graders.biography_detail import BiographyDetail, CheckedClaim
from nohallucinate.graders.ladder import Label, f1_at_k
from nohallucinate.models import ModelClient
from nohallucinate.tasks import Task

Judgement = tuple[Label, float, dict[str, Any]]
T = TypeVar("T")


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
    reply, then each distinct claim checked once, batched with the claims of exactly the same replies
    (`by_owners`), unless that takes more batches than checking each reply's claims alone. A failed check fails
    the replies whose claims it was for."""
    read = await asyncio.gather(*(_attempt(read_claims(client, task, response)) for response in responses))
    own = [c.to_check if isinstance(c, BiographyClaims) else [] for c in read]
    plan = by_owners(own)
    if batches(plan) > batches(alone := [(claims, frozenset({i})) for i, claims in enumerate(own) if claims]):
        plan = alone  # many small owner sets: more prompts (each with the article) than grading each reply alone
    checked = await asyncio.gather(*(_attempt(check_claims(client, task, claims)) for claims, _ in plan))
    found: list[dict[str, ClaimCheck | Exception]] = [{} for _ in read]
    for (claims, users), checks in zip(plan, checked, strict=True):
        results = dict(zip(claims, checks, strict=True)) if isinstance(checks, list) else dict.fromkeys(claims, checks)
        for user in users:
            found[user] |= results
    return [
        c if isinstance(c, Exception) else _judged(task, c, [found[i][x] for x in c.to_check])
        for i, c in enumerate(read)
    ]


Plan = list[tuple[list[str], frozenset[int]]]  # claims to check in batches, and the replies that use their checks


def by_owners(claims_of: Sequence[Sequence[str]]) -> Plan:
    """The distinct claims of a group, partitioned by the set of replies that make each (with that set):
    partitions in order of first appearance, claims likewise. A batch cut from one holds only its owners' claims."""
    owners: dict[str, set[int]] = {}
    for index, claims in enumerate(claims_of):
        for claim in claims:
            owners.setdefault(claim, set()).add(index)
    partitions: dict[frozenset[int], list[str]] = {}
    for claim, owned_by in owners.items():
        partitions.setdefault(frozenset(owned_by), []).append(claim)
    return [(claims, owned_by) for owned_by, claims in partitions.items()]


def batches(plan: Plan) -> int:
    """The verification calls a plan takes."""
    return sum(math.ceil(len(claims) / BATCH_SIZE) for claims, _ in plan)


def _judged(task: Task, claims: BiographyClaims, checks: list[ClaimCheck | Exception]) -> Judgement | Exception:
    failed = next((check for check in checks if isinstance(check, Exception)), None)
    return failed if failed is not None else judge(task, claims, [c for c in checks if isinstance(c, ClaimCheck)])


async def _attempt(work: Awaitable[T]) -> T | Exception:
    try:
        return await work
    except Exception as exc:  # one reply's (or one partition's) failure is its own; the others are still graded
        return exc
