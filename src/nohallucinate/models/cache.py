"""An on-disk cache of model responses, so that re-running the same requests costs nothing."""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
from pathlib import Path
from typing import Any


def request_key(base_url: str, model: str, messages: list[dict[str, str]], params: dict[str, Any]) -> str:
    """A stable key for one request: the server, the model, the messages and every parameter sent. The server
    counts because two servers may serve different weights under one name (a base model and its finetune)."""
    request = {"base_url": base_url.rstrip("/"), "model": model, "messages": messages, "params": params}
    canonical = json.dumps(request, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()


class ResponseCache:
    """Responses keyed by `request_key`, in one SQLite file that several processes may share."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute("CREATE TABLE IF NOT EXISTS responses (key TEXT PRIMARY KEY, response TEXT NOT NULL)")

    def get(self, key: str) -> dict[str, Any] | None:
        row = self._db.execute("SELECT response FROM responses WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def put(self, key: str, response: dict[str, Any]) -> None:
        self._db.execute("INSERT OR REPLACE INTO responses VALUES (?, ?)", (key, json.dumps(response)))

    def close(self) -> None:
        self._db.close()


def default_cache_dir() -> Path:
    """$NOHAL_CACHE_DIR, else ~/.cache/nohallucinate."""
    return Path(os.environ.get("NOHAL_CACHE_DIR", Path.home() / ".cache" / "nohallucinate"))
