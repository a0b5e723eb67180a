"""precise_fact (award years): the year a person received a prize, from a P166 statement's point in time (P585).

The question is the one false_premise and nonexistent_entity ask about prizes nobody received or that do not
exist, so the award form holds answerable rows too. A question with two right answers is not a precise fact:
a person with several statements for one prize, or a statement with several points in time, is turned away.
"""

from __future__ import annotations

from collections import defaultdict

from nohallucinate.datagen import cite, questions
from nohallucinate.datagen.context import BuildContext, Candidate, Draft
from nohallucinate.datagen.entities import Entity, Statement, Time
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.spec import YEAR_PRECISION
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import AwardYearProvenance

# The gates each of a person's awards passes or fails; a row lists the three its award passed.
ONE_STATEMENT = Gate(
    "P166 at preferred or normal rank, one statement for the prize", "several award statements for the same prize"
)
ONE_YEAR = Gate("one P585 qualifier, of year precision or finer", "no point in time (P585) qualifier")
LABELLED = Gate("the prize has an English label", "the prize has no English label")
NO_USABLE_AWARD = "no award with a single recorded year"


def award_years(ctx: BuildContext, want: int) -> list[Draft]:
    """One award per person, picked among the prizes whose year the records give once and only once."""
    family = Family.PRECISE_FACT
    candidates = ctx.shuffled(ctx.people, "awards", key=qid)
    sources = Sources.of(ctx, candidates, entities=True)
    prize_ids = {
        s.value
        for entity in sources.entities.values()
        for s in entity.statements("P166", ("preferred", "normal"))
        if isinstance(s.value, str)
    }
    prizes = ctx.wikidata.entities(sorted(prize_ids))

    def draft(trial: Trial[Candidate]) -> Draft:
        entity = sources.entity(trial.item)
        usable = _usable_awards(ctx, entity, prizes)
        if not usable:
            trial.reject(NO_USABLE_AWARD)
        statement, year = ctx.pick(usable, f"award:{trial.item.qid}")
        trial.passes(ONE_STATEMENT, ONE_YEAR, LABELLED)
        prize = prizes[str(statement.value)]
        assert prize.label is not None  # `usable` kept labelled prizes only
        label = entity.label or trial.item.title
        return Draft.of(
            family,
            questions.PRIZE.format(person=label, prize=questions.with_article(prize.label)),
            (label, entity),
            gold=str(year),
            provenance=AwardYearProvenance(
                **cite.item(entity, cite.entity(prize)),
                checks=trial.checks,
                statement=statement.id,
                prize=prize.id,
                prize_label=prize.label,
            ),
        )

    return gather(ctx.log, family, candidates, draft, want=want, subject=qid)


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
            ctx.log.reject(family, subject, ONE_STATEMENT.reason)
            continue
        [statement] = statements
        year, problem = _year(statement)
        if problem is None and prize_id not in prizes:
            problem = "the prize item is missing"
        if problem is None and prizes[prize_id].label is None:
            problem = LABELLED.reason
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
        return None, ONE_YEAR.reason
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
