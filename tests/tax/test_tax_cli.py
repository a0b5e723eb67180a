"""`nohallucinate tax ...` end to end on the real files, with the model served by the local OpenAI-compatible server."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.tax.benchmarks import load_benchmark
from support.openai_server import Behaviour, OpenAIServer, Reply, Status

runner = CliRunner()
BENCHMARKS = "gsm8k,amc23,selfaware,umwp"


@pytest.fixture(autouse=True)
def no_ambient_endpoint(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.chdir(tmp_path)


@pytest.fixture(scope="module")
def data_dir(shared_dir: Path) -> Path:
    return shared_dir / "data" / "hallucination_tax"


class Student:
    """Answers the first two items of each benchmark well (right answer, or a boxed refusal), the third badly
    (a wrong number, or a number where it should refuse), and the fourth without a box."""

    def __init__(self, data_dir: Path) -> None:
        self.plan: dict[str, str] = {}
        self.fail_once: set[str] = set()
        for name in BENCHMARKS.split(","):
            for position, item in enumerate(load_benchmark(name, data_dir).items[:4]):
                good = f"The answer is \\boxed{{{item.gold[0]}}}." if item.answerable else r"\boxed{I don't know.}"
                self.plan[item.question.strip()] = [good, good, r"So \boxed{99999}.", "I think it is 12."][position]

    def __call__(self, request: dict[str, Any]) -> Behaviour:
        prompt = request["messages"][-1]["content"]
        question = prompt.split("\n\nWork through the problem", 1)[0].strip()
        if question in self.fail_once:
            self.fail_once.discard(question)
            return Status(500)
        return Reply(self.plan[question])


def tax(*args: str) -> tuple[Any, dict[str, Any] | None]:
    result = runner.invoke(app, ["tax", *args])
    payload = json.loads(result.stdout) if "--json" in args and result.stdout.startswith("{") else None
    return result, payload


def run_args(server: OpenAIServer, data_dir: Path, out: str, tmp_path: Path) -> list[str]:
    return ["run", "--policy", "openai:student", "--policy-base-url", server.url, "--data-dir", str(data_dir),
            "--benchmarks", BENCHMARKS, "--limit", "4", "--samples", "amc23=2", "--out", out,
            "--cache-dir", str(tmp_path / "cache"), "--max-attempts", "1", "--json"]  # fmt: skip


def test_a_run_grades_every_benchmark_and_records_what_it_read(data_dir: Path, tmp_path: Path) -> None:
    with OpenAIServer(Student(data_dir)) as server:
        result, payload = tax(*run_args(server, data_dir, "base", tmp_path))
    assert result.exit_code == 0, result.output
    figures = payload["benchmarks"]
    assert figures["gsm8k"]["score"] == 0.5 and figures["gsm8k"]["label"] == "accuracy"
    assert figures["amc23"]["label"] == "accuracy (avg@2)" and figures["amc23"]["responses"] == 8
    assert figures["selfaware"]["metric"] == "refusal_rate" and figures["selfaware"]["score"] == 0.5
    assert figures["umwp"]["no_box"] == 1 and figures["umwp"]["no_box_rate"] == 0.25
    assert figures["umwp"]["refused"] == 2 and figures["gsm8k"]["refused"] == 0
    config = json.loads((tmp_path / "base" / "run.json").read_text())
    assert config["kind"] == "tax" and config["samples"] == {"gsm8k": 1, "amc23": 2, "selfaware": 1, "umwp": 1}
    umwp = next(entry for entry in config["manifest"] if entry["benchmark"] == "umwp")
    assert umwp["sample"]["seed"] == 0 and len(umwp["sample"]["ids"]) == 600
    assert "\\boxed{{I don't know.}}" in config["prompt_text"] and len(config["prompt_sha256"]) == 64
    assert payload["models"]["policy"]["usage"]["calls"] == 20


def test_a_run_resumes_asking_only_for_what_failed(data_dir: Path, tmp_path: Path) -> None:
    student = Student(data_dir)
    student.fail_once = set(list(student.plan)[:3])
    with OpenAIServer(student) as server:
        first, first_payload = tax(*run_args(server, data_dir, "run", tmp_path))
        assert first.exit_code == 1 and "could not be obtained or checked" in first.stderr
        assert sum(f["errored"] for f in first_payload["benchmarks"].values()) == 3
        made = len(server.requests)
        second, payload = tax("run", "--resume", "run", "--json")
        assert second.exit_code == 0, second.output
        assert len(server.requests) == made + 3  # only the three errored items were asked again
        assert payload["resumed_items"] == 17
        assert sum(f["errored"] for f in payload["benchmarks"].values()) == 0
        assert sum(f["responses"] for f in payload["benchmarks"].values()) == 20
        clash, _ = tax("run", "--resume", "run", "--limit", "2")
        assert clash.exit_code == 2 and "--resume keeps the run's own settings" in clash.stderr


def test_a_run_in_which_every_response_errored_exits_1_and_says_why(data_dir: Path, tmp_path: Path) -> None:
    with OpenAIServer(lambda request: Status(503, "overloaded")) as server:
        result, payload = tax(*run_args(server, data_dir, "down", tmp_path))
    assert result.exit_code == 1 and payload is not None
    assert sum(f["errored"] for f in payload["benchmarks"].values()) == 20
    assert sum(f["graded"] for f in payload["benchmarks"].values()) == 0
    assert "tax: 20 of 20 items failed, by reason:" in result.stderr  # printed even with --json, on stderr
    assert "  20 × " in result.stderr and "HTTP 503" in result.stderr
    report, _ = tax("report", "down", "--out", "report")
    assert report.exit_code == 1 and report.stdout == "" and not Path("report").exists()
    assert "down has no graded items: all 20 errored, by reason:" in report.stderr


def generations(tmp_path: Path, lines: list[dict[str, Any]]) -> Path:
    path = tmp_path / "generations.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def test_grade_scores_generations_made_elsewhere(data_dir: Path, tmp_path: Path) -> None:
    items = load_benchmark("gsm8k", data_dir).items[:10]
    lines = [{"id": item.id, "sample": 0, "response": f"\\boxed{{{item.gold[0]}}}"} for item in items[:8]]
    lines += [{"id": items[8].id, "sample": 0, "response": r"\boxed{\text{IDK}}"},
              {"id": int(items[9].id), "response": "no box, sorry"}]  # fmt: skip
    path = generations(tmp_path, lines)
    result, payload = tax("grade", "--benchmark", "gsm8k", "--generations", str(path), "--data-dir", str(data_dir),
                          "--results", str(tmp_path / "graded.jsonl"), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    figures = payload["benchmarks"]["gsm8k"]
    assert figures["score"] == 0.8 and figures["refused"] == 1 and figures["no_box"] == 1
    assert payload["items_with_generations"] == 10 and payload["items"] == 1319
    graded = [json.loads(line) for line in (tmp_path / "graded.jsonl").read_text().splitlines()]
    assert graded[8]["box"] == r"\text{IDK}" and graded[8]["refused"] and graded[8]["correct"] is False


def test_grade_refuses_a_generation_for_an_unknown_item(data_dir: Path, tmp_path: Path) -> None:
    path = generations(tmp_path, [{"id": "0", "response": "x"}, {"id": "no-such", "response": "x"}])
    result, _ = tax("grade", "--benchmark", "gsm8k", "--generations", str(path), "--data-dir", str(data_dir))
    assert result.exit_code == 2
    assert re.search(r"generations\.jsonl:2: field 'id': 'no-such' is not an item", " ".join(result.stderr.split()))


def test_report_puts_two_runs_side_by_side(data_dir: Path, tmp_path: Path) -> None:
    good = Student(data_dir)
    worse = Student(data_dir)
    worse.plan = {question: r"\boxed{7}" for question in worse.plan}  # never refuses: the tax
    for name, student in (("base", good), ("rl", worse)):
        with OpenAIServer(student) as server:
            result, _ = tax(*run_args(server, data_dir, name, tmp_path))
            assert result.exit_code == 0, result.output
    result, _ = tax("report", "base", "rl", "--out", "report")
    assert result.exit_code == 0, result.output
    assert "| benchmark | metric | student (base) | student (rl) | change |" in result.stdout
    assert "| SelfAware | refusal_rate | 0.500 | 0.000 | -0.500 |" in result.stdout
    page = (tmp_path / "report" / "tax_report.html").read_text()
    assert "data:image/png;base64," in page and "Hallucination Tax" in page
    wrong, _ = runner.invoke(app, ["report", "base"]), None
    assert wrong.exit_code == 2 and "nohallucinate tax report" in wrong.stderr


def test_manifest_names_every_missing_benchmark_at_once(data_dir: Path, tmp_path: Path) -> None:
    partial = tmp_path / "partial"
    for name in ("gsm8k", "amc23"):
        (partial / name).mkdir(parents=True)
        (partial / name / "test.jsonl").symlink_to(data_dir / name / "test.jsonl")
    result, _ = tax("manifest", "--data-dir", str(partial))
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "6 of 8 benchmark files not found (fetch them with `nohallucinate tax fetch`):" in result.stderr
    listed = [line.strip() for line in result.stderr.splitlines() if line.startswith("  ")]
    assert [line.split(":")[0] for line in listed] == [
        "UMWP",
        "SelfAware",
        "SUM",
        "Minerva",
        "MATH-500",
        "OlympiadBench",
    ]
    assert f"GSM8K: {partial}" not in result.stderr


def test_manifest_lists_every_benchmark_with_its_notes(data_dir: Path) -> None:
    result, payload = tax("manifest", "--data-dir", str(data_dir), "--json")
    assert result.exit_code == 0, result.output
    entries = {entry["benchmark"]: entry for entry in payload["benchmarks"]}
    assert len(entries) == 8 and entries["gsm8k"]["count_note"] == "1319 items here; the paper's card says 1320"
    assert entries["umwp"]["items"] == 600 and entries["selfaware"]["items"] == 1032
