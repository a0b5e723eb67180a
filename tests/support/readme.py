"""The fenced code blocks of the README and of the documentation pages (`docs/**/*.md`), each named by the
`<!-- example: NAME -->` comment on the line before it.

Tests fetch a block by name (`readme_example("sweep-basic")`), wherever it lives: a name is unique across the README
and every page, so a block can move between them without its test changing, and a renamed or removed example fails
the test that runs it. `tests/test_readme_examples.py` checks that every block has a name some test reads.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README_PATH = ROOT / "README.md"
DOCS_DIR = ROOT / "docs"

_BLOCK = re.compile(
    r"^(?:<!-- example: (?P<name>[a-z0-9][a-z0-9-]*) -->\n)?```(?P<lang>[a-z]*)\n(?P<body>.*?)^```$",
    re.DOTALL | re.MULTILINE,
)


@dataclass(frozen=True)
class ReadmeExample:
    """One fenced block: its name (None when unnamed), language tag, text, first line number, and file."""

    name: str | None
    lang: str
    body: str
    line: int
    path: Path = README_PATH

    @property
    def where(self) -> str:
        """`README.md:12`, `docs/runs.md:40`: the block's file (from the repository's root) and line."""
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def documentation_files() -> list[Path]:
    """The README, then every page of the documentation, in path order."""
    return [README_PATH, *sorted(DOCS_DIR.rglob("*.md"))]


def documentation_text() -> str:
    """The README and every page, one after the other: for what is stated once somewhere in the documentation."""
    return "\n\n".join(path.read_text(encoding="utf-8") for path in documentation_files())


def documented_examples() -> list[ReadmeExample]:
    """Every fenced block of the README and of every page, file by file."""
    return [example for path in documentation_files() for example in readme_examples(path=path)]


def readme_examples(text: str | None = None, path: Path = README_PATH) -> list[ReadmeExample]:
    """Every fenced block of the file at `path` (the README by default), or of `text`, in order."""
    text = path.read_text(encoding="utf-8") if text is None else text
    return [
        ReadmeExample(match["name"], match["lang"], match["body"], text.count("\n", 0, match.start("body")) + 1, path)
        for match in _BLOCK.finditer(text)
    ]


def readme_example(name: str) -> ReadmeExample:
    """The block named `name`, in the README or any page; a KeyError naming the known names unless exactly one."""
    every = documented_examples()
    found = [example for example in every if example.name == name]
    if len(found) != 1:
        known = sorted({e.name for e in every if e.name})
        raise KeyError(
            f"the README and docs/ have {len(found)} blocks named {name!r} (named blocks: {', '.join(known)})"
        )
    return found[0]


def claimed_output(example: ReadmeExample) -> list[str]:
    """What a Python block's `print(...)` lines say they print: the comment after each, in order."""
    lines = [line.strip() for line in example.body.splitlines()]
    return [line.split("  # ", 1)[1].strip() for line in lines if line.startswith("print(")]
