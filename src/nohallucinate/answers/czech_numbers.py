"""Czech numbers written in words: "tři děti", "dvaceti pěti let", "dvě stě padesát", "pět tisíc", "dvakrát".

A run of number words is read as the longest opening that makes one number, then the rest likewise, as "twenty
three and four" is read 23 and 4: the order of the parts decides ("dvacet tři" is 23, "tři dvacet" is 3 and 20).
The words are matched as written, accents and all, so that no English word is taken for one ("pět", not "pet").
"""

from __future__ import annotations

import re

from nohallucinate.answers.lexicon import (
    CZECH_CARDINALS,
    CZECH_ONE,
    CZECH_SCALES,
    CZECH_SCALES_ALONE,
    CZECH_TIMES,
    CZECH_VAGUE_BEFORE_A_SCALE,
)
from nohallucinate.answers.number_words import longest_numbers

_PARTS = {**CZECH_CARDINALS, **dict.fromkeys(CZECH_ONE, 1)}
_WORD = "|".join(sorted([*_PARTS, *CZECH_SCALES, *CZECH_TIMES], key=len, reverse=True))
_RUN = re.compile(rf"(?<!\w)(?:{_WORD})(?:\s+(?:{_WORD}))*(?!\w)", re.IGNORECASE)
_TOKEN = re.compile(r"\w+")
_WORD_BEFORE = re.compile(r"(\w+)\s+\Z")
# "dvě stě třicet tisíc pět set dvacet jedna" is 9 words: runs are tried no longer, so a wall of them costs little.
_MAX_WORDS = 12
# Where a part stands in a number below a thousand: hundreds before tens before units (and teens).
_HUNDREDS, _TENS, _UNITS, _OPEN = 3, 2, 1, 4


def czech_word_numbers(text: str) -> list[tuple[int, int, int]]:
    """Every number `text` writes in Czech words, in order, as (value, start, end)."""
    found = []
    for run in _RUN.finditer(text):
        tokens = list(_TOKEN.finditer(run.group()))
        before = _WORD_BEFORE.search(text, max(0, run.start() - 40), run.start())
        if (
            before
            and before.group(1).casefold() in CZECH_VAGUE_BEFORE_A_SCALE
            and tokens[0].group().casefold() in CZECH_SCALES
        ):
            tokens = tokens[1:]  # "několik tisíc": several thousand, no count
        found += [
            (value, run.start() + start, run.start() + end)
            for value, start, end in longest_numbers(tokens, _value, _MAX_WORDS)
        ]
    return found


def _value(written: list[str]) -> int | None:
    """The number the words make together, or None when they make none ("tři dvacet", "set", "tisíce")."""
    words = [word.casefold() for word in written]
    if len(words) == 1 and words[0] in CZECH_TIMES:
        return CZECH_TIMES[words[0]]
    total, group, place, last_scale = 0, 0, _OPEN, None
    for word in words:
        if word in CZECH_SCALES:
            scale = CZECH_SCALES[word]
            if scale == 100:  # "dvě stě", "pět set": after a unit from two to nine
                if place != _UNITS or not 2 <= group <= 9:
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
