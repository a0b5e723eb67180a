"""precise_fact (counts): matches played for a club over a recorded spell, from P54 qualifiers."""

from __future__ import annotations

from nohallucinate.datagen.context import BuildContext, Draft, entity_source, provenance
from nohallucinate.datagen.entities import Quantity, Statement
from nohallucinate.datagen.families.careers import spells
from nohallucinate.tasks import Family

COUNT_QUESTION = "How many matches did {player} play for {club} between {start} and {end}?"


def match_counts(ctx: BuildContext, want: int) -> list[Draft]:
    """A spell with a start year, an end year and a whole number of matches (P1350) on a club with a label."""
    family = Family.PRECISE_FACT
    candidates = ctx.shuffled(ctx.footballers, "counts", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    careers = {c.qid: spells(entities[c.qid]) for c in candidates if c.qid in entities}
    clubs = ctx.wikidata.entities(sorted({spell.club for career in careers.values() for spell in career}))
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity = entities[candidate.qid]
        usable = [s for s in careers[candidate.qid] if _matches(s.statement) is not None and s.club in clubs]
        if not usable:
            ctx.log.reject(family, candidate.qid, "no spell at a known club with start, end and matches played")
            continue
        spell = ctx.pick(usable, f"count:{candidate.qid}")
        club = clubs[spell.club]
        if club.label is None:
            ctx.log.reject(family, candidate.qid, "the club has no English label")
            continue
        label = entity.label or candidate.title
        drafts.append(
            Draft(
                family=family,
                question=COUNT_QUESTION.format(player=label, club=club.label, start=spell.start, end=spell.end),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                gold=str(_matches(spell.statement)),
                provenance=provenance(
                    entity_source(entity),
                    entity_source(club),
                    checks=["P54 at preferred or normal rank with P580, P582 and a whole P1350"],
                    kind="match_count",
                    entity=entity.id,
                    statement=spell.statement.id,
                    club=club.id,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts


def _matches(statement: Statement) -> int | None:
    """The spell's single P1350 (matches played), when it is a whole number of at least one."""
    snaks = statement.qualifiers.get("P1350", ())
    amount = snaks[0].value if len(snaks) == 1 else None
    if not isinstance(amount, Quantity) or amount.amount != int(amount.amount) or amount.amount < 1:
        return None
    return int(amount.amount)
