"""Output a command creates, removed again if the command fails, so that a failure leaves nothing half-made."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def output_directory(path: Path) -> Iterator[Path]:
    """Create `path` (and its missing parents) for the block to write into; if the block fails, remove every
    directory and file created here since, and leave what was there before."""
    top = next((p for p in (*reversed(path.parents), path) if not p.exists()), None)
    before = set(path.iterdir()) if top is None and path.is_dir() else set()
    try:
        path.mkdir(parents=True, exist_ok=True)
        yield path
    except BaseException:
        if top is not None:
            shutil.rmtree(top, ignore_errors=True)
        elif path.is_dir():
            for entry in set(path.iterdir()) - before:
                if entry.is_dir():
                    shutil.rmtree(entry, ignore_errors=True)
                else:
                    entry.unlink(missing_ok=True)
        raise


def write_text_atomically(path: Path, text: str) -> None:
    """Write the whole text or nothing: a reader never sees half a file, even when the disk fills up."""
    partial = path.with_name(path.name + ".partial")
    try:
        partial.write_text(text, encoding="utf-8")
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise
