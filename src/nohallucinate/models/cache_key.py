"""The secret that seals response-cache entries, kept apart from the cache so that a cache alone cannot vouch
for itself: an entry edited and re-sealed without this key, or a cache copied from another machine, fails its
check and is fetched again.

The key is 32 random bytes, as hex, in `$NOHAL_CACHE_KEY_FILE`, else `$XDG_CONFIG_HOME/nohallucinate/cache.key`,
else `~/.config/nohallucinate/cache.key`; it is made on first use, readable by its owner only.
"""

from __future__ import annotations

import os
import secrets
import tempfile
from pathlib import Path

from nohallucinate.jsonl import FormatError, read_text_file

KEY_BYTES = 32


class CacheKeyError(OSError):
    """The key file exists but is not a key, or cannot be read or made."""


def cache_key_path() -> Path:
    """Where the key lives ($NOHAL_CACHE_KEY_FILE, else the user's configuration directory)."""
    if explicit := os.environ.get("NOHAL_CACHE_KEY_FILE"):
        return Path(explicit)
    config = os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config"
    return Path(config) / "nohallucinate" / "cache.key"


def read_cache_key(path: Path | None = None) -> bytes:
    """The key at `path` (default `cache_key_path()`), made there when absent. Raises CacheKeyError when the
    file holds no key or cannot be read or made."""
    path = path or cache_key_path()
    try:
        return _parse(path, _read(path))
    except FileNotFoundError:
        pass
    return _create(path)


def _read(path: Path) -> str:
    """The key file's text, bounded like every input: a FIFO, /dev/zero or a directory is refused unread."""
    if not os.path.lexists(path):
        raise FileNotFoundError(path)
    try:
        return read_text_file(path)
    except FormatError as exc:
        raise CacheKeyError(f"cache key {path} cannot be read ({exc.reason})") from None


def _create(path: Path) -> bytes:
    key = secrets.token_bytes(KEY_BYTES)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        # Written whole under another name (mkstemp: owner-only), then linked into place, which fails if the name
        # exists: when two processes make the key at once, one wins and the other reads the winner's whole key.
        descriptor, temporary = tempfile.mkstemp(dir=path.parent, prefix=".cache-key-")
        try:
            with os.fdopen(descriptor, "w", encoding="ascii") as handle:
                handle.write(key.hex() + "\n")
            os.link(temporary, path)
        finally:
            os.unlink(temporary)
    except FileExistsError:
        return _parse(path, _read(path))
    except OSError as exc:
        raise CacheKeyError(f"cache key {path} cannot be made ({_reason(exc)})") from None
    return key


def _parse(path: Path, text: str) -> bytes:
    try:
        key = bytes.fromhex(text.strip())
    except ValueError:
        key = b""
    if len(key) != KEY_BYTES:
        raise CacheKeyError(f"cache key {path} is not {KEY_BYTES} bytes of hex; remove it and a new one is made")
    return key


def _reason(exc: BaseException) -> str:
    return getattr(exc, "strerror", None) or str(exc)
