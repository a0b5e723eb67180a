"""The bounds every message and reader keeps, without pydantic (the command line imports them to start): how much
of a value a message quotes, so that a 200 MB id cannot become a 200 MB error, and the largest sample index and
offset a file may give. tasks/inputs.py builds its validated types on them."""

from __future__ import annotations

QUOTE_CHARS = 80
MAX_SAMPLE = 10_000  # the highest sample index of one item: more draws than any evaluation takes
MAX_INDEX = 2**31 - 1  # offsets, indices and counts in data files: far beyond any real answer or split
REASON_CHARS = 1_000  # an error reason kept with an item, at most


def clip(text: str, limit: int = QUOTE_CHARS) -> str:
    """`text` if it is at most `limit` characters, else its first `limit` and how long it was."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"


def one_line(text: str, limit: int = REASON_CHARS) -> str:
    """`text` as one printable line for an error reason: control characters (a newline, a terminal's escape codes)
    shown as escapes, clipped to `limit`. A policy function's exception message is text nobody vetted."""
    shown = "".join(char if char.isprintable() else repr(char)[1:-1] for char in text[:limit])
    return shown if len(text) <= limit else f"{shown}… ({len(text):,} characters)"


def quote(value: object, limit: int = QUOTE_CHARS) -> str:
    """A value as a message shows it (its repr), clipped to a short prefix."""
    if isinstance(value, str):  # cut before repr: repr of a huge string would copy it whole
        return repr(value) if len(value) <= limit else f"{value[:limit]!r}… ({len(value):,} characters)"
    try:
        return clip(repr(value), limit)
    except ValueError:  # an int past Python's digit limit has no repr
        return "<an integer too long to print>"


# Readers of input files (jsonl.py). The largest real line is 58,562 bytes (an ANAH detection sample) and a demo
# task with its article is under 4 KB; 16 MiB leaves room for a task with a long article while refusing
# /dev/zero or a runaway line after reading at most that much.
MAX_LINE_BYTES = 16 * 1024 * 1024
MAX_FILE_BYTES = 64 * 1024 * 1024  # a file read whole (run.json, a .json benchmark or detection set)
MAX_DEPTH = 64  # JSON nesting: real rows nest 3 deep; Python's parser recurses and dies near 1,000
MAX_ID_CHARS = 512  # a task id: a name a person types or a builder derives, never a document
