"""Check claims against a reference article with a model, in batches, each verdict tied to its claim."""

from __future__ import annotations

import asyncio

from nohallucinate.claims.json_reply import UnusableReply, json_object
from nohallucinate.claims.lexical import ClaimCheck
from nohallucinate.models import ModelClient, ModelError

BATCH_SIZE = 15
VERDICTS = {"SUPPORTED": True, "UNSUPPORTED": False}

VERIFY_PROMPT = """\
The article below is the only authority. For each numbered claim, answer SUPPORTED when the article states the \
claim or plainly implies it, and UNSUPPORTED otherwise, including when the claim may be true but the article \
does not say it.

Article: {title}
{article}

Claims:
{claims}

Reply with JSON only, in the form {{"verdicts": [{{"claim": 1, "verdict": "SUPPORTED"}}, ...]}}, with exactly one \
entry for each claim number above.\
"""


async def verify_claims(
    client: ModelClient,
    claims: list[str],
    title: str,
    article: str,
    *,
    batch_size: int = BATCH_SIZE,
    max_rounds: int = 3,
) -> list[ClaimCheck]:
    """One check per claim, in order. The article is resent with every batch; claims a reply leaves out or
    answers twice are asked again, and a claim still undecided after `max_rounds` raises a ModelError."""
    batches = [list(range(i, min(i + batch_size, len(claims)))) for i in range(0, len(claims), batch_size)]
    results = await asyncio.gather(
        *(_verify_batch(client, claims, batch, title, article, max_rounds) for batch in batches)
    )
    decided = {index: verdict for result in results for index, verdict in result.items()}
    return [
        ClaimCheck(claim, decided[i], "the article supports it" if decided[i] else "the article does not support it")
        for i, claim in enumerate(claims)
    ]


async def _verify_batch(
    client: ModelClient, claims: list[str], batch: list[int], title: str, article: str, max_rounds: int
) -> dict[int, bool]:
    decided: dict[int, bool] = {}
    pending = list(batch)
    problem = ""
    for round_ in range(max_rounds):
        numbered = {n: index for n, index in enumerate(pending, start=1)}
        listing = "\n".join(f"{n}. {claims[index]}" for n, index in numbered.items())
        prompt = VERIFY_PROMPT.format(title=title, article=article.strip(), claims=listing)
        reply = await client.complete([{"role": "user", "content": prompt}], attempt=round_)
        try:
            found = _verdicts_of(reply.text, set(numbered))
        except UnusableReply as exc:
            problem = str(exc)
            continue
        decided |= {numbered[n]: verdict for n, verdict in found.items()}
        pending = [index for index in pending if index not in decided]
        if not pending:
            return decided
        problem = f"no single verdict for claim(s) {sorted(n for n, i in numbered.items() if i in pending)}"
    raise ModelError(f"claim verification incomplete after {max_rounds} rounds: {problem}")


def _verdicts_of(text: str, asked: set[int]) -> dict[int, bool]:
    """Verdicts by claim number; numbers answered twice (or not asked) are dropped, to be asked again."""
    entries = json_object(text).get("verdicts")
    if not isinstance(entries, list):
        raise UnusableReply('expected {"verdicts": [...]}')
    seen: dict[int, list[bool]] = {}
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        number, verdict = entry.get("claim"), str(entry.get("verdict", "")).strip().upper()
        if isinstance(number, int) and number in asked and verdict in VERDICTS:
            seen.setdefault(number, []).append(VERDICTS[verdict])
    return {number: verdicts[0] for number, verdicts in seen.items() if len(verdicts) == 1}
