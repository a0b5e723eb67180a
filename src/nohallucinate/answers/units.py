"""Units of measurement: the spellings replies and gold answers use for one unit, read as one name.

"65W", "65 watts" and "65-watt" state the same quantity; "6.9 millimetres" and "6.9 mm" too. A unit is told by
its canonical name (`Unit.name`); its spellings are listed once, in `units.toml` (read at import): British and
American, singular and plural, symbol and word. A count noun ("7 faces", "66 votes") is not a unit: it names
what is counted, and `answers.reading` ties a count to the question's noun by its words.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

from nohallucinate.answers import catalogues


@dataclass(frozen=True)
class Unit:
    """A unit of measurement: its canonical name, the dimension it measures, and how many of its dimension's base
    unit it is (metres, square metres, kilograms, litres, metres per second, watts, bytes, hertz; 1.0 where a
    dimension has no conversion kept here, as temperatures and densities)."""

    name: str
    dimension: str
    factor: float = 1.0

    def convert(self, value: float, to: Unit) -> float | None:
        """`value` of this unit in `to`, or None when the two measure different things (or cannot be converted)."""
        if to.dimension != self.dimension or self.dimension in _UNCONVERTED:
            return None if to != self else value
        return value * self.factor / to.factor


@dataclass(frozen=True)
class UnitMention:
    """A unit written right after a number; `end` is the offset just past it in the text."""

    unit: Unit
    end: int


_FILE = "units.toml"
_UNCONVERTED = frozenset({"temperature", "density", "ratio", "bandwidth"})

# Short spellings that are also words or letters ("in", "t", "l"): read after a space only at the end of a phrase
# ("3 t."), never in "25 in 2020"; glued to the number ("3t", "5in") they are always units. "m", "g", "mi" after a
# number are units wherever they stand ("17.63 m in diameter").
_AMBIGUOUS = frozenset({"in", "t", "l", "w", "pc", "kn", "kt", "v", "a"})


def unit_spellings(catalogue: Mapping[str, Any]) -> dict[str, Unit]:
    """Every spelling of every unit of a parsed units.toml, in its order, each read as its unit."""
    units: dict[str, Unit] = {}
    for dimension, table in catalogue.items():
        if not isinstance(table, dict):
            raise catalogues.CatalogueError(f"{_FILE}: {dimension} is not a table of units")
        for name, data in table.items():
            entry = catalogues.Entry(f"{_FILE}: [{dimension}] {name}", data, ("factor", "spellings"))
            unit = Unit(name, dimension, entry.number("factor", 1.0))
            for spelling in entry.texts("spellings"):
                if spelling in units:
                    raise entry.error(f"{spelling!r} already spells {units[spelling].name}")
                if spelling != spelling.lower():
                    raise entry.error(f"{spelling!r} is not in lower case (replies are matched in lower case)")
                units[spelling] = unit
    # What the code names, the file must hold.
    if missing := _UNCONVERTED - {unit.dimension for unit in units.values()}:
        raise catalogues.CatalogueError(f"{_FILE}: lacks the dimensions {sorted(missing)}")
    if missing := _AMBIGUOUS - set(units):
        raise catalogues.CatalogueError(f"{_FILE}: lacks the spellings {sorted(missing)}")
    return units


UNITS = unit_spellings(catalogues.load(_FILE, None))


def _alternation(spellings: list[str]) -> str:
    ordered = sorted(spellings, key=len, reverse=True)  # "square kilometres" before "square", "km/h" before "km"
    return "|".join(re.escape(s).replace(r"\ ", r"\s+") for s in ordered)


@cache
def _after_number() -> re.Pattern[str]:
    # A unit glued to the number ("65W", "9.3mm"), or after a space or a hyphen ("65 watts", "164-acre"); never the
    # start of a longer word.
    clear = [s for s in UNITS if s not in _AMBIGUOUS]
    return re.compile(
        rf"(?P<unit>{_alternation(list(UNITS))})(?![^\W\d_])"
        rf"|[ \t\u00a0-](?:(?P<word>{_alternation(clear)})(?![^\W\d_])"
        rf"|(?P<short>{_alternation(sorted(_AMBIGUOUS))})(?=[\s*_]*(?:$|[.,;:!?()\]])))",
        re.IGNORECASE,
    )


def unit_after(text: str, end: int) -> UnitMention | None:
    """The unit written right after the number that ends at `end`, or None."""
    match = _after_number().match(text, end)
    if match is None:
        return None
    spelling = match["unit"] or match["word"] or match["short"]
    return UnitMention(UNITS[re.sub(r"\s+", " ", spelling.lower())], match.end())


def unit_named(text: str) -> Unit | None:
    """The unit a whole phrase names ("kilometers", "km", "square kilometres"), or None."""
    return UNITS.get(re.sub(r"\s+", " ", text.strip().lower()))
