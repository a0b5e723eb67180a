"""The README and the documentation pages as tested documents: every fenced block is named and read by some test,
and the blocks no other test file owns (the README's own, getting started, models, the Python API, the layout, the
performance figures) run here, printing what the page says they print.

Shell blocks run line by line as fresh processes (`support.readme_shell`), in a temporary directory holding the
files their placeholders name (T.jsonl: the demo set; R.jsonl: replies), with a model URL replaced by the local
test server's (the scripted model answers as policy and as grader).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from typer.main import get_command

from nohallucinate import __version__
from nohallucinate.cli import app
from nohallucinate.models.cache import default_cache_dir
from nohallucinate.tasks import Family, FormatError, load_demo_tasks, load_tasks
from support.openai_server import OpenAIServer
from support.readme import (
    DOCS_DIR,
    README_PATH,
    claimed_output,
    documentation_files,
    documentation_text,
    documented_examples,
    readme_example,
    readme_examples,
)
from support.readme_shell import Shell, shell_commands
from support.scripted_model import scripted_model

ROOT = README_PATH.parent
README_URL = "http://localhost:8000/v1"


# --- the convention: every block named, names unique, every name read by a test ---------------------------------


def names_read_by_tests() -> set[str]:
    """Every block name quoted as a string literal in a test module that reads blocks with `readme_example`
    (directly, or through a helper of its own that takes the name), tests/support aside."""
    found: set[str] = set()
    for path in (ROOT / "tests").rglob("*.py"):
        text = path.read_text("utf-8")
        if "support" not in path.relative_to(ROOT / "tests").parts and "readme_example(" in text:
            found |= set(re.findall(r"""["']([a-z0-9][a-z0-9-]*)["']""", text))
    return found


def test_every_block_is_named_once_and_read_by_a_test() -> None:
    """In the README and in every page of docs/: no block goes untested, and a name is unique across all of them."""
    examples = documented_examples()
    assert any(example.path.is_relative_to(DOCS_DIR) for example in examples)
    unnamed = [example.where for example in examples if example.name is None]
    assert not unnamed, f"blocks without an <!-- example: NAME --> line before them: {unnamed}"
    names = [example.name for example in examples]
    assert len(names) == len(set(names)), f"names used twice: {sorted({n for n in names if names.count(n) > 1})}"
    unread = sorted(set(names) - names_read_by_tests())  # type: ignore[arg-type]
    assert not unread, f"documented blocks no test reads with readme_example(NAME): {unread}"
    # Every fence is a block the convention sees: an opening fence it failed to parse (or one indented, inside a
    # list) would hide a block.
    for path in documentation_files():
        lines = path.read_text("utf-8").splitlines()
        assert not [n for n, line in enumerate(lines, 1) if line.lstrip().startswith("```") and line[0] == " "], path
        fences = sum(line.startswith("```") for line in lines)
        assert fences == 2 * len(readme_examples(path=path)), path


def test_the_convention_reads_names_and_rejects_an_unknown_one() -> None:
    text = "<!-- example: one -->\n```sh\na\n```\n\n```text\nb\n```\n"
    assert [(e.name, e.lang, e.body, e.line) for e in readme_examples(text)] == [
        ("one", "sh", "a\n", 3),
        (None, "text", "b\n", 7),
    ]
    with pytest.raises(KeyError, match="no-such-block"):
        readme_example("no-such-block")


def test_a_shell_block_is_read_as_the_shell_reads_it(tmp_path: Path) -> None:
    body = (
        "# a heading comment\n"
        "nohallucinate sweep --policy x \\\n"
        "    --grader local   # a comment\n"
        "                   # that goes on\n"
        "export KEY='a # not a comment'\n"
        "python -m nohallucinate version\n"
    )
    [text] = readme_examples(f"<!-- example: b -->\n```sh\n{body}```\n")
    sweep, export, version = shell_commands(text)
    assert (sweep.text, sweep.comment, sweep.line) == (
        "nohallucinate sweep --policy x --grader local",
        "a comment that goes on",
        4,
    )
    assert export.argv == ["export", "KEY=a # not a comment"] and version.line == 8
    shell = Shell(tmp_path, env={**os.environ})
    shell.run(export)
    assert shell.env["KEY"] == "a # not a comment"
    assert shell.run(version).stdout.strip() == __version__


# --- fixtures -------------------------------------------------------------------------------------------------------


@pytest.fixture
def model() -> Iterator[OpenAIServer]:
    with OpenAIServer(scripted_model) as server:
        yield server


@pytest.fixture
def shell(tmp_path: Path, model: OpenAIServer) -> Shell:
    """A shell in a fresh directory holding T.jsonl (the demo set) and R.jsonl (replies to some of it), the README's
    model URL replaced by the test server's and $OPENAI_BASE_URL pointing there (for commands that give none)."""
    tasks = load_demo_tasks()
    (tmp_path / "T.jsonl").write_text("".join(task.model_dump_json() + "\n" for task in tasks), encoding="utf-8")
    replies = [{"task_id": task.task_id, "response": "I don't know."} for task in tasks[:20]]
    (tmp_path / "R.jsonl").write_text("".join(json.dumps(reply) + "\n" for reply in replies), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "COLUMNS")}
    env["OPENAI_BASE_URL"] = model.url
    return Shell(tmp_path, replace={README_URL: model.url}, env=env)


# --- the top of the README: make, install ---------------------------------------------------------------------------


def make_dry_run(target: str) -> list[str]:
    """What `make TARGET` would run, every prerequisite included (-B: as from a fresh clone)."""
    done = subprocess.run(["make", "-n", "-B", target], cwd=ROOT, capture_output=True, text=True, check=True)
    return done.stdout.splitlines()


def test_make_demo_and_make_test_do_what_the_readme_says(shell: Shell) -> None:
    commands = shell_commands(readme_example("make"))
    assert [c.argv for c in commands] == [["make", "demo"], ["make", "test"]]
    demo = make_dry_run("demo")
    assert any("-m venv .venv" in line for line in demo)  # sets up .venv
    sweeps = [line for line in demo if " sweep " in line]
    assert len(sweeps) == 2 and all("--grader local" in line for line in sweeps)  # both baselines, local grader
    assert {"always_abstain", "always_confident"} <= {shlex.split(line)[3] for line in sweeps}
    [report] = [line for line in demo if " report " in line]
    assert report.endswith("--out runs/demo/report")
    test = make_dry_run("test")
    for step in ("-m venv .venv-verifiers", "ruff check", "ruff format --check", "mypy", "pytest"):
        assert any(step in line for line in test), step
    # The demo's own commands run (this checkout's CLI for .venv/bin/nohallucinate) and write the report it names.
    for line in demo:
        if line.startswith(".venv/bin/nohallucinate "):
            argv = [sys.executable, "-m", "nohallucinate", *shlex.split(line)[1:]]
            done = subprocess.run(argv, cwd=shell.cwd, env=shell.env, capture_output=True, text=True)
            assert done.returncode == 0, done.stderr[-3000:]
    assert (shell.cwd / "runs" / "demo" / "report" / "report.html").is_file()


def test_the_install_lines_name_extras_the_package_declares() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    extras = set(pyproject["project"].get("optional-dependencies", {}))
    commands = shell_commands(readme_example("install"))
    assert commands
    for command in commands:
        assert command.argv[:2] == ["pip", "install"], command.text
        for requirement in command.argv[2:]:
            where, _, named = requirement.partition("[")
            assert where == ".", command.text  # this directory: a clone
            assert set(filter(None, named.rstrip("]").split(","))) <= extras, command.text


def test_the_install_lines_work(tmp_path: Path) -> None:
    """pip resolves each way the README installs: a clone's directory, its git URL (this checkout's, by file://),
    and the wheel built in it (tests/test_core_install.py installs that wheel and runs it)."""
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "install", "--dry-run", "--no-deps", "--quiet"]
    [clone] = [c for c in shell_commands(readme_example("install")) if c.argv[2:] == [".[all]"]]
    git_url, wheel = shell_commands(readme_example("install-elsewhere"))
    requirement = git_url.argv[2].replace("git+URL", f"git+file://{ROOT}")
    for argument, cwd in ((clone.argv[2], ROOT), (requirement, tmp_path)):
        report = tmp_path / "report.json"
        subprocess.run([*pip, "--report", str(report), argument], cwd=cwd, check=True, capture_output=True)
        [installed] = json.loads(report.read_text("utf-8"))["install"]
        assert installed["metadata"]["name"] == "nohallucinate"
    built, installed_wheel = wheel.text.split(" && ")
    assert built == "pip wheel --no-deps --wheel-dir dist ."
    assert installed_wheel.startswith(f"pip install 'dist/nohallucinate-{__version__}-py3-none-any.whl[")


# --- the README's own examples: your model, served --------------------------------------------------------------------


def test_the_readme_sweeps_your_model_and_reports_it(shell: Shell, model: OpenAIServer) -> None:
    """`openai:MODEL` (a model name of the reader's) asked through $OPENAI_BASE_URL and through --policy-base-url
    (both the test server here), graded by the model and by the local grader, then reported side by side."""
    example = readme_example("sweep-your-model")
    assert example.path == README_PATH and example.body.count("--policy openai:MODEL") == 2
    runner = Shell(shell.cwd, replace={**shell.replace, "openai:MODEL": "openai:my-model"}, env=shell.env)
    export, mine, local, report = runner.run_all(shell_commands(example))
    assert export.command.argv[0] == "export" and "sk-..." in model.keys
    held_out = [task for task in load_demo_tasks() if task.split == "test"]
    assert f"{len(held_out)} tasks" in mine.stdout and "overall" in mine.stdout
    assert f"{len(load_demo_tasks())} tasks" in local.stdout
    assert {"my-model", "gpt-5-mini"} <= {request["model"] for request in model.requests}  # policy and grader
    assert report.command.comment == "report/report.html: every item, filterable"
    assert (shell.cwd / "report" / "report.html").is_file()


# --- the task format ------------------------------------------------------------------------------------------------


def test_the_task_format_sample_loads_as_a_task(tmp_path: Path) -> None:
    sample = json.loads(readme_example("task-format").body)
    path = tmp_path / "tasks.jsonl"
    path.write_text(json.dumps(sample) + "\n", encoding="utf-8")
    [task] = load_tasks(path)
    assert task.family is Family.PRECISE_FACT and task.gold == "11 March 1952"
    # The loader's message as the section quotes it: file, line, field and reason.
    rows = [json.dumps({**sample, "task_id": f"t{i}"}) for i in range(4)] + [json.dumps({**sample, "family": "x"})]
    path.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(FormatError, match=r"tasks\.jsonl:5: field 'family': Input should be "):
        load_tasks(path)


# --- Commands -------------------------------------------------------------------------------------------------------


def test_the_commands_run_as_their_comments_say(shell: Shell, model: OpenAIServer) -> None:
    commands = shell_commands(readme_example("commands"))
    ran = shell.run_all(commands)
    table = ran[0].stdout  # per-family table on the demo set
    assert ran[0].command.comment == "per-family table on the demo set"
    for family, size in _family_sizes().items():  # a row per family with its count (the name cut short at 80
        names = (family, family[:15] + "…")  # columns when piped, before the output policy's fix)
        [row] = [line for line in table.splitlines() if any(name in line for name in names)]
        assert re.search(rf"\b{size}\b", row), row
    assert "overall" in table and f"{len(load_demo_tasks())} tasks" in table
    assert "headroom" not in table  # the sweep prints no headroom; its --json and the report do
    assert ran[1].command.argv[1] == "sweep" and ran[2].command.argv[1] == "grade"
    summary = json.loads(ran[1].stdout)
    assert {"overall", "overall_se", "per_family", "per_tier", "verdicts", "headroom", "n"} <= set(summary)
    assert summary["n"] == sum(min(20, n) for n in _family_sizes().values())  # the first 20 of each family
    graded = json.loads(ran[2].stdout)
    assert len(graded["results"]) == 20 and {"task_id", "verdict", "reward", "detail"} <= set(graded["results"][0])
    assert ran[3].command.comment == "validate + golden properties" and ran[3].command.argv[1] == "check"
    assert ran[4].command.comment == "no fixed strategy beats abstaining?" and ran[4].returncode == 0
    version = next(r for r in ran if r.command.argv[1] == "--version")
    assert version.stdout.strip() == __version__
    helped = next(r for r in ran if r.command.argv[:3] == ["python", "-m", "nohallucinate"])
    assert "Usage:" in helped.stdout and "sweep" in helped.stdout
    # The two model sweeps asked the test server (the first through $OPENAI_BASE_URL), with the exported key.
    models = {request["model"] for request in model.requests}
    assert {"gpt-5.5", "Qwen/Qwen3-8B"} <= models  # the hybrid grader decided every "I don't know." locally
    assert "sk-..." in model.keys


def _family_sizes() -> dict[str, int]:
    sizes: dict[str, int] = {}
    for task in load_demo_tasks():
        sizes[task.family.value] = sizes.get(task.family.value, 0) + 1
    return sizes


def test_the_readme_states_the_defaults_the_commands_have(monkeypatch: pytest.MonkeyPatch) -> None:
    """What the README and the docs say of a default is what `--help` says and what the option holds."""
    readme = " ".join(documentation_text().split())
    root = get_command(app)
    options = {}
    for path, command in _commands(root, []):
        for param in command.params:
            for opt in param.opts:
                options[(path, opt)] = param
    assert "(`--out DIR`, default `runs/<time>-<policy>-<grader>-<id>`)" in readme
    assert "runs/<time>-<policy>-<grader>-<id>" in (options["sweep", "--out"].help or "")
    assert "(`--cache-dir`, default `$NOHAL_CACHE_DIR` or `~/.cache/nohallucinate`" in readme
    cache_options = [param for (_, opt), param in options.items() if opt == "--cache-dir"]
    assert cache_options and all("$NOHAL_CACHE_DIR or ~/.cache/nohallucinate" in p.help for p in cache_options)
    stated = {  # README phrase: (command, option, default)
        "`--call-deadline` seconds (default 300; 1,800 for `tax run`)": [
            ("sweep", "--call-deadline", 300),
            ("tax run", "--call-deadline", 1800),
        ],
        "(`--grading-workers N`, default 2;": [("serve", "--grading-workers", 2)],
        "candidates (default 64;": [("serve", "--max-group", 64)],
        "above `--threshold`, default 0.5,": [("enoki eval", "--threshold", 0.5)],
        "(`--check-timeout`, default 10 s,": [("tax run", "--check-timeout", 10)],
        "by more than `--margin` (0.02; biography `--biography-margin` 0.10": [
            ("audit", "--margin", 0.02),
            ("audit", "--biography-margin", 0.10),
        ],
        "`--umwp-seed`/`--umwp-size`": [("tax run", "--umwp-size", 600)],
    }
    for phrase, defaults in stated.items():
        assert phrase in readme, phrase
        for path, opt, value in defaults:
            assert options[path, opt].default == value, (path, opt)
    assert "SUM 284; UMWP a seeded sample of 600 of its 2,600" in readme
    monkeypatch.delenv("NOHAL_CACHE_DIR")
    assert default_cache_dir() == Path.home() / ".cache" / "nohallucinate"


def _commands(command, path: list[str]):  # type: ignore[no-untyped-def]
    if hasattr(command, "list_commands"):  # a group; the top one loads each command as it is asked for
        context = typer.Context(command)
        for name in command.list_commands(context):
            yield from _commands(command.get_command(context, name), [*path, name])
    else:
        yield " ".join(path), command


# --- Runs -----------------------------------------------------------------------------------------------------------


def test_two_model_runs_and_their_report(shell: Shell, model: OpenAIServer) -> None:
    """Two model sweeps (the test server answering as gpt-5-mini and gpt-5.5, and grading), then the report."""
    shell.env["OPENAI_API_KEY"] = "sk-test"
    commands = shell_commands(readme_example("runs-compare"))
    *sweeps, report = shell.run_all(commands)
    assert len(sweeps) == 2 and report.command.comment == "report/report.html + PNGs; markdown on stdout"
    assert (shell.cwd / "report" / "report.html").is_file() and list((shell.cwd / "report").glob("*.png"))
    assert report.stdout.lstrip().startswith(("#", "|")) and "| family" in report.stdout
    assert "calibration headroom" in report.stdout  # the report shows it, as the section says
    assert {"gpt-5-mini", "gpt-5.5"} <= {request["model"] for request in model.requests}


# --- Python API -----------------------------------------------------------------------------------------------------


def run_python(code: str, cwd: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """A README Python block as a script of its own, in a fresh interpreter."""
    script = cwd / "example.py"
    script.write_text(code, encoding="utf-8")
    return subprocess.run([sys.executable, "-W", "error::ResourceWarning", str(script)], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)  # fmt: skip


def test_the_python_api_example_prints_what_its_comments_say(tmp_path: Path) -> None:
    example = readme_example("python-api")
    done = run_python(example.body, tmp_path, dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == claimed_output(example)


def test_the_function_policy_example_prints_what_its_comments_say(tmp_path: Path) -> None:
    example = readme_example("python-function-policy")
    done = run_python(example.body, tmp_path, dict(os.environ))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == claimed_output(example)


def test_the_in_process_env_example_is_a_whole_script_that_closes_its_clients(tmp_path: Path, shell: Shell) -> None:
    """Run as a script against the test server: it prints what it claims, and leaves no session unclosed."""
    example = readme_example("env-in-process")
    assert README_URL in example.body and "await env.aclose()" in example.body
    env = {k: v for k, v in shell.env.items() if k != "OPENAI_BASE_URL"}  # the script names its own URL
    done = run_python(example.body.replace(README_URL, shell.replace[README_URL]), tmp_path, env)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == claimed_output(example)
    assert "Unclosed" not in done.stderr, done.stderr


# --- Layout ---------------------------------------------------------------------------------------------------------


def test_the_layout_lists_what_exists() -> None:
    listed: dict[str, set[str]] = {}
    root = ""
    for line in readme_example("layout").body.splitlines():
        if line and not line.startswith(" "):
            root = line.rstrip("/")
            assert (ROOT / root).is_dir(), root
            listed[root] = set()
        elif len(line) - len(line.lstrip()) == 2:  # an entry: names before the description
            names = re.split(r"\s{2,}", line.strip(), maxsplit=1)[0]
            for name in re.split(r",\s*", names):
                assert (ROOT / root / name.rstrip("/")).exists(), f"{root}/{name}"
                listed[root].add(name.rstrip("/"))
    package = ROOT / "src" / "nohallucinate"
    present = {p.name for p in package.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    present |= {p.name for p in package.glob("*.py") if p.name not in ("__init__.py", "__main__.py")}
    assert present == listed["src/nohallucinate"]
    mentioned = re.findall(r"`(\w+\.py)`", readme_example("layout").body)
    assert all(list(package.rglob(name)) for name in mentioned), mentioned


# --- Performance ----------------------------------------------------------------------------------------------------


def test_every_performance_figure_names_its_machine_and_a_command_that_exists() -> None:
    section = (DOCS_DIR / "performance.md").read_text(encoding="utf-8")
    [statement] = [" ".join(p.split()) for p in section.split("\n\n") if p.strip().startswith("Measured on")]
    assert re.search(r"\d+ vCPUs of an AMD EPYC .*GiB of memory, Linux [\d.]+, CPython [\d.]+", statement), statement
    rows = [line for line in section.splitlines() if line.startswith("| ") and not line.startswith("| what |")]
    assert rows
    for row in rows:
        command = row.rstrip(" |").rsplit("|", 1)[1]
        assert re.search(r"`[^`]+`", command), f"a figure without its command: {row[:100]}"
        found = re.search(r"`(?:\.venv/bin/)?python (benchmarks/\w+\.py)((?: --[\w-]+ \S+?)*)`", command)
        if not found:
            continue  # a command other than a benchmark script (a make target, a CLI line)
        script = ROOT / found[1]
        assert script.is_file(), found[1]
        source = script.read_text(encoding="utf-8")
        for flag in re.findall(r"--[\w-]+", found[2]):
            assert f'"{flag}"' in source, f"{found[1]} takes no {flag}"
