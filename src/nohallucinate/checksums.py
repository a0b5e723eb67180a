"""sha256 digests of files and texts, as recorded in runs, manifests and provenance."""

from __future__ import annotations

import hashlib
from pathlib import Path

from nohallucinate.jsonl import open_regular_file


def file_sha256(path: Path | str) -> str:
    """The sha256 of a regular file's bytes; a FIFO, device or directory is a FormatError, never read (a FIFO
    would block, /dev/zero never ends)."""
    digest = hashlib.sha256()
    with open_regular_file(path) as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def text_sha256(text: str) -> str:
    """The sha256 of a text's UTF-8 bytes."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
