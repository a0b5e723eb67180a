"""The README's fenced code blocks, each named by the `<!-- example: NAME -->` comment on the line before it.

Tests fetch a block by name (`readme_example("sweep-basic")`), so a renamed or removed example fails the test that
runs it, and `tests/test_readme_examples.py` checks that every block has a name some test reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

README_PATH = Path(__file__).resolve().parents[2] / "README.md"

_BLOCK = re.compile(
    r"^(?:<!-- example: (?P<name>[a-z0-9][a-z0-9-]*) -->\n)?```(?P<lang>[a-z]*)\n(?P<body>.*?)^```$",
    re.DOTALL | re.MULTILINE,
)


@dataclass(frozen=True)
class ReadmeExample:
    """One fenced block: its name (None when unnamed), language tag, text and first line number in README.md."""

    name: str | None
    lang: str
    body: str
    line: int


def readme_examples(text: str | None = None) -> list[ReadmeExample]:
    """Every fenced block of the README (or of `text`), in order."""
    text = README_PATH.read_text(encoding="utf-8") if text is None else text
    return [
        ReadmeExample(match["name"], match["lang"], match["body"], text.count("\n", 0, match.start("body")) + 1)
        for match in _BLOCK.finditer(text)
    ]


def readme_example(name: str) -> ReadmeExample:
    """The block named `name`; a KeyError naming the known names when there is none."""
    found = [example for example in readme_examples() if example.name == name]
    if len(found) != 1:
        known = sorted({e.name for e in readme_examples() if e.name})
        raise KeyError(f"README.md has {len(found)} blocks named {name!r} (named blocks: {', '.join(known)})")
    return found[0]


def claimed_output(example: ReadmeExample) -> list[str]:
    """What a Python block's `print(...)` lines say they print: the comment after each, in order."""
    lines = [line.strip() for line in example.body.splitlines()]
    return [line.split("  # ", 1)[1].strip() for line in lines if line.startswith("print(")]
