"""The command line starts without the heavy libraries: importing it, `--help`, `version` and `grade --grader
local` import none of them, in a fresh process (a test of what is imported, not of timing:
benchmarks/startup.py times it). And the packages that re-export lazily (nohallucinate.lazy) list the same names
for type checkers as at run time, each the object its module defines."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "nohallucinate"
# Libraries that take from a tenth of a second to seconds to import and that no start-up needs: the extras'
# (and the modules they pull in), the model SDK and the HTTP clients (imported when a model call or download is
# made), and what the optional `nli` judge would load.
HEAVY = (
    "sklearn", "scipy", "pandas", "numpy", "datasets", "pyarrow", "huggingface_hub",  # enoki
    "math_verify", "sympy", "latex2sympy2_extended",  # tax
    "matplotlib",  # report
    "openreward", "fastapi", "starlette", "uvicorn",  # serve
    "openai", "httpx", "aiohttp",  # model calls, downloads
    "torch", "transformers", "verifiers",
)  # fmt: skip

# Not heavy, but a tenth of a second or more each, which listing the commands need not pay: the data models'
# library, the event loop and the retry library. (Running any command imports pydantic: typer checks values with it.)
LISTING_NEEDS_NONE_OF = (*HEAVY, "pydantic", "pydantic_core", "asyncio", "tenacity")

# In a fresh interpreter: run the command line with ARGS (none: only import it) and print the modules loaded of
# those named (each with its submodules).
PROBE = """
import json, sys
from nohallucinate.cli import app
args = json.loads(sys.argv[1])
if args:
    try:
        app(args, prog_name="nohallucinate")
    except SystemExit as exc:
        assert not exc.code, f"exit {exc.code}"
heavy = set(json.loads(sys.argv[2]))
print(json.dumps(sorted(name for name in sys.modules if any(name == h or name.startswith(h + ".") for h in heavy))))
"""


def heavy_modules_loaded(args: list[str], heavy: tuple[str, ...] = HEAVY) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(args), json.dumps(heavy)], capture_output=True, text=True, env=env
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def small_grade_files(directory: Path) -> list[str]:
    """The first demo task of each short-answer family and the always_confident reply to each (dates, numbers,
    names: every reader of the local grader runs)."""
    import asyncio

    from nohallucinate.policies import AlwaysConfident
    from nohallucinate.tasks import Kind, load_demo_tasks, spec_of

    firsts = {}
    for task in load_demo_tasks():
        if spec_of(task.family).kind is not Kind.LONG_FORM:
            firsts.setdefault(task.family, task)
    tasks, replies = directory / "tasks.jsonl", directory / "replies.jsonl"
    tasks.write_text("".join(t.model_dump_json() + "\n" for t in firsts.values()), encoding="utf-8")
    answers = [asyncio.run(AlwaysConfident().answer(task)) for task in firsts.values()]
    replies.write_text("".join(json.dumps({"task_id": a.task_id, "response": a.response}) + "\n" for a in answers))
    return ["--tasks", str(tasks), "--responses", str(replies)]


@pytest.mark.parametrize("args", [[], ["--help"]])
def test_importing_the_command_line_and_listing_its_commands_import_no_library_of_note(args: list[str]) -> None:
    assert heavy_modules_loaded(args, LISTING_NEEDS_NONE_OF) == []


@pytest.mark.parametrize(
    "args", [["version"], ["grade", "--help"], ["agreement", "--help"], ["enoki", "--help"], ["tax", "--help"]]
)
def test_the_commands_start_without_heavy_libraries(args: list[str]) -> None:
    assert heavy_modules_loaded(args) == []


def test_grading_with_the_local_grader_imports_no_heavy_library(tmp_path: Path) -> None:
    assert heavy_modules_loaded(["grade", "--grader", "local", *small_grade_files(tmp_path)]) == []


def test_measuring_the_local_grader_against_labels_imports_no_heavy_library() -> None:
    labelled = ROOT / "tests" / "data"
    args = ["agreement", str(labelled / "labelled_replies.jsonl"), "--tasks", str(labelled / "labelled_tasks.jsonl")]
    assert heavy_modules_loaded([*args, "--resamples", "10", "--json"]) == []


def command_modules() -> tuple[str, ...]:
    """Every module of the command line that defines commands."""
    defining = (
        path for path in (PACKAGE / "cli").glob("*.py") if "\ncommands = typer.Typer(" in path.read_text("utf-8")
    )
    return tuple(sorted(f"nohallucinate.cli.{path.stem}" for path in defining))


@pytest.mark.parametrize(
    ("args", "module"),
    [
        (["version"], "nohallucinate_commands"),
        (["sweep", "--help"], "sweep_command"),
        (["agreement", "--help"], "agreement_command"),
        (["tax", "--help"], "tax_commands"),
    ],
)
def test_a_command_imports_its_own_module_and_no_other_commands(args: list[str], module: str) -> None:
    assert heavy_modules_loaded(args, command_modules()) == [f"nohallucinate.cli.{module}"]


def test_grading_short_answers_does_not_load_the_biography_grader(tmp_path: Path) -> None:
    """Claim decomposition is loaded on the first biography: a file without one never pays for it."""
    args = ["grade", "--grader", "local", *small_grade_files(tmp_path)]
    assert heavy_modules_loaded(args, ("nohallucinate.claims", "nohallucinate.graders.local.biography")) == []


def test_the_listing_is_every_command_with_the_first_paragraph_of_its_help() -> None:
    """`--help` lists commands from a table (nohallucinate.cli.app.COMMANDS) without importing them: every command
    a module defines is in it, under that module, with the first paragraph of the command's own help."""
    import importlib
    import inspect

    from nohallucinate.cli.app import COMMANDS, load_command

    defined = {}
    for module_name in command_modules():
        typer_app = importlib.import_module(module_name).commands
        names = [info.name or info.callback.__name__.replace("_", "-") for info in typer_app.registered_commands]
        names += [group.name for group in typer_app.registered_groups]
        defined |= {name: module_name.rpartition(".")[2] for name in names}
    assert defined == {name: module for name, (module, _) in COMMANDS.items()}
    for name, (_, summary) in COMMANDS.items():
        first_paragraph = inspect.cleandoc(load_command(name).help or "").split("\n\n")[0]
        assert " ".join(first_paragraph.split()) == summary, name


def lazy_packages() -> list[Path]:
    """Every package that re-exports lazily, but the top one (its verifiers plugin is tested in
    tests/test_optional_extras.py)."""
    inits = PACKAGE.rglob("__init__.py")
    return sorted(path for path in inits if path.parent != PACKAGE and "lazy_exports(" in path.read_text("utf-8"))


def declared_names(init: Path) -> tuple[dict[str, str], dict[str, str]]:
    """What `init` exports of what it imports under `if TYPE_CHECKING:` (name -> module), and what it passes to
    lazy_exports."""
    tree = ast.parse(init.read_text("utf-8"))
    exported = next(
        ast.literal_eval(node.value)
        for node in tree.body
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "__all__"
    )
    for node in tree.body:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) in ("TYPE_CHECKING",):
            typing_only = {
                alias.asname or alias.name: statement.module or ""
                for statement in node.body
                if isinstance(statement, ast.ImportFrom)
                for alias in statement.names
                if (alias.asname or alias.name) in exported
            }
            call = next(
                n for n in ast.walk(node) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "lazy_exports"
            )
            table = ast.literal_eval(call.args[1])
            return typing_only, {name: module for module, names in table.items() for name in names}
    raise AssertionError(f"{init}: no `if TYPE_CHECKING:` block with its lazy_exports")


@pytest.mark.parametrize("init", lazy_packages(), ids=lambda path: str(path.parent.relative_to(PACKAGE.parent)))
def test_a_lazy_package_tells_type_checkers_what_it_exports(init: Path) -> None:
    typing_only, lazy = declared_names(init)
    assert typing_only == lazy


def test_every_lazily_exported_name_is_the_object_its_module_defines() -> None:
    """Each name of each lazy package's `__all__`, looked up on the package in a fresh process after every
    submodule is imported directly (which sets a package attribute named like the module)."""
    packages = [".".join(init.parent.relative_to(PACKAGE.parent).parts) for init in lazy_packages()]
    script = """
import importlib, json, pkgutil, sys
packages = json.loads(sys.argv[1])
for package in packages:  # every submodule first, straight: each sets the package attribute named like it
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        try:
            importlib.import_module(info.name)
        except ModuleNotFoundError:  # a module of an extra not installed here (verifiers)
            pass
wrong = []
for package in packages:
    module = importlib.import_module(package)
    for name in module.__all__:
        value = getattr(module, name)
        if type(value).__name__ == "module":
            wrong.append(f"{package}.{name} is a module")
print(json.dumps(wrong))
"""
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, "-c", script, json.dumps(packages)], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


def test_a_name_that_is_also_a_submodule_cannot_be_lazy() -> None:
    from nohallucinate.lazy import lazy_exports

    with pytest.raises(ValueError, match="names both a module and what it exports"):
        lazy_exports("nohallucinate.runs", {"nohallucinate.runs.sweep": ("sweep",)})
