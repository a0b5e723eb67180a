"""`nohallucinate enoki ...`: validate, eval (predictions and baselines), detect, annotate, detection."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.enokiqa import EnokiExample, load_enokiqa, validate
from support.openai_server import OpenAIServer, Status

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa"
MINI = str(FIXTURES / "mini.jsonl")
runner = CliRunner()


@pytest.fixture(autouse=True)
def no_ambient_endpoint(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)


def enoki(*args: str) -> tuple[Any, dict[str, Any] | None]:
    result = runner.invoke(app, ["enoki", *args])
    payload = json.loads(result.stdout) if "--json" in args and result.stdout.strip().startswith("{") else None
    return result, payload


def write_lines(path: Path, lines: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    return path


def oracle_lines() -> list[dict[str, Any]]:
    _, payload = enoki("eval", "--data", MINI, "--baseline", "oracle", "--json")
    assert payload is not None
    examples = load_enokiqa(MINI).examples
    return [
        {
            "id": e.id,
            "sentence_scores": [max((t.hall_prob for t in s.triples), default=0.0) for s in e.sentences],
            "triple_scores": [[t.hall_prob for t in s.triples] for s in e.sentences],
            "spans": [list(t.span) for s in e.sentences for t in s.triples if t.hall_prob > 0.5 and t.span],
        }
        for e in examples
    ]


def test_baselines_side_by_side(tmp_path: Path) -> None:
    result, payload = enoki("eval", "--data", MINI, "--baseline", "constant", "--baseline", "random",
                            "--baseline", "oracle", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    systems = payload["systems"]
    oracle = systems["baseline:oracle"]
    assert oracle["sentence"]["auroc"] == 1.0 and oracle["claim"]["auroc"] == 1.0
    perfect = {"precision": 1.0, "recall": 1.0, "f1": 1.0, "predicted": 21, "gold": 21}
    assert oracle["span"] == {"span_coverage": perfect, "iou": {"score": 1.0}}
    constant = systems["baseline:constant"]
    assert constant["claim"]["auroc"] == 0.5 and constant["span"]["span_coverage"]["recall"] == 1.0
    table, _ = enoki("eval", "--data", MINI, "--baseline", "constant", "--baseline", "oracle")
    assert "baseline:constant" in table.stdout and "sentence: AUROC" in table.stdout


def test_a_predictions_file_with_only_spans_skips_the_other_tasks(tmp_path: Path) -> None:
    lines = [{"id": line["id"], "spans": line["spans"]} for line in oracle_lines()]
    result, payload = enoki("eval", "--data", MINI, "--predictions", str(write_lines(tmp_path / "p.jsonl", lines)),
                            "--json", "--average", "macro")  # fmt: skip
    assert result.exit_code == 0, result.output
    scores = payload["systems"][str(tmp_path / "p.jsonl")]
    assert scores["sentence"] is None and scores["claim"] is None
    assert scores["skipped"] == {"sentence": "no prediction gives sentence_scores",
                                 "claim": "no prediction gives triple_scores"}  # fmt: skip
    assert scores["span"]["iou"]["score"] == 1.0


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda lines: lines[:-1], "1 example(s) have no prediction, e.g. ['mini-006']"),
        (lambda lines: [*lines, lines[0]], "p.jsonl:7: field 'id': duplicate of line 1"),
        (lambda lines: [*lines, {**lines[0], "id": "nope"}], "ids not in the data, e.g. ['nope']"),
        (lambda lines: [{**lines[0], "sentence_scores": [0.1]}, *lines[1:]],
         "id 'mini-001': sentence_scores has 1 scores for 5 sentences"),
        (lambda lines: [{k: v for k, v in lines[0].items() if k != "triple_scores"}, *lines[1:]],
         "triple_scores is given for some examples but not for id 'mini-001'"),
        (lambda lines: [{**lines[0], "triple_scores": [[0.1], *lines[0]["triple_scores"][1:]]}, *lines[1:]],
         "id 'mini-001': triple_scores[0] has 1 scores for 2 triples"),
        (lambda lines: [{**lines[0], "spans": [[330, 400]]}, *lines[1:]],
         "id 'mini-001': span [330, 400) ends past the answer (339 characters)"),
        (lambda lines: [{**lines[0], "spans": [[5, 5]]}, *lines[1:]], "p.jsonl:1: field 'spans[0]'"),
        (lambda lines: [{**lines[0], "sentence_scores": ["high"] * 5}, *lines[1:]],
         "field 'sentence_scores[0]': Input should be a valid number (got 'high')"),
    ],
)  # fmt: skip
def test_predictions_that_do_not_line_up_fail_naming_where(tmp_path: Path, change: Any, message: str) -> None:
    path = write_lines(tmp_path / "p.jsonl", change(oracle_lines()))
    result, _ = enoki("eval", "--data", MINI, "--predictions", str(path))
    assert result.exit_code == 2
    assert message in " ".join(result.stderr.split()), result.stderr


def test_data_that_breaks_the_cards_rules_is_refused_unless_allowed(tmp_path: Path) -> None:
    broken = str(FIXTURES / "broken.jsonl")
    result, payload = enoki("validate", "--data", broken, "--json")
    assert result.exit_code == 2  # it holds malformed lines too: bad input
    assert {v["example_id"] for v in payload["violations"]} >= {"broken-prob-sum", "broken-span", "broken-counts"}
    rules_only = tmp_path / "rules.jsonl"
    rules_only.write_text((FIXTURES / "broken.jsonl").read_text(encoding="utf-8").splitlines()[0] + "\n")
    result, payload = enoki("validate", "--data", str(rules_only), "--json")
    assert result.exit_code == 1 and [v["example_id"] for v in payload["violations"]] == ["broken-prob-sum"]
    refused, _ = enoki("eval", "--data", broken, "--baseline", "constant")
    assert refused.exit_code == 2 and "violation(s) of the card's rules" in refused.stderr
    clean, _ = enoki("validate", "--data", MINI)
    assert clean.exit_code == 0 and "0 violation(s)" in clean.stdout


def test_detect_writes_predictions_that_eval_scores(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    out = tmp_path / "predictions.jsonl"
    result, payload = enoki("detect", "--data", MINI, "--out", str(out), "--model", "extractor",
                            "--base-url", scripted_server.url, "--judge-model", "judge",
                            "--cache-dir", str(tmp_path), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert payload["errors"] == [] and payload["scores"]["claim"]["n"] == 62
    assert set(payload["models"]) == {"extractor", "judge"}
    assert payload["models"]["judge"]["usage"]["calls"] > 0
    models = {request["model"] for request in scripted_server.requests}
    assert models == {"extractor", "judge"}
    scored, again = enoki("eval", "--data", MINI, "--predictions", str(out), "--json")
    assert scored.exit_code == 0 and again["systems"][str(out)] == payload["scores"]


def test_a_judge_that_keeps_failing_is_an_error_not_a_score(tmp_path: Path) -> None:
    with OpenAIServer(lambda request: Status(500)) as broken:
        result, payload = enoki("detect", "--data", MINI, "--out", str(tmp_path / "p.jsonl"), "--model", "m",
                                "--base-url", broken.url, "--max-attempts", "1", "--no-cache", "--limit", "2",
                                "--json")  # fmt: skip
    assert result.exit_code == 1
    assert [error["id"] for error in payload["errors"]] and payload["scores"] is None
    assert (tmp_path / "p.jsonl").read_text() == ""


def test_annotate_writes_records_in_the_enokiqa_schema(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    source = load_enokiqa(MINI).examples[:2]
    rows = [{"question": e.question, "answer": e.answer, "context": e.context, "title": e.title} for e in source]
    rows[0]["id"] = "mine"
    out = tmp_path / "records.jsonl"
    result, payload = enoki("annotate", "--input", str(write_lines(tmp_path / "rows.jsonl", rows)), "--out", str(out),
                            "--model", "m", "--base-url", scripted_server.url, "--no-cache", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    records = [EnokiExample.model_validate_json(line) for line in out.read_text().splitlines()]
    assert [r.id for r in records] == ["mine", "row-2"] and payload["written"] == 2
    assert all(validate(record) == [] for record in records)
    assert load_enokiqa(out).violations == []


def test_annotate_rejects_a_row_without_an_answer(tmp_path: Path) -> None:
    path = write_lines(tmp_path / "rows.jsonl", [{"question": "q", "context": "c"}])
    result, _ = enoki("annotate", "--input", str(path), "--out", str(tmp_path / "o.jsonl"), "--model", "m",
                      "--base-url", "http://127.0.0.1:9")  # fmt: skip
    assert result.exit_code == 2 and "rows.jsonl:1: field 'answer'" in result.stderr


def test_local_nli_without_the_extra_fails_clearly(tmp_path: Path) -> None:
    result, _ = enoki("detect", "--data", MINI, "--out", str(tmp_path / "p.jsonl"), "--model", "m",
                      "--base-url", "http://127.0.0.1:9", "--local-nli", "some/nli-model")  # fmt: skip
    assert result.exit_code == 2 and "pip install '.[nli]'" in result.stderr


def test_detection_on_real_ragtruth_rows(scripted_server: OpenAIServer, shared_dir: Path, tmp_path: Path) -> None:
    rows = str(shared_dir / "data" / "detection" / "ragtruth_sample.jsonl")
    result, payload = enoki("detection", "--rows", rows, "--model", "m", "--base-url", scripted_server.url,
                            "--cache-dir", str(tmp_path), "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert payload["dataset"] == "ragtruth" and payload["responses"] == 10
    sentences = payload["sentences"]
    assert sentences["n"] == 10 and sentences["positives"] == 3 and sentences["auroc"] is not None
    constant, constant_payload = enoki("detection", "--rows", rows, "--baseline", "constant", "--json")
    assert constant.exit_code == 0 and constant_payload["sentences"]["auroc"] == 0.5
    # Every sentence carries its key so the scores line up with published sentence-level tables.
    assert {(s["id"], s["sentence_index"]) for s in payload["scores"]} == {
        (s["id"], s["sentence_index"]) for s in constant_payload["scores"]
    }


def test_detection_on_real_anah_rows_with_long_references(scripted_server: OpenAIServer, shared_dir: Path) -> None:
    rows = str(shared_dir / "data" / "detection" / "anah_sample.jsonl")
    result, payload = enoki("detection", "--rows", rows, "--model", "m", "--base-url", scripted_server.url,
                            "--no-cache", "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    assert payload["dataset"] == "anah" and payload["sentences"]["n"] == 3
    prompts = [
        r["messages"][-1]["content"] for r in scripted_server.requests if "\nClaims:\n" in r["messages"][-1]["content"]
    ]
    assert prompts and max(len(p) for p in prompts) < 14_000  # 31-58K-character articles went in chunks
