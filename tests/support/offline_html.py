"""Checking that an HTML page is self-contained: it loads nothing, and its only scripts are inline."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from typing import Any

# Elements that fetch or embed another document or resource.
FETCHING_TAGS = {"link", "iframe", "frame", "object", "embed", "base", "audio", "video", "source", "track", "form"}
# What a script would use to reach the network, or to turn text into markup or code.
NETWORK_CALLS = (
    *("fetch(", "XMLHttpRequest", "WebSocket", "EventSource", "import(", "sendBeacon", "http://", "https://"),
    *("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval(", "Function("),
)


class Page(HTMLParser):
    """The page's start tags with their attributes, and each script's attributes and text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.scripts: list[tuple[dict[str, str | None], str]] = []
        self._open: dict[str, str | None] | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._open, self._text = dict(attrs), []

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._open is not None:
            self.scripts.append((self._open, "".join(self._text)))
            self._open = None

    def script(self, kind: str | None) -> str:
        """The text of the one script of that type (None: the inline code)."""
        [text] = [text for attrs, text in self.scripts if attrs.get("type") == kind]
        return text


def parse(page: str) -> Page:
    parsed = Page()
    parsed.feed(page)
    parsed.close()
    return parsed


def assert_self_contained(page: str) -> Page:
    """Fail unless the page opens offline: no attribute or stylesheet points elsewhere, no fetching element, no
    script from a file, no network call in any script, and a content security policy that forbids requests."""
    parsed = parse(page)
    for tag, attrs in parsed.tags:
        assert tag not in FETCHING_TAGS, tag
        for name in ("src", "href", "action", "srcset", "poster", "data"):
            value = attrs.get(name)
            assert value is None or value.startswith(("data:", "#")), (tag, name, value[:80])
    assert all("src" not in attrs for attrs, _ in parsed.scripts)
    for attrs, text in parsed.scripts:
        if attrs.get("type") != "application/json":
            assert not [call for call in NETWORK_CALLS if call in text], text
    assert "url(" not in page and "@import" not in page
    [policy] = [attrs for tag, attrs in parsed.tags if tag == "meta" and attrs.get("http-equiv")]
    assert re.search(r"default-src 'none'", policy["content"] or "")
    return parsed


def embedded_items(parsed: Page) -> dict[str, Any]:
    """The items the page carries as JSON."""
    data: dict[str, Any] = json.loads(parsed.script("application/json"))
    return data
