"""precise_fact (award years): the year a person received a prize, from a P166 statement's point in time (P585).

The question is the one false_premise and nonexistent_entity ask about prizes nobody received or that do not
exist, so the award form holds answerable rows too. A question with two right answers is not a precise fact:
a person with several statements for one prize, or a statement with several points in time, is turned away.
"""

from __future__ import annotations

from collections import defaultdict

from nohallucinate.datagen.context import (
    PRIZE_QUESTION,
    BuildContext,
    Draft,
    entity_source,
    provenance,
    with_article,
)
from nohallucinate.datagen.entities import Entity, Statement, Time
from nohallucinate.spec import YEAR_PRECISION
from nohallucinate.tasks import Family

CHECKS = (
    "P166 at preferred or normal rank, one statement for the prize",
    "one P585 qualifier, of year precision or finer",
    "the prize has an English label",
)


def award_years(ctx: BuildContext, want: int) -> list[Draft]:
    """One award per person, picked among the prizes whose year the records give once and only once."""
    family = Family.PRECISE_FACT
    candidates = ctx.shuffled(ctx.people, "awards", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    prize_ids = {
        s.value
        for c in candidates
        if c.qid in entities
        for s in entities[c.qid].statements("P166", ("preferred", "normal"))
        if isinstance(s.value, str)
    }
    prizes = ctx.wikidata.entities(sorted(prize_ids))
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity = entities[candidate.qid]
        usable = _usable_awards(ctx, entity, prizes)
        if not usable:
            ctx.log.reject(family, candidate.qid, "no award with a single recorded year")
            continue
        statement, year = ctx.pick(usable, f"award:{candidate.qid}")
        prize = prizes[str(statement.value)]
        assert prize.label is not None  # `usable` kept labelled prizes only
        label = entity.label or candidate.title
        drafts.append(
            Draft(
                family=family,
                question=PRIZE_QUESTION.format(person=label, prize=with_article(prize.label)),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                gold=str(year),
                provenance=provenance(
                    entity_source(entity),
                    entity_source(prize),
                    checks=list(CHECKS),
                    kind="award_year",
                    entity=entity.id,
                    statement=statement.id,
                    prize=prize.id,
                    prize_label=prize.label,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts


def _usable_awards(ctx: BuildContext, entity: Entity, prizes: dict[str, Entity]) -> list[tuple[Statement, int]]:
    """(statement, year) of every prize the person holds once with one year; each other award is logged with the
    reason it cannot be asked about."""
    family = Family.PRECISE_FACT
    held: dict[str, list[Statement]] = defaultdict(list)
    for statement in entity.statements("P166"):
        if not isinstance(statement.value, str):
            continue
        if statement.rank == "deprecated":
            ctx.log.reject(family, f"{entity.id}/{statement.value}", "the award statement is deprecated")
        else:
            held[statement.value].append(statement)
    usable = []
    for prize_id in sorted(held):
        subject = f"{entity.id}/{prize_id}"
        statements = held[prize_id]
        if len(statements) > 1:
            ctx.log.reject(family, subject, "several award statements for the same prize")
            continue
        [statement] = statements
        year, problem = _year(statement)
        if problem is None and prize_id not in prizes:
            problem = "the prize item is missing"
        if problem is None and prizes[prize_id].label is None:
            problem = "the prize has no English label"
        if problem is not None:
            ctx.log.reject(family, subject, problem)
            continue
        assert year is not None
        usable.append((statement, year))
    return usable


def _year(statement: Statement) -> tuple[int | None, str | None]:
    """The year of the statement's single point in time (P585), or the reason there is none to ask about."""
    times = statement.qualifiers.get("P585", ())
    if not times:
        return None, "no point in time (P585) qualifier"
    if len(times) > 1:
        return None, "several point in time (P585) qualifiers"
    value = times[0].value
    if not isinstance(value, Time):
        return None, "the point in time (P585) has no value"
    if value.precision < YEAR_PRECISION:
        return None, "the point in time (P585) is coarser than a year"
    try:
        return value.as_partial_date().year, None
    except ValueError:
        return None, "the point in time (P585) is not a date of the common era"
