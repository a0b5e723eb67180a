"""What every reader of a user's file shares: bounded types, short quotes of bad values, and pydantic errors
turned into file, line, field and reason.

A message quotes at most `QUOTE_CHARS` characters of any value it names, so a 200 MB id cannot become a 200 MB
error. Numbers are finite and bounded, and integers are integers, never booleans or floats.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping
from pathlib import Path
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, Field, StrictInt, StrictStr, ValidationError

# The bounds live apart from pydantic, for the command line to import as it starts; the readers take them here.
from nohallucinate.bounds import MAX_INDEX as MAX_INDEX
from nohallucinate.bounds import MAX_SAMPLE as MAX_SAMPLE
from nohallucinate.bounds import QUOTE_CHARS as QUOTE_CHARS
from nohallucinate.bounds import clip as clip
from nohallucinate.bounds import quote as quote
from nohallucinate.errors import UserInputError
from nohallucinate.jsonl import FormatError, read_json_lines

Row = TypeVar("Row", bound=BaseModel)


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


Text = Annotated[StrictStr, AfterValidator(_not_blank)]
SampleIndex = Annotated[StrictInt, Field(ge=0, le=MAX_SAMPLE)]
Index = Annotated[StrictInt, Field(ge=0, le=MAX_INDEX)]
Finite = Annotated[float, Field(strict=True, allow_inf_nan=False)]
Probability = Annotated[float, Field(strict=True, allow_inf_nan=False, ge=0.0, le=1.0)]


def field_and_reason(error: Any) -> tuple[str | None, str]:
    """One pydantic error as (field path such as "spans[0]", reason); the value is quoted short, never whole."""
    path = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error["loc"])
    field = clip(path.removeprefix(".")) or None  # an unknown field's name is the user's and may be huge
    reason = clip(str(error["msg"]).removeprefix("Value error, "), 4 * QUOTE_CHARS)
    if field is None:  # a whole-row rule, which may name its field
        named, _, rest = reason.partition(": ")
        return (named, rest) if rest else (None, reason)
    if error["type"] == "missing":
        return field, "missing required field"
    if error["type"] == "extra_forbidden":
        return field, "unknown field"
    return field, f"{reason} (got {quote(error['input'])})"


def load_rows(path: Path | str, model: type[Row]) -> list[tuple[int, Row]]:
    """Every line of a JSONL file validated as `model`, with its line number; the first bad one raises."""
    rows: list[tuple[int, Row]] = []
    for number, raw in read_json_lines(path):
        try:
            rows.append((number, model.model_validate(raw)))
        except ValidationError as exc:
            raise FormatError(path, number, *field_and_reason(exc.errors()[0])) from None
    return rows


def reject_duplicates(path: Path | str, keyed: Iterable[tuple[Hashable, int]], field: str) -> None:
    """Raise FormatError at the second line whose key was seen before."""
    seen: dict[Hashable, int] = {}
    for key, line in keyed:
        if key in seen:
            raise FormatError(path, line, field, f"duplicate of line {seen[key]}")
        seen[key] = line


def parse_counts(settings: Iterable[str], defaults: Mapping[str, int], *, flag: str, kind: str,
                 known: Iterable[str]) -> dict[str, int]:  # fmt: skip
    """Samples per name from `flag NAME=N` settings over `defaults` (one count per name of the run), N a whole
    number from 1 to MAX_SAMPLE; a name outside `known`, or not of this run, is refused naming the setting."""
    counts = dict(defaults)
    known = list(known)
    for setting in settings:
        name, _, count = setting.partition("=")
        if name not in known:
            raise UserInputError(f"{flag} {quote(setting)}: unknown {kind}; choose from {', '.join(known)}")
        if name not in counts:
            raise UserInputError(f"{flag} {quote(setting)}: {name} is not a {kind} of this run")
        # Six ASCII digits at most: int() of thousands of digits is an error of its own, and "²" is a digit too.
        if not (re.fullmatch(r"[0-9]{1,6}", count) and 1 <= int(count) <= MAX_SAMPLE):
            raise UserInputError(
                f"{flag} {quote(setting)}: expected NAME=N with N a whole number from 1 to {MAX_SAMPLE:,}"
            )
        counts[name] = int(count)
    return counts
