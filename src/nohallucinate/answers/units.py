"""Units of measurement: the spellings replies and gold answers use for one unit, read as one name.

"65W", "65 watts" and "65-watt" state the same quantity; "6.9 millimetres" and "6.9 mm" too. A unit is told by
its canonical name (`Unit.name`); its spellings are listed once here, British and American, singular and plural,
symbol and word. A count noun ("7 faces", "66 votes") is not a unit: it names what is counted, and
`answers.reading` ties a count to the question's noun by its words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache


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


def _spellings(words: str) -> tuple[str, ...]:
    return tuple(words.split("|"))


# name, dimension, spellings (case-insensitive; "metre" and "meter" both, plural forms listed).
_TABLE: tuple[tuple[str, str, str], ...] = (
    ("millimetre", "length", "mm|millimetre|millimetres|millimeter|millimeters"),
    ("centimetre", "length", "cm|centimetre|centimetres|centimeter|centimeters"),
    ("metre", "length", "m|metre|metres|meter|meters|mtrs"),
    ("kilometre", "length", "km|kms|kilometre|kilometres|kilometer|kilometers"),
    ("inch", "length", "in|inch|inches"),
    ("foot", "length", "ft|foot|feet"),
    ("yard", "length", "yd|yds|yard|yards"),
    ("mile", "length", "mi|mile|miles"),
    ("square metre", "area", "m2|m²|sq m|square metre|square metres|square meter|square meters"),
    ("square kilometre", "area", "km2|km²|sq km|square kilometre|square kilometres|square kilometer|square kilometers"),
    ("square mile", "area", "sq mi|square mile|square miles"),
    ("acre", "area", "acre|acres"),
    ("hectare", "area", "ha|hectare|hectares"),
    ("milligram", "mass", "mg|milligram|milligrams|milligramme|milligrammes"),
    ("gram", "mass", "g|gram|grams|gramme|grammes"),
    ("kilogram", "mass", "kg|kgs|kilogram|kilograms|kilogramme|kilogrammes|kilo|kilos"),
    ("tonne", "mass", "t|tonne|tonnes|metric ton|metric tons"),
    ("pound", "mass", "lb|lbs|pound|pounds"),
    ("ton", "mass", "ton|tons|short ton|short tons|long ton|long tons"),
    ("millilitre", "volume", "ml|millilitre|millilitres|milliliter|milliliters"),
    ("litre", "volume", "l|litre|litres|liter|liters"),
    ("cubic centimetre", "volume", "cc|cm3|cm³|cubic centimetre|cubic centimetres|cubic centimeter|cubic centimeters"),
    ("watt", "power", "w|watt|watts"),
    ("kilowatt", "power", "kw|kilowatt|kilowatts"),
    ("megawatt", "power", "mw|megawatt|megawatts"),
    ("horsepower", "power", "hp|bhp|horsepower"),
    ("metre per second", "speed", "m/s|metre per second|metres per second|meter per second|meters per second"),
    ("kilometre per hour", "speed", "km/h|kmh|kph|kilometre per hour|kilometres per hour|kilometer per hour|"
     "kilometers per hour"),
    ("mile per hour", "speed", "mph|mile per hour|miles per hour"),
    ("foot per minute", "speed", "ft/min|fpm|foot per minute|feet per minute"),
    ("knot", "speed", "kn|kt|kts|knot|knots"),
    ("percent", "ratio", "%|percent|per cent|pc"),
    ("hertz", "frequency", "hz|hertz"),
    ("megahertz", "frequency", "mhz|megahertz"),
    ("gigahertz", "frequency", "ghz|gigahertz"),
    ("gigabyte per second", "bandwidth", "gb/s|gbps|gigabytes per second|gigabyte per second"),
    ("volt", "voltage", "v|volt|volts"),
    ("ampere", "current", "a|amp|amps|ampere|amperes"),
    ("volt-ampere", "apparent power", "va|volt-ampere|volt-amperes"),
    ("kilowatt-hour", "energy", "kwh|kilowatt-hour|kilowatt-hours|kilowatt hour|kilowatt hours"),
    ("electronvolt", "energy of a particle", "ev|electronvolt|electronvolts"),
    ("megaelectronvolt", "energy of a particle", "mev|megaelectronvolt|megaelectronvolts"),
    ("gigaelectronvolt", "energy of a particle", "gev|gigaelectronvolt|gigaelectronvolts"),
    ("teraelectronvolt", "energy of a particle", "tev|teraelectronvolt|teraelectronvolts"),
    ("megabyte", "data", "mb|megabyte|megabytes"),
    ("gigabyte", "data", "gb|gigabyte|gigabytes"),
    ("terabyte", "data", "tb|terabyte|terabytes"),
    ("degree fahrenheit", "temperature", "°f|degrees fahrenheit|degree fahrenheit|fahrenheit"),
    ("degree celsius", "temperature", "°c|degrees celsius|degree celsius|celsius|centigrade"),
    ("person per square kilometre", "density", "/km2|/km²|per square kilometre|per square kilometer|"
     "people per square kilometre|people per square kilometer|inhabitants per square kilometre|"
     "inhabitants per square kilometer|per km2|per km²"),
)  # fmt: skip

# How many base units each unit is; a unit not named here is the base of its dimension.
_FACTORS = {
    "millimetre": 0.001, "centimetre": 0.01, "kilometre": 1000.0, "inch": 0.0254, "foot": 0.3048, "yard": 0.9144,
    "mile": 1609.344, "square kilometre": 1e6, "square mile": 2_589_988.11, "acre": 4046.856, "hectare": 1e4,
    "milligram": 1e-6, "gram": 0.001, "tonne": 1000.0, "pound": 0.45359237, "ton": 907.18474, "millilitre": 0.001,
    "cubic centimetre": 0.001, "kilowatt": 1000.0, "megawatt": 1e6, "horsepower": 745.7,
    "kilometre per hour": 1 / 3.6, "mile per hour": 0.44704, "foot per minute": 0.00508, "knot": 0.514444,
    "megahertz": 1e6, "gigahertz": 1e9, "megabyte": 1e6, "gigabyte": 1e9, "terabyte": 1e12,
    "megaelectronvolt": 1e6, "gigaelectronvolt": 1e9, "teraelectronvolt": 1e12,
}  # fmt: skip
_UNCONVERTED = frozenset({"temperature", "density", "ratio", "bandwidth"})
UNITS: dict[str, Unit] = {
    spelling: Unit(name, dimension, _FACTORS.get(name, 1.0))
    for name, dimension, spellings in _TABLE
    for spelling in _spellings(spellings)
}


# Short spellings that are also words or letters ("in", "t", "l"): read after a space only at the end of a phrase
# ("3 t."), never in "25 in 2020"; glued to the number ("3t", "5in") they are always units. "m", "g", "mi" after a
# number are units wherever they stand ("17.63 m in diameter").
_AMBIGUOUS = frozenset({"in", "t", "l", "w", "pc", "kn", "kt", "v", "a"})


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
