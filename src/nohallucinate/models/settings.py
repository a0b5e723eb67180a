"""How the clients of one command or server behave: concurrency, retries, timeout, deadline, cache."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from nohallucinate.models.cache import CACHE_FILE, ResponseCache, default_cache_dir
from nohallucinate.models.reachability import GIVE_UP_AFTER

if TYPE_CHECKING:  # the client (asyncio, tenacity) is imported when one is made: the flags alone need neither
    from nohallucinate.models.client import ModelClient
    from nohallucinate.models.endpoint import Endpoint, Sampling


@dataclass(frozen=True)
class ClientSettings:
    """Shared by every client a command or server makes."""

    concurrency: int = 16
    cache_dir: Path | None = None
    no_cache: bool = False
    max_attempts: int = 6
    timeout: float = 120.0  # seconds for one request
    call_deadline: float | None = 300.0  # seconds for one call, every attempt and wait together; None: no limit
    _caches: dict[Path, ResponseCache] = field(default_factory=dict, init=False, compare=False, repr=False)

    @property
    def cache_root(self) -> Path:
        return self.cache_dir or default_cache_dir()

    @property
    def cache_path(self) -> Path:
        """The response cache file."""
        return self.cache_root / CACHE_FILE

    def client(
        self, endpoint: Endpoint, sampling: Sampling | None = None, *, never_give_up: bool = False
    ) -> ModelClient:
        """A client for `endpoint`, caching (unless caching is off) into the one response cache that every client
        of these settings shares, so that a problem with the file is reported once, not once per client.
        `never_give_up` keeps a long-lived service's client retrying an endpoint that cannot be reached."""
        from nohallucinate.models.client import ModelClient

        cache = None if self.no_cache else self._cache()
        return ModelClient(
            endpoint,
            sampling=sampling,
            concurrency=self.concurrency,
            max_attempts=self.max_attempts,
            timeout=self.timeout,
            deadline=self.call_deadline,
            cache=cache,
            give_up_after=None if never_give_up else GIVE_UP_AFTER,
        )

    def _cache(self) -> ResponseCache:
        path = self.cache_path
        cache = self._caches.get(path)
        if cache is None or cache.closed:
            cache = self._caches[path] = ResponseCache(path)
            return cache
        return cache.shared()
