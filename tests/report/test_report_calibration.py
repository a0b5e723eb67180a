"""The report's calibration section: present for runs made under a rule other than the spec's (the behavioural
curve against t, the reliability diagram, a table, the stated confidence of each item), absent otherwise; a
`sweep --thresholds` directory stands for its runs."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.report.calibration import HEADER, MIN_ANSWERS, captions, curves
from nohallucinate.report.charts import draw_all
from nohallucinate.report.html import write_html
from nohallucinate.report.markdown import markdown_tables
from nohallucinate.report.runs import load_runs
from nohallucinate.report.table import fmt, with_se
from nohallucinate.runs import expand_runs, read_config, read_verdicts, summarise
from support.offline_html import assert_self_contained

runner = CliRunner()
THRESHOLDS = "0.25,0.5,0.75"
POLICIES = ("simulated", "simulated-overconfident")
PNG = b"\x89PNG\r\n\x1a\n"
HOSTILE = "</td><script>alert(1)</script><img src=https://example.com/x.png>"


@pytest.fixture(scope="module")
def sweeps(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sweeps")
    for policy in POLICIES:
        result = runner.invoke(app, ["sweep", "--policy", policy, "--thresholds", THRESHOLDS, "--confidence", "brier",
                                     "--per-family", "12", "--samples", "2", "--out", str(root / policy)])  # fmt: skip
        assert result.exit_code == 0, result.output
    return root


@pytest.fixture(scope="module")
def report(sweeps: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The report of both sweeps: its directory and what it printed."""
    out = tmp_path_factory.mktemp("report")
    result = runner.invoke(app, ["report", *(str(sweeps / policy) for policy in POLICIES), "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.stdout


def test_the_section_and_its_charts_are_there(report: tuple[Path, str]) -> None:
    out, _ = report
    page = (out / "report.html").read_text("utf-8")
    assert "Calibration at each threshold" in page and "Calibration curve" in page and "Reliability" in page
    for chart in ("calibration_curve.png", "reliability.png"):
        assert (out / chart).read_bytes().startswith(PNG) and (out / chart).stat().st_size > 10_000
    images = re.findall(r"<img [^>]*src='data:image/png;base64,", page)
    assert len(images) == 6  # the four charts of every report, and the two of this section
    assert "at most 10 bins" in page  # the reliability caption states the bin count


def test_every_figure_of_the_table_is_the_summary_s(sweeps: Path, report: tuple[Path, str]) -> None:
    _, printed = report
    rows = [line for line in printed.splitlines() if line.startswith("| simulated")]
    assert len(rows) == 6 and all(row.count("|") == len(HEADER) + 1 for row in rows)
    thresholds = []
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        policy, directory = re.fullmatch(r"(\S+) · local \((threshold-[0-9.]+)\)", cells[0]).groups()  # type: ignore[union-attr]
        run = sweeps / policy / directory
        config = read_config(run)
        point = summarise(read_verdicts(run), config.reward)["calibration"]
        overall, scores = point["overall"], point["confidence"]
        thresholds.append((policy, config.reward.t))
        answered = f"{overall['accuracy_when_answering']['n']}/{overall['answer_rate']['n']}"
        assert cells[1:4] == [f"{config.reward.t:g}", "brier", answered]
        measures = ("answer_rate", "accuracy_when_answering", "reward")
        assert cells[4:7] == [with_se(overall[m]["mean"], overall[m]["se"]) for m in measures]
        assert cells[7:] == [f"{scores['stated']}/{scores['answers']}", fmt(scores["brier"]),
                             f"{scores['ece']:.3f} ({len(scores['bins'])})", fmt(scores["auroc"])]  # fmt: skip
    assert thresholds == [(policy, t) for policy in POLICIES for t in (0.25, 0.5, 0.75)]  # lowest t first


def test_a_thresholds_directory_stands_for_its_runs(sweeps: Path, tmp_path: Path) -> None:
    whole = runner.invoke(app, ["report", str(sweeps / "simulated"), "--out", str(tmp_path / "a")])
    runs = sorted((sweeps / "simulated").iterdir(), key=lambda path: float(path.name.removeprefix("threshold-")))
    assert expand_runs(sweeps / "simulated") == runs
    each = runner.invoke(app, ["report", *map(str, runs), "--out", str(tmp_path / "b")])
    assert whole.exit_code == each.exit_code == 0 and whole.stdout == each.stdout
    for chart in ("calibration_curve.png", "reliability.png"):  # the same runs draw the same bytes
        assert (tmp_path / "a" / chart).read_bytes() == (tmp_path / "b" / chart).read_bytes()


def test_a_report_of_spec_runs_has_no_calibration_section(tmp_path: Path) -> None:
    assert runner.invoke(app, ["sweep", "--policy", "always_abstain", "--per-family", "2", "--out",
                               str(tmp_path / "run")]).exit_code == 0  # fmt: skip
    result = runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0
    page = (tmp_path / "report" / "report.html").read_text("utf-8")
    assert "Calibration at each threshold" not in page and "answer rate" not in result.stdout
    assert not (tmp_path / "report" / "calibration_curve.png").exists()


def test_a_threshold_without_confidence_draws_the_curve_and_no_reliability(tmp_path: Path) -> None:
    made = runner.invoke(app, ["sweep", "--policy", "simulated", "--threshold", "0.75", "--per-family", "4",
                               "--out", str(tmp_path / "run")])  # fmt: skip
    assert made.exit_code == 0, made.output
    assert runner.invoke(app, ["report", str(tmp_path / "run"), "--out", str(tmp_path / "report")]).exit_code == 0
    assert (tmp_path / "report" / "calibration_curve.png").read_bytes().startswith(PNG)
    assert not (tmp_path / "report" / "reliability.png").exists()


def test_the_caption_names_every_accuracy_drawn_faded(sweeps: Path) -> None:
    runs = load_runs([path for policy in POLICIES for path in expand_runs(sweeps / policy)])
    sparse = {(family, run.config.policy, run.config.reward.t)
              for run in runs for family, measures in run.summary["calibration"]["per_family"].items()
              if measures["accuracy_when_answering"]["n"] < MIN_ANSWERS}  # fmt: skip
    assert sparse  # 12 tasks a family, 2 samples: at t = 0.75 some families are answered less than five times
    caption = captions(runs)["calibration_curve"]
    for family, policy, t in sparse:
        named = re.search(rf"{family}: {policy} · local at t = ([^;]*)[;.]", caption)
        assert named is not None and f"{t:g}" in named.group(1).split(", ")


def test_curves_are_one_per_policy_settings_and_task_selection(sweeps: Path, tmp_path: Path) -> None:
    made = runner.invoke(app, ["sweep", "--policy", "simulated", "--thresholds", THRESHOLDS, "--confidence", "brier",
                               "--per-family", "12", "--samples", "2", "--simulated-seed", "7",
                               "--out", str(tmp_path / "seed-7")])  # fmt: skip
    assert made.exit_code == 0, made.output
    runs = load_runs([*expand_runs(sweeps / "simulated"), *expand_runs(tmp_path / "seed-7"),
                      *expand_runs(sweeps / "simulated-overconfident")])  # fmt: skip
    found = curves(runs)
    assert [curve.name for curve in found] == ["simulated · local (simulated)", "simulated · local (seed-7)",
                                               "simulated-overconfident · local"]  # fmt: skip
    assert all([run.config.reward.t for run in curve.runs] == [0.25, 0.5, 0.75] for curve in found)


def test_the_calibration_section_escapes_what_it_shows(tmp_path: Path) -> None:
    # Two tasks of each family, two samples each: at most four answers a family, so every accuracy the chart draws
    # is faded, and its caption names each by policy (a policy named with markup here).
    result = runner.invoke(app, ["sweep", "--policy", "simulated-overconfident", "--thresholds", "0.25,0.5",
                                 "--confidence", "brier", "--per-family", "2", "--samples", "2",
                                 "--out", str(tmp_path / "few")])  # fmt: skip
    assert result.exit_code == 0, result.output
    runs = load_runs(expand_runs(tmp_path / "few"))
    runs = [dataclasses.replace(run, label=f"{HOSTILE} {run.directory.name}",
                                config=run.config.model_copy(update={"policy": HOSTILE})) for run in runs]  # fmt: skip
    page = write_html(runs, draw_all(runs, tmp_path), tmp_path / "report.html", markdown_tables(runs))
    text = page.read_text("utf-8")
    assert HOSTILE in captions(runs)["calibration_curve"]  # the faded points are named by policy
    assert HOSTILE not in text and "&lt;/td&gt;&lt;script&gt;alert(1)&lt;/script&gt;" in text  # there, as text
    assert_self_contained(text)
