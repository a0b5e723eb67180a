"""The one model client for OpenAI-compatible endpoints, and what configures it."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.models.cache import CACHE_FILE, ResponseCache, default_cache_dir, request_key
    from nohallucinate.models.client import Completion, Messages, ModelClient, ModelError
    from nohallucinate.models.endpoint import BadBaseUrlError, Endpoint, MissingKeyError, Sampling
    from nohallucinate.models.reachability import EndpointUnreachable
    from nohallucinate.models.settings import ClientSettings
    from nohallucinate.models.usage import KNOWN_PRICES, Usage
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.models.cache": ("CACHE_FILE", "ResponseCache", "default_cache_dir", "request_key"),
            "nohallucinate.models.client": ("Completion", "Messages", "ModelClient", "ModelError"),
            "nohallucinate.models.endpoint": ("BadBaseUrlError", "Endpoint", "MissingKeyError", "Sampling"),
            "nohallucinate.models.reachability": ("EndpointUnreachable",),
            "nohallucinate.models.settings": ("ClientSettings",),
            "nohallucinate.models.usage": ("KNOWN_PRICES", "Usage"),
        },
    )

__all__ = [
    "CACHE_FILE",
    "KNOWN_PRICES",
    "BadBaseUrlError",
    "ClientSettings",
    "Completion",
    "Endpoint",
    "EndpointUnreachable",
    "Messages",
    "MissingKeyError",
    "ModelClient",
    "ModelError",
    "ResponseCache",
    "Sampling",
    "Usage",
    "default_cache_dir",
    "request_key",
]
