"""The optional extras stay optional: without openreward (`serve`) or verifiers (`verifiers`) the package, the
command and `from nohallucinate import *` work, and what needs the extra says which. Each check runs in a fresh
process with the extra's modules blocked (`sys.modules[name] = None` makes importing them fail), so the result
does not depend on what this venv holds; tests/env/test_verifiers_env.py makes the same checks in a venv that
really lacks openreward."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SERVE_EXTRA = ("openreward", "fastapi", "starlette", "sse_starlette", "uvicorn")


def run_python(script: str, blocked: tuple[str, ...]) -> subprocess.CompletedProcess[str]:
    """`script` in a fresh interpreter where importing any of `blocked` fails."""
    prelude = f"import sys\nfor name in {blocked!r}:\n    sys.modules[name] = None\n"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.run([sys.executable, "-c", prelude + script], capture_output=True, text=True, env=env)


def test_without_the_serve_extra_the_command_works_and_serve_exits_2_naming_it() -> None:
    script = (
        "import json\n"
        "from typer.testing import CliRunner\n"
        "from nohallucinate.cli import app\n"
        "import nohallucinate.env\n"
        "help, serve = CliRunner().invoke(app, ['--help']), CliRunner().invoke(app, ['serve'])\n"
        "print(json.dumps([help.exit_code, 'serve' in help.output, serve.exit_code, serve.output]))\n"
    )
    result = run_python(script, SERVE_EXTRA)
    assert result.returncode == 0, result.stderr
    help_code, lists_serve, serve_code, message = json.loads(result.stdout)
    assert (help_code, lists_serve, serve_code) == (0, True, 2)
    assert message.startswith("error: serve needs the optional `serve` extra")
    assert "(no module 'openreward" in message and "pip install 'nohallucinate[serve]'" in message


def test_a_missing_module_that_is_not_the_extra_keeps_its_traceback() -> None:
    result = run_python("from nohallucinate.cli import app\napp(['serve'])\n", ("nohallucinate.env.openreward_env",))
    assert result.returncode == 1 and "ModuleNotFoundError" in result.stderr


def test_without_verifiers_import_and_star_import_work_and_the_plugin_says_what_it_needs() -> None:
    script = (
        "import nohallucinate\n"
        "assert sys.modules['verifiers'] is None  # blocked, never imported\n"
        "from nohallucinate import *\n"
        "print(nohallucinate.__all__)\n"
        "try:\n"
        "    nohallucinate.NoHallucinateTaskset\n"
        "except ModuleNotFoundError as exc:\n"
        "    print(exc)\n"
    )
    result = run_python(script, ("verifiers",))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "[]",
        "nohallucinate.NoHallucinateTaskset needs the optional `verifiers` extra, not installed here (no module "
        "'verifiers.v1'): pip install 'nohallucinate[verifiers]'",
    ]


def test_importing_nohallucinate_never_imports_verifiers_even_where_it_is_installed() -> None:
    """A stand-in `verifiers` package on the path: found, listed in `__all__`, and never imported."""
    script = (
        "import importlib.abc, importlib.util\n"
        "class Seen(importlib.abc.MetaPathFinder):\n"
        "    def find_spec(self, name, path, target=None):\n"
        "        if name.partition('.')[0] == 'verifiers':\n"
        "            raise AssertionError(f'imported {name}')\n"
        "real = importlib.util.find_spec\n"
        "def found(name, package=None):\n"
        "    return object() if name == 'verifiers' else real(name, package)\n"
        "importlib.util.find_spec = found\n"
        "sys.meta_path.insert(0, Seen())\n"
        "import nohallucinate, nohallucinate.cli, nohallucinate.env\n"
        "print(nohallucinate.__all__)\n"
    )
    result = run_python(script, ())
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "['NoHallucinateTaskset', 'SingleReplyHarness', 'LocalSingleAgentEnv']"
