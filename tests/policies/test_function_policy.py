"""Any Python function is a policy (`--policy module:function`, or `FunctionPolicy` from Python): sync or async, it
gets the prompt messages, task id and sample; what it raises, or returns that is not text, is an errored item."""

from __future__ import annotations

import asyncio
import itertools
import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.graders import LocalGrader
from nohallucinate.policies import FunctionPolicy, is_function_policy, make_policy
from nohallucinate.runs import read_config, read_verdicts, sweep
from nohallucinate.tasks import load_demo_tasks
from nohallucinate.tasks.prompt import SYSTEM_PROMPT

runner = CliRunner()
TASKS = load_demo_tasks()
_names = itertools.count()

POLICY_MODULE = """
import asyncio
import json
import os

def record(messages, task_id, sample):
    with open(os.environ["SEEN_FILE"], "a", encoding="utf-8") as seen:
        seen.write(json.dumps({"messages": messages, "task_id": task_id, "sample": sample}) + "\\n")

def knows_nothing(messages, task_id, sample):
    record(messages, task_id, sample)
    return "I don't know."

async def knows_nothing_async(messages, task_id, sample):
    await asyncio.sleep(0)
    record(messages, task_id, sample)
    return "I don't know."

def out_of_memory(messages, task_id, sample):
    raise RuntimeError("CUDA out of memory")

def a_number(messages, task_id, sample):
    return 42

class Agent:
    def answer(self, messages, task_id, sample):
        return "I don't know."

agent = Agent()
"""


@pytest.fixture
def module(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A policy module in the working directory, under a name of its own (imported modules are cached)."""
    name = f"user_policies_{next(_names)}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(POLICY_MODULE), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SEEN_FILE", str(tmp_path / "seen.jsonl"))
    monkeypatch.setattr(sys, "path", list(sys.path))  # the loader puts the working directory on it
    yield name
    sys.modules.pop(name, None)


def seen(tmp_path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in (tmp_path / "seen.jsonl").read_text(encoding="utf-8").splitlines()]


def swept(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["sweep", "--per-family", "1", *args])
    return result.exit_code, result.stderr


@pytest.mark.parametrize("function", ["knows_nothing", "knows_nothing_async", "agent.answer"])
def test_a_function_answers_every_item_with_the_prompt_task_id_and_sample(
    module: str, function: str, tmp_path: Path
) -> None:
    code, said = swept("--policy", f"{module}:{function}", "--samples", "2", "--out", str(tmp_path / "run"))
    assert code == 0, said
    verdicts = read_verdicts(tmp_path / "run")
    assert len(verdicts) == 14 and {v.label.value for v in verdicts if v.label} <= {"NOT_ATTEMPTED", "ABSTAINED",
                                                                                    "F1@K"}  # fmt: skip
    config = read_config(tmp_path / "run")
    assert config.policy == f"{module}:{function}"
    assert config.policy_settings["module_file"] == str((tmp_path / f"{module}.py").resolve())
    if function != "agent.answer":
        calls = seen(tmp_path)
        assert sorted((c["task_id"], c["sample"]) for c in calls) == sorted((v.task_id, v.sample) for v in verdicts)
        by_id = {task.task_id: task for task in TASKS}
        assert all(c["messages"] == [{"role": "system", "content": SYSTEM_PROMPT},
                                     {"role": "user", "content": by_id[str(c["task_id"])].question}]
                   for c in calls)  # fmt: skip


@pytest.mark.parametrize(
    ("function", "reason"),
    [("out_of_memory", "RuntimeError: CUDA out of memory"), ("a_number", "returned int, not the reply text")],
)
def test_what_a_function_raises_or_returns_wrongly_is_an_error_never_a_reply(
    module: str, function: str, reason: str, tmp_path: Path
) -> None:
    code, said = swept("--policy", f"{module}:{function}", "--out", str(tmp_path / "run"))
    assert code == 1 and reason in said
    verdicts = read_verdicts(tmp_path / "run")
    assert len(verdicts) == 7 and all(v.errored and reason in (v.error or "") for v in verdicts)


def test_a_name_that_cannot_be_loaded_is_refused_before_the_run(module: str, tmp_path: Path) -> None:
    for spec, why in [(f"{module}:missing", "has no attribute missing"),
                      ("no_such_module_here:answer", "cannot import no_such_module_here"),
                      (f"{module}:agent", "not a function")]:  # fmt: skip
        code, said = swept("--policy", spec, "--out", str(tmp_path / "run"))
        assert code == 2 and why in said, said
        assert not (tmp_path / "run").exists()


def test_a_resumed_run_refuses_a_changed_function(module: str, tmp_path: Path) -> None:
    code, _ = swept("--policy", f"{module}:out_of_memory", "--out", str(tmp_path / "run"))
    assert code == 1
    source = tmp_path / f"{module}.py"
    source.write_text(source.read_text(encoding="utf-8") + "\n# fixed\n", encoding="utf-8")
    result = runner.invoke(app, ["sweep", "--resume", str(tmp_path / "run")])
    assert result.exit_code == 2 and "changed since the run started" in result.stderr


def test_openai_prefix_is_the_model_policy_and_module_names_are_functions() -> None:
    assert is_function_policy("my_agent:answer") and is_function_policy("pkg.sub:Class.method")
    assert not is_function_policy("openai:gpt-5") and not is_function_policy("always_abstain")
    assert not is_function_policy("my-agent:answer") and not is_function_policy("a:b:c")


def test_from_python_a_function_is_a_policy_for_sweep() -> None:
    asked: list[tuple[str, int]] = []

    async def knows_the_year(messages: list[dict[str, str]], task_id: str, sample: int) -> str:
        asked.append((task_id, sample))
        return "It was in 1989."

    tasks = [task for task in TASKS if task.family.value == "precise_fact"][:3]
    verdicts = asyncio.run(sweep(tasks, FunctionPolicy(knows_the_year, "year"), LocalGrader(), samples=2))
    assert len(verdicts) == 6 and sorted(asked) == sorted((t.task_id, s) for t in tasks for s in (0, 1))
    assert all(not v.errored for v in verdicts)


def test_make_policy_builds_a_function_policy_with_the_prompt_given(module: str) -> None:
    policy = make_policy(f"{module}:knows_nothing", system_prompt="Be brief.")
    assert isinstance(policy, FunctionPolicy) and policy.system_prompt == "Be brief."
    assert make_policy(f"{module}:knows_nothing").system_prompt == SYSTEM_PROMPT  # type: ignore[attr-defined]


EXITING_MODULE = """
import sys

def leaves(messages, task_id, sample):
    sys.exit(0)

def shouts(messages, task_id, sample):
    raise ValueError("\\x1b[2J" + "x" * 50_000 + "\\nCORRECT 1.0")
"""


def test_sys_exit_or_a_huge_hostile_message_is_one_errored_item(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    name = f"exiting_{next(_names)}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(EXITING_MODULE), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    try:
        code, said = swept("--policy", f"{name}:leaves", "--out", str(tmp_path / "left"))
        assert code == 1 and "called sys.exit(0)" in said  # every item errored, the run kept: not a silent success
        assert all(v.errored for v in read_verdicts(tmp_path / "left")) and len(read_verdicts(tmp_path / "left")) == 7
        code, said = swept("--policy", f"{name}:shouts", "--out", str(tmp_path / "shouted"))
    finally:
        sys.modules.pop(name, None)
    assert code == 1 and "\x1b" not in said and "\\x1b[2J" in said
    [error] = {v.error for v in read_verdicts(tmp_path / "shouted")}
    assert error is not None and len(error) < 1_200 and "\n" not in error and "(50,016 characters)" in error
