"""What the report's per-item script shows, run by node against a stand-in DOM (`items_page.js`)."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from support.offline_html import Page

ITEMS_PAGE_JS = Path(__file__).resolve().parent / "items_page.js"


def rendered(parsed: Page, steps: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows, count and page shown first and after each step (skipped where node is not installed)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed")
    ids = [attrs["id"] for _, attrs in parsed.tags if attrs.get("id")]
    payload = {"ids": ids, "data": parsed.script("application/json"), "script": parsed.script(None), "steps": steps}
    result = subprocess.run([node, str(ITEMS_PAGE_JS), "/dev/stdin"], input=json.dumps(payload), text=True,
                            capture_output=True, timeout=60, check=False)  # fmt: skip
    assert result.returncode == 0, result.stderr
    states: list[dict[str, Any]] = json.loads(result.stdout)
    return states
