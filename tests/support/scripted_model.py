"""A deterministic stand-in for a language model, answering the prompts nohallucinate sends.

It reads each request the way a model would have to (from the prompt text alone) and returns a well-formed reply:
a grade for grading prompts, claims as JSON for decomposition, verdicts as JSON for verification, and
"I don't know." to questions. It judges by simple lexical rules; it exists to exercise the client, not to grade.
"""

from __future__ import annotations

import json
import re
from typing import Any

try:  # as support.scripted_model under pytest, or as a sibling module in serve_scripted_model.py
    from support.openai_server import Behaviour, Reply
except ImportError:  # pragma: no cover
    from openai_server import Behaviour, Reply  # type: ignore[no-redef]


def scripted_model(request: dict[str, Any]) -> Behaviour:
    prompt = request["messages"][-1]["content"]
    # What kind of prompt this is shows in its own text; a fenced reply may hold anything, so it is not read.
    outside = _FENCED.sub("", prompt)
    if "Gold target:" in outside:
        return Reply(_short_answer_grade(prompt, outside))
    if "\nDefect:" in outside:
        return Reply(_defect_grade(prompt))
    if "into atomic claims about" in outside:
        return Reply(_claims(prompt))
    if "(subject, predicate, object) triples" in outside:
        return Reply(_triples(prompt))
    if "\nClaims:\n" in outside:
        return Reply(_verdicts(prompt))
    return Reply("I don't know.")


# A fence: a tag, the text, the closing tag. The text holds no real closing tag (the prompt escapes them), so the
# first one ends it; nothing inside is un-escaped.
_FENCED = re.compile(r"<(?P<name>\w+)>\n(?P<text>.*?)\n</(?P=name)>", re.DOTALL)


def _fenced(prompt: str, name: str) -> str:
    match = next((m for m in _FENCED.finditer(prompt) if m.group("name") == name), None)
    return match.group("text").strip() if match else ""


def _field(prompt: str, name: str) -> str:
    match = re.search(rf"^{name}: (.*)$", prompt, re.MULTILINE)
    return match.group(1).strip() if match else ""


def _short_answer_grade(prompt: str, outside: str) -> str:
    gold = _field(outside, "Gold target")
    answer = _fenced(prompt, "reply")
    if "know" in answer.lower() or not answer:
        grade = "NOT_ATTEMPTED"
    elif gold.lower() in answer.lower():
        grade = "CORRECT"
    else:
        grade = "INCORRECT"
    if 'letters "A", "B", or "C"' in outside:
        return {"CORRECT": "A", "INCORRECT": "B", "NOT_ATTEMPTED": "C"}[grade]
    return grade


def _defect_grade(prompt: str) -> str:
    reply = _fenced(prompt, "reply").lower()
    if any(cue in reply for cue in ("never", "no such", "not recorded", "several people", "does not exist")):
        return "IDENTIFIED"
    if "know" in reply or not reply:
        return "ABSTAINED"
    return "CONFABULATED"


def _claims(prompt: str) -> str:
    text = _fenced(prompt, "text")
    sentences = [s.strip() for s in re.split(r"(?<=[.!?])\s+", text) if s.strip()]
    return json.dumps({"claims": [s for s in sentences if "know" not in s.lower()]})


def _triples(prompt: str) -> str:
    """Two triples per sentence, the second more specific: its object is the first's object and more."""
    sentence = _fenced(prompt, "sentence").rstrip(".")
    words = sentence.split()
    if len(words) < 3:
        return json.dumps({"triples": []})
    subject, predicate, rest = " ".join(words[:1]), words[1], words[2:]
    chain = [rest[: max(1, len(rest) // 2)], rest]
    triples = [
        {
            "subject": subject,
            "predicate": predicate,
            "object": " ".join(obj),
            "hypothesis": f"{subject} {predicate} {' '.join(obj)}.",
        }
        for obj in chain
    ]
    return json.dumps({"triples": triples})


def _verdicts(prompt: str) -> str:
    article = prompt.split("\nClaims:\n", 1)[0]
    listing = _fenced(prompt, "claims")
    verdicts = []
    for line in listing.splitlines():
        number, _, claim = line.partition(". ")
        anchors = re.findall(r"\b(?:[A-Z]\w+|\d+)\b", claim)[1:]  # the subject's first name aside
        supported = all(anchor in article for anchor in anchors)
        entailment = 0.9 if supported else 0.05
        verdicts.append(
            {
                "claim": int(number),
                "entailment": entailment,
                "neutral": round(0.95 - entailment, 2),
                "contradiction": 0.05,
            }
        )
    return json.dumps({"verdicts": verdicts})
