"""The README's Hallucination Tax lines run as written: `tax fetch` from a local stand-in for GitHub, the manifest,
a run against the local test server, `--resume` on the finished run, `tax grade` on generations made elsewhere and
`tax report` of two runs side by side.

The run line asks for every benchmark (5,000 items, AMC23 eight times); here it adds `--limit 3` (the first three
items of each), so that the suite stays fast; nothing else of the line changes."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from nohallucinate.tax.benchmarks import BENCHMARKS, load_benchmark
from nohallucinate.tax.fetch import source_url
from support.github_raw_server import GitHubRawServer
from support.openai_server import Behaviour, OpenAIServer, Reply
from support.readme import readme_example
from support.readme_shell import Shell, shell_commands

README_URL = "http://127.0.0.1:8000/v1"


def refuses(request: dict[str, Any]) -> Behaviour:
    return Reply(r"I cannot tell. \boxed{I don't know.}")


def test_the_tax_lines_fetch_run_resume_grade_and_report(shared_dir: Path, tmp_path: Path) -> None:
    fetch, manifest, run, resume, grade, report = shell_commands(readme_example("tax"))
    assert fetch.comment.startswith("the eight upstream files, sha256-checked")
    assert resume.comment == "after a crash: asks only for what is missing"
    data = shared_dir / "data" / "hallucination_tax"
    upstream = {urlsplit(source_url(b)).path: (data / b.path).read_bytes() for b in BENCHMARKS.values()}
    items = load_benchmark("gsm8k", data).items[:4]
    generations = [{"id": item.id, "sample": 0, "response": f"\\boxed{{{item.gold[0]}}}"} for item in items]
    (tmp_path / "G.jsonl").write_text("".join(json.dumps(line) + "\n" for line in generations), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("OPENAI_API_KEY", "OPENAI_BASE_URL")}
    with GitHubRawServer(upstream) as github, OpenAIServer(refuses) as model:
        shell = Shell(tmp_path, env=env, replace={
            "tax fetch --data-dir data/tax": f"tax fetch --data-dir data/tax --source-url {github.url}",
            README_URL: model.url,
            "--out runs/base": "--out runs/base --limit 3",
        })  # fmt: skip
        _, listed = shell.run_all([fetch, manifest])
        assert len(list((tmp_path / "data" / "tax").rglob("*.json*"))) == len(BENCHMARKS) == 8
        assert all(name in listed.stdout for name in ("gsm8k", "amc23", "umwp"))  # (longer names are cut when piped)
        shell.run_all([run])
        asked = len(model.requests)
        assert asked == 3 * (len(BENCHMARKS) - 1) + 3 * 8  # three items each, AMC23's eight times
        shell.run_all([resume])
        assert len(model.requests) == asked  # nothing was missing
        graded = json.loads(shell.run_all([grade])[0].stdout)
        assert graded["benchmarks"]["gsm8k"]["score"] == 1.0 and graded["items_with_generations"] == 4
        # A second run to put beside the first: the same line, another model and directory.
        rl = {"openai:my-base": "openai:my-rl", "--out runs/base": "--out runs/rl --limit 3"}
        shell.replace = {**shell.replace, **rl}
        shell.run_all([run])
    [side_by_side] = shell.run_all([report])
    assert "| benchmark | metric | my-base | my-rl | change |" in side_by_side.stdout
    assert "| UMWP | refusal_rate | 1.000 | 1.000 | +0.000 |" in side_by_side.stdout
    assert (tmp_path / "report" / "tax_report.html").is_file()
