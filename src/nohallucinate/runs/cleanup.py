"""Output a command creates, removed again if the command fails, so that a failure leaves nothing half-made."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import TypeVar

from nohallucinate.errors import UserInputError

Written = TypeVar("Written")


class OutputFileError(UserInputError):
    """An output file (`--out FILE`) that cannot be written there: a directory, a missing or non-directory parent, a
    full disk, no permission (a UserInputError: the CLI reports it with exit 2)."""


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


@contextmanager
def replaced_atomically(path: Path) -> Iterator[Path]:
    """A temporary path beside `path` for the block to write; when the block ends it becomes `path` in one rename.
    If the block (or the rename) fails, the temporary file is removed and what was at `path` is left as it was."""
    partial = path.with_name(path.name + ".partial")
    try:
        yield partial
        os.replace(partial, path)
    except BaseException:
        partial.unlink(missing_ok=True)
        raise


def write_text_atomically(path: Path, text: str) -> None:
    """Write the whole text or nothing: a reader never sees half a file, even when the disk fills up."""
    with replaced_atomically(path) as partial:
        partial.write_text(text, encoding="utf-8")


def check_output_file(path: Path, *, flag: str = "--out", make_parents: bool = False) -> Path:
    """`path` if a file can be written there, checked before any work: not a directory (nor `.`), and its parent a
    directory; with `make_parents`, missing parents are fine (made when the file is written) if the nearest one that
    exists is a directory. Else an OutputFileError naming `flag` and the path."""
    if path.is_dir() or path.name in ("", ".", ".."):
        raise OutputFileError(f"{flag} {path}: is a directory; give the path of a file to write")
    parent = next(p for p in path.parents if p.exists()) if make_parents else path.parent
    if not parent.exists():
        raise OutputFileError(f"{flag} {path}: its directory {parent} does not exist")
    if not parent.is_dir():
        raise OutputFileError(f"{flag} {path}: {parent} is not a directory")
    return path


def write_output_file(
    path: Path, write: Callable[[Path], Written], *, flag: str = "--out", make_parents: bool = False
) -> Written:
    """`write(temporary)`, then the temporary file renamed to `path` at once: a whole file or none. A path that cannot
    be a file, or a write that fails (a full disk or quota, no permission, a read-only disk), is an OutputFileError
    naming `path` and why, with no temporary file left, what was at `path` intact, and no parent made here left."""
    check_output_file(path, flag=flag, make_parents=make_parents)
    # Only a parent made here is removed on failure: in one that existed, others may be writing too.
    parents: AbstractContextManager[object] = (
        output_directory(path.parent) if make_parents and not path.parent.exists() else nullcontext()
    )
    try:
        with parents, replaced_atomically(path) as partial:
            return write(partial)
    except OSError as exc:
        raise OutputFileError(f"cannot write {path}: {_reason(exc)}") from None


def write_output_text(path: Path, text: str, *, flag: str = "--out", make_parents: bool = False) -> None:
    """`text` written to `path` as `write_output_file` writes (a whole file or none, a failure an OutputFileError)."""
    write_output_file(path, lambda partial: partial.write_text(text, encoding="utf-8"), flag=flag,
                      make_parents=make_parents)  # fmt: skip


def _reason(exc: OSError) -> str:
    # The error's own words without its file name: that is our temporary file's, and the message names the target.
    return exc.strerror or str(exc)
