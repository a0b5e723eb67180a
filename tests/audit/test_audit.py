"""`nohallucinate audit`: the catalogue, the pooling per family's forms, the gate, and the command."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.audit import (
    BEST_PER_BIOGRAPHY_MENTION,
    BEST_PER_FORM,
    BEST_PER_NAME_PARTS,
    BEST_PER_RECURRENCE,
    STRATEGIES,
    by_name,
    run_audit,
    strategy_replies,
)
from nohallucinate.audit.catalogue import META_STRATEGIES
from nohallucinate.cli import app
from nohallucinate.graders import Label, LocalGrader, Verdict, reward_for
from nohallucinate.tasks import Family, Reply, Task
from support.openai_server import OpenAIServer, Status
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

runner = CliRunner()
TASKS = labelled_tasks()


class TrustingGrader:
    """The local grader, except that it believes any reply that mentions a premise: the exploit audit must catch."""

    name = "trusting"

    async def grade(self, task: Task, reply: Reply) -> Verdict:
        verdict = LocalGrader().grade_now(task, reply)
        if task.family.is_unanswerable and "premise" in reply.response.lower():
            return Verdict.on(task, reply.sample, Label.IDENTIFIED, reward_for(task.family, Label.IDENTIFIED),
                              "local", {})  # fmt: skip
        return verdict


def test_strategy_names_are_unique_and_the_floor_comes_first() -> None:
    names = [s.name for s in STRATEGIES]
    assert len(set(names)) == len(names) and names[0] == "i_dont_know"
    with pytest.raises(ValueError, match="unknown strategy nope"):
        by_name(["nope"])


def test_a_typical_answer_is_never_the_rows_own_gold_when_no_other_row_shares_it() -> None:
    [strategy] = by_name(["confident_typical"])
    replies = strategy_replies(TASKS, [strategy])
    for task in TASKS:
        if task.gold and sum(t.gold == task.gold for t in TASKS) == 1:
            assert task.gold not in replies[(strategy.name, task.task_id)], task.question


def test_the_local_grader_passes_and_a_trusting_grader_is_caught() -> None:
    honest = asyncio.run(run_audit(TASKS, LocalGrader(), STRATEGIES))
    assert honest.passed and not honest.errors
    trusting = asyncio.run(run_audit(TASKS, TrustingGrader(), STRATEGIES))
    assert not trusting.passed
    beaten = {f.family for f in trusting.families if not f.passed}
    assert Family.FALSE_PREMISE in beaten
    premise = next(f for f in trusting.families if f.family is Family.FALSE_PREMISE)
    assert premise.ceiling.mean > premise.floor + 0.02


def test_a_family_is_judged_over_every_row_of_its_forms() -> None:
    report = asyncio.run(run_audit(TASKS, LocalGrader(), by_name(["i_dont_know"])))
    premise = next(f for f in report.families if f.family is Family.FALSE_PREMISE)
    own = sum(t.family is Family.FALSE_PREMISE for t in TASKS)
    assert premise.ceiling.n > own  # the answerable and nonexistent rows asked in the same forms count too
    assert premise.strategies[BEST_PER_FORM].mean == premise.floor == 0.5
    assert premise.ceiling.se == 0.0


def invoke(*args: str):
    return runner.invoke(app, ["audit", *args])


def test_audit_command_passes_on_both_bundled_sets_and_prints_the_tables() -> None:
    for extra in ([], ["--tasks", str(LABELLED_TASKS_PATH)]):
        result = invoke(*extra)
        assert result.exit_code == 0, result.output
        assert "best per form" in result.stdout and "audit passed" in result.stdout
        assert "ambiguous_entity" in result.stdout


def test_audit_json_has_every_family_and_strategy() -> None:
    result = invoke("--json", "--tasks", str(LABELLED_TASKS_PATH))
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["passed"] is True and set(payload["families"]) == {f.value for f in Family}
    premise = payload["families"]["false_premise"]
    metas = (BEST_PER_FORM, BEST_PER_RECURRENCE, BEST_PER_NAME_PARTS, BEST_PER_BIOGRAPHY_MENTION)
    assert set(metas) == set(META_STRATEGIES)
    assert {"floor", "margin", "strongest_attack", *metas, "ceiling", "strategies", "own_rows"} <= premise.keys()
    assert set(premise["strategies"]) == {s.name for s in STRATEGIES} | set(metas)
    assert all(premise[meta].keys() == {"mean", "se", "n"} for meta in metas)
    ceiling = max(premise[meta]["mean"] for meta in metas)
    assert premise["ceiling"]["mean"] == ceiling


def test_a_margin_of_zero_still_passes_and_unknown_strategies_are_refused() -> None:
    assert invoke("--tasks", str(LABELLED_TASKS_PATH), "--margin", "0", "--biography-margin", "0.05").exit_code == 0
    result = invoke("--strategy", "nope")
    assert result.exit_code == 2 and "unknown strategy nope" in result.stderr


def test_a_model_grader_states_its_calls_before_making_them(scripted_server: OpenAIServer, tmp_path: Path) -> None:
    args = [
        "--tasks",
        str(LABELLED_TASKS_PATH),
        "--grader",
        "llm",
        "--grader-base-url",
        scripted_server.url,
        "--cache-dir",
        str(tmp_path),
        "--per-family",
        "1",
        "--strategy",
        "i_dont_know",
        "--strategy",
        "empty",
    ]
    planned = invoke(*args, "--plan")
    assert planned.exit_code == 0 and scripted_server.requests == []
    # 14 replies, a call each at least (a biography's claims, if it states any, cost one more per 15).
    assert "the llm grader will make at least 14 model calls" in planned.stderr
    ran = invoke(*args, "--json")
    assert ran.exit_code == 0, ran.output
    assert "at least 14 model calls" in ran.stderr
    payload = json.loads(ran.stdout)
    assert payload["models"]["grader"]["usage"]["calls"] >= 14 and payload["replies_graded"] == 14


def test_a_grader_that_fails_makes_the_audit_fail_and_says_why(tmp_path: Path) -> None:
    with OpenAIServer() as server:
        server.script(*[Status(500)] * 200)
        result = invoke("--tasks", str(LABELLED_TASKS_PATH), "--grader", "llm", "--grader-base-url", server.url,
                        "--cache-dir", str(tmp_path), "--per-family", "1", "--strategy", "i_dont_know",
                        "--max-attempts", "1")  # fmt: skip
    assert result.exit_code == 1
    assert "7 × grader failed:" in result.stderr and "HTTP 500" in result.stderr  # the reason, grouped by kind
    assert "the audit is incomplete" in result.stderr


def test_the_upstream_template_is_chosen_with_a_warning(tmp_path: Path) -> None:
    (tmp_path / "simpleqa_grader_template.txt").write_text(
        "Grade.\nQuestion: {question}\nGold target: {target}\nPredicted answer: {predicted_answer}\n"
        'Return the letters "A", "B", or "C".',
        encoding="utf-8",
    )
    result = invoke("--plan", "--grader", "llm", "--grader-base-url", "http://127.0.0.1:9/v1",
                    "--simpleqa-template", "upstream", "--cache-dir", str(tmp_path))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "warning: the upstream SimpleQA template" in result.stderr and "free to a policy" in result.stderr


def test_the_learnt_biography_prior_comes_from_the_other_articles() -> None:
    from nohallucinate.tasks import load_demo_tasks

    # The demo set's 12 biographies share no claim (values aside) between any three of them, so each row's prior
    # is empty; three of them are given one claim in common here, which every biography's prior then holds, learnt
    # from the others (each of the three has two others that make it).
    bios = [t for t in load_demo_tasks() if t.article is not None]
    tasks = [with_sentence(t, f"{t.subject.label} gave the annual Harbour Lecture in {1990 + i}.") if i < 3 else t
             for i, t in enumerate(bios)]  # fmt: skip
    [strategy] = by_name(["biography_common_claims"])
    replies = strategy_replies(tasks, [strategy])
    assert len(tasks) >= 4
    for task in tasks:
        reply = replies[(strategy.name, task.task_id)]
        assert reply == f"{task.subject.label} gave the annual Harbour Lecture.", reply  # never a value of its own
        assert task.article is not None and task.article.lead[:60] not in reply  # never its own article's words


def with_sentence(task, sentence: str):
    """The biography with `sentence` added to its article's text, as a paragraph of its own."""
    assert task.article is not None
    article = task.article.model_copy(update={"text": f"{task.article.text}\n\n{sentence}"})
    return task.model_copy(update={"article": article})
