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

from support.readme import readme_example

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
    assert "(no module 'openreward" in message and "pip install '.[serve]'" in message


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
        str(COMMON_NAMES),
        "nohallucinate.NoHallucinateTaskset needs the optional `verifiers` extra, not installed here (no module "
        "'verifiers.v1'): pip install '.[verifiers]' in a clone of nohallucinate (README: Install)",
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
    assert result.stdout.strip() == str([*COMMON_NAMES, "NoHallucinateTaskset", "SingleReplyHarness",
                                         "LocalSingleAgentEnv"])  # fmt: skip


# The common names the package exports (nohallucinate.COMMON), before the verifiers plugin's where it is installed.
COMMON_NAMES = ["Evaluation", "evaluate", "evaluate_async", "GradingError", "NoHallucinateEnv", "GraderSpec", "Verdict",
                "ClientSettings", "RewardRule", "Task", "load_demo_tasks", "load_tasks"]  # fmt: skip
ENOKI_EXTRA = ("datasets", "pyarrow", "sklearn", "numpy")
TAX_EXTRA = ("math_verify", "sympy")
REPORT_EXTRA = ("matplotlib",)
MINI_ENOKI = ROOT / "tests" / "fixtures" / "enokiqa" / "mini.jsonl"


def run_commands(commands: list[list[str]], blocked: tuple[str, ...]) -> list[tuple[int, str]]:
    """Each command's exit code and output (stdout and stderr), in a fresh process where `blocked` is missing."""
    script = (
        "import json\n"
        "from typer.testing import CliRunner\n"
        "from nohallucinate.cli import app\n"
        f"results = [CliRunner().invoke(app, args) for args in {commands!r}]\n"
        "print(json.dumps([[r.exit_code, r.output] for r in results]))\n"
    )
    result = run_python(script, blocked)
    assert result.returncode == 0, result.stderr
    return [(code, output) for code, output in json.loads(result.stdout.splitlines()[-1])]


def assert_names_the_extra(code: int, output: str, command: str, extra: str) -> None:
    assert code == 2, output
    assert output.startswith(f"error: {command} needs the optional `{extra}` extra, not installed here (no module ")
    assert f"pip install '.[{extra}]'" in output


def test_without_the_enoki_extra_the_enoki_commands_exit_2_naming_it() -> None:
    (help_code, help_text), (code, output) = run_commands(
        [["enoki", "--help"], ["enoki", "eval", "--data", str(MINI_ENOKI), "--baseline", "oracle"]], ENOKI_EXTRA
    )
    assert help_code == 0 and "validate" in help_text  # the commands are listed without the extra
    assert_names_the_extra(code, output, "enoki", "enoki")


def test_without_the_tax_extra_tax_grade_exits_2_naming_it_before_reading_anything(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-generations.jsonl"
    [(code, output)] = run_commands(
        [["tax", "grade", "--benchmark", "gsm8k", "--generations", str(missing)]], TAX_EXTRA
    )
    assert_names_the_extra(code, output, "tax", "tax")


def test_without_the_report_extra_report_exits_2_naming_it_and_writes_nothing(tmp_path: Path) -> None:
    run, report = tmp_path / "run", tmp_path / "report"
    sweep = ["sweep", "--policy", "always_abstain", "--per-family", "1", "--out", str(run)]
    (sweep_code, sweep_output), (code, output) = run_commands(
        [sweep, ["report", str(run), "--out", str(report)]], REPORT_EXTRA
    )
    assert sweep_code == 0, sweep_output  # sweeping needs no extra
    assert_names_the_extra(code, output, "report", "report")
    assert not report.exists()


def test_library_code_asks_for_an_extra_by_name() -> None:
    """extras.require (for code that imports an extra's module where it uses it) and the lazy re-exports of a
    package (nohallucinate.enokiqa's metrics) raise the same MissingExtraError."""
    script = (
        "from nohallucinate.extras import MissingExtraError, require\n"
        "for attempt in (lambda: require('enoki', 'pyarrow.parquet', 'parquet export'),\n"
        "                lambda: __import__('nohallucinate.enokiqa', fromlist=['classification']).classification):\n"
        "    try:\n"
        "        attempt()\n"
        "    except MissingExtraError as exc:\n"
        "        assert isinstance(exc, ModuleNotFoundError)\n"
        "        print(exc)\n"
    )
    result = run_python(script, ENOKI_EXTRA)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "parquet export needs the optional `enoki` extra, not installed here (no module 'pyarrow.parquet'): "
        "pip install '.[enoki]' in a clone of nohallucinate (README: Install)",
        "nohallucinate.enokiqa.classification needs the optional `enoki` extra, not installed here (no module "
        "'numpy'): pip install '.[enoki]' in a clone of nohallucinate (README: Install)",
    ]


# The core's modules, by the distribution that brings each (pyproject's `dependencies`).
CORE = {"pydantic": "pydantic", "typing_extensions": "typing-extensions", "openai": "openai", "httpx": "httpx",
        "tenacity": "tenacity", "wikitextparser": "wikitextparser", "typer": "typer", "rich": "rich",
        "text_to_num": "text2num", "lazy_loader": "lazy-loader", "pycountry": "pycountry"}  # fmt: skip


def test_every_third_party_import_is_declared_by_the_core_or_an_extra() -> None:
    """The core's distributions are pyproject's dependencies, each extra nohallucinate.extras knows is one of
    pyproject's, and every third-party module imported under src/ is the core's or an extra's."""
    import ast
    import re
    import tomllib

    from nohallucinate.extras import EXTRA_MODULES, extra_of

    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert {re.split(r"[\[<>=!~ ;]", requirement)[0] for requirement in project["dependencies"]} == set(CORE.values())
    assert set(EXTRA_MODULES) <= set(project["optional-dependencies"])
    imported = set()
    for path in (ROOT / "src" / "nohallucinate").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                imported |= {alias.name.partition(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                imported.add(node.module.partition(".")[0])
    third_party = imported - set(sys.stdlib_module_names) - {"nohallucinate", "__future__"}
    assert sorted(module for module in third_party if module not in CORE and extra_of(module) is None) == []


def test_the_readme_install_lines_name_every_extra_but_dev_docs_and_nli() -> None:
    """README's install block: the core, then one line per extra a user picks (dev and docs are the project's own,
    nli is described with EnokiQA), each an extra of pyproject.toml."""
    import re
    import tomllib

    extras = set(tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["optional-dependencies"])
    lines = readme_example("install").body.splitlines()
    assert lines[0].startswith("pip install . ")
    named = [re.fullmatch(r"pip install '\.\[(\w+)\]' +# .+", line) for line in lines[1:]]
    assert all(named), lines
    assert [match[1] for match in named if match] == ["serve", "enoki", "tax", "report", "inspect", "all", "verifiers"]
    assert {match[1] for match in named if match} == extras - {"dev", "docs", "nli"}
