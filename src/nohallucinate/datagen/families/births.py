"""precise_fact (birth dates) and unrecorded_fact: the two sides of one question, "On what day, month and year
was X born?", decided by what Wikidata records at every rank and what the article's lead says."""

from __future__ import annotations

from nohallucinate.answers.dates import PartialDate
from nohallucinate.datagen.context import (
    BuildContext,
    Candidate,
    Draft,
    entity_source,
    format_date,
    page_source,
    provenance,
)
from nohallucinate.datagen.entities import Entity, Time
from nohallucinate.datagen.wikitext import full_dates_in, lead_dates
from nohallucinate.spec import BIRTH_QUESTION, DAY_PRECISION, YEAR_PRECISION
from nohallucinate.tasks import Family


def recorded_births(ctx: BuildContext, want: int) -> list[Draft]:
    """precise_fact: a day-precision P569 at preferred or normal rank that the article lead agrees with."""
    family = Family.PRECISE_FACT
    candidates = ctx.shuffled(ctx.people, "births", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    pages = ctx.wikipedia.pages(c.title for c in candidates)
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity, page = entities[candidate.qid], pages[candidate.title]
        days = {
            _date(s.value)
            for s in entity.statements("P569", ("preferred", "normal"))
            if isinstance(s.value, Time) and s.value.precision >= DAY_PRECISION
        }
        if not days:
            ctx.log.reject(family, candidate.qid, "no day-precision birth date at preferred or normal rank")
            continue
        if len(days) > 1:
            ctx.log.reject(family, candidate.qid, "conflicting day-precision birth dates")
            continue
        [born] = days
        if page.missing or not page.lead:
            ctx.log.reject(family, candidate.qid, "no English Wikipedia article lead")
            continue
        stated = lead_dates(page.lead).born
        if stated is None or not stated.is_full:
            ctx.log.reject(family, candidate.qid, "the lead gives no full birth date")
            continue
        if stated != born:
            ctx.log.reject(family, candidate.qid, "the lead disagrees with Wikidata")
            continue
        label = entity.label or candidate.title
        drafts.append(
            Draft(
                family=family,
                question=BIRTH_QUESTION.format(label),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                gold=format_date(born),
                provenance=provenance(
                    entity_source(entity),
                    page_source(page),
                    checks=["P569 at day precision, preferred or normal rank, one date", "lead parenthetical agrees"],
                    kind="birth_date",
                    entity=entity.id,
                    title=page.title,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts


def unrecorded_births(ctx: BuildContext, want: int) -> list[Draft]:
    """unrecorded_fact: the three gates of the spec, the lead's bare year being the load-bearing one."""
    family = Family.UNRECORDED_FACT
    candidates = ctx.shuffled(ctx.year_only, "unrecorded", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    pages = ctx.wikipedia.pages(c.title for c in candidates)
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity, page = entities[candidate.qid], pages[candidate.title]
        year = _only_year(ctx, candidate, entity)
        if year is None:
            continue
        if page.missing or not page.lead:
            ctx.log.reject(family, candidate.qid, "no English Wikipedia article lead")
            continue
        if full_dates_in(page.lead, year):
            ctx.log.reject(family, candidate.qid, "the lead has a full date in the birth year")
            continue
        dates = lead_dates(page.lead)
        if not dates.birth_year_only or dates.born is None or dates.born.year != year:
            ctx.log.reject(family, candidate.qid, "the lead parenthetical does not give the bare birth year")
            continue
        label = entity.label or candidate.title
        drafts.append(
            Draft(
                family=family,
                question=BIRTH_QUESTION.format(label),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                defect=f"Only the year of {label}'s birth ({year}) is recorded; the day and month are not.",
                provenance=provenance(
                    entity_source(entity),
                    page_source(page),
                    checks=[],
                    negative_checks=[
                        "no P569 statement at day precision at any rank, deprecated included",
                        f"no full date in {year} anywhere in the lead",
                        f"the lead parenthetical gives the bare year {year}",
                    ],
                    entity=entity.id,
                    title=page.title,
                    birth_year=year,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts


def _only_year(ctx: BuildContext, candidate: Candidate, entity: Entity) -> int | None:
    family = Family.UNRECORDED_FACT
    statements = entity.statements("P569")  # every rank: a deprecated full date is still a recorded one
    times = [s.value for s in statements if isinstance(s.value, Time)]
    if any(t.precision > YEAR_PRECISION for t in times):
        ctx.log.reject(family, candidate.qid, "a birth month or day is recorded at some rank")
        return None
    years = {
        _date(s.value).year
        for s in entity.statements("P569", ("preferred", "normal"))
        if isinstance(s.value, Time) and s.value.precision == YEAR_PRECISION
    }
    if len(years) != 1:
        ctx.log.reject(family, candidate.qid, "not exactly one recorded birth year")
        return None
    return years.pop()


def _date(time: Time) -> PartialDate:
    return time.as_partial_date()
