"""The report's per-item view under a rule that reads a stated confidence: a column with the confidence each reply
stated, or why an answer the rule scores has none; a column only there: other reports have the columns they had and
the same script, with no confidence data."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from nohallucinate.checksums import file_sha256
from nohallucinate.cli import app
from nohallucinate.graders import Label, Verdict
from nohallucinate.report.items import _SCRIPT
from nohallucinate.rewards import RewardRule
from nohallucinate.runs import RunConfig, RunStore
from nohallucinate.tasks import Family, demo_tasks_path, load_demo_tasks
from support.items_page import rendered
from support.offline_html import assert_self_contained, embedded_items

runner = CliRunner()


def item_columns(page: str) -> list[str]:
    """The headings of the items table (the script writes them from the page's data)."""
    return [heading for _, heading in embedded_items(assert_self_contained(page))["shown"]]


def test_a_report_without_confidence_keeps_its_columns_and_script(tmp_path: Path) -> None:
    for name, flags in (("spec", []), ("threshold", ["--threshold", "0.75"])):
        made = runner.invoke(app, ["sweep", "--policy", "simulated", *flags, "--per-family", "2",
                                   "--out", str(tmp_path / name)])  # fmt: skip
        assert made.exit_code == 0, made.output
        result = runner.invoke(app, ["report", str(tmp_path / name), "--out", str(tmp_path / f"{name}-report")])
        assert result.exit_code == 0, result.output
        page = (tmp_path / f"{name}-report" / "report.html").read_text("utf-8")
        # The demo set's rows name their split (train or test): its column comes after the family.
        assert item_columns(page) == ["family", "split", "question", "reply", "gold / defect", "sample", "tier",
                                      "verdict", "reward", "decided by"]  # fmt: skip
        assert assert_self_contained(page).script(None) == _SCRIPT
        assert "unscored" not in embedded_items(assert_self_contained(page))


def test_each_item_shows_its_stated_confidence(tmp_path: Path) -> None:
    made = runner.invoke(app, ["sweep", "--policy", "simulated", "--threshold", "0.5", "--confidence", "brier",
                               "--per-family", "4", "--samples", "2", "--out", str(tmp_path / "run")])  # fmt: skip
    assert made.exit_code == 0, made.output
    assert runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")]).exit_code == 0
    page = (tmp_path / "report" / "report.html").read_text("utf-8")
    assert item_columns(page)[-1] == "confidence"
    data = embedded_items(assert_self_contained(page))
    at = {name: index for index, name in enumerate(data["columns"])}
    [first] = rendered(assert_self_contained(page), [])
    assert len(first["rows"]) == len(data["items"]) == 7 * 4 * 2  # one page: every item
    stated = 0
    for row, item in zip(first["rows"], data["items"], strict=True):  # family, ..., confidence
        assert row[0] == item[at["family"]] and row[2] == data["tasks"][item[at["task"]]][0]  # its question
        if item[at["family"]] == "biography":  # graded as written: no confidence is read
            assert "confidence" not in item[at["detail"]] and row[-1] == "–"
            continue
        said = item[at["detail"]]["confidence"]
        if item[at["label"]] in ("ABSTAINED", "NOT_ATTEMPTED"):
            assert row[-1] == ("–" if said["value"] is None else str(said["value"]))
        else:  # the simulated policy states a confidence with every answer
            assert said["status"] == "stated" and float(row[-1]) == said["value"]
            stated += 1
    assert 0 < stated < len(data["items"])  # answers and abstentions both


def test_an_answer_without_a_readable_confidence_says_why(tmp_path: Path) -> None:
    tasks = [task for task in load_demo_tasks() if task.family is Family.PRECISE_FACT][:4]
    rule = RewardRule(threshold=0.5, confidence="brier")
    config = RunConfig(tasks_path=str(demo_tasks_path()), tasks_sha256=file_sha256(demo_tasks_path()),
                       policy="scripted", grader="local", reward=rule)  # fmt: skip
    recorded = [({"value": 0.8, "status": "stated"}, Label.CORRECT),
                ({"value": None, "status": "missing"}, Label.CORRECT),
                ({"value": None, "status": "malformed"}, Label.INCORRECT),
                ({"value": None, "status": "missing"}, Label.NOT_ATTEMPTED)]  # fmt: skip
    with RunStore.create(tmp_path / "run", config) as store:
        for task, (confidence, label) in zip(tasks, recorded, strict=True):
            verdict = Verdict(task_id=task.task_id, family=task.family, tier=task.tier, label=label,
                              reward=rule.reward(task.family, label, confidence["value"]),
                              detail={"rule": "scripted", "confidence": confidence})  # fmt: skip
            store.record_result(task.task_id, 0, verdict, "a reply", False)
    written = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert written.exit_code == 0, written.output
    parsed = assert_self_contained((tmp_path / "report" / "report.html").read_text("utf-8"))
    [first] = rendered(parsed, [])
    by_question = {row[2]: row[-1] for row in first["rows"]}  # family, split, question, ...
    # An abstention needs no confidence: "–", not "missing".
    assert [by_question[task.question] for task in tasks] == ["0.8", "missing", "malformed", "–"]
