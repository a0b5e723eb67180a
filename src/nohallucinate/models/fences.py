"""Untrusted text in a prompt: fenced as data between tags, so that a reply cannot pass for an instruction.

`fence("reply", text)` gives a line `<reply>`, the text, and a line `</reply>`. Inside the text every "<" (and
its full-width and small forms) is written as an entity, so no tag of any spelling ("</reply>", "</ REPLY >",
"＜/reply＞") can begin inside a fence: its own two tags are the only ones it holds. The escape is reversible
(`unescape`): an "&" that would read as one of these entities is escaped too; nothing else is touched.
"""

from __future__ import annotations

import re

# Every character that Unicode compatibility normalisation turns into "<", and "&", which starts an entity. A
# "<" is escaped wherever it stands: listing the ways a tag can be spelt after it would leave some out.
_ENTITIES = {"<": "&lt;", "\uff1c": "&#65308;", "\ufe64": "&#65124;", "&": "&amp;"}
_SUFFIXES = "|".join(re.escape(entity[1:]) for entity in _ENTITIES.values())
_ESCAPE = re.compile(rf"&(?={_SUFFIXES})|[<\uff1c\ufe64]")
_UNESCAPE = re.compile("|".join(re.escape(entity) for entity in _ENTITIES.values()))
_BY_ENTITY = {entity: character for character, entity in _ENTITIES.items()}

# Every character str.splitlines() ends a line at: a claim holding one could pass for two numbered lines.
_LINE_BREAKS = re.compile(r"\s*[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]\s*")


def fence(name: str, text: str) -> str:
    """`text`, escaped, between a line `<name>` and a line `</name>`."""
    return f"<{name}>\n{escape(text)}\n</{name}>"


def escape(text: str) -> str:
    """`text` with every "<" (and any "&" that would read as one of our entities) written as an entity."""
    return _ESCAPE.sub(lambda match: _ENTITIES[match.group()], text)


def unescape(text: str) -> str:
    """The inverse of `escape`."""
    return _UNESCAPE.sub(lambda match: _BY_ENTITY[match.group()], text)


def single_line(text: str) -> str:
    """`text` with every line break (and the spaces around it) collapsed to one space."""
    return _LINE_BREAKS.sub(" ", text)
