"""The bundled demo set: built by the dataset builder from the real records and the fixture world, it keeps
the golden properties and every row re-verifies against those sources."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

from nohallucinate.checksums import text_sha256
from nohallucinate.claims import decompose
from nohallucinate.claims.anchors import specific_claims
from nohallucinate.datagen.assemble import task_id_of
from nohallucinate.datagen.transport import Endpoints, WikimediaTransport
from nohallucinate.datagen.verify import verify
from nohallucinate.tasks import Family, load_demo_tasks
from nohallucinate.tasks.checks import BIRTH_DATE_PHRASING, birth_date_phrasings, id_problems, task_set_problems
from nohallucinate.tasks.forms import form_balance
from support.wikimedia_world import WikimediaWorld

TASKS = load_demo_tasks()
REAL_RECORDS = {"Q42", "Q11571", "Q20145", "Q3571994", "Q646148", "Q328212"}
FICTIONAL_QID = re.compile(r"^Q9\d{9}$")


def test_every_family_has_at_least_five_rows() -> None:
    counts = Counter(task.family for task in TASKS)
    assert set(counts) == set(Family)
    assert min(counts.values()) >= 5


def test_every_question_form_is_in_balance() -> None:
    """Naming one defect on every question of a form earns no more than "I don't know": in every form, no
    unanswerable family outnumbers the answerable rows, and every form with unanswerable rows has answerable ones."""
    balance = form_balance(TASKS)
    assert balance.unbalanced == []
    for share in balance.forms:
        assert share.answerable >= 5, share
    award = next(share for share in balance.forms if share.form == "In what year did <name> receive the <name>?")
    assert award.families[Family.PRECISE_FACT] >= 5 and award.families[Family.FALSE_PREMISE] >= 5
    assert {share.form for share in balance.forms if share.families.get(Family.FALSE_PREMISE)} >= {
        "How many league appearances did <name> make for <name> in the <number> season?",
        "How many matches did <name> play for <name> between <number> and <number>?",
    }


def test_a_prize_named_for_a_field_does_not_tell_an_invented_one() -> None:
    """Naming non-existence on every award row whose prize names a field ("... Award for Poetry") earns no more than
    "I don't know": such rows are no more often invented than not. A red team found all four such rows of an
    earlier set invented (0.565 over the award form), when invented prizes took a field as often as a plain kind."""
    fielded = Counter(
        task.family is Family.NONEXISTENT_ENTITY
        for task in TASKS
        if " receive the " in task.question and re.search(r" for [A-Z][\w ]*\?$", task.question)
    )
    assert fielded[True] <= fielded[False], fielded


def test_exactly_one_birth_date_phrasing() -> None:
    assert birth_date_phrasings(TASKS) == {BIRTH_DATE_PHRASING}


def test_no_subject_is_contradicted() -> None:
    assert task_set_problems(TASKS) == []


def test_the_checks_catch_a_contradicted_subject() -> None:
    ambiguous = next(t for t in TASKS if t.family is Family.AMBIGUOUS_ENTITY)
    reused = next(t for t in TASKS if t.family is Family.PRECISE_FACT and "born" in t.question)
    name = ambiguous.subject.label
    clash = reused.model_copy(update={"task_id": "clash", "subject": ambiguous.subject, "split": ambiguous.split,
                                      "question": BIRTH_DATE_PHRASING.replace("X", name)})  # fmt: skip
    unrecorded = next(t for t in TASKS if t.family is Family.UNRECORDED_FACT)
    recorded = reused.model_copy(update={"task_id": "clash2", "subject": unrecorded.subject, "split": unrecorded.split,
                                         "question": unrecorded.question})  # fmt: skip
    odd = reused.model_copy(update={"task_id": "odd", "question": f"When was {reused.subject.label} born?"})
    problems = task_set_problems([*TASKS, clash, recorded, odd])
    # Each contradiction once. (Three rows more may also move how much recurrence tells: not this test's subject.)
    assert sum("is ambiguous in" in p for p in problems) == 1
    assert sum("has a recorded birth date in ['clash2'] and an unrecorded one" in p for p in problems) == 1
    assert sum("When was X born?" in p for p in problems) == 1


def test_a_task_id_tells_nothing_its_question_does_not() -> None:
    """The builder's id is the question's digest alone: trying the seven family names beside the question (the
    exploit an earlier builder's ids allowed) finds none of them."""
    for task in TASKS:
        assert task.task_id == task_id_of(task.question)
        assert re.fullmatch(r"t[0-9a-f]{12}", task.task_id)
        tries = {"t" + text_sha256(f"{family.value}|{task.question}")[:12] for family in Family}
        assert task.task_id not in tries


def test_check_refuses_ids_that_tell_the_family() -> None:
    """Ids an earlier builder wrote (family and question hashed together), and ids that name their family, are
    problems that name the ids; the demo set's have neither."""
    assert id_problems(TASKS) == []
    earlier = [
        t.model_copy(update={"task_id": "t" + text_sha256(f"{t.family.value}|{t.question}")[:12]}) for t in TASKS
    ]
    named = [
        t.model_copy(update={"task_id": f"{t.family.value.replace('_', '-').title()}-{n}"}) for n, t in enumerate(TASKS)
    ]
    [digests] = id_problems(earlier)
    assert digests.startswith(
        f"rows whose task id is the sha256 of family and question, as an earlier builder made them: {len(TASKS)} "
        f"(['{earlier[0].task_id}'"
    )
    [naming] = id_problems(named)
    assert naming.startswith(f"rows whose task id names their family: {len(TASKS)} (['{named[0].task_id}'")
    [one] = id_problems(earlier[:1] + TASKS[1:])
    assert f": 1 (['{earlier[0].task_id}']); whoever sees one beside its question finds the family" in one
    assert digests in task_set_problems(earlier)


def test_biography_k_is_the_lead_fact_count_clamped() -> None:
    """K counts the lead's facts as F1@K counts a reply's: the claims with a date, number or name."""
    for task in TASKS:
        if task.family is Family.BIOGRAPHY:
            assert task.article is not None and task.provenance["k_decomposer"] == "local"
            facts = specific_claims(decompose(task.article.lead, task.subject.label), task.subject.label)
            assert task.k == max(12, min(40, len(facts)))


def test_subjects_are_real_records_or_marked_fictional() -> None:
    for task in TASKS:
        qid = task.subject.qid
        assert qid is None or qid in REAL_RECORDS or FICTIONAL_QID.match(qid), task.task_id
        if task.family is Family.BIOGRAPHY:
            assert FICTIONAL_QID.match(qid or ""), "no Wikipedia text about a real person is bundled"
    assert any(t.subject.qid in REAL_RECORDS for t in TASKS)


def test_every_row_carries_its_sources_and_checks() -> None:
    for task in TASKS:
        provenance = task.provenance
        assert provenance["builder"].startswith("nohallucinate-datagen")
        if task.family.is_unanswerable:
            assert provenance["negative_checks"]
        elif task.family is not Family.BIOGRAPHY:
            assert provenance["checks"]
        for source in provenance["sources"]:
            assert source["api"] in {"wikidata", "wikipedia"} and "revision" in source


def test_every_row_verifies_against_the_records_and_the_fixture_world(shared_dir: Path) -> None:
    with WikimediaWorld(shared_dir=shared_dir) as world:
        transport = WikimediaTransport(Endpoints.mirror(world.url), min_interval=0)
        assert verify(TASKS, transport) == []


def test_provenance_names_only_the_service_the_build_consulted() -> None:
    # The demo set was built against the fixture world, never against Wikimedia itself.
    [consulted] = {task.provenance.get("consulted") for task in TASKS}
    assert consulted.startswith("the fixture world of tests/support/wikimedia_world.py")
    for task in TASKS:
        stated = json.dumps(task.provenance)
        assert "English Wikipedia" not in stated and "wikipedia.org" not in stated, task.task_id
        assert "wikidata.org" not in stated, task.task_id
        # A fictional article is read nowhere on the web; its URL says so (the reserved .invalid domain).
        assert task.article is None or task.article.url.startswith("https://fixture-world.invalid/wiki/")


def test_no_real_subject_is_paired_with_a_fictional_object() -> None:
    for task in TASKS:
        if task.subject.qid and not FICTIONAL_QID.match(task.subject.qid):
            cited = set(re.findall(r"\bQ[1-9][0-9]*\b", json.dumps(task.provenance) + task.question))
            assert not {qid for qid in cited if FICTIONAL_QID.match(qid)}, task.task_id
