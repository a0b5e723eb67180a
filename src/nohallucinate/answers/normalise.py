"""One spelling for the many ways replies write the same words, before phrases are matched."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u02bc": "'"})
_CONTRACTIONS = (
    (re.compile(r"\bcan't\b", re.IGNORECASE), "cannot"),
    (re.compile(r"\bwon't\b", re.IGNORECASE), "will not"),
    (re.compile(r"\bain't\b", re.IGNORECASE), "is not"),
    (re.compile(r"n't\b", re.IGNORECASE), " not"),
    (re.compile(r"\b(it|that|there|what|he|she)'s\b", re.IGNORECASE), r"\1 is"),
    (re.compile(r"\bi'm\b", re.IGNORECASE), "i am"),
    (re.compile(r"'re\b", re.IGNORECASE), " are"),
    (re.compile(r"'ve\b", re.IGNORECASE), " have"),
    (re.compile(r"\bi'd\b", re.IGNORECASE), "i would"),
)
_EMPHASIS = re.compile(r"\*\*|__|(?<!\w)[*_](?=\w)|(?<=\w)[*_](?!\w)")
# Emphasis next to a word (not a bullet's "* "), backticks, strike-through, HTML tags, and LaTeX commands and braces
# ("\boxed{X}", "\text{X}"): what sets words apart without being words.
_MARKUP = re.compile(
    r"\*+(?=[^\s*])|(?<=[^\s*])\*+|(?<!\w)_+(?=\w)|(?<=\w)_+(?!\w)|`+|~~|</?(?:b|i|u|em|strong|code|mark|s)>"
    r"|(?-i:</?[a-z][a-z0-9]*(?:\s[^<>\n]*)?/?>)|</?(?:p|li|ul|ol|td|tr|th|table|div|span|sup|sub|h[1-6]|a)\b[^<>\n]*>"
    r"|\\[a-z]+\b|[{}]",  # any tag in lower case, a common one in any case; not a placeholder: "<UNKNOWN>"
    re.IGNORECASE,
)
_BREAK_TAG = re.compile(r"<br\s*/?>", re.IGNORECASE)
# Inline TeX math around words ("$Paris$", not "$5 and $6" nor "Dio$ No$"), and an ampersand written as HTML
# ("X &amp; Y"). Not "&nbsp;" nor an entity in a word ("P&#345;emysl"): the length kept, what stands for one
# character would leave a wider gap than a space, which parts a name.
_TEX_MATH = re.compile(r"(?<!\\)\$(?=[^\s\d$])(?P<inside>[^$\n]{0,80}?)(?<=[^\s\\])\$")
_AMPERSAND = re.compile("&amp;", re.IGNORECASE)
# An enumerator of an inline list: "1)", "(2)", "b)", "3." (read before a capital only: "3. června" is a date).
_ENUMERATOR = re.compile(
    r"(?:^|(?<=[\s,;:]))(?:\(?(?:(?P<number>\d{1,2})|(?P<letter>[a-h]))\)|(?P<dotted>\d{1,2})\.)(?=\s+(?P<next>[\"'*]*\S))",
    re.MULTILINE,
)


def straighten_quotes(text: str) -> str:
    """Curly apostrophes and quotes made straight; the length of the text is unchanged."""
    return text.translate(_QUOTES)


def plain_text(text: str) -> str:
    """Straight quotes, and markdown emphasis, code, strike-through, HTML tags, LaTeX commands and TeX math marks
    blanked ("**X** or **Y**" reads as "X or Y", "<li>X</li><li>Y</li>" as two names apart; a line break tag breaks
    the line), and an inline list's items begun on lines of their own; the length of the text is unchanged, so
    offsets into it hold."""
    text = _BREAK_TAG.sub(lambda m: "\n" + " " * (len(m.group()) - 1), straighten_quotes(text))
    text = _TEX_MATH.sub(lambda m: f" {m['inside']} ", text)
    text = _AMPERSAND.sub("&    ", text)
    return _inline_lists_broken(_MARKUP.sub(lambda m: " " * len(m.group()), text))


def _inline_lists_broken(text: str) -> str:
    """Each item of a list written on one line ("1) X 2) Y", "(a) X, (b) Y", "1. X 2. Y") begun on a line of its own,
    as a list is mostly written: enumerators of one style counting up from one break the line before them."""
    runs: list[list[re.Match[str]]] = []
    for match in _ENUMERATOR.finditer(text):
        if match["dotted"] and not match["next"].lstrip("\"'*").isupper():
            continue
        style, value = _style_and_value(match)
        if runs and _style_and_value(runs[-1][-1]) == (style, value - 1):
            runs[-1].append(match)
        elif value == 1:
            runs.append([match])
    pieces, done = [], 0
    for match in (match for run in runs if len(run) > 1 for match in run):
        if text[text.rfind("\n", 0, match.start()) + 1 : match.start()].strip():  # not at a line's start already
            pieces += [text[done : match.start()], "\n" + " " * (match.end() - match.start() - 1)]
            done = match.end()
    return "".join(pieces) + text[done:]


def _style_and_value(enumerator: re.Match[str]) -> tuple[tuple[bool, bool, bool], int]:
    """An enumerator's style (bracketed before, a number, closed by a bracket) and the count it stands for."""
    count = enumerator["number"] or enumerator["dotted"]
    value = int(count) if count else ord(enumerator["letter"]) - ord("a") + 1
    return (enumerator.group().startswith("("), enumerator["letter"] is None, enumerator["dotted"] is None), value


@lru_cache(maxsize=4096)
def normalise(text: str) -> str:
    """Straight quotes, expanded contractions ("isn't" -> "is not") and no markdown emphasis."""
    text = _EMPHASIS.sub("", straighten_quotes(text))
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


def fold(word: str) -> str:
    """A word as the case-insensitive patterns see it, for looking it up: case-folded, with accents dropped and the
    letters those patterns take for ASCII ones made ASCII (the long s, the Kelvin sign, the dotted and dotless i)."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c)).replace("ı", "i")
