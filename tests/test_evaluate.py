"""`nohallucinate.evaluate`: one call from Python does what `nohallucinate sweep` does, with the same summary, and
with `out` the same kind of run; its async twin works inside a running loop; and a user's script type-checks
against the installed package (py.typed)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import nohallucinate
from nohallucinate import Evaluation, GraderSpec, Task, evaluate, evaluate_async, load_demo_tasks
from nohallucinate.cli import app
from nohallucinate.errors import UserInputError
from nohallucinate.models import ClientSettings
from nohallucinate.runs import export_rows, read_config, read_verdicts
from nohallucinate.tasks import Reply
from support.readme import claimed_output, readme_example

runner = CliRunner()


def swept(*flags: str) -> dict[str, object]:
    result = runner.invoke(app, ["sweep", "--json", *flags])
    assert result.exit_code == 0, result.output
    printed: dict[str, object] = json.loads(result.stdout)
    return {
        key: value
        for key, value in printed.items()
        if key not in ("policy", "grader", "run_dir", "resumed_items", "models")
    }


def test_it_gives_the_summary_sweep_gives(tmp_path: Path) -> None:
    result = evaluate("always_confident", per_family=2, samples=2)
    cli = swept("--policy", "always_confident", "--per-family", "2", "--samples", "2", "--out", str(tmp_path / "r"))
    assert result.summary == cli
    assert result.mean_reward == cli["overall"] and result.run_dir is None
    assert len(result.verdicts) == result.summary["n"] + result.summary["errored"]


def test_with_out_it_writes_a_run_that_report_and_export_read(tmp_path: Path) -> None:
    result = evaluate("always_abstain", per_family=1, out=tmp_path / "run")
    assert result.run_dir == tmp_path / "run"
    assert read_config(tmp_path / "run").policy == "always_abstain"
    assert sorted(read_verdicts(tmp_path / "run"), key=str) == sorted(result.verdicts, key=str)
    assert len(export_rows(tmp_path / "run")) == 7
    report = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert report.exit_code == 0, report.output
    with pytest.raises(FileExistsError, match="already holds a run"):
        evaluate("always_abstain", per_family=1, out=tmp_path / "run")


def test_a_model_grader_by_spec_and_a_policy_object(scripted_server) -> None:  # type: ignore[no-untyped-def]
    class Unsure:
        name = "unsure"

        async def answer(self, task: Task, sample: int = 0) -> Reply:
            return Reply(task_id=task.task_id, response="I don't know.", policy=self.name, sample=sample)

    spec = GraderSpec("llm", model="grader", base_url=scripted_server.url, settings=ClientSettings(no_cache=True))
    result = evaluate(Unsure(), grader=spec, per_family=1)
    assert result.summary["errored"] == 0 and {v.decided_by for v in result.verdicts} == {"model"}
    assert result.summary["per_family"]["precise_fact"] == 0.5


async def test_the_async_twin_runs_inside_a_loop() -> None:
    result = await evaluate_async("always_abstain", tasks=load_demo_tasks()[:3])
    assert isinstance(result, Evaluation) and result.summary["n"] == 3


def test_tasks_given_loaded_make_no_run_and_a_bad_selection_is_named(tmp_path: Path) -> None:
    with pytest.raises(UserInputError, match="give tasks as a file"):
        evaluate(tasks=load_demo_tasks()[:3], out=tmp_path / "run")
    with pytest.raises(UserInputError, match="no task is in that split"):
        evaluate(split="validation")
    with pytest.raises(UserInputError, match="unknown grader"):
        evaluate(grader="gpt")
    assert not (tmp_path / "run").exists()


def test_the_python_api_page_example_prints_what_it_claims(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(readme_example("evaluate").body, "python-api.md", "exec"), {"__name__": "readme_example"})
    assert printed.getvalue() == readme_example("evaluate-output").body
    assert (tmp_path / "runs" / "confident-api" / "run.json").is_file()


def test_the_readme_example_prints_what_its_comments_say(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's one example of the Python API: `nohallucinate.evaluate` on the held-out split."""
    example = readme_example("evaluate-quickstart")
    assert example.path.name == "README.md" and "nohallucinate.evaluate(" in example.body
    monkeypatch.chdir(tmp_path)
    with contextlib.redirect_stdout(io.StringIO()) as printed:
        exec(compile(example.body, "README.md", "exec"), {"__name__": "readme_example"})
    assert printed.getvalue().splitlines() == claimed_output(example)


USER_SCRIPT = """
import nohallucinate

result = nohallucinate.evaluate("always_abstain", per_family=1)
mean: float | None = result.mean_reward
rule = nohallucinate.RewardRule(threshold=0.75)
"""
WRONG = USER_SCRIPT + 'wrong: str = nohallucinate.evaluate("always_abstain").mean_reward\n'


def test_a_users_script_type_checks_against_the_installed_package(tmp_path: Path) -> None:
    """mypy in a directory outside the repository, finding nohallucinate where it is installed: it reads our hints
    (py.typed), so a right script passes and a wrong one is caught. One mypy run checks both scripts (two separate
    modules; reading the package's hints is most of its time): every error it reports is in the wrong one."""
    assert (Path(nohallucinate.__file__).parent / "py.typed").is_file()
    (tmp_path / "right.py").write_text(USER_SCRIPT, encoding="utf-8")
    (tmp_path / "wrong.py").write_text(WRONG, encoding="utf-8")
    mypy = [sys.executable, "-m", "mypy", "--no-incremental", "--strict", "--python-version", "3.11"]
    checked = subprocess.run([*mypy, "right.py", "wrong.py"], cwd=tmp_path, capture_output=True, text=True,
                             timeout=600)  # fmt: skip
    assert checked.returncode == 1, checked.stdout + checked.stderr
    errors = [line for line in checked.stdout.splitlines() if ": error: " in line]
    assert errors and all(line.startswith("wrong.py:") for line in errors), checked.stdout  # the right one passes
    assert 'Incompatible types in assignment (expression has type "float | None"' in checked.stdout
    assert "Found 1 error in 1 file (checked 2 source files)" in checked.stdout
