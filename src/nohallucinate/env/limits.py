"""How much of one request the served environment reads; kept apart from the server so that the CLI can show the
default without importing the serving stack (the `serve` extra)."""

from __future__ import annotations

from nohallucinate.graders.limits import REPLY_LIMITS

# The longest reply any family reads, as JSON at its worst: Python's json.dumps escapes a character outside the
# Basic Multilingual Plane as two "\uXXXX" escapes (12 bytes); 4 KB more covers the rest of a tool call.
MAX_BODY_BYTES = 12 * max(REPLY_LIMITS.values()) + 4096
# A score_group request carries a GRPO group's candidates: it may be as large as this many single replies, and a
# group of more candidates is refused (split it; the rewards are absolute, so splitting changes none of them).
MAX_GROUP = 64
SCORE_GROUP_PATH = "/score_group"  # the SDK's route: /{environment}/score_group

# Per-connection bounds for `serve` (env/connection_limits): a slow or absent sender is closed, not held.
HEADER_TIMEOUT = 10.0  # seconds to send a request head
BODY_TIMEOUT = 30.0  # seconds, once the head is in, to send the body (the largest allowed at ~1 MB/s and more)
KEEP_ALIVE = 5  # seconds idle between requests
MAX_CONNECTIONS = 1024
MAX_CONNECTIONS_PER_CLIENT = 64
