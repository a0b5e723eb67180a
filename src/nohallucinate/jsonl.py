"""Reading JSON Lines files that people write by hand: one object a line, errors that name file, line and field."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from nohallucinate.bounds import MAX_DEPTH, MAX_FILE_BYTES, MAX_LINE_BYTES, quote
from nohallucinate.errors import UserInputError


class FormatError(UserInputError):
    """A row of a JSONL file is malformed; the message names the file, line, field and reason.

    `line` is None when the whole file is at fault (missing, unreadable, empty)."""

    def __init__(self, path: Path | str, line: int | None, field: str | None, reason: str) -> None:
        self.path, self.line, self.field, self.reason = str(path), line, field, reason
        where = (f"{self.path}:{line}" if line is not None else self.path) + (f": field '{field}'" if field else "")
        super().__init__(f"{where}: {reason}")


def open_regular_file(path: Path | str) -> BinaryIO:
    """`path` opened for binary reading if it is a regular file; a FIFO, device, socket or directory is refused
    before it is opened, so that a reader never blocks on a FIFO nor reads /dev/zero."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise FormatError(path, None, None, "no such file") from None
    except OSError as exc:
        raise FormatError(path, None, None, f"cannot be read ({exc.strerror or exc})") from None
    if not stat.S_ISREG(mode):
        raise FormatError(path, None, None, f"is {_KINDS.get(stat.S_IFMT(mode), 'not a regular file')}, not a file")
    try:  # O_NONBLOCK: should a FIFO replace the file after the check, opening it still cannot block
        return os.fdopen(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb")
    except OSError as exc:
        raise FormatError(path, None, None, f"cannot be read ({exc.strerror or exc})") from None


_KINDS = {
    stat.S_IFDIR: "a directory",
    stat.S_IFIFO: "a FIFO",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


def _depth_over(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest deeper than `limit` (checked before json.loads, which recurses)."""
    depth, in_string, escaped = 0, False, False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            if depth > limit:
                return True
        elif char in "]}":
            depth -= 1
    return False


class _Duplicate(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for key, value in pairs:
        if key in row:
            raise _Duplicate(key)
        row[key] = value
    return row


def parse_json(text: str, path: Path | str, line: int | None) -> Any:
    """One JSON value with the readers' bounds: nesting at most MAX_DEPTH, no duplicate key; else FormatError."""
    if _depth_over(text, MAX_DEPTH):
        raise FormatError(path, line, None, f"JSON nested deeper than {MAX_DEPTH} levels")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except _Duplicate as exc:
        raise FormatError(path, line, None, f"duplicate key {quote(exc.key)}") from None
    except json.JSONDecodeError as exc:
        raise FormatError(path, line, None, f"invalid JSON: {exc.msg} at column {exc.colno}") from None
    except ValueError as exc:  # valid JSON Python refuses to read, such as an integer of 5,000 digits
        raise FormatError(path, line, None, f"unreadable JSON: {str(exc)[:120]}") from None
    except RecursionError:  # the pre-scan should make this unreachable; never a traceback if it is not
        raise FormatError(path, line, None, f"JSON nested deeper than {MAX_DEPTH} levels") from None


def _decoded(raw: bytes, path: Path | str, line: int | None) -> str:
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(path, line, None, f"not UTF-8 ({exc.reason})") from None


def read_text_file(path: Path | str) -> str:
    """A whole UTF-8 text file (at most MAX_FILE_BYTES, regular files only); else FormatError. A FIFO, /dev/zero
    or a directory is refused before it is read."""
    with open_regular_file(path) as handle:
        try:
            raw = handle.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise FormatError(path, None, None, f"cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_FILE_BYTES:
        raise FormatError(path, None, None, f"larger than {MAX_FILE_BYTES:,} bytes")
    return _decoded(raw, path, None)


def read_json_file(path: Path | str) -> Any:
    """A whole JSON file (at most MAX_FILE_BYTES, regular files only) as one value; else FormatError."""
    return parse_json(read_text_file(path), path, None)


def iter_json_lines(path: Path | str) -> Iterator[tuple[int, str]]:
    """Every non-blank line as (line number, text), each read with a bound of MAX_LINE_BYTES."""
    with open_regular_file(path) as handle:
        number = 0
        while True:
            try:
                raw = handle.readline(MAX_LINE_BYTES + 1)
            except OSError as exc:
                raise FormatError(path, None, None, f"cannot be read ({exc.strerror or exc})") from None
            if not raw:
                return
            number += 1
            if not raw.endswith(b"\n") and len(raw) > MAX_LINE_BYTES:
                raise FormatError(path, number, None, f"line longer than {MAX_LINE_BYTES:,} bytes")
            line = _decoded(raw, path, number)
            if line.strip():  # blank lines carry no row; anything else must parse
                yield number, line


def read_json_lines(path: Path | str) -> list[tuple[int, dict[str, Any]]]:
    """Every non-blank line as (line number, object); a file that cannot be read, is not a regular file, has a
    line longer than MAX_LINE_BYTES, nested deeper than MAX_DEPTH, a duplicate key, a line that is not a JSON
    object, or no rows raises FormatError."""
    rows: list[tuple[int, dict[str, Any]]] = []
    for number, line in iter_json_lines(path):
        row = parse_json(line, path, number)
        if not isinstance(row, dict):
            raise FormatError(path, number, None, f"expected a JSON object, got {type(row).__name__}")
        rows.append((number, row))
    if not rows:
        raise FormatError(path, None, None, "the file holds no rows")
    return rows
