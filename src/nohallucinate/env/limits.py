"""How much of one request the served environment reads; kept apart from the server so that the CLI can show the
default without importing the serving stack (the `serve` extra)."""

from __future__ import annotations

from dataclasses import dataclass

from nohallucinate.graders.limits import REPLY_LIMITS

# The longest reply any family reads, as JSON at its worst: Python's json.dumps escapes a character outside the
# Basic Multilingual Plane as two "\uXXXX" escapes (12 bytes); 4 KB more covers the rest of a tool call.
MAX_BODY_BYTES = 12 * max(REPLY_LIMITS.values()) + 4096
# A score_group request carries a GRPO group's candidates: it may be as large as this many single replies, and a
# group of more candidates is refused (split it; the rewards are absolute, so splitting changes none of them).
MAX_GROUP = 64
SCORE_GROUP_PATH = "/score_group"  # the SDK's route: /{environment}/score_group


@dataclass(frozen=True)
class ConnectionLimits:
    """Per-connection bounds for `serve` (enforced by env/connection_limits): a slow or absent sender is closed, not
    held, and connections past a cap are closed unread."""

    header_timeout: float = 10.0  # seconds to send a request head
    # seconds, once the head is in, to send the body (the largest allowed at ~1 MB/s and more)
    body_timeout: float = 30.0
    keep_alive: int = 5  # seconds idle between requests
    max_connections: int = 1024  # open at once
    max_connections_per_client: int = 64  # open at once from one client address
