"""Read a model reply that must be one JSON object, without guessing at anything else."""

from __future__ import annotations

import json
import re
from typing import Any

from nohallucinate.errors import NohallucinateError

_FENCE = re.compile(r"^\s*```(?:json)?\s*\n(?P<body>.*?)\n?\s*```\s*$", re.DOTALL)


class UnusableReply(NohallucinateError, ValueError):
    """The reply is not what the prompt asked for; the caller asks again or reports an error."""


def json_object(text: str) -> dict[str, Any]:
    """The reply as a JSON object; a single ```json fence around it is allowed, anything else is an error."""
    fenced = _FENCE.match(text)
    body = fenced.group("body") if fenced else text
    try:
        value = json.loads(body)
    except json.JSONDecodeError as exc:
        raise UnusableReply(f"not JSON ({exc.msg} at line {exc.lineno} column {exc.colno})").quoting(
            text[:120]
        ) from None
    if not isinstance(value, dict):
        raise UnusableReply(f"expected a JSON object, got {type(value).__name__}")
    return value
