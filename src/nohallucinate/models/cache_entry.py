"""One response-cache entry as stored: the response as JSON text, sealed by an HMAC-SHA256 of the request's key and
the text under a secret kept outside the cache (`cache_key.py`), so an edited reply, damaged JSON, changed
checksum, moved key, or an entry re-sealed by anyone without the secret no longer matches."""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from nohallucinate.jsonl import FormatError, parse_json

# A plain hash would stop damage, not a forger: whoever can write the file could recompute it. Keyed, a forger
# also needs the secret, which lives apart from the cache (and is not copied with it).
NO_CHECKSUM = "no checksum"  # written before entries were sealed, or the checksum was erased
# the text, the key or the checksum was changed since it was written, or it was sealed under another secret (another
# machine's, or before entries were keyed)
MISMATCH = "checksum mismatch"
INVALID = "invalid content"  # sealed, yet not a response (not JSON, or missing a field)


def checksum(secret: bytes, key: str, text: object) -> str:
    """The seal, under `secret`, of `text` stored under `key`."""
    # surrogateescape: the cache reads text that way, so bytes that are not UTF-8 still hash (and mismatch)
    message = f"{key}\n{text}".encode("utf-8", "surrogateescape")
    return hmac.new(secret, message, hashlib.sha256).hexdigest()


def seal(secret: bytes, key: str, response: dict[str, Any]) -> tuple[str, str]:
    """The stored text of `response` and its checksum. ASCII-only JSON, so any reply text can be stored."""
    text = json.dumps(response, sort_keys=True)
    return text, checksum(secret, key, text)


def unseal(secret: bytes, key: str, text: object, stored: object) -> tuple[dict[str, Any] | None, str | None]:
    """The response of an entry read back, or None and the reason it cannot be trusted."""
    if not isinstance(stored, str) or not stored:
        return None, NO_CHECKSUM
    # compared as bytes: compare_digest refuses a str that is not ASCII, and the file may hold anything
    if not hmac.compare_digest(stored.encode("utf-8", "surrogateescape"), checksum(secret, key, text).encode()):
        return None, MISMATCH
    try:  # bounded like every reader: a deep or duplicate-keyed entry is invalid, never a RecursionError
        response = parse_json(text, "a cache entry", None) if isinstance(text, str) else None
    except FormatError:
        return None, INVALID
    return (response, None) if _is_response(response) else (None, INVALID)


def _is_response(value: Any) -> bool:
    if not isinstance(value, dict) or not isinstance(value.get("text"), str):
        return False
    counts = (value.get("prompt_tokens"), value.get("completion_tokens"))
    return all(type(count) is int and count >= 0 for count in counts)
