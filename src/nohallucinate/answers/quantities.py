"""Gold answers that are one quantity: a number with, at most, its unit or the noun it counts.

"65W", "169 cc", "17.48 km", "3 years.", "66 votes", "#9", "170th", "Eighth place", "61. 53 male, 8 female." are
each one number, read with what follows it; "27 x 40", "Season 5, Episode 15" or "two sons and three daughters"
are not (they hold several numbers and are matched as text).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from nohallucinate.answers.czech_numbers import writes_czech
from nohallucinate.answers.numbers import decimal_places, leading_number
from nohallucinate.answers.units import Unit, unit_after

# Marks that may open a gold before its number: a rank sign, "No.", a currency, a hedge.
_OPENING = re.compile(
    r"^(?:#\s*|no\.\s*|number\s+|[$£€]\s*|(?:approximately|about|around|roughly|circa|c\.)\s+)", re.IGNORECASE
)
# A full stop after the number and an explanation after it: "61. 53 male, 8 female."
_EXPLAINED = re.compile(r"^\.\s+\S")
_NOUN_WORDS = re.compile(r"^(?:[^\W\d_][\w'’-]*)(?:\s+[^\W\d_][\w'’-]*){0,2}$")
_TRAILING = " \t\r\n\u00a0.,;:!?\"'()[]{}«»“”‘’/"


@dataclass(frozen=True)
class Quantity:
    """A number as a gold answer states it: its value, its unit or counted noun, and how precisely it is written."""

    value: float
    unit: Unit | None  # "km" in "17.48 km"
    noun: str | None  # "votes" in "66 votes", "place" in "Eighth place"
    ordinal: bool  # "170th", "Seventh": the question asks for a place or a rank
    decimals: int  # figures after the decimal mark as written ("11.70" and "11,70" have 2)

    @property
    def measured(self) -> bool:
        """A measurement (a unit, or a decimal) rather than a count: read within a relative tolerance."""
        return self.unit is not None or self.decimals > 0


def parse_quantity(text: str, czech: bool | None = None) -> Quantity | None:
    """The quantity when `text` is one number with at most its unit or noun after it, else None; `czech` says
    whether it is read as Czech too ("Dva", asked in Czech), None: when it writes Czech."""
    core = text.lstrip(_TRAILING.replace(".", "")).rstrip(_TRAILING)  # ".500" is not 500
    core = _OPENING.sub("", core, count=1)
    czech = writes_czech(core) if czech is None else czech
    number = leading_number(core, czech)
    if number is None:
        return None
    value, end, ordinal, digits = number
    rest = core[end:]
    unit = None
    if found := unit_after(core, end):
        unit, rest = found.unit, core[found.end :]
    rest_stripped = rest.strip(_TRAILING)
    noun = None
    if rest_stripped and not _EXPLAINED.match(rest.lstrip(" ")):
        if unit is not None or not _NOUN_WORDS.match(rest_stripped) or leading_number(rest_stripped) is not None:
            return None
        if not ordinal and any(word[:1].isupper() for word in rest_stripped.split()):
            return None  # "1469 Church Street NW" is an address: capitals name, they do not count
        noun = rest_stripped.lower()
    decimals = decimal_places(digits) if digits else 0
    return Quantity(value, unit, noun, ordinal, decimals)
