"""The `agreement` lines of the graders page (docs/concepts/graders.md) run as written (from the repository, the
shared data where it is, a model grader on the local test server), print what the page shows, and its table of
figures against outside judges states what the grader scores today."""

from __future__ import annotations

import json
import re
from pathlib import Path

from nohallucinate.agreement import compare, load_labelled
from nohallucinate.graders import Label, LocalGrader
from support.openai_server import OpenAIServer
from support.readme import DOCS_DIR, README_PATH, readme_example
from support.readme_shell import Shell, shell_commands
from support.scripted_model import scripted_model

ROOT = README_PATH.parent
README_URL = "http://localhost:8000/v1"


def test_the_agreement_lines_run_as_the_readme_says(shared_dir: Path, tmp_path: Path) -> None:
    ours, outside, hybrid = shell_commands(readme_example("agreement"))
    graded = (shared_dir / "data/graded_replies/simpleqa_graded.jsonl").read_text(encoding="utf-8").splitlines()
    few = tmp_path / "G.jsonl"
    few.write_text("\n".join(graded[:40]) + "\n", encoding="utf-8")
    with OpenAIServer(scripted_model) as model:
        replace = {"../shared": str(shared_dir), "G.jsonl": str(few), README_URL: model.url}
        shell = Shell(ROOT, replace=replace)
        ran_ours, ran_outside, ran_hybrid = shell.run_all([ours, outside, hybrid])
    claimed = readme_example("agreement-output").body.strip()
    assert ran_ours.stdout.splitlines()[0] == claimed
    assert ran_outside.stdout.startswith("2263 labelled replies · grader local")
    payload = json.loads(ran_hybrid.stdout)
    assert payload["overall"]["n"] == 40 and set(payload["decided"]) <= {"local", "model"}


def _row(table: str, heading: str) -> list[str]:
    [line] = [line for line in table.splitlines() if line.startswith(f"| {heading}")]
    return [cell.strip() for cell in line.strip("|").split("|")]


def test_the_table_against_outside_judges_is_what_the_grader_scores(shared_dir: Path) -> None:
    text = (DOCS_DIR / "concepts" / "graders.md").read_text(encoding="utf-8")
    table = text[text.index("| English replies (`--language en`)") :].split("\n\n")[0]
    every = load_labelled(shared_dir / "data/graded_replies/simpleqa_graded.jsonl")
    rows = [row for row in every if row.language == "en"]
    grader = LocalGrader()
    verdicts = [grader.grade_now(row.task, row.reply) for row in rows]
    report = compare("local", rows, verdicts, resamples=0)
    for heading, group in (("dates", "date"), ("numbers", "number"), ("text", "text")):
        after = _row(table, heading)[1]
        assert after == f"{report.groups[group].accuracy.estimate:.3f}", heading
    overall = _row(table, "all")[1]
    assert overall.startswith(f"{report.overall.accuracy.estimate:.3f}")
    assert f"kappa {report.overall.kappa.estimate:.3f}" in overall
    share = sum(v.label is Label.CORRECT for v in verdicts) / len(verdicts)
    assert _row(table, "share graded")[1] == f"{share:.3f}"
    sure = [(row, v) for row, v in zip(rows, verdicts, strict=True) if v.detail.get("sure")]
    agreed = sum(v.label is row.label for row, v in sure) / len(sure)
    hybrid = _row(table, "decided locally")[1]
    assert re.fullmatch(rf"{len(sure):,} \({len(sure) / len(rows):.1%}\), {agreed:.3f}", hybrid), hybrid
