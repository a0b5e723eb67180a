"""Wikitext as a reader sees it, parsed by wikitextparser: comments and references removed, templates and links
rendered as their visible text. Which template shows what is our rule; any other shows its first argument."""

from __future__ import annotations

import re

import wikitextparser
from wikitextparser import ParserFunction, Template, WikiLink


def _replace(text: str, replaced: list[tuple[tuple[int, int], str]]) -> str:
    """The text with each (span, replacement) applied; a span inside an earlier one goes with it."""
    pieces, end = [], 0
    for (start, stop), replacement in sorted(replaced):
        if start >= end:
            pieces += [text[end:start], replacement]
        end = max(end, stop)
    return "".join(pieces) + text[end:]


def clean(wikitext: str) -> str:
    """Wikitext without comments and references, which may hold anything, even table syntax."""
    parsed = wikitextparser.parse(wikitext)
    return _replace(wikitext, [(node.span, "") for node in (*parsed.comments, *parsed.get_tags("ref"))])


# Notes, flags and sort keys render as nothing a reader of the cell would call its value.
_DROPPED_TEMPLATE = re.compile(
    r"efn(?:-\w+)?|refn|ref|sfn\w*|sup|notetag|note|nb|cref\w*|rp?|cn|fact|citation needed|#tag:ref"
    r"|0|hs|ntsh|flagicon(?: image)?|flag ?icon|clear|-",
    re.IGNORECASE,
)
_DASH_TEMPLATE = re.compile(r"n?dash|mdash|snd|spnd|sndash|spaced ndash|–|—", re.IGNORECASE)
_LAST_ARGUMENT_TEMPLATE = re.compile(r"sort|lang|tooltip", re.IGNORECASE)


def _render_template(template: Template | ParserFunction) -> str:
    """The visible text of one template, templates inside the argument it shows rendered in turn."""
    positional = [argument.value for argument in template.arguments if argument.positional]
    name = template.name.strip()
    if isinstance(template, ParserFunction) and positional:  # {{#tag:ref|...}}: the name ends at its colon
        name, positional = f"{name}:{positional[0].strip()}", positional[1:]
    shown = [expand_templates(argument) for argument in positional]
    if _DROPPED_TEMPLATE.fullmatch(name):
        return ""
    if _DASH_TEMPLATE.fullmatch(name):
        return "–"
    if name.lower() == "nbsp":
        return " "
    if name == "!":
        return "|"
    if name.lower() == "sortname":
        return " ".join(part.strip() for part in shown[:2])
    if _LAST_ARGUMENT_TEMPLATE.fullmatch(name):
        return shown[-1] if shown else ""
    # nowrap, abbr, small, nts, flag, fb and the like show their first argument.
    return shown[0] if shown else ""


def expand_templates(text: str) -> str:
    """Replace templates by their visible text; links are kept as wikitext."""
    parsed = wikitextparser.parse(text)
    nodes: list[Template | ParserFunction] = [*parsed.templates, *parsed.parser_functions]
    return _replace(text, [(node.span, _render_template(node)) for node in nodes if node.nesting_level == 1])


_NON_CONTENT_LINK = re.compile(r"\s*:?\s*(?:file|image|category)\s*:", re.IGNORECASE)


def _link_text(link: WikiLink) -> str:
    if _NON_CONTENT_LINK.match(link.target):
        return ""
    return unlinked(link.text) if link.text else link.target


def first_link(text: str) -> WikiLink | None:
    """The first link to an article, not to a file, image or category."""
    links = wikitextparser.parse(text).wikilinks
    return next((link for link in links if not _NON_CONTENT_LINK.match(link.target)), None)


def unlinked(text: str) -> str:
    """Links replaced by their label, else their target; file, image and category links by nothing."""
    parsed = wikitextparser.parse(text)
    outermost = [link for link in parsed.wikilinks if not link.ancestors(type_="WikiLink")]
    return _replace(text, [(link.span, _link_text(link)) for link in outermost])


# Tags by hand: wikitextparser knows lower-case tag names only, and MediaWiki reads <BR> and <SUP> too.
_SUP_TAG = re.compile(r"<sup\b[^>]*>.*?</sup\s*>", re.IGNORECASE | re.DOTALL)  # a note mark, not the value
_BREAK_TAG = re.compile(r"<br\s*/?\s*>", re.IGNORECASE)  # separates words
_ANY_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")  # shows its content


def plain(text: str) -> str:
    """The visible text of a wikitext fragment, whitespace collapsed."""
    text = _ANY_TAG.sub("", _BREAK_TAG.sub(" ", _SUP_TAG.sub("", expand_templates(text))))
    shown = wikitextparser.parse(unlinked(text)).plain_text()  # external links, bold, italics, entities
    return re.sub(r"\s+", " ", shown).strip()


def headings(text: str) -> list[tuple[int, str]]:
    """Each section heading's offset and plain title, in order."""
    sections = wikitextparser.parse(text).sections
    return [(section.span[0], plain(section.title)) for section in sections if section.title is not None]
