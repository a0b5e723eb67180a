"""The model-based and hybrid graders, through the real client, against the local chat-completions server."""

from __future__ import annotations

import asyncio
import json
import re
from pathlib import Path

import pytest

from nohallucinate.claims.verification import verify_claims
from nohallucinate.graders import HybridGrader, Label, ModelGrader, load_simpleqa_template
from nohallucinate.graders.biography_detail import BiographyDetail
from nohallucinate.graders.llm.grades import read_grade
from nohallucinate.graders.llm.templates import OURS, UPSTREAM_URL_VARIABLE
from nohallucinate.models import Endpoint, ModelClient, ModelError
from nohallucinate.policies import AlwaysAbstain, AlwaysConfident
from nohallucinate.runs import summarise, sweep
from nohallucinate.tasks import Family
from nohallucinate.tasks import Reply as TaskReply
from support.openai_server import OpenAIServer, Reply, Status
from support.scripted_model import scripted_model
from support.task_sets import labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.family is Family.PRECISE_FACT and t.subject.qid == "Q42")
PREMISE = next(t for t in TASKS if t.family is Family.FALSE_PREMISE)
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY and t.subject.qid == "Q42")


def client_for(server: OpenAIServer) -> ModelClient:
    return ModelClient(Endpoint(model="grader", base_url=server.url, api_key="k"), backoff=(0.01, 0.02))


def grade(server: OpenAIServer, task, text: str, template=OURS):
    async def run():
        client = client_for(server)
        try:
            return await ModelGrader(client, template).grade(task, TaskReply(task_id=task.task_id, response=text))
        finally:
            await client.aclose()

    return asyncio.run(run())


def test_simpleqa_grade_with_our_template(scripted_server: OpenAIServer) -> None:
    verdict = grade(scripted_server, FACT, "I believe it was 11 March 1952.")
    assert (verdict.label, verdict.reward, verdict.decided_by) == (Label.CORRECT, 1.0, "model")
    prompt = scripted_server.requests[0]["messages"][-1]["content"]
    assert "Gold target: 11 March 1952" in prompt and "I believe it was 11 March 1952." in prompt
    assert "temperature" not in scripted_server.requests[0]


def test_defect_grade(scripted_server: OpenAIServer) -> None:
    verdict = grade(scripted_server, PREMISE, "He never played for them.")
    assert (verdict.label, verdict.reward) == (Label.IDENTIFIED, 1.0)
    assert f"Defect: {PREMISE.defect}" in scripted_server.requests[0]["messages"][-1]["content"]


@pytest.mark.parametrize(
    ("reply", "label"),
    [("CORRECT", Label.CORRECT), (" not_attempted.\n", Label.NOT_ATTEMPTED), ("NOT ATTEMPTED", Label.NOT_ATTEMPTED),
     ("After review: B", None), ("CORRECT or INCORRECT", None), ("The answer is CORRECT", None), ("", None)],
)  # fmt: skip
def test_grades_are_read_strictly(reply: str, label: Label | None) -> None:
    assert read_grade(reply, OURS.grades) == label


def test_a_reply_that_merely_contains_a_letter_is_asked_again(shared_dir: Path, tmp_path: Path) -> None:
    upstream = load_simpleqa_template(str(shared_dir / "data/simpleqa/simpleqa_grader_template.txt"), tmp_path)
    with OpenAIServer(scripted_model) as server:
        server.script(Reply("After review: B"), Reply("B"))
        verdict = grade(server, FACT, "12 March 1952", upstream)
        assert verdict.label is Label.INCORRECT and len(server.requests) == 2


def test_a_grader_that_never_gives_a_grade_is_an_error_not_a_verdict(scripted_server: OpenAIServer) -> None:
    scripted_server.script(*[Reply("Hmm, hard to say.")] * 3)
    with pytest.raises(ModelError, match="no single grade"):
        grade(scripted_server, FACT, "I don't know.")


def test_a_failing_grader_errors_the_item_and_keeps_it_out_of_the_means(scripted_server: OpenAIServer) -> None:
    scripted_server.script(*[Status(500)] * 6)

    async def run():
        client = client_for(scripted_server)
        try:
            return await sweep([FACT, PREMISE], AlwaysAbstain(), ModelGrader(client), concurrency=1)
        finally:
            await client.aclose()

    summary = summarise(asyncio.run(run()))
    assert summary["errored"] == 1 and summary["n"] == 1
    assert summary["errors"][0]["task_id"] == FACT.task_id and "HTTP 500" in summary["errors"][0]["error"]
    assert "precise_fact" not in summary["per_family"]  # no 0.5 handed out for a broken grader


def test_upstream_template_is_loaded_byte_for_byte_from_the_shared_copy(shared_dir: Path, tmp_path: Path) -> None:
    path = shared_dir / "data/simpleqa/simpleqa_grader_template.txt"
    template = load_simpleqa_template(str(path), tmp_path)
    assert template.text.encode("utf-8") == path.read_bytes()
    assert template.grades["A"] is Label.CORRECT and template.grades["C"] is Label.NOT_ATTEMPTED


def test_upstream_template_is_downloaded_once_into_the_cache(
    shared_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = (shared_dir / "data/simpleqa/simpleqa_grader_template.txt").read_text(encoding="utf-8")
    # simple-evals defines the template as a triple-quoted string with .strip(); serve a file of that shape.
    source = f'import re\n\nGRADER_TEMPLATE = """\n{original}\n""".strip()\n\nCHOICE_LETTERS = ["A", "B", "C"]\n'
    hits = []

    def serve(request):
        raise AssertionError("not a chat request")

    import http.server
    import threading

    class Handler(http.server.BaseHTTPRequestHandler):
        def log_message(self, *_):
            pass

        def do_GET(self):
            hits.append(self.path)
            data = source.encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv(UPSTREAM_URL_VARIABLE, f"http://127.0.0.1:{httpd.server_address[1]}/simpleqa_eval.py")
        first = load_simpleqa_template("upstream", tmp_path)
        second = load_simpleqa_template("upstream", tmp_path)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert first.text == second.text == original and len(hits) == 1
    assert (tmp_path / "simpleqa_grader_template.txt").read_text(encoding="utf-8") == original


def test_biography_f1_at_k_in_batches_of_15_with_the_article_resent(scripted_server: OpenAIServer) -> None:
    assert BIO.article is not None
    facts = [f"Douglas Adams owned a horse called Quillon{i}." for i in range(20)]
    scripted_server.script(Reply(json.dumps({"claims": facts})))
    verdict = grade(scripted_server, BIO, " ".join(facts))
    prompts = [r["messages"][-1]["content"] for r in scripted_server.requests]
    verifications = [p for p in prompts if "\nClaims:\n" in p]
    numbered = [re.findall(r"^(\d+)\. ", p.split("\nClaims:\n")[1], re.MULTILINE) for p in verifications]
    assert numbered == [[str(n) for n in range(1, 16)], [str(n) for n in range(1, 6)]]
    assert all(BIO.article.text in p for p in verifications)
    assert verdict.label is Label.F1_AT_K and verdict.detail["unsupported"] == 20 and verdict.reward == 0.0
    detail = verdict.detail_as(BiographyDetail)
    assert detail.claims_extracted == 20 and all(c.hall_prob is not None for c in detail.claims)


def test_missing_and_extra_verdicts_are_asked_again(scripted_server: OpenAIServer) -> None:
    claims = [
        "Douglas Adams was born in Cambridge.",
        "Douglas Adams died in Paris.",
        "Douglas Adams wrote Dirk Gently.",
    ]
    yes, no = (
        {"entailment": 0.9, "neutral": 0.05, "contradiction": 0.05},
        {"entailment": 0.1, "neutral": 0.8, "contradiction": 0.1},
    )
    partial = {"verdicts": [{"claim": 1, **yes}, {"claim": 2, **no}, {"claim": 2, **yes}, {"claim": 9, **yes}]}
    scripted_server.script(Reply(json.dumps(partial)))

    async def run():
        client = client_for(scripted_server)
        try:
            return await verify_claims(client, claims, "Douglas Adams", "Adams was born in Cambridge. Dirk Gently.")
        finally:
            await client.aclose()

    checks = asyncio.run(run())
    assert [c.supported for c in checks] == [True, False, True]
    second = scripted_server.requests[1]["messages"][-1]["content"]
    assert "1. Douglas Adams died in Paris." in second and "2. Douglas Adams wrote Dirk Gently." in second
    assert "born in Cambridge." not in second.split("Claims:")[1]


def test_verification_that_never_completes_is_an_error(scripted_server: OpenAIServer) -> None:
    scripted_server.script(*[Reply('{"verdicts": []}')] * 3)

    async def run():
        client = client_for(scripted_server)
        try:
            return await verify_claims(client, ["Douglas Adams was born in Cambridge."], "Douglas Adams", "text")
        finally:
            await client.aclose()

    with pytest.raises(ModelError, match="incomplete"):
        asyncio.run(run())


def test_an_empty_biography_is_an_abstention_worth_nothing(scripted_server: OpenAIServer) -> None:
    verdict = grade(scripted_server, BIO, "I don't know who that is.")
    assert (verdict.label, verdict.reward) == (Label.ABSTAINED, 0.0)


@pytest.mark.parametrize("policy", [AlwaysAbstain(), AlwaysConfident()], ids=lambda p: p.name)
def test_hybrid_decides_the_baselines_locally(scripted_server: OpenAIServer, policy) -> None:
    async def run():
        client = client_for(scripted_server)
        try:
            return await sweep(TASKS, policy, HybridGrader(ModelGrader(client)))
        finally:
            await client.aclose()

    verdicts = asyncio.run(run())
    decided = {v.decided_by for v in verdicts}
    local_share = sum(v.decided_by == "local" for v in verdicts) / len(verdicts)
    assert decided <= {"local", "model"} and local_share >= 0.85
    # Whatever path decides, a baseline earns what the local grader gives it on the short-answer families.
    if policy.name == "always_abstain":
        assert all(v.reward == (0.0 if v.family is Family.BIOGRAPHY else 0.5) for v in verdicts)
