"""What kind of answer a question asks for, and which of its words tie a reply to it."""

from __future__ import annotations

import re
from enum import StrEnum


class AnswerKind(StrEnum):
    """The shape of a specific answer: a full date, a year, a count, or free text."""

    DATE = "date"
    YEAR = "year"
    NUMBER = "number"
    TEXT = "text"


_KIND_PATTERNS = (
    (AnswerKind.DATE, re.compile(r"\bwhat (?:day|date)\b|\bday, month,? and year\b|\bon what day\b", re.I)),
    (
        AnswerKind.YEAR,
        re.compile(r"\b(?:in )?(?:what|which) year\b|\bwhen was .* (?:founded|established)\b", re.I),
    ),
    (AnswerKind.NUMBER, re.compile(r"\bhow many\b|\bhow much\b|\bwhat (?:number|total)\b", re.I)),
    (AnswerKind.DATE, re.compile(r"^\s*when\b", re.I)),
    # The same in Czech: "Kterého dne ...", "Ve kterém roce ...", "Kolik ...", "Kdy ...".
    (AnswerKind.DATE, re.compile(r"\b(?:kterého|jakého) dne\b|\b(?:který|jaký) den\b|\bden, měsíc a rok\b", re.I)),
    (AnswerKind.YEAR, re.compile(r"\b(?:ve|v) (?:kterém|jakém) roce\b|\b(?:který|jaký) rok\b", re.I)),
    (AnswerKind.NUMBER, re.compile(r"\bkolik(?!át)", re.I)),
    (AnswerKind.DATE, re.compile(r"^\s*kdy\b", re.I)),
)

_STOPWORDS = frozenset(
    """a an the of in on at for to from by with and or was were is are did do does has have had be been
    what which who whom whose when where how many much day month year date make made his her their its
    this that these those as into during season""".split()
)


def expected_kind(question: str) -> AnswerKind:
    """The kind of answer the question asks for (TEXT when nothing more specific fits)."""
    for kind, pattern in _KIND_PATTERNS:
        if pattern.search(question):
            return kind
    return AnswerKind.TEXT


def content_words(text: str) -> set[str]:
    """Lower-cased stems of the words that carry meaning (stopwords dropped)."""
    return {stem(word) for word in re.findall(r"[a-z0-9]+", text.lower()) if word not in _STOPWORDS}


def stem(word: str) -> str:
    """A crude suffix-stripping stem: enough to match "appearances" with "appeared"."""
    for suffix in ("ances", "ance", "ings", "ing", "ied", "ies", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            return word[: -len(suffix)]
    return word
