"""Local F1@K grading of biographies: decompose the reply, merge repeats, check each claim lexically.

This approximates the model-based grader (docs/concepts/graders.md): lexical evidence stands in for reading.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from nohallucinate.answers.abstention import abstention_rule
from nohallucinate.claims import LexicalVerifier, decompose, merge_near_duplicates
from nohallucinate.claims.anchors import anchors_of
from nohallucinate.graders.biography_detail import BiographyDetail, CheckedClaim
from nohallucinate.graders.ladder import Label, f1_at_k
from nohallucinate.tasks import Article


def judge_biography(article: Article, k: int, reply: str) -> tuple[Label, float, dict[str, Any]]:
    """Label, reward and per-claim detail of a biography written from memory. Only claims that carry a specific
    fact (a date, number or name beyond the subject) count; "X had a career" is no fact."""
    stated = decompose(reply, subject=article.title)
    parsed = {claim: anchors_of(claim, article.title) for claim in stated}  # read once, used three times
    specific = [claim for claim in stated if parsed[claim].specific]
    claims = merge_near_duplicates(specific, parsed)
    if not claims:
        rule = abstention_rule(reply)
        label = Label.ABSTAINED if rule or not reply.strip() else Label.F1_AT_K
        empty = BiographyDetail(
            claims=[], supported=0, unsupported=0, without_a_fact=len(stated), k=k, precision=0.0, recall=0.0,
            rule=rule if label is Label.ABSTAINED else None,
        )  # fmt: skip
        return label, 0.0, empty.record()
    verifier = _verifier(article.text, article.title)
    checks = [verifier.check(claim, parsed[claim]) for claim in claims]
    supported = sum(check.supported for check in checks)
    precision, recall, reward = f1_at_k(supported, len(checks) - supported, k)
    detail = BiographyDetail(
        claims=[CheckedClaim(claim=c.claim, supported=c.supported, reason=c.reason) for c in checks],
        supported=supported,
        unsupported=len(checks) - supported,
        without_a_fact=len(stated) - len(specific),
        k=k,
        precision=precision,
        recall=recall,
    )
    return Label.F1_AT_K, reward, detail.record()


@lru_cache(maxsize=64)
def _verifier(reference: str, subject: str) -> LexicalVerifier:
    # Articles repeat across a sweep's replies; indexing one costs more than checking a claim.
    return LexicalVerifier(reference, subject)
