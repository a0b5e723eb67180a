"""Czech numbers written in words: "tři děti", "dvaceti pěti let", "dvě stě padesát", "pět tisíc", "dvakrát", and
the ordinal words a place is given in ("skončila čtvrtá").

A run of number words is read as the longest opening that makes one number, then the rest likewise, as "twenty
three and four" is read 23 and 4: the order of the parts decides ("dvacet tři" is 23, "tři dvacet" is 3 and 20).
The words are matched as written, accents and all; those without an accent ("dva", "sto", "set") only in a text
that writes Czech (`writes_czech`) or beside a word with one, since "Stu", "set" and "osm" are English words or
names too.
"""

from __future__ import annotations

import re

from nohallucinate.answers.lexicon import (
    CZECH_CARDINALS,
    CZECH_ONE,
    CZECH_ORDINALS,
    CZECH_SCALES,
    CZECH_SCALES_ALONE,
    CZECH_TIMES,
    CZECH_VAGUE_BEFORE_A_SCALE,
)
from nohallucinate.answers.number_words import longest_numbers

_PARTS = {**CZECH_CARDINALS, **dict.fromkeys(CZECH_ONE, 1)}
_WORD = "|".join(sorted([*_PARTS, *CZECH_SCALES, *CZECH_TIMES], key=len, reverse=True))
_RUN = re.compile(rf"(?<!\w)(?:{_WORD})(?:\s+(?:{_WORD}))*(?!\w)", re.IGNORECASE)
_ORDINAL = re.compile(rf"(?<!\w)(?:{'|'.join(sorted(CZECH_ORDINALS, key=len, reverse=True))})(?!\w)", re.IGNORECASE)
_TOKEN = re.compile(r"\w+")
_WORD_BEFORE = re.compile(r"(\w+)\s+\Z")
_AND_A_HALF = re.compile(r"\s+a\s+půl\b", re.IGNORECASE)  # "dva a půl roku": two and a half
# Letters Czech writes and English, German, French and Spanish do not, and short Czech words English has not
# ("Byl tam jen jednou.", "Studoval tam dva roky.").
_CZECH = re.compile(
    r"[ěščřžůťďňĚŠČŘŽŮŤĎŇ]|\b(?:je|jsou|byl|byla|bylo|byly|tam|jen|jeho|na|ve|ze|se|roce|roku|který|která|které|"
    r"nebo|také|jako|podle|celkem)\b",
    re.IGNORECASE,
)
# "dvě stě třicet tisíc pět set dvacet jedna" is 9 words: runs are tried no longer, so a wall of them costs little.
_MAX_WORDS = 12
# Where a part stands in a number below a thousand: hundreds before tens before units (and teens).
_HUNDREDS, _TENS, _UNITS, _OPEN = 3, 2, 1, 4


def writes_czech(text: str) -> bool:
    """Whether `text` writes a letter only Czech has ("tři", "zápasů") or a short Czech word ("byl", "tam"): where
    the Czech readers apply."""
    return _CZECH.search(text) is not None


def czech_word_numbers(text: str, czech: bool | None = None) -> list[tuple[float, int, int]]:
    """Every number `text` writes in Czech words, in order, as (value, start, end). Words without accents ("dva",
    "sto", "set") only where `czech` says the text is Czech (None: where it writes Czech), or beside one with
    ("pět set")."""
    czech = writes_czech(text) if czech is None else czech
    if not czech and text.isascii():
        return []  # every Czech word without an accent would be skipped: no need to look (most English replies)
    found: list[tuple[float, int, int]] = []
    for run in _RUN.finditer(text):
        if not czech and run.group().isascii():
            continue  # "Stu", "set", "osm" in an English reply
        tokens = list(_TOKEN.finditer(run.group()))
        before = _WORD_BEFORE.search(text, max(0, run.start() - 40), run.start())
        vague = before is not None and before.group(1).casefold() in CZECH_VAGUE_BEFORE_A_SCALE
        if vague and tokens[0].group().casefold() in CZECH_SCALES:
            tokens = tokens[1:]  # "několik tisíc": several thousand, no count
        numbers = longest_numbers(tokens, _value, _MAX_WORDS)
        read = {start for _, start, _ in numbers}
        # A multiplier the reading left over ("dvacet osm set") spoils the number before it: no guess at which.
        spoilers = {t.start() for t in tokens if t.start() not in read and t.group().casefold() in CZECH_SCALES}
        for value, start, end in numbers:
            following = next((t.start() for t in tokens if t.start() >= end), None)
            if following in spoilers:
                continue
            if half := _AND_A_HALF.match(text, run.start() + end):
                found.append((value + 0.5, run.start() + start, half.end()))
            else:
                found.append((float(value), run.start() + start, run.start() + end))
    return found


def czech_ordinal_numbers(text: str, czech: bool | None = None) -> list[tuple[float, int, int]]:
    """Every Czech ordinal word in `text` ("čtvrtá", "ve třetím kole"), as (value, start, end), for questions that
    ask a place or a rank; those without an accent ("osmou") only where `czech` says the text is Czech."""
    czech = writes_czech(text) if czech is None else czech
    if not czech and text.isascii():
        return []
    return [
        (float(CZECH_ORDINALS[m.group().casefold()]), m.start(), m.end())
        for m in _ORDINAL.finditer(text)
        if czech or not m.group().isascii()
    ]


def _value(written: list[str]) -> int | None:
    """The number the words make together, or None when they make none ("tři dvacet", "set", "tisíce")."""
    words = [word.casefold() for word in written]
    if len(words) == 1 and words[0] in CZECH_TIMES:
        return CZECH_TIMES[words[0]]
    total, group, place, last_scale = 0, 0, _OPEN, None
    for word in words:
        if word in CZECH_SCALES:
            scale = CZECH_SCALES[word]
            if scale == 100:  # "dvě stě", "pět set", "patnáct set": after a unit or a teen, from two to nineteen
                if place != _UNITS or not 2 <= group <= 19 or group == 10:
                    return None
                group, place = group * 100, _HUNDREDS
                continue
            if group == 0 and (place != _OPEN or word not in CZECH_SCALES_ALONE):
                return None  # "tisíce" and "miliony" alone are "thousands" and "millions"
            if last_scale is not None and scale >= last_scale:
                return None
            total, group, place, last_scale = total + max(group, 1) * scale, 0, _OPEN, scale
        elif word in _PARTS:
            value = _PARTS[word]
            part = _HUNDREDS if value >= 100 else _TENS if value >= 20 else _UNITS
            if part >= place or (part == _UNITS and place == _TENS and value >= 10):
                return None  # "tři dvacet", "dvacet dvanáct": no one number
            group, place = group + value, part
        else:
            return None  # "dvakrát" stands alone
    return total + group
