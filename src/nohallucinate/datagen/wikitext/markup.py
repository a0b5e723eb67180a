"""Wikitext as a reader sees it: comments and references removed, templates and links rendered as their visible
text. Only what the career-table reader needs is rendered; everything else shows its first argument."""

from __future__ import annotations

import html
import re

# Comments and references, removed in this order before anything is read: they may hold anything.
_REMOVED = (
    re.compile(r"<!--.*?(?:-->|$)", re.DOTALL),  # a comment, or an unclosed one to the end
    re.compile(r"<ref\b[^>]*/\s*>", re.IGNORECASE),  # <ref name="x" />
    re.compile(r"<ref\b[^>]*>.*?</ref\s*>", re.IGNORECASE | re.DOTALL),
)


def clean(wikitext: str) -> str:
    """Wikitext without comments and references, which may hold anything, even table syntax."""
    for pattern in _REMOVED:
        wikitext = pattern.sub("", wikitext)
    return wikitext


def split_top(text: str, separators: tuple[str, ...], maxsplit: int = -1) -> list[str]:
    """Split at separators that are outside templates and links."""
    parts: list[str] = []
    depth = start = i = 0
    while i < len(text):
        pair = text[i : i + 2]
        if pair in ("{{", "[["):
            depth, i = depth + 1, i + 2
            continue
        if pair in ("}}", "]]") and depth:
            depth, i = depth - 1, i + 2
            continue
        separator = next((s for s in separators if text.startswith(s, i)), None) if depth == 0 else None
        if separator is not None and maxsplit != len(parts):
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


_NAMED_ARGUMENT = re.compile(r"\s*[\w -]+\s*=")


def _positional(arguments: list[str]) -> list[str]:
    return [argument for argument in arguments if not _NAMED_ARGUMENT.match(argument)]


# Notes, flags and sort keys render as nothing a reader of the cell would call its value.
_DROPPED_TEMPLATE = re.compile(
    r"efn(?:-\w+)?|refn|ref|sfn\w*|sup|notetag|note|nb|cref\w*|rp?|cn|fact|citation needed|#tag:ref"
    r"|0|hs|ntsh|flagicon(?: image)?|flag ?icon|clear|-",
    re.IGNORECASE,
)
_DASH_TEMPLATE = re.compile(r"n?dash|mdash|snd|spnd|sndash|spaced ndash|–|—", re.IGNORECASE)
_LAST_ARGUMENT_TEMPLATE = re.compile(r"sort|lang|tooltip", re.IGNORECASE)


def _render_template(match: re.Match[str]) -> str:
    """The visible text of one innermost template, markup inside its arguments kept."""
    name, *arguments = split_top(match.group(1), ("|",))
    name = name.strip()
    positional = _positional(arguments)
    if _DROPPED_TEMPLATE.fullmatch(name):
        return ""
    if _DASH_TEMPLATE.fullmatch(name):
        return "–"
    if name.lower() == "nbsp":
        return " "
    if name == "!":
        return "|"
    if name.lower() == "sortname":
        return " ".join(part.strip() for part in positional[:2])
    if _LAST_ARGUMENT_TEMPLATE.fullmatch(name):
        return positional[-1] if positional else ""
    # nowrap, abbr, small, nts, flag, fb and the like show their first argument.
    return positional[0] if positional else ""


_INNER_TEMPLATE = re.compile(r"\{\{([^{}]*)\}\}")


def expand_templates(text: str) -> str:
    """Replace templates by their visible text, innermost first; links are kept as wikitext."""
    while True:
        expanded = _INNER_TEMPLATE.sub(_render_template, text)
        if expanded == text:
            return expanded
        text = expanded


_INNER_LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
_EXTERNAL_LINK = re.compile(r"\[(?:https?:)?//[^\s\]]+\s*([^\]]*)\]")
_NON_CONTENT_LINK = re.compile(r"\s*:?\s*(?:file|image|category)\s*:", re.IGNORECASE)


def _link_text(match: re.Match[str]) -> str:
    inner = match.group(1)
    if _NON_CONTENT_LINK.match(inner):
        return ""
    target, _, label = inner.partition("|")
    return label if label else target


_SUP_TAG = re.compile(r"<sup\b[^>]*>.*?</sup\s*>", re.IGNORECASE | re.DOTALL)
_BREAK_TAG = re.compile(r"<br\s*/?\s*>", re.IGNORECASE)
_ANY_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")


def plain(text: str) -> str:
    """The visible text of a wikitext fragment, whitespace collapsed."""
    text = _SUP_TAG.sub("", expand_templates(text))
    while True:
        unlinked = _INNER_LINK.sub(_link_text, text)
        if unlinked == text:
            break
        text = unlinked
    text = _EXTERNAL_LINK.sub(r"\1", text)
    text = _ANY_TAG.sub("", _BREAK_TAG.sub(" ", text))
    text = html.unescape(text.replace("'''", "").replace("''", ""))
    return re.sub(r"\s+", " ", text).strip()


_HEADING = re.compile(r"^(={1,6})\s*(.*?)\s*\1\s*$", re.MULTILINE)


def headings(text: str) -> list[tuple[int, str]]:
    """Each section heading's offset and plain title, in order."""
    return [(match.start(), plain(match.group(2))) for match in _HEADING.finditer(text)]
