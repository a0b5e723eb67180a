"""Question forms in balance: award years beside the prizes nobody received, clubs in both football forms, the plan
that sizes precise_fact from what the unanswerable families need, and the assembly cap."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from nohallucinate.claims import decompose
from nohallucinate.datagen.assemble import DEFAULT_COMPOSITION, assemble
from nohallucinate.datagen.build import BuildResult, build
from nohallucinate.datagen.context import BuildContext, BuildLog, Draft, by_plan
from nohallucinate.datagen.families.awards import award_years
from nohallucinate.datagen.plan import Form, apportion, plan
from nohallucinate.datagen.questions import COUNT as COUNT_QUESTION
from nohallucinate.datagen.questions import PRIZE as PRIZE_QUESTION
from nohallucinate.datagen.transport import Endpoints, WikimediaTransport
from nohallucinate.datagen.verify import verify
from nohallucinate.datagen.wikidata import Wikidata
from nohallucinate.datagen.wikipedia import Wikipedia
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import UNANSWERABLE, Family
from nohallucinate.tasks.forms import form_balance, question_form
from support.wikimedia_world import WikimediaWorld

BIRTH_FORM = question_form(BIRTH_QUESTION.format("Ann Example"))
AWARD_FORM = question_form(PRIZE_QUESTION.format(person="Ann Example", prize="the Example Prize"))
COUNT_FORM = question_form(COUNT_QUESTION.format(player="Ann Example", club="Example F.C.", start=2001, end=2004))


@pytest.fixture(scope="module")
def world(shared_dir: Path):
    with WikimediaWorld(shared_dir=shared_dir) as running:
        yield running


def live(world: WikimediaWorld) -> WikimediaTransport:
    return WikimediaTransport(Endpoints.mirror(world.url), min_interval=0)


@pytest.fixture(scope="module")
def full(world: WikimediaWorld) -> BuildResult:
    """The whole fixture world, asked for the default composition."""
    return build(live(world), seed=0, composition=DEFAULT_COMPOSITION)


def context(world: WikimediaWorld) -> BuildContext:
    transport = live(world)
    return BuildContext(Wikidata(transport), Wikipedia(transport), 0, decompose, "local")


def rejections(ctx: BuildContext) -> dict[str, set[str]]:
    found: dict[str, set[str]] = {}
    for rejection in ctx.log.rejections:
        found.setdefault(rejection["subject"], set()).add(rejection["reason"])
    return found


# --- the plan ------------------------------------------------------------------------------------------


def test_the_plan_gives_every_unanswerable_form_as_many_answerable_rows() -> None:
    planned = plan(DEFAULT_COMPOSITION)
    for family, count in DEFAULT_COMPOSITION.items():
        assert sum(planned[family].values()) == count, family
    answerable = Counter(planned[Family.PRECISE_FACT]) + Counter(planned[Family.FOOTBALL_SEASON])
    for family in UNANSWERABLE:
        for form, rows in planned[family].items():
            assert rows <= answerable[form], (family, form)
    # Clubs never played for are asked in both football forms, prizes in the award form.
    assert set(planned[Family.FALSE_PREMISE]) == {Form.SEASON, Form.COUNT, Form.AWARD}
    assert planned[Family.PRECISE_FACT][Form.AWARD] >= planned[Family.FALSE_PREMISE][Form.AWARD]


def test_the_precise_split_follows_the_needs() -> None:
    # Too few rows for the needs: shared in proportion to them.
    assert plan({Family.PRECISE_FACT: 6, Family.UNRECORDED_FACT: 6, Family.FALSE_PREMISE: 6})[Family.PRECISE_FACT] == {
        Form.BIRTH: 4, Form.AWARD: 2, Form.COUNT: 0,
    }  # fmt: skip
    # Nothing needs any: evenly.
    assert plan({Family.PRECISE_FACT: 7})[Family.PRECISE_FACT] == {Form.BIRTH: 3, Form.AWARD: 2, Form.COUNT: 2}
    assert apportion(10, {Form.BIRTH: 1, Form.AWARD: 1, Form.COUNT: 1}) == {Form.BIRTH: 4, Form.AWARD: 3, Form.COUNT: 3}


def test_every_prefix_of_a_planned_list_keeps_the_split() -> None:
    births, awards = [f"b{i}" for i in range(10)], [f"a{i}" for i in range(2)]
    merged = by_plan([(births, 8), (awards, 4)])
    assert sorted(merged) == sorted(births + awards)
    assert merged[:6].count("a0") + merged[:6].count("a1") == 2  # the scarce part comes early, whole
    assert [row for row in merged if row.startswith("b")] == births  # each part keeps its own order


# --- the assembly cap ----------------------------------------------------------------------------------


def draft(family: Family, question: str, label: str) -> Draft:
    answer = {"gold": "1"} if family in (Family.PRECISE_FACT, Family.FOOTBALL_SEASON) else {"defect": "a defect"}
    return Draft(family, question, label, None, None, {"checks": []}, **answer)


def test_the_cap_drops_surplus_rows_in_builder_order_and_logs_each() -> None:
    award = [draft(Family.PRECISE_FACT, PRIZE_QUESTION.format(person="Ann Aa", prize="the Bb Prize"), "Ann Aa")]
    counts = [
        draft(Family.PRECISE_FACT, COUNT_QUESTION.format(player=f"Cy D{i}", club="Ee F.C.", start=2001, end=2004), "x")
        for i in range(3)
    ]
    premises = [
        draft(Family.FALSE_PREMISE, PRIZE_QUESTION.format(person=f"Gil H{i}", prize="the Ii Prize"), f"Gil H{i}")
        for i in range(3)
    ] + [
        draft(Family.FALSE_PREMISE, COUNT_QUESTION.format(player=f"Jo K{i}", club="Ll F.C.", start=2001, end=2004), "y")
        for i in range(3)
    ]
    unrecorded = [draft(Family.UNRECORDED_FACT, BIRTH_QUESTION.format(f"Mo N{i}"), f"Mo N{i}") for i in range(2)]
    log = BuildLog()
    composition = {Family.PRECISE_FACT: 4, Family.FALSE_PREMISE: 4, Family.UNRECORDED_FACT: 2}
    tasks = assemble(award + counts + premises + unrecorded, composition, log)
    kept = form_balance(tasks)
    assert kept.unbalanced == []
    by_form = {share.form: share.families for share in kept.forms}
    # One answerable award row: one premise there, the first in builder order; the rest of the family fills
    # the count form, which has room. No birth date is answerable, so no unrecorded row stands.
    assert by_form[AWARD_FORM] == {Family.PRECISE_FACT: 1, Family.FALSE_PREMISE: 1}
    assert by_form[COUNT_FORM] == {Family.PRECISE_FACT: 3, Family.FALSE_PREMISE: 3}
    assert BIRTH_FORM not in by_form
    assert any(t.subject.label == "Gil H0" for t in tasks) and not any(t.subject.label == "Gil H1" for t in tasks)
    dropped = [(r["family"], r["subject"], r["reason"]) for r in log.rejections]
    assert [(family, subject) for family, subject, _ in dropped] == [
        ("false_premise", "Gil H1"), ("false_premise", "Gil H2"), ("unrecorded_fact", "Mo N0"),
        ("unrecorded_fact", "Mo N1"),
    ]  # fmt: skip
    assert all(reason.startswith("balance cap") for *_, reason in dropped)
    assert AWARD_FORM in dropped[0][2] and BIRTH_FORM in dropped[2][2]


def test_a_subject_is_asked_in_one_form_by_one_side_only() -> None:
    """An answerable and a defect row about one footballer in one form keep one side, alternating (the defect
    where the form can spare the answerable row); a second defect row about him in that form is never taken."""
    season = "How many league appearances did {} make for {} in the 2001–02 season?"
    players = [f"Pat Q{i}" for i in range(6)]
    real = [draft(Family.FOOTBALL_SEASON, season.format(p, "Aa Town"), p) for p in players]
    premises = [draft(Family.FALSE_PREMISE, season.format(p, "Aa Town" if i % 2 else "Bb Town"), p)
                for i, p in enumerate(players[:4])]  # fmt: skip
    again = [draft(Family.NONEXISTENT_ENTITY, season.format(players[0], "Cc Rovers"), players[0])]
    log = BuildLog()
    composition = {Family.FOOTBALL_SEASON: 6, Family.FALSE_PREMISE: 4, Family.NONEXISTENT_ENTITY: 1}
    tasks = assemble(real + premises + again, composition, log)
    sides: dict[str, set[Family]] = {}
    for task in tasks:
        sides.setdefault(task.subject.label, set()).add(task.family)
    assert all(len(families) == 1 for families in sides.values())  # one side per subject in the form
    assert sum(Family.FALSE_PREMISE in f for f in sides.values()) == 2  # alternating: every other pair
    assert set(sides) == set(players)  # nobody left out: each keeps one side
    assert form_balance(tasks).unbalanced == []
    reasons = Counter(r["reason"].split(":")[0] for r in log.rejections)
    assert reasons["one row per subject and form"] == 4
    assert any(r["family"] == "nonexistent_entity" and "another defect row" in r["reason"] for r in log.rejections)


def test_the_demo_set_asks_no_subject_in_one_form_from_both_sides() -> None:
    from nohallucinate.tasks import load_demo_tasks
    from nohallucinate.tasks.forms import question_subject

    sides: dict[tuple[str | None, str], list[Family]] = {}
    for task in load_demo_tasks():
        if task.family is not Family.BIOGRAPHY:
            sides.setdefault((question_subject(task.question), question_form(task.question)), []).append(task.family)
    for families in sides.values():
        defects = [f for f in families if f.is_unanswerable]
        assert len(defects) <= 1 and (not defects or len(families) == 1), families


# --- a whole build ---------------------------------------------------------------------------------------


def test_a_full_build_of_the_fixture_world_is_balanced_in_every_form(world: WikimediaWorld, full: BuildResult) -> None:
    balance = form_balance(full.tasks)
    assert balance.unbalanced == []
    forms = {share.form: share for share in balance.forms}
    assert set(forms) == {
        BIRTH_FORM,
        AWARD_FORM,
        COUNT_FORM,
        "How many league appearances did <name> make for <name> in the <number> season?",
    }
    for share in balance.forms:  # every form holds answerable and unanswerable rows
        assert share.answerable >= 5 and share.unanswerable >= 5, share
    assert forms[AWARD_FORM].families[Family.FALSE_PREMISE] >= 5
    # The fixture world's footballers are few, and each is asked in one form by one side only (an answerable row
    # or a defect row), so fewer false premises fit the count form than the award form.
    assert forms[COUNT_FORM].families[Family.FALSE_PREMISE] >= 3
    assert full.report()["per_form"][AWARD_FORM]["precise_fact"] == forms[AWARD_FORM].families[Family.PRECISE_FACT]
    assert any(reason.startswith("balance cap") for reason in full.rejected["false_premise"])
    assert verify(full.tasks, live(world)) == []


def test_false_premise_counts_ask_about_a_spell_of_his_own_career(world: WikimediaWorld, full: BuildResult) -> None:
    rows = [t for t in full.tasks if t.family is Family.FALSE_PREMISE and question_form(t.question) == COUNT_FORM]
    assert rows
    for task in rows:
        p = task.provenance
        statements = world.entities[p["entity"]]["claims"]["P54"]
        clubs = {s["mainsnak"]["datavalue"]["value"]["id"] for s in statements}
        assert p["object"] not in clubs  # at every rank
        [spell] = [s for s in statements if s["id"] == p["spell_statement"]]
        years = [int(spell["qualifiers"][prop][0]["datavalue"]["value"]["time"][1:5]) for prop in ("P580", "P582")]
        assert f"between {years[0]} and {years[1]}" in task.question and p["object_label"] in task.question
    # In the season form a club is named as the career tables name it, answerable or not.
    seasons = [t for t in full.tasks if t.question.startswith("How many league") and not t.family.is_unanswerable]
    unanswerable = [t for t in full.tasks if t.question.startswith("How many league") and t.family.is_unanswerable]
    assert seasons and unanswerable
    assert not any("F.C." in t.question for t in seasons + unanswerable)


def test_false_premises_prefer_clubs_and_prizes_answerable_rows_ask_about(full: BuildResult) -> None:
    """The club or prize alone does not give a false premise away: answerable rows of its form name it too."""
    asked: dict[str, list[str]] = {}
    for task in full.tasks:
        if task.gold is not None:
            asked.setdefault(question_form(task.question), []).append(task.question)
    premises = [t for t in full.tasks if t.family is Family.FALSE_PREMISE]
    seen = [any(t.provenance["asked_as"] in q for q in asked[question_form(t.question)]) for t in premises]
    assert sum(seen) >= 0.9 * len(premises)
    # Nobody's year for the Tidewater Medal is recorded, and nobody played for Kestlebury Rovers.
    assert not any(t.provenance["object"] in ("Q9000000312", "Q9000000203") for t in premises)


def test_nobody_with_an_unrecorded_birth_is_asked_about_a_prize_never_received(full: BuildResult) -> None:
    """Else one row's family would tell the other's across forms (unrecorded birth, so a false premise)."""
    from nohallucinate.tasks import load_demo_tasks

    for tasks in (full.tasks, load_demo_tasks()):
        unrecorded = {t.subject.qid for t in tasks if t.family is Family.UNRECORDED_FACT}
        premised = {t.subject.qid for t in tasks if t.family is Family.FALSE_PREMISE and "receive" in t.question}
        assert unrecorded and premised and not unrecorded & premised


# --- award years ---------------------------------------------------------------------------------------


def test_award_years_carry_the_year_of_the_single_point_in_time(world: WikimediaWorld) -> None:
    ctx = context(world)
    drafts = {d.subject_qid: d for d in award_years(ctx, 1000)}
    assert len(drafts) >= 15
    for qid, row in drafts.items():
        p = row.provenance
        [statement] = [s for s in world.entities[qid]["claims"]["P166"] if s["id"] == p["statement"]]
        [time] = statement["qualifiers"]["P585"]
        assert row.gold == time["datavalue"]["value"]["time"][1:5]
        assert row.question == PRIZE_QUESTION.format(person=row.subject_label, prize=f"the {p['prize_label']}")
        assert p["kind"] == "award_year" and len(p["checks"]) == 3
        assert {"api": "wikidata", "entity": p["prize"], "revision": world.entities[p["prize"]]["lastrevid"]} in p[
            "sources"
        ]
    assert drafts["Q9000000001"].gold == "1994" and drafts["Q9000000001"].provenance["prize"] == "Q9000000301"
    # Isolde Pryncewell holds the Verrowmont Prize at deprecated rank only: her row is the Ambertide Prize.
    assert drafts["Q9000000003"].provenance["prize"] == "Q9000000305"


def test_award_years_turn_away_two_answers_and_missing_years_with_reasons(world: WikimediaWorld) -> None:
    ctx = context(world)
    drafts = {d.subject_qid for d in award_years(ctx, 1000)}
    reasons = rejections(ctx)
    expected = {
        "Q9000000005/Q9000000303": "several award statements for the same prize",  # 2009 and 2016
        "Q9000000015/Q9000000312": "no point in time (P585) qualifier",
        "Q9000000003/Q9000000301": "the award statement is deprecated",
        "Q9000000104/Q9000000309": "the award statement is deprecated",
        "Q9000000112/Q9000000309": "several point in time (P585) qualifiers",  # 2006 and 2007
        "Q9000000114/Q9000000304": "the point in time (P585) is coarser than a year",
    }
    for subject, reason in expected.items():
        assert reason in reasons[subject], subject
    for person in ("Q9000000005", "Q9000000015", "Q9000000104", "Q9000000112", "Q9000000114"):
        assert person not in drafts
        assert "no award with a single recorded year" in reasons[person]
    assert ("precise_fact", "the prize item is missing") in ctx.log.counts()  # a real prize the world lacks


def test_verify_rederives_award_years_and_catches_a_tampered_gold(world: WikimediaWorld, full: BuildResult) -> None:
    awards = [t for t in full.tasks if t.provenance.get("kind") == "award_year"]
    assert len(awards) >= 10
    first, second, third = awards[:3]
    assert third.provenance["prize_label"] in third.question
    other_prize = next(t.provenance["prize"] for t in awards if t.provenance["prize"] != second.provenance["prize"])
    tampered = {
        first.task_id: first.model_copy(update={"gold": str(int(first.gold or 0) + 1)}),
        second.task_id: second.model_copy(update={"provenance": {**second.provenance, "prize": other_prize}}),
        third.task_id: third.model_copy(
            update={"question": third.question.replace(third.provenance["prize_label"], "X")}
        ),
    }
    findings = {f.task_id: f.problem for f in verify([tampered.get(t.task_id, t) for t in awards], live(world))}
    assert set(findings) == set(tampered)
    assert f"P585 gives {first.gold}, the row says {int(first.gold or 0) + 1}" == findings[first.task_id]
    assert "statements at preferred or normal rank name" in findings[second.task_id]
    assert "does not name the prize" in findings[third.task_id]


def test_verify_checks_the_spell_of_a_false_premise_count(world: WikimediaWorld, full: BuildResult) -> None:
    row = next(t for t in full.tasks if t.family is Family.FALSE_PREMISE and "spell_statement" in t.provenance)
    start = row.provenance["start"]
    moved = row.model_copy(update={"question": row.question.replace(f"between {start}", f"between {start - 1}")})
    [finding] = [f for f in verify([moved], live(world)) if f.task_id != "*"]  # "*": the one-row set's balance
    assert "does not ask about his spell" in finding.problem


# --- determinism ---------------------------------------------------------------------------------------

_BUILD = """
import hashlib, sys
from nohallucinate.datagen.assemble import DEFAULT_COMPOSITION
from nohallucinate.datagen.build import build
from nohallucinate.datagen.transport import Endpoints, WikimediaTransport
result = build(WikimediaTransport(Endpoints.mirror(sys.argv[1]), min_interval=0), seed=0,
               composition=DEFAULT_COMPOSITION)
print(hashlib.sha256("".join(t.model_dump_json() + "\\n" for t in result.tasks).encode()).hexdigest())
"""


def test_the_build_does_not_depend_on_hash_order(world: WikimediaWorld, full: BuildResult) -> None:
    """Sets and dicts of strings iterate in a per-process order: none of it may reach a request or the output."""
    here = hashlib.sha256("".join(t.model_dump_json() + "\n" for t in full.tasks).encode()).hexdigest()
    asked = []
    for seed in ("1", "2"):
        since = len(world.requests)
        env = {**os.environ, "PYTHONHASHSEED": seed}
        run = subprocess.run(
            [sys.executable, "-c", _BUILD, world.url], capture_output=True, text=True, env=env, timeout=120
        )
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == here
        asked.append(world.requests[since:])
    assert asked[0] == asked[1]
