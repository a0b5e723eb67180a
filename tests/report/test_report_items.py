"""The report's per-item section: every item with its question, reply, gold or defect, verdict and grader detail,
filterable by run, family and verdict; fast and self-contained at 10,000 items, and safe with adversarial replies.
What only a browser shows (sorting, the keyboard, permalinks) is tested in test_items_in_chromium.py."""

from __future__ import annotations

import html
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.report import write_report
from nohallucinate.tasks import demo_tasks_path
from support.items_page import rendered
from support.offline_html import Page, assert_self_contained, embedded_items
from support.synthetic_run import write_synthetic_run

runner = CliRunner()
ITEMS = 10_000
VERDICT = 6  # the verdict's cell: after family, question, reply, gold or defect, sample and tier
HOSTILE = "</script><script>alert(1)</script><!-- <img src=https://example.com/x.png>"


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Page, float]:
    """A 10,000-item run whose first reply is hostile markup, its report parsed, and the report's CPU seconds."""
    root = tmp_path_factory.mktemp("large")
    run = write_synthetic_run(root / "synthetic", ITEMS, reply=HOSTILE)
    began = time.process_time()  # this process's own time: other work on a shared machine does not count
    written = write_report([run], root / "report")
    spent = time.process_time() - began
    page = written.html.read_text(encoding="utf-8")
    assert HOSTILE not in page and "alert(1)</script>" not in page
    return written.html, assert_self_contained(page), spent


def test_a_10000_item_report_is_written_within_10_seconds(large: tuple[Path, Page, float]) -> None:
    html, _, spent = large
    assert spent < 10.0, f"{spent:.1f} s"
    assert html.stat().st_size < 20_000_000  # about 6 MB: each question once, the items as compact JSON


def test_the_items_travel_as_data_and_the_hostile_reply_stays_text(large: tuple[Path, Page, float]) -> None:
    _, parsed, _ = large
    assert [attrs.get("type") for attrs, _ in parsed.scripts] == ["application/json", None]  # no script added
    data = embedded_items(parsed)
    assert len(data["items"]) == ITEMS and data["runs"] == ["synthetic · local"]
    assert column(data, "reply").count(HOSTILE) == 1  # intact once parsed, escaped in the page
    assert "\\u003c/script>" in parsed.script("application/json")
    ids = {attrs.get("id") for _, attrs in parsed.tags}
    assert {"items", "items-family", "items-verdict", "items-text", "items-body", "items-data"} <= ids
    assert {"items-prev", "items-next", "items-prev-end", "items-next-end"} <= ids  # a pager at both ends
    assert "items-run" not in ids and "items-split" not in ids  # one run, no task with a split: no such filters


def column(data: dict[str, Any], name: str) -> list[Any]:
    """One field of every embedded item."""
    index = data["columns"].index(name)
    return [item[index] for item in data["items"]]


def test_the_script_pages_filters_and_opens_items(large: tuple[Path, Page, float]) -> None:
    _, parsed, _ = large
    data = embedded_items(parsed)
    errored = sum(error is not None for error in column(data, "error"))
    biographies = column(data, "family").count("biography")
    first, family, _, errors, opened, none, paged = rendered(parsed, [
        {"set": "items-family", "value": "biography"},
        {"set": "items-family", "value": ""},
        {"set": "items-verdict", "value": "errored"},
        {"row": 0},
        {"set": "items-text", "value": "alert(1)", "event": "input"},  # the hostile item is not errored
        {"click": "items-next"},
    ])  # fmt: skip
    assert len(first["rows"]) == 100 and first["count"] == f"{ITEMS} of {ITEMS} items"
    assert first["page"] == f"1–100 of {ITEMS} (page 1 of 100)" and not first["next_disabled"]
    assert family["count"] == f"{biographies} of {ITEMS} items" and {r[0] for r in family["rows"]} == {"biography"}
    assert errors["count"] == f"{errored} of {ITEMS} items" and {r[VERDICT] for r in errors["rows"]} == {"errored"}
    detail = " ".join(opened["rows"][1])  # the row opened: its detail follows it
    assert "(none: the policy failed)" in detail and "policy failed: ModelError" in detail
    assert none["count"] == f"0 of {ITEMS} items" and none["rows"] == []
    assert paged["page"] == "0 of 0 (page 1 of 1)" and paged["next_disabled"]
    _, found, shown = rendered(parsed, [{"set": "items-text", "value": "alert(1)", "event": "input"}, {"row": 0}])
    assert found["count"] == f"1 of {ITEMS} items"
    assert HOSTILE in " ".join(shown["rows"][1])  # the reply, whole, as text


def test_several_runs_sit_side_by_side_item_by_item(tmp_path: Path) -> None:
    runs = []
    for policy in ("always_abstain", "always_confident"):
        run = tmp_path / policy
        result = runner.invoke(app, ["sweep", "--policy", policy, "--per-family", "2", "--out", str(run), "--json"])
        assert result.exit_code == 0
        runs.append(run)
    result = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    assert "| precise_fact | 0.500 | 0.500 ± 0.000 (n=2) | 0.000 ± 0.000 (n=2) |" in result.stdout.splitlines()
    parsed = assert_self_contained((tmp_path / "report" / "report.html").read_text(encoding="utf-8"))
    data = embedded_items(parsed)
    assert data["runs"] == ["always_abstain · local", "always_confident · local"]
    assert column(data, "run")[:4] == [0, 1, 0, 1]  # each task's items, run by run
    tasks = column(data, "task_id")
    assert tasks[0] == tasks[1] and len(set(tasks)) == len(data["tasks"])  # each task shown once, for both runs
    assert set(column(data, "task")) == set(range(len(data["tasks"])))
    states = rendered(parsed, [{"set": "items-run", "value": "1"}, {"set": "items-family", "value": "biography"},
                               {"row": 0}])  # fmt: skip
    assert states[1]["count"] == "14 of 28 items" and {r[0] for r in states[1]["rows"]} == {"always_confident · local"}
    detail = " ".join(states[3]["rows"][1])
    assert "claims (" in detail and "Write a biography of" in detail  # the claims, with their support
    assert " no " in f" {detail} " and "not a name the article uses" in detail


@pytest.mark.parametrize("change", ["edited", "deleted"])
def test_a_task_file_gone_or_changed_shows_no_question_and_says_why(tmp_path: Path, change: str) -> None:
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_bytes(demo_tasks_path().read_bytes())
    made = runner.invoke(app, ["sweep", "--policy", "always_confident", "--tasks", str(tasks), "--per-family", "1",
                               "--out", str(tmp_path / "run")])  # fmt: skip
    assert made.exit_code == 0, made.output
    if change == "edited":  # another file at the recorded path: its gold answers are not the run's
        tasks.write_text(tasks.read_text(encoding="utf-8").replace('"gold":"', '"gold":"not '), encoding="utf-8")
    else:
        tasks.unlink()
    assert not tasks.exists() or tasks.read_bytes() != demo_tasks_path().read_bytes()
    written = write_report([tmp_path / "run"], tmp_path / "report")
    page = written.html.read_text(encoding="utf-8")
    why = "changed since the run started (sha256 differs)" if change == "edited" else "is gone"
    said = f"questions, gold answers and defects not shown for always_confident · local: the run's task file {tasks}"
    assert html.escape(f"{said} {why}") in page
    parsed = assert_self_contained(page)
    data = embedded_items(parsed)
    assert data["tasks"] == [] and set(column(data, "task")) == {None}  # nothing guessed from the file
    first, shown = rendered(parsed, [{"row": 0}])
    assert {row[1] for row in first["rows"]} == {"–"}  # the question cell
    assert f"(not shown: the run's task file {tasks} {why})" in " ".join(shown["rows"][1])
