"""The README's `audit` lines run as written: the demo set with the local grader (exit 0: nothing beats abstaining),
the hybrid grader's plan, and the llm grader with OpenAI's upstream SimpleQA template, the model served by the
local test server and the template downloaded from a local stand-in for GitHub."""

from __future__ import annotations

import json
import os
from pathlib import Path

from nohallucinate.graders.llm.templates import UPSTREAM_URL_VARIABLE
from nohallucinate.tasks import Family, load_demo_tasks
from support.github_raw_server import GitHubRawServer
from support.openai_server import OpenAIServer
from support.readme import readme_example
from support.readme_shell import Shell, shell_commands
from support.scripted_model import scripted_model

README_URL = "http://localhost:8000/v1"
UPSTREAM_PATH = "/openai/simple-evals/raw/main/simpleqa_eval.py"


def test_the_audit_lines_run_as_the_readme_says(shared_dir: Path, tmp_path: Path) -> None:
    local, plan, upstream = shell_commands(readme_example("audit"))
    assert local.comment == "the demo set, local grader" and "--plan" in plan.argv
    tasks = load_demo_tasks()
    (tmp_path / "T.jsonl").write_text("".join(t.model_dump_json() + "\n" for t in tasks), encoding="utf-8")
    original = (shared_dir / "data/simpleqa/simpleqa_grader_template.txt").read_text(encoding="utf-8")
    source = f'GRADER_TEMPLATE = """\n{original}\n""".strip()\n'
    with OpenAIServer(scripted_model) as model, GitHubRawServer({UPSTREAM_PATH: source.encode()}) as github:
        env = {k: v for k, v in os.environ.items() if k != "OPENAI_API_KEY"}
        env |= {"OPENAI_BASE_URL": model.url, UPSTREAM_URL_VARIABLE: github.url + UPSTREAM_PATH}
        shell = Shell(tmp_path, replace={README_URL: model.url}, env=env)
        ran_local = shell.run(local)
        assert ran_local.returncode == 0, str(ran_local)  # no fixed strategy beats abstaining on the demo set
        families = [family.value for family in Family]
        rows = [line for line in ran_local.stdout.splitlines() if line.startswith("│")]  # not the header's "biography"
        verdicts = [line.split()[-2:] for line in rows if any(f in line for f in families)]
        assert len(verdicts) >= len(families) and all("ok" in words for words in verdicts[: len(families)])
        planned = shell.run(plan)
        assert planned.returncode == 0, str(planned)
        assert "the hybrid grader will make at least" in planned.stderr and not model.requests  # the plan, no call
        ran = shell.run(upstream)
        assert ran.returncode in (0, 1), str(ran)  # 1 when a fixed strategy beats the floor under upstream
        report = json.loads(ran.stdout)
        assert model.requests and len(report["families"]) == 7
        assert any(original[:200] in request["messages"][-1]["content"] for request in model.requests)
