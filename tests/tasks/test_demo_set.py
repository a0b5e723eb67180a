"""The bundled demo set: every family present, the golden properties hold, real rows match their records."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from nohallucinate.answers.dates import parse_date
from nohallucinate.claims import LexicalVerifier, decompose
from nohallucinate.tasks import Family, Task, load_demo_tasks
from nohallucinate.tasks.checks import BIRTH_DATE_PHRASING, birth_date_phrasings, task_set_problems

TASKS = load_demo_tasks()


def test_every_family_has_at_least_five_rows() -> None:
    counts = Counter(task.family for task in TASKS)
    assert set(counts) == set(Family)
    assert min(counts.values()) >= 5


def test_exactly_one_birth_date_phrasing() -> None:
    assert birth_date_phrasings(TASKS) == {BIRTH_DATE_PHRASING}


def test_no_subject_is_contradicted() -> None:
    assert task_set_problems(TASKS) == []


def test_the_checks_catch_a_contradicted_subject() -> None:
    ambiguous = next(t for t in TASKS if t.family is Family.AMBIGUOUS_ENTITY)
    reused = next(t for t in TASKS if t.family is Family.PRECISE_FACT)
    clash = reused.model_copy(
        update={
            "task_id": "clash",
            "subject": ambiguous.subject,
            "question": BIRTH_DATE_PHRASING.replace("X", ambiguous.subject.label),
        }
    )
    unrecorded = next(t for t in TASKS if t.family is Family.UNRECORDED_FACT)
    recorded = reused.model_copy(
        update={"task_id": "clash2", "subject": unrecorded.subject, "question": unrecorded.question}
    )
    odd = reused.model_copy(update={"task_id": "odd", "question": f"When was {reused.subject.label} born?"})
    problems = task_set_problems([*TASKS, clash, recorded, odd])
    assert len(problems) == 3
    assert any("ambiguous" in p for p in problems)
    assert any("unrecorded" in p for p in problems)
    assert any("When was X born?" in p for p in problems)


def test_task_ids_are_opaque() -> None:
    for task in TASKS:
        assert re.fullmatch(r"t[0-9a-f]{12}", task.task_id)
        assert task.family.value not in task.task_id


def test_biography_k_is_the_lead_fact_count_clamped() -> None:
    for task in TASKS:
        if task.family is Family.BIOGRAPHY:
            assert task.article is not None
            assert task.k == max(12, min(40, len(decompose(task.article.lead))))
            assert task.article.text.startswith(task.article.lead)


def test_fictional_rows_say_so_and_carry_no_qid() -> None:
    for task in TASKS:
        if task.provenance["source"] in {"fictional", "fabricated"}:
            assert task.subject.qid is None
            assert "fictional" in task.provenance["note"]


# Rows about real people must carry facts taken from the recorded responses in ../shared.


def resolve(document: Any, path: str) -> Any:
    for part in re.findall(r"[^.\[\]]+|\[\d+\]", path):
        document = document[int(part[1:-1])] if part.startswith("[") else document[part]
    return document


def real_rows(source: str) -> list[Task]:
    return [t for t in TASKS if t.provenance["source"] == source]


def record(shared_dir: Path, task: Task) -> Any:
    return json.loads((shared_dir.parent / task.provenance["record"]).read_text(encoding="utf-8"))


def test_real_golds_match_their_records(shared_dir: Path) -> None:
    checked = 0
    for task in real_rows("wikidata"):
        if task.gold is None:
            continue
        statement = resolve(record(shared_dir, task), task.provenance["path"])
        value = statement.get("mainsnak", statement)["datavalue"]["value"]  # a statement, or a qualifier snak
        if "time" in value:
            assert value["precision"] == 11 and statement["rank"] in {"normal", "preferred"}
            assert parse_date(value["time"].lstrip("+")[:10]) == parse_date(task.gold), task.task_id
        else:
            assert value["amount"] == f"+{task.gold}", task.task_id
        checked += 1
    assert checked == 8


def test_real_tiers_follow_recorded_sitelinks(shared_dir: Path) -> None:
    for task in real_rows("wikidata"):
        entity = (
            resolve(record(shared_dir, task), task.provenance["path"].split(".claims")[0])
            if task.provenance["path"].startswith("entities")
            else record(shared_dir, task)
        )
        assert len(entity["sitelinks"]) == task.provenance["sitelinks"]
        links = task.provenance["sitelinks"]
        assert task.tier == ("easy" if links >= 60 else "medium" if links >= 20 else "hard")


def test_false_premise_negatives_hold_at_every_rank(shared_dir: Path) -> None:
    club_ids = {"Liverpool F.C.": None, "Arsenal F.C.": None}
    for task in real_rows("wikidata"):
        if task.family is not Family.FALSE_PREMISE:
            continue
        statements = resolve(record(shared_dir, task), task.provenance["path"].rsplit(".", 1)[0]).get(
            task.provenance["path"].rsplit(".", 1)[1], []
        )
        ranks = {s["rank"] for s in statements}
        assert ranks <= {"normal", "preferred", "deprecated"}
        if "P54" in task.provenance["path"]:
            ids = {s["mainsnak"]["datavalue"]["value"]["numeric-id"] for s in statements}
            assert ids == {75729, 18656, 8682}  # Sporting CP, Manchester United, Real Madrid only
            assert any(club in task.question for club in club_ids)
        else:
            ids = {s["mainsnak"]["datavalue"]["value"]["id"] for s in statements}
            assert all(qid in task.provenance["negative_checks"][0] for qid in ids)


def test_ambiguous_name_comes_from_the_recorded_disambiguation_page(shared_dir: Path) -> None:
    for task in real_rows("wikipedia"):
        if task.family is not Family.AMBIGUOUS_ENTITY:
            continue
        [page] = record(shared_dir, task)["query"]["pages"]
        assert "disambiguation" in page["pageprops"]
        namesakes = [link["title"] for link in page["links"] if link["title"].startswith(task.subject.label + " (")]
        assert len(namesakes) >= 2


def test_demo_douglas_adams_article_states_only_facts_of_the_recorded_article(shared_dir: Path) -> None:
    import mwparserfromhell

    [task] = [t for t in TASKS if t.family is Family.BIOGRAPHY and t.subject.qid == "Q42"]
    assert task.article is not None
    parsed = json.loads((shared_dir / "data/wikimedia/parse_Douglas_Adams.json").read_text(encoding="utf-8"))
    recorded = mwparserfromhell.parse(parsed["parse"]["wikitext"]).strip_code(normalize=True, collapse=True)
    verifier = LexicalVerifier(recorded, "Douglas Adams")
    claims = decompose(task.article.text, "Douglas Adams")
    unsupported = [c.claim for c in map(verifier.check, claims) if not c.supported]
    assert len(claims) >= 30 and unsupported == []
    assert "11 March 1952" in task.article.lead and "11 May 2001" in task.article.lead


@pytest.mark.parametrize("family", [Family.PRECISE_FACT, Family.FOOTBALL_SEASON])
def test_answerable_golds_parse(family: Family) -> None:
    for task in TASKS:
        if task.family is family:
            assert task.gold is not None
            assert parse_date(task.gold) is not None or task.gold.isdigit()
