"""The seed spec's numbers and phrasings, each in one home.

Builders, the verifier, graders and commands import them from here, so that a change to the spec is a one-line
edit. The verifier stays independent of the builders in its decisions, not in these numbers.
"""

from __future__ import annotations

# K of F1@K: the lead's atomic facts, clamped to this range.
K_RANGE = (12, 40)

# The one phrasing every birth-date question uses ("{}" is the subject).
BIRTH_QUESTION = "On what day, month and year was {} born?"
BIRTH_DATE_PHRASING = BIRTH_QUESTION.format("X")

# The grader model when none is named.
DEFAULT_GRADER_MODEL = "gpt-5-mini"

# A policy named "openai:MODEL" is answered by MODEL behind an OpenAI-compatible endpoint.
MODEL_POLICY_PREFIX = "openai:"

# Wikidata's time precisions (wikibase:timePrecision).
YEAR_PRECISION = 9
MONTH_PRECISION = 10
DAY_PRECISION = 11


def clamp_k(count: int) -> int:
    """K for a lead of `count` atomic facts: the count clamped to K_RANGE."""
    return max(K_RANGE[0], min(K_RANGE[1], count))


def model_name(policy: str) -> str:
    """The model behind an "openai:MODEL" policy name (other names unchanged)."""
    return policy.removeprefix(MODEL_POLICY_PREFIX)
