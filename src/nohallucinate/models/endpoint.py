"""Where a model lives and how to reach it: base URL, key, model name, and sampling parameters."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

from pydantic import BaseModel, ConfigDict, Field

from nohallucinate.errors import UserInputError
from nohallucinate.models.url_credentials import refuse_credentials, shown

OPENAI_URL = "https://api.openai.com/v1"
KEY_SECRET = "openai_api_key"  # the name an environment's secrets use for the key
KEY_VARIABLE = "OPENAI_API_KEY"
URL_VARIABLE = "OPENAI_BASE_URL"
# Servers such as vLLM or Ollama often take no key, but the SDK insists on one.
NO_KEY = "no-key-needed"


class MissingKeyError(UserInputError):
    """No API key was given for an endpoint that needs one."""


class BadBaseUrlError(UserInputError):
    """A base URL that is not http(s) with a host, or that carries a credential."""


class Sampling(BaseModel):
    """Sampling parameters sent with every request; unset ones are not sent at all (the server's default)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    temperature: float | None = Field(default=None, ge=0.0, le=2.0)
    top_p: float | None = Field(default=None, gt=0.0, le=1.0)
    max_tokens: int | None = Field(default=None, ge=1)
    seed: int | None = None
    reasoning_effort: str | None = None

    def as_request(self) -> dict[str, Any]:
        """The parameters as keyword arguments of a chat-completions request."""
        params = self.model_dump(exclude_none=True)
        if "max_tokens" in params:  # the current name; accepted by OpenAI and by compatible servers
            params["max_completion_tokens"] = params.pop("max_tokens")
        return params


class Endpoint(BaseModel):
    """One model at one OpenAI-compatible server."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    model: str = Field(min_length=1)
    base_url: str = OPENAI_URL
    api_key: str = Field(default=NO_KEY, repr=False)

    @classmethod
    def resolve(
        cls,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        secrets: Mapping[str, str] | None = None,
        environ: Mapping[str, str] | None = None,
    ) -> Endpoint:
        """The endpoint from, in order: explicit values, the secrets mapping, then the environment."""
        environ = os.environ if environ is None else environ
        url = resolve_base_url(base_url, environ)
        key = api_key or (secrets or {}).get(KEY_SECRET) or environ.get(KEY_VARIABLE)
        if not key:
            if url == OPENAI_URL:
                raise MissingKeyError(
                    f"no API key for {model} at {url}: pass the key flag, set {KEY_VARIABLE}, "
                    f"or give the secret {KEY_SECRET}"
                )
            key = NO_KEY
        return cls(model=model, base_url=url, api_key=key)

    def describe(self) -> dict[str, str]:
        """What a run records about the endpoint (never the key)."""
        return {"model": self.model, "base_url": self.base_url}


def resolve_base_url(base_url: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The base URL given, else $OPENAI_BASE_URL, else OpenAI's, checked (`check_base_url`), without a final "/"."""
    environ = os.environ if environ is None else environ
    given = base_url or environ.get(URL_VARIABLE) or OPENAI_URL
    check_base_url(given, "" if base_url else f" (from ${URL_VARIABLE})")
    return given.rstrip("/")


def check_base_url(url: str, source: str = "") -> None:
    """Refuse a base URL that carries a credential (user:password@, or a parameter such as api_key=: a base URL is
    recorded in run.json and shown in reports, a key never is) or that is not http(s) with a host. The message
    quotes at most 80 characters of the URL, its secrets replaced by ***."""
    remedy = f"a base URL is recorded in the run and its reports: give it without one, and the key in ${KEY_VARIABLE}"
    refuse_credentials(url, "base URL", remedy, source)
    if not _is_http_url(url):
        raise BadBaseUrlError(
            f"base URL {shown(url)!r}{source} is not an http(s) URL with a host, such as http://localhost:8000/v1"
        )


def _is_http_url(url: str) -> bool:
    if any(character.isspace() for character in url):  # urlsplit would quietly strip some of it
        return False
    try:
        parts = urlsplit(url)
        port_ok = parts.port is None or parts.port > 0  # reading the port raises ValueError if it is no number
    except ValueError:  # also a bracketed host that is not an address
        return False
    return parts.scheme in ("http", "https") and bool(parts.hostname) and port_ok
