"""One spelling for the many ways replies write the same words, before phrases are matched."""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

from nohallucinate.answers.layout import inline_lists_broken, laid_out, thinking_blanked

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
# Emphasis next to a word (not a bullet's "* "), backticks (and a code block's language, "```json"), strike-through,
# HTML tags, and LaTeX commands and braces ("\boxed{X}", "\text{X}"): what sets words apart without being words.
_MARKUP = re.compile(
    r"\*+(?=[^\s*])|(?<=[^\s*])\*+|(?<!\w)_+(?=\w)|(?<=\w)_+(?!\w)|```[\w+-]*|`+|~~|</?(?:b|i|u|em|strong|code|mark|s)>"
    r"|(?-i:</?[a-z][a-z0-9]*(?:\s[^<>\n]*)?/?>)|</?(?:p|li|ul|ol|td|tr|th|table|div|span|sup|sub|h[1-6]|a)\b[^<>\n]*>"
    r"|\\[a-z]+\b|\\[ ,;:!{}|]|[{}]|<!--|-->",  # any tag in lower case, a common one in any case; not "<UNKNOWN>"
    re.IGNORECASE,
)
_BREAK_TAG = re.compile(r"<br\s*/?>", re.IGNORECASE)
# Letters and marks written in other forms that look alike: full-width and small forms ("＄X＄ or ＄Y＄", "X ＆ Y"),
# and, in a word that mixes scripts, Cyrillic letters shaped as Latin ones ("оr" with a Cyrillic "о").
_WIDE_FORMS = {code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)} | {0xFE69: ord("$"), 0xFE60: ord("&")}
_CYRILLIC_AS_LATIN = str.maketrans("аеорсухіјѕАВЕКМНОРСТХУ", "aeopcyxijsABEKMHOPCTXY")
_MIXED_WORD = re.compile(r"\w*(?:[a-zA-Z]\w*[\u0400-\u04ff]|[\u0400-\u04ff]\w*[a-zA-Z])\w*")
# TeX math around words ("$Paris$", "$ Paris $", "$$Paris$$", "\\(Paris\\)", "\\[Paris\\]"; not "$5 and $6", "Dio$ No$"
# nor "A$AP Rocky"), and the HTML entities for marks ("X &amp; Y", "X &#124; Y", "X&nbsp;or&nbsp;Y"), each read as
# its mark and blanks. An entity for a letter is kept ("P&#345;emysl"): the length kept, it would part its word.
_TEX_MATH = re.compile(
    r"(?<![\w\\$])(?P<open>\$\$?|\\\(|\\\[)(?P<inside>[^$\n]{1,80}?)(?P<close>\$\$?|\\\)|\\\])(?![\w$])"
)
_TEX_CLOSES = {"$": "$", "$$": "$$", "\\(": "\\)", "\\[": "\\]"}
_ENTITY = re.compile(r"&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[a-zA-Z][a-zA-Z0-9]{1,31});")
# A line that states how sure the reply is ("Confidence: low", "Jistota: 80 %"): no candidate.
_CONFIDENCE_LINE = re.compile(
    r"^[^\S\n]*\**(?:confidence|certainty|jistota)\**[^\S\n]*[:=][^\S\n]*\**(?:very |velmi )?"
    r"(?:low|medium|moderate|high|nízká|střední|vysoká|\d{1,3}[^\S\n]*%|0?[.,]\d+|\d+[^\S\n]*/[^\S\n]*10)"
    r"\**[^\S\n]*\.?[^\S\n]*$",
    re.IGNORECASE | re.MULTILINE,
)
# A weight, a score or a rank given a candidate ("X (60%), Y (40%)", "X 0.6, Y 0.4", "X (p=0.6)", "X [1st]", "X (#1)",
# "X (score 0.9)", "X 6/10", "X (high)"), which parts a candidate from the mark that joins it to the next as a note
# in brackets would.
_WEIGHT = re.compile(
    r"[(\[]\s*(?:(?:p|prob\.?|probability|score|votes?|rank|confidence|weight)\s*[:=]?\s*|~\s*|#)?"
    r"(?:\d{1,3}(?:[.,]\d+)?\s*%|[01]?[.,]\d+|\d{1,3}(?:st|nd|rd|th)?|high|low|medium|likeliest|next)\s*[)\]]"
    r"|(?:(?<=\s)|(?<=^))\d{1,2}\s*/\s*10\b|(?:(?<=\s)|(?<=:))\s*(?:p\s*=\s*)?"
    r"(?:\d{1,3}(?:[.,]\d+)?\s*%|0?[.,]\d+)(?=\s*(?:[,;]|$|\n|\.\s))",
    re.IGNORECASE,
)


def straighten_quotes(text: str) -> str:
    """Curly apostrophes and quotes made straight; the length of the text is unchanged."""
    return text.translate(_QUOTES)


def plain_text(text: str) -> str:
    """Straight quotes, and markdown emphasis, code, strike-through, HTML tags, LaTeX commands, TeX math marks and
    emoji blanked ("**X** or **Y**" reads as "X or Y", "<li>X</li><li>Y</li>" as two names apart; a line break tag
    breaks the line), and an inline list's items begun on lines of their own; the length of the text is unchanged,
    so offsets into it hold."""
    text = _BREAK_TAG.sub(lambda m: "\n" + " " * (len(m.group()) - 1), straighten_quotes(text).translate(_WIDE_FORMS))
    text = _MIXED_WORD.sub(lambda m: m.group().translate(_CYRILLIC_AS_LATIN), text)
    text = _TEX_MATH.sub(_tex_blanked, text)
    text = _ENTITY.sub(_entity_read, laid_out(thinking_blanked(text)))
    text = _WEIGHT.sub(lambda m: " " * len(m.group()), _CONFIDENCE_LINE.sub(lambda m: " " * len(m.group()), text))
    return _symbols_blanked(inline_lists_broken(_MARKUP.sub(lambda m: " " * len(m.group()), text)))


def _symbols_blanked(text: str) -> str:
    """Emoji and other symbols blanked, as marks are ("👉 X 👈 or 👉 Y 👈" reads "X or Y"); after the list
    enumerators, so a keycap ("1️⃣") still counts."""
    if text.isascii():
        return text
    return "".join(" " if unicodedata.category(char) == "So" else char for char in text)


def _tex_blanked(math: re.Match[str]) -> str:
    """TeX math's delimiters blanked, where they pair and hold no sum of money ("$5 and $6")."""
    inside = math["inside"]
    money = math["open"] == "$" and inside[:1].isdigit() and not inside.isdigit()
    if _TEX_CLOSES[math["open"]] != math["close"] or money:
        return math.group()
    return " " * len(math["open"]) + inside + " " * len(math["close"])


def _entity_read(entity: re.Match[str]) -> str:
    """An HTML entity for a mark or a space read as that mark and blanks; one for a letter, a digit or an angle
    bracket kept."""
    mark = html.unescape(entity.group())
    if len(mark) != 1 or mark.isalnum() or mark in "<>" or mark == entity.group():  # "&lt;UNKNOWN&gt;" is kept
        return entity.group()
    return ("\n" if mark == "\n" else " " if mark.isspace() else mark).ljust(len(entity.group()))


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
