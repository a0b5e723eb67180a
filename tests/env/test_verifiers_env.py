"""The `nohallucinate` taskset run by the real verifiers: `vf-eval nohallucinate ...` from `.venv-verifiers` (built by
`make`; nothing is installed here) against the local OpenAI-compatible test server, its rewards checked against
`nohallucinate grade` on the same replies.

verifiers and openreward cannot share an environment, so verifiers lives in a venv of its own and every check that
needs it runs there, as a subprocess. The README's `vf-eval nohallucinate` command is the one run here, with its
model and base URL pointed at the test server.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tasks import load_demo_tasks
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, system_prompt
from support.openai_server import Behaviour, OpenAIServer, Reply, Status
from support.readme import DOCS_DIR, readme_example
from support.readme_shell import shell_commands
from support.scripted_model import scripted_model
from support.task_sets import hidden_texts, knowing_reply

ROOT = Path(__file__).resolve().parents[2]
VF_VENV = ROOT / ".venv-verifiers"
TASKS = load_demo_tasks()
BY_QUESTION = {task.question: task for task in TASKS}
PER_FAMILY = 1  # one task of each family: 7 tasks, 2 rollouts each
# A run under a reward rule: at threshold 0.75, a stated confidence scored by the Brier rule.
RULE_FLAGS = ("--env.taskset.task.threshold", "0.75", "--env.taskset.task.confidence", "brier")
STATED = "\nConfidence: 0.9"  # what the knowing replies of that run end with


@pytest.fixture(scope="module")
def vf_bin() -> Path:
    """The verifiers venv's bin directory; missing, the tests skip (or fail, with NOHAL_REQUIRE_VERIFIERS=1)."""
    if not (VF_VENV / "bin" / "vf-eval").is_file():
        message = f"no verifiers venv at {VF_VENV}: `make {VF_VENV.name}/bin/vf-eval` builds it"
        if os.environ.get("NOHAL_REQUIRE_VERIFIERS") == "1":
            pytest.fail(message)
        pytest.skip(message)
    return VF_VENV / "bin"


class TwoReplies:
    """A model that answers each question twice differently: first as one who knows (the gold, a defect named, the
    article's first sentence; `confidence` after it), then "I don't know.", so the two rollouts of a task earn
    different rewards. Each model name (one per run) counts its own questions."""

    def __init__(self, confidence: str = "") -> None:
        self.asked: Counter[tuple[str, str]] = Counter()
        self.requests: list[dict[str, Any]] = []
        self.confidence = confidence

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        self.requests.append(request)
        question = request["messages"][-1]["content"]
        self.asked[request["model"], question] += 1
        if self.asked[request["model"], question] > 1:
            return Reply("I don't know.")
        return Reply(knowing_reply(BY_QUESTION[question]) + self.confidence)


def readme_command() -> list[str]:
    """The README's first `vf-eval nohallucinate` command, as argv."""
    return shell_commands(readme_example("vf-eval"))[0].argv


def test_every_taskset_flag_of_the_readme_commands_is_in_its_settings_table() -> None:
    """The first command is the one the tests below run; the second (a hybrid grader on a task file, 50 tasks × 8
    rollouts) is not run: its taskset flags are checked to be the ones the settings table documents."""
    flags = {arg for c in shell_commands(readme_example("vf-eval")) for arg in c.argv if arg.startswith("--env.")}
    page = (DOCS_DIR / "rl" / "verifiers.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `(--env\.[\w.-]+)", page, re.MULTILINE)
    assert flags and flags <= set(table), flags - set(table)


def vf_eval(vf_bin: Path, home: Path, out: Path, name: str, model_url: str, *args: str) -> subprocess.Popen[str]:
    """Start the README's command with the model (named `name`) and base URL replaced and `args` added, writing to
    `out/name`."""
    argv = readme_command()
    assert argv[:2] == ["vf-eval", "nohallucinate"] and "--no-push" in argv
    assert argv[argv.index("-r") + 1] == "2" and argv[argv.index("--env.taskset.per-family") + 1] == str(PER_FAMILY)
    argv[argv.index("-m") + 1] = name
    argv[argv.index("--client.base-url") + 1] = model_url
    argv = [str(vf_bin / "vf-eval"), *argv[1:], "--no-rich", "-o", str(out), "--run.name", name, *args]
    return subprocess.Popen(argv, env=verifiers_env(home), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def verifiers_env(home: Path) -> dict[str, str]:
    """The environment for the verifiers venv's programs: no paths of this one; HOME (where verifiers keeps its
    runtime directories and looks for Prime credentials) in the test's temporary directory."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OPENAI_BASE_URL", "PRIME_API_KEY")}
    return {**env, "HOME": str(home), "OPENAI_API_KEY": "test-key"}


def finished(process: subprocess.Popen[str]) -> str:
    stdout, stderr = process.communicate(timeout=600)
    assert process.returncode == 0, stderr[-4000:]
    return stdout


def episodes(out: Path, name: str) -> list[dict[str, Any]]:
    lines = (out / name / "traces.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


PROBE = """
import json, sys
import nohallucinate
report = {"verifiers_imported": "verifiers" in sys.modules, "all": sorted(nohallucinate.__all__)}
from nohallucinate import *
import verifiers.v1 as vf
report["kinds"] = [issubclass(NoHallucinateTaskset, vf.Taskset), issubclass(SingleReplyHarness, vf.Harness),
                   issubclass(LocalSingleAgentEnv, vf.SingleAgentEnv)]
from nohallucinate.env.verifiers_env import NoHallucinateTaskConfig
report["rules"] = [NoHallucinateTaskConfig().rule().model_dump(),
                   NoHallucinateTaskConfig(threshold=0.75, confidence="brier").rule().model_dump()]
report["bad_rules"] = []
for bad in ({"threshold": 0}, {"threshold": 1}, {"threshold": float("nan")}, {"confidence": "Brier"}):
    try:
        NoHallucinateTaskConfig(**bad)
        report["bad_rules"].append(None)
    except ValueError as exc:  # pydantic's ValidationError
        report["bad_rules"].append(exc.errors()[0]["loc"][-1])
settings = NoHallucinateTaskConfig(grader_concurrency=3, grader_timeout=7.5, grader_attempts=2,
                                   grader_cache=False).grader_spec().settings
report["grader_settings"] = [settings.concurrency, settings.timeout, settings.max_attempts, settings.no_cache]
report["bad_settings"] = []
for bad in ({"grader_concurrency": 0}, {"grader_timeout": 0}, {"grader_attempts": 0}):
    try:
        NoHallucinateTaskConfig(**bad)
        report["bad_settings"].append(None)
    except ValueError as exc:
        report["bad_settings"].append(exc.errors()[0]["loc"][-1])
import pathlib, tempfile
from nohallucinate.env.verifiers_env import task_data
from nohallucinate.tasks import load_demo_tasks
first = load_demo_tasks()[0]
own_file = pathlib.Path(tempfile.mkdtemp()) / "prompt.txt"
own_file.write_text("Answer in one word.\\n", encoding="utf-8")
own = NoHallucinateTaskConfig(system_prompt_file=own_file)
none = NoHallucinateTaskConfig(no_system_prompt=True)
report["prompts"] = [task_data(first, system_prompt=own.prompt()).system_prompt,
                     task_data(first, system_prompt=none.prompt()).system_prompt,
                     task_data(first, system_prompt=none.prompt()).prompt == first.question]
try:
    NoHallucinateTaskConfig(system_prompt_file=own_file, no_system_prompt=True)
    report["prompts"].append(None)
except ValueError as exc:
    report["prompts"].append("not both" in str(exc))
from nohallucinate.env.verifiers_env import NoHallucinateTaskset, NoHallucinateTasksetConfig
held_out = NoHallucinateTaskset(NoHallucinateTasksetConfig(split="test"))
report["split"] = sorted(str(task.data.id) for task in held_out.load())
from typer.testing import CliRunner
from nohallucinate.cli import app
help, serve = CliRunner().invoke(app, ["--help"]), CliRunner().invoke(app, ["serve"])
report["help"] = [help.exit_code, "serve" in help.output]
report["serve"] = [serve.exit_code, serve.output]
try:
    import openreward
    report["openreward"] = True
except ImportError:
    report["openreward"] = False
print(json.dumps(report))
"""


CANARY = "CANARY-vf-5c1e"
LEAK_STATUSES = (400, 422, 429, 500, 503)
GUESS = "He was born in Paris in 1950 and worked there as a carpenter for forty years."


class EchoingGrader:
    """A grader endpoint that fails every grading request with an error body holding a canary and the whole request
    (the grading prompt: gold, defect, article); each distinct prompt gets the next of LEAK_STATUSES, kept for its
    retries. Claim extraction is answered (its prompt holds only the reply), so that biographies fail on the checks
    that quote the article."""

    def __init__(self) -> None:
        self.statuses: dict[str, int] = {}
        self.requests: list[dict[str, Any]] = []

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        prompt = request["messages"][-1]["content"]
        if prompt.startswith("Split the text"):
            return scripted_model(request)
        self.requests.append(request)
        status = self.statuses.setdefault(prompt, LEAK_STATUSES[len(self.statuses) % len(LEAK_STATUSES)])
        return Status(status, f"{CANARY} {json.dumps(request)}", {"retry-after-ms": "0"})


@pytest.fixture(scope="module")
def runs(vf_bin: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """Five eval runs at once: the local grader on one task per family, the same under a reward rule (its model's
    answers stating a confidence), an llm grader whose server never answers with a grade, an llm grader whose server
    echoes its prompt in its error bodies, and a bad rule; and PROBE."""
    tmp = tmp_path_factory.mktemp("vf")
    model, echoing, confident = TwoReplies(), EchoingGrader(), TwoReplies(STATED)
    with (
        OpenAIServer(model) as model_server,
        OpenAIServer(confident) as confident_server,
        OpenAIServer(lambda _: Reply("Hmm, hard to say.")) as bad_grader,
        OpenAIServer(lambda _: Reply(GUESS)) as guessing,
        OpenAIServer(echoing) as echoing_grader,
    ):
        graded = vf_eval(vf_bin, tmp, tmp / "out", "graded", model_server.url)
        ruled = vf_eval(vf_bin, tmp, tmp / "out", "ruled", confident_server.url, *RULE_FLAGS)
        bad_rule = vf_eval(vf_bin, tmp, tmp / "out", "bad-rule", "http://127.0.0.1:9/v1",  # never reached
                           "--env.taskset.task.threshold", "1")  # fmt: skip
        failing = vf_eval(vf_bin, tmp, tmp / "out", "failing", model_server.url, "-n", "2",
                          "--env.taskset.task.grader", "llm",
                          "--env.taskset.task.grader-base-url", bad_grader.url)  # fmt: skip
        leaking = vf_eval(vf_bin, tmp, tmp / "out", "leaking", guessing.url, "--env.taskset.task.grader", "llm",
                          "--env.taskset.task.grader-base-url", echoing_grader.url)  # fmt: skip
        probing = subprocess.Popen([str(vf_bin / "python"), "-c", PROBE], env=verifiers_env(tmp), text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
        finished(graded)
        finished(ruled)
        refused = bad_rule.communicate(timeout=600)
        finished(failing)
        finished(leaking)
        probed = finished(probing)
    yield {"graded": episodes(tmp / "out", "graded"), "failing": episodes(tmp / "out", "failing"),
           "ruled": episodes(tmp / "out", "ruled"), "confident": confident,
           "bad_rule": (bad_rule.returncode, "".join(refused)),
           "leaking": (tmp / "out" / "leaking" / "traces.jsonl").read_text(encoding="utf-8"),
           "echoed": echoing.requests, "model": model, "probe": json.loads(probed)}  # fmt: skip


def reply_of(trace: dict[str, Any]) -> str:
    """The model's reply as verifiers' `trace.last_reply` reads it: the last sampled assistant message, trimmed."""
    sampled = [n["message"] for n in trace["nodes"] if n.get("sampled") and n["message"]["role"] == "assistant"]
    return (sampled[-1]["content"] or "").strip()


def graded_alike(episodes: list[dict[str, Any]], tmp_path: Path, *flags: str) -> dict[int, dict[str, Any]]:
    """Check that every rollout's reward and record are what `nohallucinate grade *flags` gives for the same reply,
    and return grade's rows by sample."""
    traces = [episode["traces"][0] for episode in episodes]
    assert all(episode["ok"] for episode in episodes), [t["errors"] for t in traces if not t["ok"]]
    ids = Counter(t["task"]["data"]["id"] for t in traces)
    assert set(Counter(t.family for t in TASKS if t.task_id in ids).values()) == {PER_FAMILY}
    assert len(ids) == 7 and set(ids.values()) == {2}

    # The same replies, graded by the command line in this environment.
    replies = [{"task_id": t["task"]["data"]["id"], "response": reply_of(t), "sample": i} for i, t in enumerate(traces)]
    responses = tmp_path / "responses.jsonl"
    responses.write_text("".join(json.dumps(r) + "\n" for r in replies), encoding="utf-8")
    graded = CliRunner().invoke(app, ["grade", "--responses", str(responses), "--json", *flags])
    assert graded.exit_code == 0, graded.output
    results = {row["sample"]: row for row in json.loads(graded.stdout)["results"]}
    rule = {"threshold": 0.75, "confidence_mode": "brier"} if flags else {}

    for i, trace in enumerate(traces):
        expected = results[i]
        assert trace["rewards"] == {"nohallucinate": {"score": expected["reward"], "weight": 1.0}}
        assert trace["info"]["nohallucinate"] == {
            "label": expected["verdict"], "family": expected["family"], "tier": expected["tier"],
            "decided_by": expected["decided_by"], "detail": expected["detail"], **rule,
        }  # fmt: skip
    # The two rollouts of each task were different replies.
    assert len({(r["task_id"], r["response"]) for r in replies}) == len(replies)
    return results


def test_rewards_are_what_nohallucinate_grade_gives_for_the_same_replies(runs: dict[str, Any], tmp_path: Path):
    results = graded_alike(runs["graded"], tmp_path)
    assert {row["reward"] for row in results.values()} >= {0.0, 0.5, 1.0}  # spread over the ladder


def test_under_a_rule_the_prompt_states_it_and_rewards_are_grades_under_it(runs: dict[str, Any], tmp_path: Path):
    """`--env.taskset.task.threshold 0.75 --env.taskset.task.confidence brier`: the model is asked under that rule,
    and each reward is what `grade --threshold 0.75 --confidence brier` gives the same reply."""
    results = graded_alike(runs["ruled"], tmp_path, "--threshold", "0.75", "--confidence", "brier")
    ruled = system_prompt(0.75, "brier")
    for request in runs["confident"].requests:
        assert request["messages"][0] == {"role": "system", "content": ruled}
    for episode in runs["ruled"]:
        assert episode["traces"][0]["task"]["data"]["system_prompt"] == ruled
    abstained = [row for row in results.values() if row["verdict"] == "NOT_ATTEMPTED"]
    assert abstained and {row["reward"] for row in abstained} == {(1 + 0.75**2) / 2}
    stated = [row for row in results.values() if row["detail"].get("confidence", {}).get("value") == 0.9]
    right = [row["reward"] for row in stated if row["verdict"] == "CORRECT"]
    assert right and right == [pytest.approx((1 + 1 - (0.9 - 1) ** 2) / 2)] * len(right)  # the Brier rule


def test_a_bad_rule_stops_the_run_naming_the_field(runs: dict[str, Any], probe: dict[str, Any]) -> None:
    code, output = runs["bad_rule"]
    assert code != 0 and "--env.taskset.task.threshold" in output and "less than 1" in output
    assert probe["rules"] == [{"threshold": None, "confidence": "off"}, {"threshold": 0.75, "confidence": "brier"}]
    assert probe["bad_rules"] == ["threshold", "threshold", "threshold", "confidence"]


def test_the_grader_client_settings_reach_the_grader_and_bad_ones_are_named(probe: dict[str, Any]) -> None:
    assert probe["grader_settings"] == [3, 7.5, 2, True]
    assert probe["bad_settings"] == ["grader_concurrency", "grader_timeout", "grader_attempts"]


def test_the_taskset_takes_one_split(probe: dict[str, Any]) -> None:
    assert probe["split"] == sorted(task.task_id for task in TASKS if task.split == "test")


def test_the_task_config_sends_a_users_system_prompt_or_none(probe: dict[str, Any]) -> None:
    assert probe["prompts"] == ["Answer in one word.\n", None, True, True]


def test_the_model_sees_the_system_prompt_and_the_question_and_nothing_gradeable(runs: dict[str, Any]) -> None:
    requests = runs["model"].requests
    assert len(requests) == 14 + 4  # the failing run's four rollouts asked the model too (the leaking run its own)
    for request in requests:
        system, user = request["messages"]
        assert system == {"role": "system", "content": SYSTEM_PROMPT}
        assert user["role"] == "user" and user["content"] in BY_QUESTION
        assert "stream" not in request or not request["stream"]
    shown = "\n".join([SYSTEM_PROMPT, *BY_QUESTION])
    hidden = hidden_texts(TASKS, shown)
    for episode in runs["graded"]:
        data = episode["traces"][0]["task"]["data"]
        assert not {"gold", "defect", "article", "k", "subject", "provenance"} & data.keys()
        task = BY_QUESTION[data["prompt"]]
        assert (data["id"], data["family"], data.get("tier")) == (task.task_id, task.family.value, task.tier)
        written = "\n".join(map(str, data.values()))
        assert [text for text in hidden if text in written] == []


def test_a_failing_grader_fails_the_rollout_never_scores_it(runs: dict[str, Any]) -> None:
    assert len(runs["failing"]) == 2 * 2
    for episode in runs["failing"]:
        (trace,) = episode["traces"]
        assert episode["ok"] is False and trace["ok"] is False
        assert trace["rewards"] == {"nohallucinate": None}  # not 0.0: no reward at all
        assert "nohallucinate" not in trace["info"]
        (error,) = trace["errors"]
        assert error["type"] == "TaskError"
        assert error["message"].startswith("task NoHallucinateTask scoring: GradingError: task t")
        assert "(unreadable_reply)" in error["message"]  # the failure named, never what the grader model wrote


def test_an_echoed_prompt_in_a_grader_error_body_reaches_no_trace(runs: dict[str, Any]) -> None:
    traces = [json.loads(line)["traces"][0] for line in runs["leaking"].splitlines()]
    assert len(traces) == 7 * 2 and all(not trace["ok"] for trace in traces)
    shown = {int(m) for t in traces for m in re.findall(r"HTTP (\d+)", t["errors"][0]["message"])}
    assert shown == set(LEAK_STATUSES), shown  # every status reached a rollout's error, by its number only
    for trace in traces:
        assert trace["rewards"] == {"nohallucinate": None}
        assert "grader failed: ModelError" in trace["errors"][0]["message"]
    echoed = "\n".join(json.dumps(request) for request in runs["echoed"])
    hidden = hidden_texts(TASKS, "\n".join([SYSTEM_PROMPT, *BY_QUESTION, GUESS]))
    assert [text for text in hidden if text[:40] in echoed]  # the endpoint was sent golds, defects and articles
    prompts = [message["content"][:60] for request in runs["echoed"] for message in request["messages"]]
    articles = [t.article.text[i : i + 40] for t in TASKS if t.article for i in range(0, len(t.article.text), 200)]
    for text in [CANARY, *hidden, *articles, *prompts]:
        for form in (text, json.dumps(text)[1:-1]):
            assert form not in runs["leaking"], f"{form!r} is in a trace"


@pytest.fixture(scope="module")
def probe(runs: dict[str, Any]) -> dict[str, Any]:
    """What the verifiers venv says about the package: PROBE's report, run beside the evals (each start costs
    seconds)."""
    return runs["probe"]


def test_importing_nohallucinate_does_not_import_verifiers_and_exports_the_plugin(probe: dict[str, Any]) -> None:
    assert probe["verifiers_imported"] is False
    plugin = ["LocalSingleAgentEnv", "NoHallucinateTaskset", "SingleReplyHarness"]
    assert set(plugin) <= set(probe["all"]) and "evaluate" in probe["all"]  # and the common names
    assert probe["kinds"] == [True, True, True]


def test_without_the_serve_extra_the_cli_works_and_serve_exits_2_naming_it(probe: dict[str, Any]) -> None:
    assert probe["openreward"] is False  # verifiers and openreward cannot share a venv
    assert probe["help"] == [0, True]
    code, output = probe["serve"]
    assert code == 2 and "pip install '.[serve]'" in output and "'openreward'" in output
