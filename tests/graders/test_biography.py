"""F1@K on biographies with the local grader: the recall term makes one safe sentence and repetition worthless."""

from __future__ import annotations

from nohallucinate.graders import Label, LocalGrader
from nohallucinate.graders.biography_detail import BiographyDetail
from nohallucinate.tasks import Family, Reply
from support.task_sets import labelled_tasks

[ADAMS] = [t for t in labelled_tasks() if t.family is Family.BIOGRAPHY and t.subject.qid == "Q42"]
GRADER = LocalGrader()


def grade(text: str):
    return GRADER.grade_now(ADAMS, Reply(task_id=ADAMS.task_id, response=text))


def test_the_article_lead_itself_earns_full_reward() -> None:
    assert ADAMS.article is not None
    verdict = grade(ADAMS.article.lead)
    assert verdict.label is Label.F1_AT_K and verdict.reward >= 0.95


def test_one_safe_sentence_has_perfect_precision_and_little_reward() -> None:
    verdict = grade("Douglas Adams was an English author.")
    assert verdict.detail["precision"] == 1.0
    assert verdict.reward < 0.15


def test_repeating_one_fact_cannot_raise_recall() -> None:
    once = grade("Douglas Adams was born on 11 March 1952.")
    many = grade(
        "Douglas Adams was born on 11 March 1952. Douglas Adams was born on 11 March 1952. "
        "Adams was born in 1952. Douglas Adams was born in March 1952."
    )
    assert many.detail["supported"] == once.detail["supported"] == 1
    assert many.reward == once.reward


def test_invented_facts_lower_precision() -> None:
    verdict = grade(
        "Douglas Adams was born on 11 March 1952 in Cambridge. He won the Nobel Prize in Literature in 1990. "
        "He was born in Dublin. He wrote Dirk Gently's Holistic Detective Agency."
    )
    assert verdict.detail["unsupported"] >= 2 and verdict.detail["supported"] >= 2
    assert 0 < verdict.detail["precision"] < 1


def test_an_abstention_earns_nothing() -> None:
    for text in ("I don't know who that is.", "I'm not familiar with Douglas Adams and won't guess.", ""):
        verdict = grade(text)
        assert verdict.label is Label.ABSTAINED and verdict.reward == 0.0


def test_every_claim_is_reported_with_its_verdict_and_reason() -> None:
    verdict = grade("Douglas Adams was born in Cambridge. He died in Paris.")
    claims = verdict.detail["claims"]
    assert [c["supported"] for c in claims] == [True, False]
    assert all(c["reason"] for c in claims)
    assert verdict.detail["k"] == ADAMS.k


def test_the_detail_has_one_typed_shape() -> None:
    detail = grade("Douglas Adams was born in Cambridge. He died in Paris.").detail_as(BiographyDetail)
    assert [c.supported for c in detail.claims] == [True, False] and detail.claims_extracted is None
    assert (detail.supported, detail.unsupported, detail.k) == (1, 1, ADAMS.k)
    empty = grade("I don't know.").detail_as(BiographyDetail)
    assert empty.claims == [] and empty.precision == 0.0 and empty.rule is not None
