"""The in-process environment under a reward rule: the prompt states it, and every way of grading (`grade`,
`grade_group`, `grade_batch`, `reward`) rewards by it, with the local grader, local workers and a model grader."""

from __future__ import annotations

import asyncio

import pytest

from nohallucinate.env import GraderSpec, NoHallucinateEnv, WorkerGrader
from nohallucinate.graders import Label, LocalGrader
from nohallucinate.models import ClientSettings
from nohallucinate.rewards import RewardRule, under_rule
from nohallucinate.tasks import Family
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, system_prompt
from support.openai_server import OpenAIServer
from support.task_sets import LABELLED_TASKS_PATH, labelled_tasks

TASKS = labelled_tasks()
FACT = next(t for t in TASKS if t.gold == "11 March 1952")
DEFECT = next(t for t in TASKS if t.family is Family.FALSE_PREMISE)
BIO = next(t for t in TASKS if t.family is Family.BIOGRAPHY)
AT_75 = RewardRule(threshold=0.75)
BRIER = RewardRule(threshold=0.75, confidence="brier")
# A reply to FACT, whether it is right (y), and the confidence it states (None: no confidence line).
STATED = [
    ("11 March 1952\nConfidence: 0.8", 1, 0.8),
    ("11 March 1952\nConfidence: 0.35", 1, 0.35),
    ("12 March 1953\nConfidence: 0.3", 0, 0.3),
    ("12 March 1953\nConfidence: 1", 0, 1.0),
    ("11 March 1952", 1, None),  # missing: scored as q = 1 - y, the worst
    ("12 March 1953\nConfidence: high", 0, None),  # malformed: the same
]


def brier(y: int, q: float | None) -> float:
    """The Brier rule's reward for an answer, as `rewards.rule` documents it."""
    q = 1 - y if q is None else q
    return (1 + y - (q - y) ** 2) / 2


def test_without_a_rule_everything_is_the_specs() -> None:
    for env in (NoHallucinateEnv(TASKS), NoHallucinateEnv(TASKS, rule=RewardRule())):
        assert env.rule == RewardRule() and env.rule.is_spec
        assert env.system_prompt == SYSTEM_PROMPT and env.prompt(FACT.task_id)[0]["content"] == SYSTEM_PROMPT
        assert env.reward(FACT.task_id, "I don't know.") == 0.5
        verdict = asyncio.run(env.grade(FACT.task_id, "11 March 1952\nConfidence: 0.9"))
        assert "confidence" not in verdict.detail  # read only under a rule that reads it
    assert NoHallucinateEnv(TASKS, None, "Mine.").prompt(FACT.task_id)[0]["content"] == "Mine."  # positional, as before


def test_at_threshold_075_every_grading_path_pays_075_for_an_abstention() -> None:
    env = NoHallucinateEnv.from_file(LABELLED_TASKS_PATH, rule=AT_75)
    assert env.rule == AT_75 and env.system_prompt == system_prompt(0.75)
    assert "more than 75% sure" in env.prompt(FACT.task_id)[0]["content"]
    replies = ["I don't know.", "11 March 1952", "12 March 1953"]
    assert [env.reward(FACT.task_id, reply) for reply in replies] == [0.75, 1.0, 0.0]
    group = asyncio.run(env.grade_group(FACT.task_id, replies))
    batch = asyncio.run(env.grade_batch([(FACT.task_id, reply) for reply in replies]))
    alone = [asyncio.run(env.grade(FACT.task_id, reply, sample=i)) for i, reply in enumerate(replies)]
    assert group == batch == alone
    assert [(v.label, v.reward) for v in alone] == [(Label.NOT_ATTEMPTED, 0.75), (Label.CORRECT, 1.0),
                                                     (Label.INCORRECT, 0.0)]  # fmt: skip


def test_a_biography_is_rewarded_alike_at_every_threshold() -> None:
    reply = BIO.article.lead if BIO.article else ""
    spec, ruled = NoHallucinateEnv(TASKS), NoHallucinateEnv(TASKS, rule=BRIER)
    assert ruled.reward(BIO.task_id, reply) == spec.reward(BIO.task_id, reply) > 0.0
    assert ruled.reward(BIO.task_id, "I don't know.") == 0.0


def test_under_brier_the_reward_is_the_formula_of_the_stated_confidence() -> None:
    env = NoHallucinateEnv(TASKS, rule=BRIER)
    prompt = env.prompt(FACT.task_id)[0]["content"]
    assert prompt == system_prompt(0.75, "brier") and 'of the form "Confidence: 0.73"' in prompt
    replies = [reply for reply, _, _ in STATED]
    verdicts = asyncio.run(env.grade_group(FACT.task_id, [*replies, "I don't know."]))
    for verdict, (_, y, q) in zip(verdicts, STATED, strict=False):
        assert verdict.reward == pytest.approx(brier(y, q), abs=1e-12), verdict
    assert verdicts[-1].reward == (1 + 0.75**2) / 2  # an abstention: what a calibrated answer at 0.75 earns
    assert [v.detail["confidence"] for v in verdicts] == [
        {"value": 0.8, "status": "stated"}, {"value": 0.35, "status": "stated"}, {"value": 0.3, "status": "stated"},
        {"value": 1.0, "status": "stated"}, {"value": None, "status": "missing"},
        {"value": None, "status": "malformed"}, {"value": None, "status": "missing"},
    ]  # fmt: skip
    assert verdicts[:-1] == asyncio.run(env.grade_batch([(FACT.task_id, reply) for reply in replies]))
    assert env.reward(FACT.task_id, replies[0]) == pytest.approx(0.98)


def test_an_explicit_system_prompt_is_used_as_written_under_a_rule() -> None:
    env = NoHallucinateEnv(TASKS, system_prompt="Answer briefly.", rule=AT_75)
    assert env.prompt(FACT.task_id)[0]["content"] == "Answer briefly."
    assert env.reward(FACT.task_id, "I don't know.") == 0.75  # the rule still rewards


def test_a_grader_already_under_a_rule_brings_it_and_is_not_read_twice() -> None:
    env = NoHallucinateEnv(TASKS, under_rule(LocalGrader(), BRIER))
    assert env.rule == BRIER and env.system_prompt == system_prompt(0.75, "brier")
    verdict = asyncio.run(env.grade(FACT.task_id, "11 March 1952\nConfidence: 0.8"))
    assert verdict.detail["confidence"] == {"value": 0.8, "status": "stated"} and verdict.reward == pytest.approx(0.98)
    assert NoHallucinateEnv(TASKS, under_rule(LocalGrader(), BRIER), rule=BRIER).rule == BRIER
    with pytest.raises(ValueError, match="not the rule given"):
        NoHallucinateEnv(TASKS, under_rule(LocalGrader(), BRIER), rule=AT_75)


def test_local_workers_grade_under_the_rule() -> None:
    with WorkerGrader(1) as workers:
        env = NoHallucinateEnv(TASKS, workers, rule=BRIER)
        verdicts = asyncio.run(env.grade_group(FACT.task_id, ["11 March 1952\nConfidence: 0.8", "I don't know."]))
    assert [v.reward for v in verdicts] == [pytest.approx(0.98), (1 + 0.75**2) / 2]


def test_a_model_grader_reads_the_answer_without_its_confidence_line(scripted_server: OpenAIServer) -> None:
    spec = GraderSpec(name="llm", base_url=scripted_server.url, settings=ClientSettings(no_cache=True))
    env = NoHallucinateEnv(TASKS, spec, rule=BRIER)

    async def run():
        try:
            return await env.grade_group(DEFECT.task_id, ["He never played for them.\nConfidence: 0.9", "Yes, 1998."],
                                         secrets={"openai_api_key": "sk-test"})  # fmt: skip
        finally:
            await env.aclose()

    identified, answered = asyncio.run(run())
    assert (identified.label, identified.decided_by) == (Label.IDENTIFIED, "model")
    assert identified.reward == pytest.approx(brier(1, 0.9)) and answered.reward == pytest.approx(brier(0, None))
    graded = [r["messages"][-1]["content"] for r in scripted_server.requests]
    assert graded and not any("Confidence: 0.9" in prompt for prompt in graded)  # the line was cut before grading
