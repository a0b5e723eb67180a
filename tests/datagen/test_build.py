"""The builder end to end on the fixture world: gates, verify, tampering, record/replay equality, the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from nohallucinate.cli import app
from nohallucinate.datagen.build import BuildResult, build
from nohallucinate.datagen.plan import Form
from nohallucinate.datagen.transport import Endpoints, SnapshotStore, WikimediaTransport
from nohallucinate.datagen.verify import verify
from nohallucinate.tasks import Family, Task
from support.wikimedia_world import WikimediaWorld

# Six rows of every family, with precise_fact large enough to stand beside each unanswerable family in its form.
COMPOSITION = {family: 6 for family in Family} | {Family.PRECISE_FACT: 16}


@pytest.fixture(scope="module")
def world(shared_dir: Path):
    with WikimediaWorld(shared_dir=shared_dir) as running:
        yield running


def live(world: WikimediaWorld, **kwargs) -> WikimediaTransport:
    return WikimediaTransport(Endpoints.mirror(world.url), min_interval=0, **kwargs)


def item_ids(entity: dict, prop: str) -> set[str]:
    """The items a fixture entity's statements of `prop` name, at any rank."""
    given = (c["mainsnak"].get("datavalue", {}).get("value") for c in entity.get("claims", {}).get(prop, []))
    return {value["id"] for value in given if isinstance(value, dict) and "id" in value}


@pytest.fixture(scope="module")
def built(world: WikimediaWorld) -> BuildResult:
    return build(live(world), seed=3, composition=COMPOSITION)


@pytest.fixture(scope="module")
def wide(world: WikimediaWorld) -> BuildResult:
    """Seed 0, asked for 40 rows of every family: one build, read (never changed) by the tests that need it."""
    return build(live(world), seed=0, composition={family: 40 for family in Family})


@pytest.fixture(scope="module")
def wide_again(world: WikimediaWorld) -> BuildResult:
    """The wide build under seed 1: what a build keeps depends on the names and people its seed draws, and some
    kept rows (a biography of someone a short question names, an invented footballer asked in both football forms)
    come up under one seed and not another."""
    return build(live(world), seed=1, composition={family: 40 for family in Family})


def lines(tasks: list[Task]) -> list[str]:
    return [task.model_dump_json() for task in tasks]


def test_every_family_is_built_and_every_row_verifies(world: WikimediaWorld, built: BuildResult) -> None:
    counts = {family: sum(t.family is family for t in built.tasks) for family in Family}
    # Recurrence balancing may leave a short answerable family with half its rows (`MIN_ANSWERABLE_SHARE`).
    assert all(count >= 3 for count in counts.values()), counts
    assert verify(built.tasks, live(world)) == []


def test_each_gate_turns_its_trap_away_with_a_reason(world: WikimediaWorld, wide: BuildResult) -> None:
    result = wide
    rejected = result.rejected
    assert rejected["precise_fact"]["the lead disagrees with Wikidata"] >= 1
    assert rejected["precise_fact"]["conflicting day-precision birth dates"] >= 1
    assert rejected["football_season"]["only an international statistics table"] >= 1
    assert rejected["football_season"]["no season with one row and a league appearance count"] >= 1
    assert rejected["unrecorded_fact"]["the lead has a full date in the birth year"] >= 1
    assert rejected["ambiguous_entity"]["lists fewer than two people of one name"] >= 1
    assert rejected["biography"]["the article is too short"] >= 1
    # "Alba Glimmerton", the first person seed 3 makes of a given-name and a family-name item, is a Wikidata label.
    gates = {
        "a Wikipedia page has this title",
        "Wikipedia search finds the name",
        "a Wikidata item has this label or alias",
    }
    # Each invented name is asked up to four times, so the trap comes up only when enough rows are wanted.
    gated = build(live(world), seed=3, composition=COMPOSITION | {Family.NONEXISTENT_ENTITY: 40})
    invented = {reason: n for reason, n in gated.rejected["nonexistent_entity"].items() if reason in gates}
    assert sum(invented.values()) >= 1
    # A prize a person holds only at deprecated rank is never offered as a prize they never received.
    deprecated = {"Q9000000003": "Q9000000301", "Q9000000104": "Q9000000215"}
    for task in result.tasks:
        if task.family is Family.FALSE_PREMISE and task.subject.qid in deprecated:
            assert task.provenance["object"] != deprecated[task.subject.qid]
    # The namesakes of an ambiguous name are people: a ship of that name does not count.
    assert not any(t.subject.label == "Perpetua Windlass" for t in result.tasks)


def test_a_club_the_article_names_is_never_the_false_premise(world: WikimediaWorld) -> None:
    from nohallucinate.claims import decompose
    from nohallucinate.datagen.context import BuildContext, Candidate
    from nohallucinate.datagen.families.premises import _unlinked
    from nohallucinate.datagen.wikidata import Wikidata
    from nohallucinate.datagen.wikipedia import Wikipedia

    transport = live(world)
    ctx = BuildContext(Wikidata(transport), Wikipedia(transport), 0, decompose, "local")
    player = Candidate("Q9000000103", "Matthias Orrowcliffe", 30)
    named = Candidate("Q9000000214", "Hethersby Borough F.C.", 10)  # linked in his article, not in his P54
    wikitext, _ = ctx.wikipedia.wikitexts([player.title])[player.title]
    things = ctx.wikidata.entities([named.qid])
    assert _unlinked(ctx, player, [named], things, set(), wikitext.casefold(), "club") is None
    assert ("false_premise", "the article names the club") in ctx.log.counts()


def test_real_records_give_real_rows(wide: BuildResult) -> None:
    adams = [t for t in wide.tasks if t.subject.qid == "Q42"]
    birth = next(t for t in adams if t.family is Family.PRECISE_FACT)
    assert birth.gold == "11 March 1952" and birth.tier == "easy"
    assert {"api": "wikidata", "entity": "Q42", "revision": 595492361} in birth.provenance["sources"]
    assert {"api": "wikipedia", "title": "Douglas Adams", "revision": 841482403} in birth.provenance["sources"]
    # People whose articles were not recorded are turned away, never given invented text.
    assert not any(t.subject.qid in {"Q11571", "Q20145"} for t in wide.tasks if t.family is Family.PRECISE_FACT)


def test_tampering_with_a_gold_or_a_negative_fails_verify_naming_the_row(
    world: WikimediaWorld, built: BuildResult
) -> None:
    fact = next(t for t in built.tasks if t.family is Family.PRECISE_FACT and t.provenance.get("kind") == "birth_date")
    season = next(t for t in built.tasks if t.family is Family.FOOTBALL_SEASON)
    premise = next(t for t in built.tasks if t.family is Family.FALSE_PREMISE and t.provenance["kind"] == "club")
    played_for = next(_clubs_of(world, premise.provenance["entity"]))
    tampered = {
        fact.task_id: fact.model_copy(update={"gold": "1 January 1900"}),
        season.task_id: season.model_copy(update={"gold": str(int(season.gold or 0) + 1)}),
        premise.task_id: premise.model_copy(update={"provenance": {**premise.provenance, "object": played_for}}),
    }
    tasks = [tampered.get(t.task_id, t) for t in built.tasks]
    findings = verify(tasks, live(world))
    assert {f.task_id for f in findings} == set(tampered)
    problems = {f.task_id: f.problem for f in findings}
    assert "1 January 1900" in problems[fact.task_id]
    assert "the premise is not false" in problems[premise.task_id]


def _clubs_of(world: WikimediaWorld, qid: str):
    """The club ids of a player's P54 statements, read from the world's raw entity."""
    for statement in world.entities[qid]["claims"]["P54"]:
        yield statement["mainsnak"]["datavalue"]["value"]["id"]


def test_the_live_build_equals_the_recorded_and_the_replayed_build(world: WikimediaWorld, tmp_path: Path) -> None:
    plain = build(live(world), seed=5, composition=COMPOSITION)
    recording = live(world, mode="record", snapshot=SnapshotStore(tmp_path))
    recorded = build(recording, seed=5, composition=COMPOSITION)
    assert verify(recorded.tasks, recording) == []  # recorded too: the snapshot then re-verifies on its own
    replay = WikimediaTransport(mode="replay", snapshot=SnapshotStore(tmp_path))
    replayed = build(replay, seed=5, composition=COMPOSITION)
    assert lines(plain.tasks) == lines(recorded.tasks) == lines(replayed.tasks)
    assert verify(replayed.tasks, replay) == []
    assert not replay.stats.requests and sum(replay.stats.replayed.values()) > 0


def test_a_different_seed_draws_a_different_set(world: WikimediaWorld, built: BuildResult) -> None:
    other = build(live(world), seed=4, composition=COMPOSITION)
    assert lines(other.tasks) != lines(built.tasks)


def test_the_build_survives_maxlag_and_rate_limits(world: WikimediaWorld) -> None:
    world.inject("maxlag", "429", "503")
    transport = live(world)
    result = build(transport, seed=3, composition=COMPOSITION)
    assert transport.stats.retries == 3 and len(result.tasks) >= 35


def test_build_and_verify_commands(world: WikimediaWorld, tmp_path: Path) -> None:
    runner = CliRunner()
    out, report, snapshot = tmp_path / "tasks.jsonl", tmp_path / "report.json", tmp_path / "snapshot"
    args = ["build", "--out", str(out), "--base-url", world.url, "--min-interval", "0", "--seed", "3",
            "--record", str(snapshot), "--report", str(report)]  # fmt: skip
    args += [f"--per-family={family.value}={n}" for family, n in COMPOSITION.items()]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    summary = json.loads(report.read_text())
    assert summary["rows"] == len(out.read_text().splitlines()) >= 35
    assert summary["requests"]["requests"]["wikidata"] >= 1 and summary["rejected"]
    assert "rejected candidates, by reason" in result.stdout
    # Progress is one line per stage also when stderr is not a terminal (as here): never minutes of silence.
    stages = [line for line in result.stderr.splitlines() if line.startswith("build: ")]
    assert stages[0] == "build: fetching the candidate lists" and stages[1].startswith("build: candidates done (")
    assert [line.split()[1] for line in stages[2:]] == [family.value for family in Family]
    assert all(re.search(r"\d+ drafts, \d+ rejected; \d+ requests so far, [\d.]+ s\)$", line) for line in stages[2:])
    verified = runner.invoke(app, ["verify", str(out), "--replay", str(snapshot)])
    assert verified.exit_code == 0 and "0 problem(s)" in verified.stdout
    broken = tmp_path / "broken.jsonl"
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    target = next(r for r in rows if r["family"] == "precise_fact")
    target["gold"] = "2 February 1902"
    broken.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    failed = runner.invoke(app, ["verify", str(broken), "--replay", str(snapshot)])
    assert failed.exit_code == 1 and target["task_id"] in failed.stderr


def test_replaying_an_incomplete_snapshot_names_the_missing_request(tmp_path: Path) -> None:
    (tmp_path / "snapshot").mkdir()
    result = CliRunner().invoke(
        app, ["build", "--out", str(tmp_path / "t.jsonl"), "--replay", str(tmp_path / "snapshot")]
    )
    assert result.exit_code == 2
    assert "the snapshot has no response for sparql?format=json&query=%23nohallucinate%3Apeople" in result.stderr


def test_k_can_be_counted_by_the_model_decomposer(world: WikimediaWorld, scripted_server) -> None:
    from nohallucinate.datagen.build import ModelDecomposer
    from nohallucinate.models import Endpoint, ModelClient

    decomposer = ModelDecomposer(lambda: ModelClient(Endpoint(model="claims", base_url=scripted_server.url)))
    try:
        result = build(live(world), seed=3, composition={Family.BIOGRAPHY: 3}, decomposer=("model:claims", decomposer))
    finally:
        decomposer.close()
    biographies = [t for t in result.tasks if t.family is Family.BIOGRAPHY]
    assert biographies and all(t.provenance["k_decomposer"] == "model:claims" for t in biographies)
    asked = [r["messages"][0]["content"] for r in scripted_server.requests]
    assert all("into atomic claims about" in prompt for prompt in asked) and len(asked) >= len(biographies)


def test_invented_names_are_made_of_name_items_never_of_the_names_the_set_asks(
    world: WikimediaWorld, built: BuildResult
) -> None:
    from nohallucinate.tasks.name_parts import PLAIN, recombinable_by_task
    from nohallucinate.tasks.recurrence import question_name_keys

    classes = {"Q12308941", "Q11879590", "Q101352", "Q3957"}  # given names, family names, towns

    def is_name_item(entity: dict) -> bool:
        return bool(item_ids(entity, "P31") & classes)

    items = {e["labels"]["en"]["value"] for e in world.entities.values() if is_name_item(e)}
    invented = [t for t in built.tasks if t.family is Family.NONEXISTENT_ENTITY]
    asked = {word for t in built.tasks if t.family is not Family.NONEXISTENT_ENTITY
             for name in question_name_keys(t.question) for word in name.split()}  # fmt: skip
    assert invented
    for task in invented:
        kind, parts = task.provenance["kind"], task.provenance["name_parts"]
        assert parts[0] in items and (kind != "person" or parts[1] in items), task.provenance
        assert parts[0].casefold() not in asked  # never a word of a name the set asks about
    assert set(recombinable_by_task(built.tasks).values()) == {PLAIN}


def test_build_holds_out_whole_subjects_with_test_share(world: WikimediaWorld, tmp_path: Path) -> None:
    from nohallucinate.tasks import load_tasks
    from nohallucinate.tasks.splits import subjects_in_two_splits

    out, report = tmp_path / "tasks.jsonl", tmp_path / "report.json"
    args = ["build", "--out", str(out), "--base-url", world.url, "--min-interval", "0", "--seed", "3",
            "--report", str(report), "--test-share", "0.3"]  # fmt: skip
    args += [f"--per-family={family.value}={n}" for family, n in COMPOSITION.items()]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    tasks = load_tasks(out)
    assert {task.split for task in tasks} == {"train", "test"} and not subjects_in_two_splits(tasks)
    per_split = json.loads(report.read_text())["per_split_and_family"]
    assert sum(sum(families.values()) for families in per_split.values()) == len(tasks)
    assert f"split test: {sum(per_split['test'].values())} rows" in result.stdout
    refused = CliRunner().invoke(app, [*args[:-2], "--test-share", "1"])
    assert refused.exit_code == 2 and "strictly between 0 and 1" in refused.stderr


def test_biographies_are_of_people_no_short_question_names_first_and_never_mark_one(
    built: BuildResult, wide: BuildResult, wide_again: BuildResult
) -> None:
    from nohallucinate.datagen.assemble import RECURRENCE_TARGET
    from nohallucinate.tasks.biography_mentions import biography_mention_tells, biography_mentions

    for result in (built, wide, wide_again):
        assert any(t.family is Family.BIOGRAPHY for t in result.tasks)
        assert not biography_mention_tells(result.tasks, RECURRENCE_TARGET)
    # The fixture world has few people: asked for 40 biographies, a wide build writes some of people its short
    # questions name, and turns away those that would mark answerable rows more than defect rows.
    assert wide.rejected[Family.BIOGRAPHY.value]["a biography would mark short questions about the person"] > 0
    assert any(biography_mentions(wide_again.tasks))


def test_a_prize_a_person_never_received_is_one_of_their_field(
    world: WikimediaWorld, built: BuildResult, wide: BuildResult
) -> None:
    """Answerable award rows ask about a person's own prize; a false premise or an invented prize is asked of a
    person who shares an occupation with a holder of the prize (for an invented one, of a real prize whose name
    ends as its does), so the pairing does not tell the defect."""

    def values(qid: str, prop: str) -> set[str]:
        return item_ids(world.entities.get(qid, {}), prop)

    def field(prize: str) -> set[str]:
        return {job for person in world.entities if prize in values(person, "P166") for job in values(person, "P106")}

    by_label = {e["labels"]["en"]["value"]: qid for qid, e in world.entities.items() if "en" in e.get("labels", {})}
    named = {qid: e.get("labels", {}).get("en", {}).get("value") for qid, e in world.entities.items()}
    checked = 0
    for task in [*built.tasks, *wide.tasks]:
        p = task.provenance
        if task.family is Family.FALSE_PREMISE and p["kind"] == "prize":
            assert values(str(task.subject.qid), "P106") & field(p["object"]), task.question
            checked += 1
        elif task.family is Family.NONEXISTENT_ENTITY and p["kind"] == "prize":
            # A label may name several people (the world's namesakes): the one asked is of the field.
            asked = task.question.removeprefix("In what year did ").split(" receive ")[0]
            people = [qid for qid, label in named.items() if label == asked]
            tail = p["name_parts"][-1]
            ending = [qid for label, qid in by_label.items() if label.endswith(f" {tail}")]
            assert any(values(person, "P106") & field(prize) for person in people for prize in ending), task.question
            checked += 1
    assert checked >= 10
    assert wide.rejected[Family.FALSE_PREMISE.value]["no prize of the person's field"] > 0


def test_an_invented_person_is_asked_as_a_real_person_of_one_field_is(
    world: WikimediaWorld, wide: BuildResult, wide_again: BuildResult
) -> None:
    """An invented person is asked in the football forms only as a footballer would be (in both of them, in a
    wide build), and about a prize of its persona's field: one asked in a football form is asked about a prize
    that footballers hold."""

    def values(qid: str, prop: str) -> set[str]:
        return item_ids(world.entities.get(qid, {}), prop)

    by_label = {e["labels"]["en"]["value"]: qid for qid, e in world.entities.items() if "en" in e.get("labels", {})}
    footballers_hold = {prize for qid in world.entities if values(qid, "P54") for prize in values(qid, "P166")}
    forms: dict[tuple[int, str], set[str]] = {}  # (build, name): one name may stand in both builds
    prizes: dict[tuple[int, str], set[str]] = {}
    for build_index, result in enumerate((wide, wide_again)):
        for task in result.tasks:
            p = task.provenance
            if task.family is Family.NONEXISTENT_ENTITY and p["kind"] == "person":
                forms.setdefault((build_index, p["name"]), set()).add(p["form"])
                if p["form"] == Form.AWARD.value:
                    asked = task.question.split(" receive the ")[1].rstrip("?")
                    prizes.setdefault((build_index, p["name"]), set()).add(asked)
    both = {Form.SEASON.value, Form.COUNT.value}
    football = {name for name, asked in forms.items() if asked & both}
    assert any(forms[name] >= both for name in football)
    for name in football & prizes.keys():
        assert {by_label[prize] for prize in prizes[name]} <= footballers_hold, name
    assert any(name not in football for name in prizes)  # and non-footballers' prizes too


def test_an_invented_persons_given_name_is_of_its_personas_gender(
    world: WikimediaWorld, wide: BuildResult, wide_again: BuildResult
) -> None:
    """The fixture world's footballers are all men: an invented person asked about football, or about a prize only
    footballers hold, bears a man's given name, while women's names are asked about other prizes. Drawn from every
    persona instead, a woman's name in a football question was always invented (a red team: 0.528 over the short
    forms)."""

    entities = world.entities.values()
    female_names = {e["labels"]["en"]["value"] for e in entities if "Q11879590" in item_ids(e, "P31")}
    assert all(item_ids(e, "P21") == {"Q6581097"} for e in entities if item_ids(e, "P54"))  # every footballer a man
    footballers_only = {p for e in entities if item_ids(e, "P54") for p in item_ids(e, "P166")} - {
        p for e in entities if not item_ids(e, "P54") for p in item_ids(e, "P166")
    }
    labels = {qid: e["labels"]["en"]["value"] for qid, e in world.entities.items() if "en" in e.get("labels", {})}
    football_prizes = {labels[qid] for qid in footballers_only}
    women_asked = set()
    for result in (wide, wide_again):
        for task in result.tasks:
            p = task.provenance
            if task.family is not Family.NONEXISTENT_ENTITY or p["kind"] != "person":
                continue
            woman = p["name_parts"][0] in female_names
            football = p["form"] in {Form.SEASON.value, Form.COUNT.value} or any(
                prize in task.question for prize in football_prizes
            )
            assert not (woman and football), task.question
            women_asked |= {p["form"]} if woman else set()
    assert Form.AWARD.value in women_asked  # women's names are asked beside prizes, not only their birth dates
