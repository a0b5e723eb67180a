"""Token, request and cost accounting for one client."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

# US dollars per million tokens (input, output), for models whose list price we know. Extend with --price.
KNOWN_PRICES: dict[str, tuple[float, float]] = {
    "gpt-5-mini": (0.25, 2.00),
}


@dataclass
class Usage:
    """Counts for one client; every field only grows."""

    calls: int = 0  # logical completions asked for
    cache_hits: int = 0  # answered from the on-disk cache, no request made
    requests: int = 0  # HTTP requests sent, retries included
    retries: int = 0
    failures: int = 0  # calls that still failed after every retry
    prompt_tokens: int = 0
    completion_tokens: int = 0
    price: tuple[float, float] | None = field(default=None, repr=False)

    def record(self, prompt_tokens: int, completion_tokens: int) -> None:
        self.prompt_tokens += prompt_tokens
        self.completion_tokens += completion_tokens

    @property
    def cost_usd(self) -> float | None:
        if self.price is None:
            return None
        per_input, per_output = self.price
        return (self.prompt_tokens * per_input + self.completion_tokens * per_output) / 1_000_000

    def as_dict(self) -> dict[str, Any]:
        counts = asdict(self)
        counts.pop("price")
        return {**counts, "cost_usd": self.cost_usd}
