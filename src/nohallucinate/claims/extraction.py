"""Decompose text into atomic claims with a model (one call per text)."""

from __future__ import annotations

from nohallucinate.claims.json_reply import UnusableReply, json_object
from nohallucinate.models import ModelClient, ModelError

DECOMPOSE_PROMPT = """\
Split the text below into atomic claims about {subject}. Each claim states exactly one fact, stands on its own \
(name the person instead of writing "he" or "she"), and keeps the text's wording where it can. Keep the fact \
inside a hedge ("I think he was born in 1952" gives "{subject} was born in 1952"), but leave out sentences about \
the conversation itself and refusals. Add nothing the text does not state.

Text:
{text}

Reply with JSON only, in the form {{"claims": ["...", "..."]}}. If the text states no facts, reply {{"claims": []}}.\
"""


async def extract_claims(client: ModelClient, text: str, subject: str, *, max_attempts: int = 3) -> list[str]:
    """The atomic claims of `text`; an unusable reply is asked again, then raised as a ModelError."""
    prompt = DECOMPOSE_PROMPT.format(subject=subject, text=text.strip())
    problem = ""
    for attempt in range(max_attempts):
        reply = await client.complete([{"role": "user", "content": prompt}], attempt=attempt)
        try:
            return _claims_of(reply.text)
        except UnusableReply as exc:
            problem = str(exc)
    raise ModelError(f"claim extraction gave no usable reply in {max_attempts} attempts: {problem}")


def _claims_of(text: str) -> list[str]:
    claims = json_object(text).get("claims")
    if not isinstance(claims, list) or not all(isinstance(c, str) for c in claims):
        raise UnusableReply('expected {"claims": [strings]}')
    return [c.strip() for c in claims if c.strip()]
