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


def straighten_quotes(text: str) -> str:
    """Curly apostrophes and quotes made straight; the length of the text is unchanged."""
    return text.translate(_QUOTES)


def plain_text(text: str) -> str:
    """Straight quotes, and markdown emphasis, code, strike-through, HTML tags and LaTeX commands blanked ("**X** or
    **Y**" reads as "X or Y", "<li>X</li><li>Y</li>" as two names apart; a line break tag breaks the line); the
    length of the text is unchanged, so offsets into it hold."""
    text = _BREAK_TAG.sub(lambda m: "\n" + " " * (len(m.group()) - 1), straighten_quotes(text))
    return _MARKUP.sub(lambda m: " " * len(m.group()), text)


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
