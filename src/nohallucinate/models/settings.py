"""How the clients of one command or server behave: concurrency, retries, timeout, cache."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from nohallucinate.models.cache import ResponseCache, default_cache_dir
from nohallucinate.models.client import ModelClient
from nohallucinate.models.endpoint import Endpoint, Sampling


@dataclass(frozen=True)
class ClientSettings:
    """Shared by every client a command or server makes."""

    concurrency: int = 16
    cache_dir: Path | None = None
    no_cache: bool = False
    max_attempts: int = 6
    timeout: float = 120.0

    @property
    def cache_root(self) -> Path:
        return self.cache_dir or default_cache_dir()

    def client(self, endpoint: Endpoint, sampling: Sampling | None = None) -> ModelClient:
        """A client for `endpoint`, caching into the shared response cache unless caching is off."""
        cache = None if self.no_cache else ResponseCache(self.cache_root / "responses.sqlite")
        return ModelClient(
            endpoint,
            sampling=sampling,
            concurrency=self.concurrency,
            max_attempts=self.max_attempts,
            timeout=self.timeout,
            cache=cache,
        )
