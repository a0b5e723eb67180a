"""`inspect eval nohallucinate/nohallucinate`, the real inspect_ai command, against the local OpenAI-compatible test
server: every sample's score is what `nohallucinate grade` gives the same reply, `inspect log dump` holds it, and a
grader that never answers makes every sample an error, never a score.

The runs are offline (`support.inspect_runs.offline_env`): a run that needed a tokenizer, a model or an update
check would fail here.
"""

from __future__ import annotations

import json
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tasks import Family, load_demo_tasks
from nohallucinate.tasks.prompt import SYSTEM_PROMPT
from support.inspect_runs import INSPECT, dumped, finished, log_of, offline_env
from support.openai_server import Behaviour, Hang, OpenAIServer, Reply
from support.readme import readme_example
from support.readme_shell import shell_commands
from support.scripted_model import scripted_model
from support.task_sets import knowing_reply

TASKS = load_demo_tasks()
BY_QUESTION = {task.question: task for task in TASKS}
EPOCHS = 2  # each task answered twice: once as one who knows, once "I don't know."


class TwoReplies:
    """A model that answers each question first as one who knows (the gold, a defect named, the article's first
    sentence), then "I don't know.", so the two epochs of a sample earn different rewards."""

    def __init__(self) -> None:
        self.asked: Counter[str] = Counter()
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        self.requests.append(request)
        question = request["messages"][-1]["content"]
        if question not in BY_QUESTION:  # a grading prompt: the scripted model grades it
            return scripted_model(request)
        self.asked[question] += 1
        return Reply(knowing_reply(BY_QUESTION[question]) if self.asked[question] == 1 else "I don't know.")


class SilentUntilWoken:
    """A grader that never answers until `woken`, then grades as the scripted model."""

    woken = False

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        return scripted_model(request) if self.woken else Hang()


def readme_command() -> list[str]:
    """The README's `inspect eval` command, as argv, without its `-T per_family=5` (each run here chooses)."""
    (command,) = shell_commands(readme_example("inspect"))
    argv = command.argv
    assert command.text.startswith("LOCAL_BASE_URL=http://localhost:8000/v1 LOCAL_API_KEY=none ")
    argv = argv[2:]  # the environment is set by `inspect_eval`
    at = argv.index("per_family=5")
    assert argv[at - 1] == "-T" and argv[argv.index("--model") + 1].startswith("openai-api/local/")
    return argv[: at - 1] + argv[at + 1 :]


def inspect_eval(home: Path, name: str, model_url: str, *args: str) -> subprocess.Popen[str]:
    """Start the README's command with its model's base URL pointed at `model_url`, logging to home/name."""
    argv = readme_command()
    assert argv[:3] == ["inspect", "eval", "nohallucinate/nohallucinate"], argv
    argv = [str(INSPECT), *argv[1:], "--log-dir", str(home / name), "--display", "plain", *args]
    env = offline_env(home) | {"LOCAL_BASE_URL": model_url, "LOCAL_API_KEY": "none"}
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Four evals at once: the local grader on the whole demo set over two epochs; the llm grader (the scripted
    model) on two tasks per family; and an llm grader whose server never answers, without and with stopping at
    the first error. Then the stopped one retried by `inspect eval-retry` once its grader answers."""
    home = tmp_path_factory.mktemp("inspect")
    model, llm_model = TwoReplies(), TwoReplies()
    with (
        OpenAIServer(model) as model_server,
        OpenAIServer(llm_model) as llm_server,
        OpenAIServer(scripted_model) as answering,  # the model of the runs whose grader never answers
        OpenAIServer(silent_grader := SilentUntilWoken()) as silent,
    ):
        local = inspect_eval(home, "local", model_server.url, "--epochs", str(EPOCHS))
        llm = inspect_eval(home, "llm", llm_server.url, "-T", "per_family=2", "-T", "grader=llm",
                           "-T", f"grader_base_url={llm_server.url}")  # fmt: skip
        never = ("-T", "per_family=1", "-T", "grader=llm", "-T", f"grader_base_url={silent.url}",
                 "-T", "grader_timeout=1", "-T", "grader_attempts=2")  # fmt: skip
        failing = inspect_eval(home, "failing", answering.url, *never, "--no-fail-on-error")
        stopping = inspect_eval(home, "stopping", answering.url, *never)
        results = {
            "local": finished(local),
            "llm": finished(llm),
            "failing": finished(failing),
            "stopping": finished(stopping, expect_ok=False),  # inspect exits 0; its log says "error"
        }
        # The grader is back: `inspect eval-retry` on the stopped eval grades every sample.
        silent_grader.woken = True
        retry = [str(INSPECT), "eval-retry", str(log_of(home / "stopping")), "--log-dir", str(home / "retried"),
                 "--display", "plain"]  # fmt: skip
        env = offline_env(home) | {"LOCAL_BASE_URL": answering.url, "LOCAL_API_KEY": "none"}
        results["retried"] = finished(subprocess.Popen(retry, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                                       text=True))  # fmt: skip
        yield {"home": home, "results": results, "model": model}  # the servers stay up: grade asks the llm one


def graded_by_cli(samples: list[dict[str, Any]], tmp_path: Path, *flags: str) -> dict[tuple[str, int], Any]:
    """`nohallucinate grade` on the replies of the samples, by (task id, epoch)."""
    replies = [
        {"task_id": s["id"], "response": s["output"]["choices"][0]["message"]["content"], "sample": s["epoch"] - 1}
        for s in samples
    ]
    responses = tmp_path / "responses.jsonl"
    responses.write_text("".join(json.dumps(r) + "\n" for r in replies), encoding="utf-8")
    graded = CliRunner().invoke(app, ["grade", "--responses", str(responses), "--json", *flags])
    assert graded.exit_code == 0, graded.output
    return {(row["task_id"], row["sample"] + 1): row for row in json.loads(graded.stdout)["results"]}


def assert_scored_as_grade(log: dict[str, Any], tmp_path: Path, *flags: str) -> None:
    samples = log["samples"]
    expected = graded_by_cli(samples, tmp_path, *flags)
    assert len(expected) == len(samples)
    for sample in samples:
        row = expected[sample["id"], sample["epoch"]]
        (score,) = sample["scores"].values()
        assert score["value"] == row["reward"]
        assert score["metadata"] == {"label": row["verdict"], "family": row["family"], "tier": row["tier"],
                                     "decided_by": row["decided_by"], "detail": row["detail"]}  # fmt: skip
        assert sample["metadata"]["family"] == row["family"] and sample["metadata"]["tier"] == row["tier"]
        assert sample.get("error") is None


def test_every_score_is_what_nohallucinate_grade_gives_the_same_reply(runs: dict[str, Any], tmp_path: Path) -> None:
    log = dumped(log_of(runs["home"] / "local"))
    assert log["status"] == "success"
    samples = log["samples"]
    assert len(samples) == EPOCHS * len(TASKS) and {s["id"] for s in samples} == {t.task_id for t in TASKS}
    assert_scored_as_grade(log, tmp_path)
    labels = Counter(next(iter(s["scores"].values()))["metadata"]["label"] for s in samples)
    assert {"CORRECT", "NOT_ATTEMPTED", "IDENTIFIED", "ABSTAINED", "F1@K"} <= set(labels), labels


def test_the_llm_grader_scores_as_grade_does(runs: dict[str, Any], tmp_path: Path) -> None:
    log = dumped(log_of(runs["home"] / "llm"))
    assert log["status"] == "success" and len(log["samples"]) == 2 * len(Family)
    url = f"http://127.0.0.1:{_port(log)}/v1"
    assert_scored_as_grade(log, tmp_path, "--grader", "llm", "--grader-base-url", url, "--no-cache")
    assert {next(iter(s["scores"].values()))["metadata"]["decided_by"] for s in log["samples"]} == {"model"}


def _port(log: dict[str, Any]) -> str:
    return str(log["eval"]["task_args"]["grader_base_url"]).rsplit(":", 1)[1].split("/")[0]


def test_the_metrics_are_the_mean_and_stderr_overall_by_family_and_by_tier(runs: dict[str, Any]) -> None:
    log = dumped(log_of(runs["home"] / "local"))
    (scores,) = log["results"]["scores"]
    metrics = {name: metric["value"] for name, metric in scores["metrics"].items()}
    rewards = [next(iter(s["scores"].values()))["value"] for s in log["samples"]]
    assert metrics["mean"] == pytest.approx(sum(rewards) / len(rewards))
    for family in Family:
        of_family = [next(iter(s["scores"].values()))["value"] for s in log["samples"]
                     if s["metadata"]["family"] == family.value]  # fmt: skip
        assert metrics[family.value] == pytest.approx(sum(of_family) / len(of_family))
        assert f"{family.value}_stderr" in metrics
    assert {"tier_easy", "tier_medium", "tier_hard", "tier_easy_stderr"} <= set(metrics)
    assert not [name for name in metrics if "None" in name]  # a task with no tier is in no tier's figure


def test_the_model_sees_the_system_prompt_and_the_question_and_nothing_gradeable(runs: dict[str, Any]) -> None:
    for request in runs["model"].requests:
        system, user = request["messages"]
        assert system == {"role": "system", "content": SYSTEM_PROMPT}
        assert user["role"] == "user" and user["content"] in BY_QUESTION
    assert sum(runs["model"].asked.values()) == EPOCHS * len(TASKS)


def test_a_grader_that_never_answers_makes_every_sample_an_error_never_a_score(runs: dict[str, Any]) -> None:
    log = dumped(log_of(runs["home"] / "failing"))
    assert len(log["samples"]) == len(Family)
    for sample in log["samples"]:
        assert not sample.get("scores"), sample.get("scores")
        assert "GradingError" in sample["error"]["message"] and "(timeout)" in sample["error"]["message"]
    _, stdout, _ = runs["results"]["stopping"]
    assert "GradingError: task t" in stdout and "(timeout)" in stdout  # the reason, printed where the eval stopped
    stopped = dumped(log_of(runs["home"] / "stopping"))
    assert stopped["status"] == "error" and "GradingError" in stopped["error"]["message"]
    assert not [s for s in stopped.get("samples") or [] if s.get("scores")]


def test_a_stopped_eval_is_retried_by_inspect_once_the_grader_answers(runs: dict[str, Any]) -> None:
    retried = dumped(log_of(runs["home"] / "retried"))
    assert retried["status"] == "success" and len(retried["samples"]) == len(Family)
    for sample in retried["samples"]:
        (score,) = sample["scores"].values()
        assert score["metadata"]["decided_by"] == "model" and sample.get("error") is None
