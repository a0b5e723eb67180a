"""What a client of an environment reads of a verdict's detail: nothing a grader endpoint could fill at will.

A verdict's detail is for the operator and keeps everything. A client (a served episode) gets a copy without the
channels an endpoint controls: the grader model's raw reply (its grade may be padded with whatever the endpoint
chose, the gold included), probabilities at full precision (some 50 bits each), and the text of claims an
extraction endpoint wrote that the reply never said (a claim list is the endpoint's words; an article's text can
ride in it). A claim is shown only when it reads as plain words of the reply and the question (what the client
already has; a claim may name the subject where the reply said "he"): every whitespace-separated token one of
theirs, plain letters, digits, spaces and ordinary punctuation only (no invisible or lookalike characters to
carry text beside the words), at most `MAX_CLAIM_WORDS` long. Any other claim is withheld, and says so; of a
claim only its text, verdict, reason and probability are shown.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

OPERATOR_ONLY = frozenset({"grader_reply"})
WITHHELD = "withheld: not in the words of the reply and the question"
MAX_CLAIM_WORDS = 60  # a claim longer than this could spell anything out of a long reply's words
CLAIM_KEYS = frozenset({"claim", "supported", "reason", "hall_prob"})
_PUNCTUATION = ".,;:!?'’\"“”()[]-–—/"
_PLAIN = re.compile(rf"^[\w\s{re.escape(_PUNCTUATION)}]*$")


def client_detail(detail: Any, *known: str) -> Any:
    """`detail` as a client sees it (see the module); `known` are the texts the client has: the reply the verdict
    graded and the question."""
    return _clean(detail, {token for text in known for token in _tokens(text)})


def grounded(claim: str, known_tokens: set[str]) -> bool:
    """Whether the claim reads as plain known words: see the module."""
    if unicodedata.normalize("NFKC", claim) != claim or not _PLAIN.match(claim):
        return False
    if any(len(raw) > 1 and not raw.strip(_PUNCTUATION) for raw in claim.split()):
        return False  # a run of punctuation is no word (Morse: ".-- ..")
    tokens = _tokens(claim)
    return len(tokens) <= MAX_CLAIM_WORDS and all(token in known_tokens for token in tokens)


def _tokens(text: str) -> list[str]:
    """Whitespace-separated tokens, casefolded, without the punctuation at their edges ("1815." is "1815")."""
    return [token for raw in text.split() if (token := raw.strip(_PUNCTUATION).casefold())]


def _clean(detail: Any, known: set[str]) -> Any:
    if isinstance(detail, dict):
        cleaned = {key: _clean(value, known) for key, value in detail.items() if key not in OPERATOR_ONLY}
        if isinstance(detail.get("claims"), list):
            cleaned["claims"] = [_claim(claim, known) for claim in detail["claims"]]
        return cleaned
    if isinstance(detail, list):
        return [_clean(value, known) for value in detail]
    if isinstance(detail, float):
        return round(detail, 3)
    return detail


def _claim(claim: Any, known: set[str]) -> Any:
    if isinstance(claim, dict):
        shown = {key: _clean(value, known) for key, value in claim.items() if key in CLAIM_KEYS}
        text = claim.get("claim")
        if not isinstance(text, str) or not grounded(text, known):
            shown["claim"] = WITHHELD
        return shown
    return claim if isinstance(claim, str) and grounded(claim, known) else WITHHELD
