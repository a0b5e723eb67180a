"""The one model client for OpenAI-compatible endpoints, and what configures it."""

from nohallucinate.models.cache import ResponseCache, default_cache_dir, request_key
from nohallucinate.models.client import Completion, Messages, ModelClient, ModelError
from nohallucinate.models.endpoint import Endpoint, MissingKeyError, Sampling
from nohallucinate.models.settings import ClientSettings
from nohallucinate.models.usage import KNOWN_PRICES, Usage

__all__ = [
    "KNOWN_PRICES",
    "ClientSettings",
    "Completion",
    "Endpoint",
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
