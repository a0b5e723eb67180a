"""`inspect eval nohallucinate/tax_amc23` (and tax_sum), the real inspect_ai command, on the real benchmark files
against the local test server: every sample's score is what `nohallucinate tax grade` decides for the same
response, AMC23 runs 8 epochs (avg@8), `inspect log dump` holds the scores, and an answer check that never
finishes makes every sample an error, never a score.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tax import TaxItem, load_benchmark
from nohallucinate.tax.prompt import DEFAULT_PROMPT
from support.inspect_runs import INSPECT, dumped, finished, log_of, offline_env
from support.openai_server import Behaviour, OpenAIServer, Reply
from support.readme import readme_example
from support.readme_shell import shell_commands

SUPPORT = Path(__file__).resolve().parents[1] / "support"
AMC23_EPOCHS = 8
SUM_ITEMS = 12


# A model's four answers in turn: the gold boxed, a boxed refusal, a wrong box, no box at all.
TURNS = [
    "So the answer is \\boxed{{{gold}}}.",
    "It cannot be known. \\boxed{{I don't know.}}",
    "Therefore \\boxed{{-1}}.",
    "I think it is 12.",
]


class CyclingSolver:
    """A model that answers each problem in turn: the gold boxed, a boxed refusal, a wrong box, no box at all."""

    def __init__(self, items: list[TaxItem]) -> None:
        self.by_prompt = {DEFAULT_PROMPT.render(item.question): item for item in items}
        self.asked: Counter[str] = Counter()

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        prompt = request["messages"][-1]["content"]
        item = self.by_prompt[prompt]
        turn = self.asked[prompt] % 4
        self.asked[prompt] += 1
        gold = item.gold[0] if item.gold else "7"
        return Reply(TURNS[turn].format(gold=gold))


def tax_command(data: Path, benchmark: str, model_url: str, home: Path, *args: str) -> subprocess.Popen[str]:
    """The README's `inspect eval nohallucinate/tax_amc23` with its benchmark, data directory and base URL set."""
    (command,) = shell_commands(readme_example("tax-inspect"))
    argv = command.argv[2:]  # the environment is set here
    assert argv[:3] == ["inspect", "eval", "nohallucinate/tax_amc23"] and argv[-2:] == ["-T", "data_dir=data/tax"]
    argv = [str(INSPECT), "eval", f"nohallucinate/tax_{benchmark}", *argv[3:-1], f"data_dir={data}",
            "--log-dir", str(home / benchmark), "--display", "plain", *args]  # fmt: skip
    env = offline_env(home) | {"LOCAL_BASE_URL": model_url, "LOCAL_API_KEY": "none"}
    return subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


# An eval from Python whose answer checker's matcher never finishes on "\boxed{hang}" (tests/support/slow_matcher):
# the checker kills each check at the timeout, and the scorer must raise for every sample.
HANGING_EVAL = """
import sys
from inspect_ai import eval
from nohallucinate.inspect_tasks import tax_tasks
from nohallucinate.tax.correctness import AnswerChecker
from slow_matcher import hang_or_fail

tax_tasks.answer_checker = lambda workers, timeout: AnswerChecker(workers, timeout, match=hang_or_fail)
if __name__ == "__main__":
    eval(tax_tasks.tax_gsm8k(data_dir=sys.argv[1], limit=3, check_timeout=0.5), model="openai-api/local/m",
         log_dir=sys.argv[2], fail_on_error=False, display="plain")
"""


@pytest.fixture(scope="module")
def runs(shared_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    data = shared_dir / "data" / "hallucination_tax"
    home = tmp_path_factory.mktemp("inspect-tax")
    amc23 = load_benchmark("amc23", data).items
    sums = load_benchmark("sum", data).items[:SUM_ITEMS]
    script = home / "hanging_eval.py"
    script.write_text(HANGING_EVAL, encoding="utf-8")
    with (
        OpenAIServer(CyclingSolver(amc23)) as amc23_server,
        OpenAIServer(CyclingSolver(sums)) as sum_server,
        OpenAIServer(lambda _: Reply("\\boxed{hang}")) as hanging_server,
    ):
        amc = tax_command(data, "amc23", amc23_server.url, home)
        refusals = tax_command(data, "sum", sum_server.url, home, "-T", f"limit={SUM_ITEMS}", "--epochs", "2")
        env = offline_env(home) | {"LOCAL_BASE_URL": hanging_server.url, "LOCAL_API_KEY": "none",
                                   "PYTHONPATH": str(SUPPORT)}  # fmt: skip
        hanging = subprocess.Popen([sys.executable, str(script), str(data), str(home / "hanging")], env=env,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)  # fmt: skip
        for process in (amc, refusals, hanging):
            finished(process)
    yield {"home": home, "data": data}


def tax_graded(samples: list[dict[str, Any]], benchmark: str, data: Path, tmp_path: Path) -> dict[str, Any]:
    """`nohallucinate tax grade` on the samples' responses: its results by (id, sample), and its summary."""
    generations = tmp_path / "generations.jsonl"
    lines = [{"id": s["id"], "sample": s["epoch"] - 1, "response": s["output"]["choices"][0]["message"]["content"]}
             for s in samples]  # fmt: skip
    generations.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    results = tmp_path / "results.jsonl"
    graded = CliRunner().invoke(app, ["tax", "grade", "--benchmark", benchmark, "--generations", str(generations),
                                      "--data-dir", str(data), "--results", str(results), "--json"])  # fmt: skip
    assert graded.exit_code == 0, graded.output
    rows = [json.loads(line) for line in results.read_text(encoding="utf-8").splitlines()]
    return {"rows": {(row["id"], row["sample"]): row for row in rows}, "summary": json.loads(graded.stdout)}


def assert_scored_as_tax_grade(log: dict[str, Any], benchmark: str, data: Path, tmp_path: Path) -> dict[str, Any]:
    graded = tax_graded(log["samples"], benchmark, data, tmp_path)
    assert len(graded["rows"]) == len(log["samples"])
    for sample in log["samples"]:
        row = graded["rows"][sample["id"], sample["epoch"] - 1]
        (score,) = sample["scores"].values()
        assert score["value"] == (1.0 if row["correct"] else 0.0)
        assert score.get("answer") == row["box"]  # a dump leaves out an answer that is None (no box)
        assert score["metadata"] == {"correct": row["correct"], "refused": row["refused"], "box": row["box"]}
    return graded["summary"]


def test_amc23_scores_are_tax_grades_over_eight_epochs(runs: dict[str, Any], tmp_path: Path) -> None:
    log = dumped(log_of(runs["home"] / "amc23"))
    assert log["status"] == "success" and log["eval"]["config"]["epochs"] == AMC23_EPOCHS
    assert len(log["samples"]) == 40 * AMC23_EPOCHS
    summary = assert_scored_as_tax_grade(log, "amc23", runs["data"], tmp_path)
    (scores,) = log["results"]["scores"]
    accuracy = scores["metrics"]["accuracy"]["value"]
    assert accuracy == pytest.approx(_score_of(summary, "amc23"))  # avg@8, as tax grade reports it
    assert 0.0 < accuracy < 1.0 and set(scores["metrics"]) == {"accuracy", "stderr"}


def test_a_refusal_set_reports_its_refusal_rate(runs: dict[str, Any], tmp_path: Path) -> None:
    log = dumped(log_of(runs["home"] / "sum"))
    assert log["status"] == "success" and len(log["samples"]) == SUM_ITEMS * 2
    summary = assert_scored_as_tax_grade(log, "sum", runs["data"], tmp_path)
    (scores,) = log["results"]["scores"]
    assert set(scores["metrics"]) == {"refusal_rate", "stderr"}
    assert scores["metrics"]["refusal_rate"]["value"] == pytest.approx(_score_of(summary, "sum")) == 0.5


def test_an_answer_check_that_never_finishes_makes_every_sample_an_error(runs: dict[str, Any]) -> None:
    log = dumped(log_of(runs["home"] / "hanging"))
    assert len(log["samples"]) == 3
    for sample in log["samples"]:
        assert not sample.get("scores")
        assert "AnswerCheckError" in sample["error"]["message"]
        assert "took longer than 0.5 s" in sample["error"]["message"]


def _score_of(summary: dict[str, Any], benchmark: str) -> float:
    figure: float = summary["benchmarks"][benchmark]["score"]
    return figure
