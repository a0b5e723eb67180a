"""Running the real `inspect` command in tests: offline, its files under the test's directory, its log read back.

Every request outside 127.0.0.1 goes to a proxy that is not there, so a run that needed a tokenizer, a model or
an update check fails instead of fetching it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

INSPECT = Path(sys.executable).parent / "inspect"


def offline_env(home: Path) -> dict[str, str]:
    """An environment where nothing but 127.0.0.1 can be reached, inspect keeps its files under `home`, and our
    grader's response cache is the test's own."""
    dead = "http://127.0.0.1:9"  # the discard port: nothing listens, every connection is refused
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OPENAI_BASE_URL")}
    return env | {
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "NOHAL_CACHE_DIR": str(home / "nohal-cache"),
        "OPENAI_API_KEY": "test-key",
        "HTTP_PROXY": dead,
        "HTTPS_PROXY": dead,
        "ALL_PROXY": dead,
        "NO_PROXY": "127.0.0.1,localhost",
        "HF_HUB_OFFLINE": "1",
    }


def finished(process: subprocess.Popen[str], expect_ok: bool = True) -> tuple[int, str, str]:
    stdout, stderr = process.communicate(timeout=600)
    if expect_ok:
        assert process.returncode == 0, (stdout + stderr)[-4000:]
    return process.returncode, stdout, stderr


def log_of(directory: Path) -> Path:
    (log,) = directory.glob("*.eval")
    return log


def dumped(log: Path) -> dict[str, Any]:
    """The log as `inspect log dump` prints it: that command (inspect's own click command) run in this process, as
    CliRunner runs ours. It reads a local file and calls nothing; a fresh process would add only inspect's imports,
    two seconds a log, while the evals themselves run as the `inspect` command in processes of their own."""
    from click.testing import CliRunner
    from inspect_ai._cli.log import dump_command  # what `inspect log dump` runs (no public name for it)

    shown = CliRunner().invoke(dump_command, [str(log)], catch_exceptions=False)
    assert shown.exit_code == 0, shown.output[-4000:]
    return json.loads(shown.stdout)
