"""Credentials inside a URL: user:password@ userinfo, or a query (or fragment) parameter named like a key.

A base URL is recorded in run.json, shown in reports and quoted in messages, so a secret inside one would be
written wherever the URL goes. Such a URL is refused (the key goes through the key variable instead), and any
message that quotes a URL quotes it with the secret replaced by ***. A path segment is not a secret: some servers
route by a deployment name there, and refusing it would refuse ordinary URLs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from urllib.parse import unquote_plus

from nohallucinate.errors import UserInputError

MASK = "***"
# Parameter names that carry a credential, compared case-insensitively with "-" read as "_" (api-key, API_KEY).
SECRET_NAMES = frozenset(
    {"key", "api_key", "apikey", "token", "access_token", "secret", "password", "passwd", "sig", "signature"}
)
# ... and any name that ends in one of these after an underscore (client_secret, refresh_token, x_goog_api_key).
SECRET_SUFFIXES = ("_key", "_token", "_secret", "_password", "_signature")
# scheme:// then userinfo up to the last "@" before the host ends; without a scheme, a leading "user:pass@".
_USERINFO = re.compile(r"^(?P<head>(?:[A-Za-z][A-Za-z0-9+.-]*:)?//|)(?P<userinfo>[^/?#]*)@")


class CredentialInUrlError(UserInputError):
    """A URL given with a credential in it (user:password@, or a parameter such as api_key=)."""


def masked(text: str, secrets: Iterable[str]) -> str:
    """`text` with each of `secrets` (non-empty strings) replaced by ***."""
    for secret in secrets:
        text = text.replace(secret, MASK) if secret else text
    return text


def refuse_credentials(url: str, what: str, remedy: str, where: str = "") -> None:
    """Raise CredentialInUrlError if `url` carries a credential. The message names `what` ("base URL",
    "--base-url"), the URL with its secrets replaced by *** (at most 80 characters of it), `where` it came from
    (" (from $OPENAI_BASE_URL)") and the `remedy`."""
    found = credentials_in(url)
    if found:
        raise CredentialInUrlError(f"{what} {shown(url)!r}{where} carries a credential ({', '.join(found)}); {remedy}")


def shown(url: str, limit: int = 80) -> str:
    """`url` as a message may quote it: redacted, and clipped to `limit` characters."""
    text = redacted(url)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_secret_name(name: str) -> bool:
    """Whether a query parameter called `name` (percent-decoded) carries a credential."""
    normal = unquote_plus(name).strip().lower().replace("-", "_")
    return normal in SECRET_NAMES or normal.endswith(SECRET_SUFFIXES)


def credentials_in(url: str) -> list[str]:
    """What in `url` holds a credential, in words ("user:password@", "the query parameter 'api_key'"); none: []."""
    found = ["user:password@"] if _USERINFO.match(url) else []
    for _, name, _ in _parameters(url):
        if is_secret_name(name):
            found.append(f"the parameter {unquote_plus(name)!r}")
    return found


def redacted(url: str) -> str:
    """`url` with its userinfo and the value of every credential-named parameter replaced by ***."""
    url = _USERINFO.sub(lambda match: f"{match['head']}{MASK}@", url, count=1)
    pieces: list[str] = []
    last = 0
    for start, name, end in _parameters(url):
        if is_secret_name(name):
            pieces.append(url[last:start] + f"{name}={MASK}")
            last = end
    return "".join(pieces) + url[last:]


def _parameters(url: str) -> list[tuple[int, str, int]]:
    """(start, name, end) of each name=value pair after the first "?" or "#", split on &, ; and #."""
    begin = min((i for i in (url.find("?"), url.find("#")) if i >= 0), default=-1)
    if begin < 0:
        return []
    pairs = []
    for match in re.finditer(r"[^&;#]+", url[begin + 1 :]):
        name, equals, _ = match.group().partition("=")
        if equals:
            pairs.append((begin + 1 + match.start(), name, begin + 1 + match.end()))
    return pairs
