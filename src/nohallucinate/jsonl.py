"""Reading JSON Lines files that people write by hand: one object a line, errors that name file, line and field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from nohallucinate.errors import UserInputError


class FormatError(UserInputError):
    """A row of a JSONL file is malformed; the message names the file, line, field and reason.

    `line` is None when the whole file is at fault (missing, unreadable, empty)."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, reason: str) -> None:
        self.path, self.line, self.field, self.reason = str(path), line, field, reason
        where = (f"{self.path}:{line}" if line is not None else self.path) + (f": field '{field}'" if field else "")
        super().__init__(f"{where}: {reason}")


def read_json_lines(path: Path | str) -> list[tuple[int, dict[str, Any]]]:
    """Every non-blank line as (line number, object); a file that cannot be read, a line that is not a JSON
    object, or a file with no rows raises FormatError."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FormatError(path, None, None, "no such file") from None
    except UnicodeDecodeError as exc:
        raise FormatError(path, None, None, f"not UTF-8 ({exc.reason})") from None
    except OSError as exc:
        raise FormatError(path, None, None, f"cannot be read ({exc.strerror or exc})") from None
    rows: list[tuple[int, dict[str, Any]]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue  # blank lines carry no row; anything else must parse
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FormatError(path, number, None, f"invalid JSON: {exc.msg} at column {exc.colno}") from None
        except ValueError as exc:  # valid JSON Python refuses to read, such as an integer of 5,000 digits
            raise FormatError(path, number, None, f"unreadable JSON: {str(exc)[:120]}") from None
        if not isinstance(row, dict):
            raise FormatError(path, number, None, f"expected a JSON object, got {type(row).__name__}")
        rows.append((number, row))
    if not rows:
        raise FormatError(path, None, None, "the file holds no rows")
    return rows
