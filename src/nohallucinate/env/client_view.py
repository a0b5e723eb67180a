"""What a client of an environment reads of a verdict's detail: nothing a grader endpoint could fill at will.

A verdict's detail is for the operator and keeps everything. A client (a served episode, a verifiers trace)
gets a copy without three channels an endpoint controls: the grader model's raw reply (its grade may be padded
with whatever the endpoint chose, the gold included), probabilities at full precision (some 50 bits each), and
the text of claims an extraction endpoint wrote that the reply never said (a claim list is the endpoint's words;
an article's text can ride in it). A claim made of the words of the reply and the question (what the client
already has: a claim may name the subject where the reply said "he") is kept; another is withheld, and says so.
"""

from __future__ import annotations

import re
from typing import Any

OPERATOR_ONLY = frozenset({"grader_reply"})
WITHHELD = "withheld: not in the words of the reply and the question"
_WORD = re.compile(r"\w+")


def client_detail(detail: Any, *known: str) -> Any:
    """`detail` as a client sees it (see the module); `known` are the texts the client has: the reply the verdict
    graded and the question."""
    words = {word.casefold() for text in known for word in _WORD.findall(text)}
    return _clean(detail, words)


def grounded(claim: str, known_words: set[str]) -> bool:
    """Whether every word of the claim is a known word (case aside): a claim that tells the client nothing new."""
    return all(word.casefold() in known_words for word in _WORD.findall(claim))


def _clean(detail: Any, words: set[str]) -> Any:
    if isinstance(detail, dict):
        cleaned = {key: _clean(value, words) for key, value in detail.items() if key not in OPERATOR_ONLY}
        if isinstance(detail.get("claims"), list):
            cleaned["claims"] = [_claim(claim, words) for claim in cleaned["claims"]]
        return cleaned
    if isinstance(detail, list):
        return [_clean(value, words) for value in detail]
    if isinstance(detail, float):
        return round(detail, 3)
    return detail


def _claim(claim: Any, words: set[str]) -> Any:
    if isinstance(claim, dict) and isinstance(claim.get("claim"), str) and not grounded(claim["claim"], words):
        return {**claim, "claim": WITHHELD}
    if isinstance(claim, str) and not grounded(claim, words):
        return WITHHELD
    return claim
