"""One response-cache entry as stored: the response as JSON text, sealed by a SHA-256 checksum of the request's
key and the text, so an edited reply, damaged JSON, changed checksum or moved key no longer matches."""

from __future__ import annotations

import hashlib
import json
from typing import Any

# The seal stops damage and casual edits, not a forger: whoever can write the file can recompute a checksum.
NO_CHECKSUM = "no checksum"  # written before entries were sealed, or the checksum was erased
MISMATCH = "checksum mismatch"  # the text, the key or the checksum was changed since it was written
INVALID = "invalid content"  # sealed, yet not a response (not JSON, or missing a field)


def checksum(key: str, text: object) -> str:
    """The seal of `text` stored under `key`."""
    # surrogateescape: the cache reads text that way, so bytes that are not UTF-8 still hash (and mismatch)
    return hashlib.sha256(f"{key}\n{text}".encode("utf-8", "surrogateescape")).hexdigest()


def seal(key: str, response: dict[str, Any]) -> tuple[str, str]:
    """The stored text of `response` and its checksum. ASCII-only JSON, so any reply text can be stored."""
    text = json.dumps(response, sort_keys=True)
    return text, checksum(key, text)


def unseal(key: str, text: object, stored: object) -> tuple[dict[str, Any] | None, str | None]:
    """The response of an entry read back, or None and the reason it cannot be trusted."""
    if not isinstance(stored, str) or not stored:
        return None, NO_CHECKSUM
    if stored != checksum(key, text):
        return None, MISMATCH
    try:
        response = json.loads(text) if isinstance(text, str) else None
    except ValueError:
        return None, INVALID
    return (response, None) if _is_response(response) else (None, INVALID)


def _is_response(value: Any) -> bool:
    if not isinstance(value, dict) or not isinstance(value.get("text"), str):
        return False
    counts = (value.get("prompt_tokens"), value.get("completion_tokens"))
    return all(type(count) is int and count >= 0 for count in counts)
