"""The core installs and works on its own: the wheel built from this tree, installed with no extra in a fresh
venv, sweeps and grades with the local grader; the extras' libraries are absent there, and a command that needs
one says which extra to install.

SLOW: about 25 s on the development machine (2 cores), building the wheel (pip fetches hatchling into its isolated
build environment) and installing the core's 40 or so distributions through pip's configured index, with pip's
cache reused. Bytecode is not compiled at install (--no-compile): the commands run from source here.
"""

from __future__ import annotations

import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXTRAS_LIBRARIES = ("sklearn", "numpy", "datasets", "pyarrow", "matplotlib", "math_verify", "sympy", "openreward")


@pytest.fixture(scope="module")
def core_venv(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A fresh venv holding the core wheel of this tree and its dependencies, no extra; its bin directory."""
    scratch = tmp_path_factory.mktemp("core-install")
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    subprocess.run([*pip, "wheel", "--no-deps", "--quiet", "--wheel-dir", str(scratch), str(ROOT)], check=True)
    [wheel] = scratch.glob("nohallucinate-*.whl")
    venv.create(scratch / "venv", with_pip=False)  # this interpreter's pip installs into it: no ensurepip
    python = scratch / "venv" / "bin" / "python"
    subprocess.run([*pip, "--python", str(python), "install", "--quiet", "--no-compile", str(wheel)], check=True)
    return python.parent


def run(bin_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`nohallucinate ARGS` from the venv, in `cwd`, with nothing of this checkout on the path."""
    env = {"PATH": f"{bin_dir}:/usr/bin:/bin", "HOME": str(cwd), "NOHAL_CACHE_DIR": str(cwd / "cache")}
    return subprocess.run([bin_dir / "nohallucinate", *args], capture_output=True, text=True, cwd=cwd, env=env)


def test_the_core_wheel_sweeps_and_grades_with_the_local_grader(core_venv: Path, tmp_path: Path) -> None:
    swept = run(core_venv, "sweep", "--policy", "always_abstain", "--grader", "local", "--per-family", "2",
                "--out", "run", cwd=tmp_path)  # fmt: skip
    assert swept.returncode == 0, swept.stderr
    assert "policy always_abstain · grader local" in swept.stdout
    assert "overall" in swept.stdout and (tmp_path / "run" / "results.sqlite").is_file()

    demo = next((core_venv.parent / "lib").glob("python3*/site-packages/nohallucinate/tasks/demo_tasks.jsonl"))
    tasks = demo.read_text(encoding="utf-8").splitlines()[:3]
    (tmp_path / "tasks.jsonl").write_text("".join(line + "\n" for line in tasks), encoding="utf-8")
    ids = [line.split('"task_id":"', 1)[1].split('"', 1)[0] for line in tasks]
    replies = "".join(f'{{"task_id": "{task_id}", "response": "I don\'t know."}}\n' for task_id in ids)
    (tmp_path / "replies.jsonl").write_text(replies, encoding="utf-8")
    graded = run(core_venv, "grade", "--grader", "local", "--tasks", "tasks.jsonl", "--responses", "replies.jsonl",
                 cwd=tmp_path)  # fmt: skip
    assert graded.returncode == 0, graded.stderr
    assert "3 replies · grader local · 3 tasks" in graded.stdout


def test_the_core_holds_no_extra_and_says_which_to_install(core_venv: Path, tmp_path: Path) -> None:
    probe = f"import importlib.util as u; print([m for m in {EXTRAS_LIBRARIES!r} if u.find_spec(m)])"
    found = subprocess.run([core_venv / "python", "-c", probe], capture_output=True, text=True, cwd=tmp_path)
    assert found.stdout.strip() == "[]", found.stderr
    enoki = run(core_venv, "enoki", "eval", "--data", "dev", "--baseline", "oracle", cwd=tmp_path)
    assert enoki.returncode == 2
    assert "loading EnokiQA from the Hub needs the optional `enoki` extra" in enoki.stderr
    assert "pip install '.[enoki]'" in enoki.stderr


def test_the_wheel_holds_the_rule_catalogues(core_venv: Path) -> None:
    """The local grader's rule catalogues are package data: every one in the tree is installed beside its module."""
    site = next((core_venv.parent / "lib").glob("python3*/site-packages/nohallucinate"))
    shipped = sorted(
        p.relative_to(ROOT / "src" / "nohallucinate") for p in (ROOT / "src" / "nohallucinate").rglob("*.toml")
    )
    assert shipped, "no catalogue found in the tree"
    assert [p for p in shipped if not (site / p).is_file()] == []
