"""How a reply lays out its items, read as lines: a list numbered on one line, and a reply in JSON.

A reply that offers its candidates as "1) X 2) Y" or as '{"answer": "X", "alternative": "Y"}' offers two answers as
a list on lines of its own does; read as such a list, each item on a line, it meets the rules that read lists.
Every function keeps the length of the text, so offsets into it hold.
"""

from __future__ import annotations

import json
import re

# An enumerator of an inline list: a number, a letter, a roman numeral or a circled or keycap digit, closed by a
# bracket, a dot, a colon or "、", or set in brackets ("(2)", "[2]"). A dot is read after a number or a small
# letter only, and before a capital or a quote ("3. června" is a date, "A. B. Smith" a name).
_ENUMERATOR = re.compile(
    r"(?:^|(?<=[\s,;:]))(?:[(\[（]\s*)?"
    r"(?:(?P<number>\d{1,2})|(?P<roman>(?i:x|ix|iv|v?i{1,3}|v)|(?-i:[ivx]{1,4}))(?=[.)\]）:])|(?P<letter>[a-hA-H])"
    r"|(?P<circled>[\u2460-\u2473])|(?P<keycap>\d)\ufe0f?\u20e3)"
    r"(?P<closer>\.\)|[.)\]）:、]|(?<=[\u2460-\u2473\u20e3]))"
    r"(?=(?P<space>\s*)(?P<next>[\"'*„“«‚‘‹「(]*[\w\"'*„“«‚‘‹「(]))",
    re.MULTILINE,
)
_ROMAN = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "v": 5, "vi": 6, "vii": 7, "viii": 8, "ix": 9, "x": 10}


def inline_lists_broken(text: str) -> str:
    """Each item of a list written on one line ("1) X 2) Y", "(a) X, (b) Y", "1. X 2. Y", "i) X ii) Y", "① X ② Y")
    begun on a line of its own, as a list is mostly written: two enumerators or more of one style, counting up,
    break the line before them."""
    runs: list[list[re.Match[str]]] = []
    for match in _ENUMERATOR.finditer(text):
        style_and_value = _style_and_value(match)
        if style_and_value is None:
            continue
        style, value = style_and_value
        last = _style_and_value(runs[-1][-1]) if runs else None
        if last is not None and last[0] == style and last[1] < value:
            runs[-1].append(match)
        else:
            runs.append([match])
    pieces, done = [], 0
    for match in (match for run in runs if len(run) > 1 for match in run):
        if text[text.rfind("\n", 0, match.start()) + 1 : match.start()].strip():  # not at a line's start already
            pieces += [text[done : match.start()], "\n" + " " * (match.end() - match.start() - 1)]
            done = match.end()
    return "".join(pieces) + text[done:]


def _style_and_value(enumerator: re.Match[str]) -> tuple[tuple[str, str], int] | None:
    """An enumerator's style (what counts, and the mark that closes it) and the count it stands for; None for what
    only looks like one: a dot or a colon with no space after it ("2:1"), a capital or a roman numeral before a dot
    ("A. B. Smith", "I. Smith"), or a dot before a word in lower case ("3. června")."""
    closer = enumerator["closer"] or ""
    dotted = closer == "."
    if closer in (".", ":") and not enumerator["space"]:
        return None  # "2:1", "3.5"
    if dotted and not (enumerator["next"].lstrip("\"'*„“«‚‘‹「(")[:1].isupper()):
        return None
    if enumerator["number"] or enumerator["keycap"]:
        return ("number", closer), int(enumerator["number"] or enumerator["keycap"])
    if enumerator["circled"]:
        return ("number", "circled"), ord(enumerator["circled"]) - 0x2460 + 1
    if enumerator["roman"]:
        roman = enumerator["roman"]
        if dotted and roman.isupper():
            return None
        return ("roman", closer), _ROMAN.get(roman.lower(), 0)
    letter = enumerator["letter"]
    if dotted and letter.isupper():
        return None
    return ("letter", closer), ord(letter.lower()) - ord("a") + 1


# A reply that is one JSON object or array, bare or in a code block, and the tokens it is laid out by.
_JSON_REPLY = re.compile(r"\s*(?:```[\w+-]*\s*)?(?P<json>[{\[].*[}\]])\s*(?:```)?\s*", re.DOTALL)
_JSON_TOKEN = re.compile(r'(?P<key>"(?:[^"\\\n]|\\.)*"\s*:)|"(?:[^"\\\n]|\\.)*"|(?P<comma>,)|(?P<bracket>[\[\]{}])')


def json_laid_out(text: str) -> str:
    """A reply that is JSON read as its values, each on a line of its own ('{"answer": "X", "alternative": "Y"}' as
    two lines, "X" and "Y"): keys and brackets blanked, each comma a line break."""
    whole = _JSON_REPLY.fullmatch(text)
    if whole is None:
        return text
    try:
        json.loads(whole["json"])
    except ValueError:
        return text

    def laid_out(token: re.Match[str]) -> str:
        if token["comma"]:
            return "\n"
        return " " * len(token.group()) if token["key"] or token["bracket"] else token.group()

    start, end = whole.span("json")
    return text[:start] + _JSON_TOKEN.sub(laid_out, text[start:end]) + text[end:]
