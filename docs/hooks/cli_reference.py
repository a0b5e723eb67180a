"""The CLI reference, written at build time from the typer application itself: `docs/cli.md` holds the marker
`<!-- cli-reference -->`, which this mkdocs hook replaces with every command's `--help` (the top level, each command
of `nohallucinate.cli.app.COMMANDS`, and each command of a group), in the order `--help` lists them. The help is
click's plain text (typer's own copy of click), as `nohallucinate COMMAND --help` prints it without colour; nothing
is run in a subprocess.

The package is imported from this checkout's `src/`, so the page describes the code beside it."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import typer
from mkdocs.exceptions import PluginError

MARKER = "<!-- cli-reference -->"
PAGE = "cli.md"
WIDTH = 100
SRC = Path(__file__).resolve().parents[2] / "src"


def _help(command: Any, context: typer.Context) -> str:
    command.rich_markup_mode = None  # click's plain text, not rich's boxes
    return command.get_help(context).replace("\\[", "[")  # typer escapes the brackets of rich markup


def _context(command: Any, name: str, parent: typer.Context | None) -> typer.Context:
    return typer.Context(command, info_name=name, parent=parent, terminal_width=WIDTH, max_content_width=WIDTH)


def _section(path: list[str], text: str) -> str:
    heading = "#" * min(len(path) + 1, 4)
    anchor = "-".join(path[1:]) or "nohallucinate"
    return f"{heading} `{' '.join(path)}` {{ #{anchor} }}\n\n```text\n{text.rstrip()}\n```\n"


def reference() -> str:
    """Every command's help as markdown: a heading and a plain-text block each."""
    if str(SRC) not in sys.path:
        sys.path.insert(0, str(SRC))
    from typer.main import get_command

    from nohallucinate.cli import app
    from nohallucinate.cli.app import COMMANDS, load_command

    root = get_command(app)
    top = _context(root, "nohallucinate", None)
    parts = [_section(["nohallucinate"], _help(root, top))]

    def walk(command: Any, path: list[str], parent: typer.Context) -> None:
        context = _context(command, path[-1], parent)
        parts.append(_section(path, _help(command, context)))
        if hasattr(command, "list_commands"):  # a group: each of its commands in turn
            for name in command.list_commands(context):
                sub = command.get_command(context, name)
                if sub is not None:
                    walk(sub, [*path, name], context)

    for name in COMMANDS:
        walk(load_command(name), ["nohallucinate", name], top)
    return "\n".join(parts)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    if page.file.src_uri != PAGE:
        return markdown
    if MARKER not in markdown:
        raise PluginError(f"docs/{PAGE} lost its marker {MARKER}")
    return markdown.replace(MARKER, reference())
