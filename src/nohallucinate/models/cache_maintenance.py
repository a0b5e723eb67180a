"""Checking a response cache file entry by entry, and pruning it: `nohallucinate cache verify` and `cache prune`."""

from __future__ import annotations

import sqlite3
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from nohallucinate.models.cache import decode_text, open_cache
from nohallucinate.models.cache_entry import unseal


@dataclass
class CacheCheck:
    """What a pass over a cache file found (and, for a prune, removed)."""

    path: Path
    entries: int = 0  # entries in the file before any removal
    bad: Counter[str] = field(default_factory=Counter)  # by reason
    old: int = 0  # good entries older than the prune's limit
    unreadable: str | None = None  # why the file could not be read as a cache at all
    rebuilt: str | None = None  # a prune that found no cache database moved the file aside: what it did


def verify_cache(path: Path) -> CacheCheck:
    """Every entry of the cache at `path` checked against its checksum; the file is only read."""
    check = CacheCheck(path)
    if not path.exists():
        return check
    db = sqlite3.connect(path)
    db.text_factory = decode_text
    try:
        # A cache written before entries were sealed has no checksum column until a client opens it.
        sealed = "checksum" in {row[1] for row in db.execute("PRAGMA table_info(responses)")}
        rows = db.execute(f"SELECT key, response, {'checksum' if sealed else 'NULL'} FROM responses")
        for key, text, stored in rows:
            check.entries += 1
            if (reason := unseal(key, text, stored)[1]) is not None:
                check.bad[reason] += 1
    except sqlite3.Error as exc:
        check.unreadable = str(exc)
    finally:
        db.close()
    return check


def prune_cache(path: Path, older_than_days: float | None = None) -> CacheCheck:
    """Remove the bad entries of the cache at `path`, and good ones older than `older_than_days`; a file that is
    not a cache is moved aside. Raises sqlite3.Error or OSError if the file cannot be changed."""
    check = CacheCheck(path)
    if not path.exists():
        return check
    db, check.rebuilt = open_cache(path)
    cutoff = None if older_than_days is None else time.time() - older_than_days * 86_400
    doomed: list[int] = []
    try:
        rows = db.execute("SELECT rowid, key, response, checksum, created FROM responses")
        for rowid, key, text, stored, created in rows:
            check.entries += 1
            if (reason := unseal(key, text, stored)[1]) is not None:
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
