"""precise_fact (birth dates) and unrecorded_fact: the two sides of one question, "On what day, month and year
was X born?", decided by what Wikidata records at every rank and what the article's lead says."""

from __future__ import annotations

from nohallucinate.datagen import cite
from nohallucinate.datagen.context import BuildContext, Candidate, Draft, format_date
from nohallucinate.datagen.entities import Entity, Time
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.datagen.leads import full_dates_in, lead_dates
from nohallucinate.spec import BIRTH_QUESTION, DAY_PRECISION, YEAR_PRECISION
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import BirthDateProvenance, UnrecordedProvenance

DAY_RECORDED = Gate(
    "P569 at day precision, preferred or normal rank", "no day-precision birth date at preferred or normal rank"
)
ONE_DAY = Gate("one day-precision birth date", "conflicting day-precision birth dates")
LEAD_FULL_DATE = Gate("the lead parenthetical gives a full birth date", "the lead gives no full birth date")
LEAD_AGREES = Gate("the lead parenthetical agrees with Wikidata", "the lead disagrees with Wikidata")

NO_DAY_AT_ANY_RANK = Gate(
    "no P569 statement at day precision at any rank, deprecated included",
    "a birth month or day is recorded at some rank",
)
ONE_YEAR = Gate("one P569 birth year at preferred or normal rank", "not exactly one recorded birth year")
NO_FULL_DATE_IN_LEAD = Gate(
    "no full date in the birth year anywhere in the lead", "the lead has a full date in the birth year"
)
LEAD_BARE_YEAR = Gate(
    "the lead parenthetical gives the bare birth year", "the lead parenthetical does not give the bare birth year"
)


def recorded_births(ctx: BuildContext, want: int) -> list[Draft]:
    """precise_fact: a day-precision P569 at preferred or normal rank that the lead agrees with."""
    candidates = ctx.shuffled(ctx.people, "births", key=qid)
    sources = Sources.of(ctx, candidates, entities=True, pages=True)

    def draft(trial: Trial[Candidate]) -> Draft:
        entity = sources.entity(trial.item)
        days = {
            s.value.as_partial_date()
            for s in entity.statements("P569", ("preferred", "normal"))
            if isinstance(s.value, Time) and s.value.precision >= DAY_PRECISION
        }
        trial.require(DAY_RECORDED, bool(days))
        trial.require(ONE_DAY, len(days) == 1)
        [born] = days
        page = sources.lead(trial.item)
        assert page.lead is not None  # `lead` turns away pages without one
        stated = lead_dates(page.lead).born
        trial.require(LEAD_FULL_DATE, stated is not None and stated.is_full)
        trial.require(LEAD_AGREES, stated == born)
        label = entity.label or trial.item.title
        return Draft.of(
            Family.PRECISE_FACT,
            BIRTH_QUESTION.format(label),
            (label, entity),
            gold=format_date(born),
            provenance=BirthDateProvenance(
                **cite.item(entity, cite.page(page)),
                checks=trial.checks,
                title=page.title,
            ),
        )

    return gather(ctx.log, Family.PRECISE_FACT, candidates, draft, want=want, subject=qid)


def unrecorded_births(ctx: BuildContext, want: int) -> list[Draft]:
    """unrecorded_fact: the three gates of the spec, the lead's bare year being the load-bearing one."""
    candidates = ctx.shuffled(ctx.year_only, "unrecorded", key=qid)
    sources = Sources.of(ctx, candidates, entities=True, pages=True)

    def draft(trial: Trial[Candidate]) -> Draft:
        entity = sources.entity(trial.item)
        year = _only_year(trial, entity)
        page = sources.lead(trial.item)
        assert page.lead is not None  # `lead` turns away pages without one
        trial.require(NO_FULL_DATE_IN_LEAD, not full_dates_in(page.lead, year))
        dates = lead_dates(page.lead)
        trial.require(LEAD_BARE_YEAR, dates.birth_year_only and dates.born is not None and dates.born.year == year)
        label = entity.label or trial.item.title
        return Draft.of(
            Family.UNRECORDED_FACT,
            BIRTH_QUESTION.format(label),
            (label, entity),
            defect=f"Only the year of {label}'s birth ({year}) is recorded; the day and month are not.",
            provenance=UnrecordedProvenance(
                **cite.item(entity, cite.page(page)),
                negative_checks=trial.checks,
                title=page.title,
                birth_year=year,
            ),
        )

    return gather(ctx.log, Family.UNRECORDED_FACT, candidates, draft, want=want, subject=qid)


def _only_year(trial: Trial[Candidate], entity: Entity) -> int:
    """The one birth year Wikidata records, when it records no month or day at any rank."""
    times = [s.value for s in entity.statements("P569") if isinstance(s.value, Time)]  # every rank
    trial.require(NO_DAY_AT_ANY_RANK, not any(t.precision > YEAR_PRECISION for t in times))
    years = {
        s.value.as_partial_date().year
        for s in entity.statements("P569", ("preferred", "normal"))
        if isinstance(s.value, Time) and s.value.precision == YEAR_PRECISION
    }
    trial.require(ONE_YEAR, len(years) == 1)
    [year] = years
    assert year is not None  # a year-precision date has a year
    return year
