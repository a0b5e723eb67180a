"""precise_fact (counts): matches played for a club over a recorded spell, from P54 qualifiers."""

from __future__ import annotations

from nohallucinate.datagen.context import BuildContext, Draft, entity_source, provenance
from nohallucinate.datagen.entities import Quantity, Statement, Time
from nohallucinate.tasks import Family

COUNT_QUESTION = "How many matches did {player} play for {club} between {start} and {end}?"


def match_counts(ctx: BuildContext, want: int) -> list[Draft]:
    """A spell with a start year, an end year and a whole number of matches (P1350) on a club with a label."""
    family = Family.PRECISE_FACT
    candidates = ctx.shuffled(ctx.footballers, "counts", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    spells = {
        c.qid: list(entities[c.qid].statements("P54", ("preferred", "normal"))) for c in candidates if c.qid in entities
    }
    clubs = ctx.wikidata.entities({s.value for ss in spells.values() for s in ss if isinstance(s.value, str)})
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity = entities[candidate.qid]
        usable = [s for s in spells[candidate.qid] if _spell(s) is not None and s.value in clubs]
        if not usable:
            ctx.log.reject(family, candidate.qid, "no spell at a known club with start, end and matches played")
            continue
        statement = ctx.pick(usable, f"count:{candidate.qid}")
        start, end, matches = _spell(statement)  # type: ignore[misc]
        club = clubs[statement.value]  # type: ignore[index]  # present: `usable` kept only known clubs
        if club.label is None:
            ctx.log.reject(family, candidate.qid, "the club has no English label")
            continue
        label = entity.label or candidate.title
        drafts.append(
            Draft(
                family=family,
                question=COUNT_QUESTION.format(player=label, club=club.label, start=start, end=end),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                gold=str(matches),
                provenance=provenance(
                    entity_source(entity),
                    entity_source(club),
                    checks=["P54 at preferred or normal rank with P580, P582 and a whole P1350"],
                    kind="match_count",
                    entity=entity.id,
                    statement=statement.id,
                    club=club.id,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts


def _spell(statement: Statement) -> tuple[int, int, int] | None:
    def year(prop: str) -> int | None:
        snaks = statement.qualifiers.get(prop, ())
        value = snaks[0].value if len(snaks) == 1 else None
        return value.as_partial_date().year if isinstance(value, Time) else None

    matches = statement.qualifiers.get("P1350", ())
    amount = matches[0].value if len(matches) == 1 else None
    start, end = year("P580"), year("P582")
    if not isinstance(amount, Quantity) or amount.amount != int(amount.amount) or amount.amount < 1:
        return None
    if start is None or end is None or end < start:
        return None
    return start, end, int(amount.amount)
