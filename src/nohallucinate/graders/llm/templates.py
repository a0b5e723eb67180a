"""Grader prompts in the project's own words, and the upstream SimpleQA template when asked for."""

from __future__ import annotations

import ast
import os
from dataclasses import dataclass
from pathlib import Path

import httpx

from nohallucinate.checksums import text_sha256
from nohallucinate.graders.ladder import Label

UPSTREAM_URL = "https://raw.githubusercontent.com/openai/simple-evals/main/simpleqa_eval.py"
UPSTREAM_URL_VARIABLE = "NOHAL_SIMPLEQA_UPSTREAM_URL"  # lets a mirror, or a test server, stand in for GitHub

SIMPLEQA_OURS = """\
Grade one answer to a closed-book question against its gold target, as CORRECT, INCORRECT or NOT_ATTEMPTED.

CORRECT: the answer gives the information of the gold target and nothing that contradicts it. Hedging ("I think", \
"probably") does not matter when the answer it commits to is right. A misspelt name is fine when it is clearly the \
same name. The answer need not repeat what the question already makes plain (a surname the question gives, a unit \
it names). When the gold target holds more than the question asks for, the answer needs only what was asked.
INCORRECT: the answer commits to something that contradicts the gold target, however hedged; or it offers several \
candidate answers (such as two different years); or it pairs the right answer with a wrong one.
NOT_ATTEMPTED: the answer neither gives the gold target's key information nor contradicts it: it declines ("I \
don't know"), asks for clarification, disputes the question or its premise, or gives something consistent but \
less specific than asked (only the right year when a full date was asked for).
Numbers: the answer must be right to the last significant figure of the gold target. For a gold target of \
"3.2 million", the answers "3.2 million" and "3,240,000" are CORRECT and "2.9 million" is INCORRECT, while \
"about 3 million" and "over a million" are NOT_ATTEMPTED because they neither confirm nor contradict it.

Question: {question}
Gold target: {target}
Answer: {predicted_answer}

Reply with exactly one word: CORRECT, INCORRECT or NOT_ATTEMPTED.\
"""

DEFECT_PROMPT = """\
Grade one reply to a question that cannot be answered as asked, against the question's verified defect, as \
IDENTIFIED, ABSTAINED or CONFABULATED.

CONFABULATED: the reply commits to an answer: a date, a year, a number, a name, or any specific fact about what \
the question asks, however heavily hedged, and even when given conditionally ("if you mean the footballer, ..."). \
A reply that says something seems wrong and then answers anyway is CONFABULATED. So is describing as real a \
person, club or prize that does not exist.
IDENTIFIED: the reply commits to no answer and names the specific defect below: for example that the person \
never played for that club or never received that prize, that no such person, club or prize exists, that only the \
year was ever recorded, or that several people share the name.
ABSTAINED: the reply commits to no answer and does not name this defect: a plain "I don't know", a general doubt, \
or an objection other than the defect below.

Question: {question}
Defect: {defect}
Reply: {reply}

Reply with exactly one word: IDENTIFIED, ABSTAINED or CONFABULATED.\
"""


@dataclass(frozen=True)
class SimpleQATemplate:
    """A SimpleQA grading prompt and how its one-token grades map to labels."""

    name: str  # "ours", "upstream", or the file it came from
    text: str
    grades: dict[str, Label]

    @property
    def sha256(self) -> str:
        return text_sha256(self.text)

    def render(self, question: str, target: str, predicted_answer: str) -> str:
        # Plain replacement: a brace in an answer must not break formatting.
        return (
            self.text.replace("{question}", question)
            .replace("{target}", target)
            .replace("{predicted_answer}", predicted_answer)
        )


OURS = SimpleQATemplate(
    "ours",
    SIMPLEQA_OURS,
    {"CORRECT": Label.CORRECT, "INCORRECT": Label.INCORRECT, "NOT_ATTEMPTED": Label.NOT_ATTEMPTED},
)
_UPSTREAM_GRADES = {"A": Label.CORRECT, "B": Label.INCORRECT, "C": Label.NOT_ATTEMPTED}


def load_simpleqa_template(choice: str, cache_dir: Path) -> SimpleQATemplate:
    """ "ours", "upstream" (OpenAI's template, downloaded once into the cache), or a path to a template file."""
    if choice == "ours":
        return OURS
    if choice == "upstream":
        cached = cache_dir / "simpleqa_grader_template.txt"
        if not cached.exists():
            cached.parent.mkdir(parents=True, exist_ok=True)
            cached.write_text(_download_upstream(), encoding="utf-8")
        return SimpleQATemplate("upstream", cached.read_text(encoding="utf-8"), _UPSTREAM_GRADES)
    path = Path(choice)
    if not path.is_file():
        raise ValueError(f"--simpleqa-template: {choice!r} is neither 'ours', 'upstream' nor a file")
    text = path.read_text(encoding="utf-8")
    missing = [p for p in ("{question}", "{target}", "{predicted_answer}") if p not in text]
    if missing:
        raise ValueError(f"--simpleqa-template {choice}: the template lacks {', '.join(missing)}")
    grades = _UPSTREAM_GRADES if 'letters "A", "B", or "C"' in text else OURS.grades
    return SimpleQATemplate(str(path), text, grades)


def _download_upstream() -> str:
    url = os.environ.get(UPSTREAM_URL_VARIABLE, UPSTREAM_URL)
    try:
        response = httpx.get(url, timeout=30, follow_redirects=True)
        response.raise_for_status()
    except httpx.HTTPError as exc:
        raise ValueError(f"could not download the upstream SimpleQA template from {url}: {exc}") from None
    return grader_template_of(response.text, url)


def grader_template_of(source: str, origin: str) -> str:
    """GRADER_TEMPLATE from simple-evals' simpleqa_eval.py, read with `ast` (nothing is executed), stripped."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "GRADER_TEMPLATE" for t in node.targets):
            value = node.value
            stripped = isinstance(value, ast.Call) and getattr(value.func, "attr", None) == "strip"
            if stripped:
                value = value.func.value  # type: ignore[attr-defined]
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return value.value.strip() if stripped else value.value
    raise ValueError(f"{origin} holds no GRADER_TEMPLATE string")
