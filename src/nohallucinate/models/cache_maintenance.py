"""Checking a response cache file entry by entry, and pruning it: `nohallucinate cache verify` and `cache prune`."""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from nohallucinate.models.cache import decode_text, open_cache
from nohallucinate.models.cache_entry import unseal
from nohallucinate.models.cache_key import read_cache_key


@dataclass
class CacheCheck:
    """What a pass over a cache file found (and, for a prune, removed)."""

    path: Path
    entries: int = 0  # entries in the file before any removal
    bad: Counter[str] = field(default_factory=Counter)  # by reason
    old: int = 0  # good entries older than the prune's limit
    unreadable: str | None = None  # why the file could not be read as a cache at all
    rebuilt: str | None = None  # a prune that found no cache database moved the file aside: what it did


def cache_file_problem(path: Path) -> str | None:
    """Why `path` cannot be a cache file to check or prune (its directory is a file, it is a directory, it is
    missing), or None."""
    if path.parent.exists() and not path.parent.is_dir():
        return f"{path.parent} is not a directory (--cache-dir names the directory that holds {path.name})"
    if path.is_dir():
        return f"{path} is a directory, not a cache file"
    if not path.exists():
        return f"no cache at {path}: nothing has been cached there"
    if not path.is_file():
        return f"{path} is not a regular file, so not a cache"
    return None


def verify_cache(path: Path) -> CacheCheck:
    """Every entry of the cache file at `path` checked against its seal; the file is only read. Raises
    CacheKeyError when the cache key cannot be read or made (call `cache_file_problem` first)."""
    check = CacheCheck(path)
    secret = read_cache_key()
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        check.unreadable = str(exc)
        return check
    db.text_factory = decode_text
    try:
        # A cache written before entries were sealed has no checksum column until a client opens it.
        columns = {row[1] for row in db.execute("PRAGMA table_info(responses)")}
        if not {"key", "response"} <= columns:
            check.unreadable = "it holds no response table"
            return check
        sealed = "checksum" in columns
        rows = db.execute(f"SELECT key, response, {'checksum' if sealed else 'NULL'} FROM responses")
        for key, text, stored in rows:
            check.entries += 1
            if (reason := unseal(secret, key, text, stored)[1]) is not None:
                check.bad[reason] += 1
    except sqlite3.Error as exc:
        check.unreadable = str(exc)
    finally:
        db.close()
    return check


def prune_cache(path: Path, older_than_days: float | None = None) -> CacheCheck:
    """Remove the bad entries of the cache at `path`, and good ones older than `older_than_days`; a file that is
    not a cache is moved aside. Raises sqlite3.Error or OSError (CacheKeyError among them) if the file cannot be
    changed (call `cache_file_problem` first)."""
    check = CacheCheck(path)
    secret = read_cache_key()
    db, check.rebuilt = open_cache(path)
    cutoff = None if older_than_days is None else time.time() - older_than_days * 86_400
    doomed: list[int] = []
    try:
        rows = db.execute("SELECT rowid, key, response, checksum, created FROM responses")
        for rowid, key, text, stored, created in rows:
            check.entries += 1
            if (reason := unseal(secret, key, text, stored)[1]) is not None:
                check.bad[reason] += 1
                doomed.append(rowid)
            elif cutoff is not None and not (isinstance(created, (int, float)) and created >= cutoff):
                check.old += 1  # an entry of unknown age counts as old
                doomed.append(rowid)
        db.execute("BEGIN IMMEDIATE")
        db.executemany("DELETE FROM responses WHERE rowid = ?", ((rowid,) for rowid in doomed))
        db.execute("COMMIT")
    finally:
        db.close()
    return check
