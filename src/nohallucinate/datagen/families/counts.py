"""precise_fact (counts): matches played for a club over a recorded spell, from P54 qualifiers."""

from __future__ import annotations

from nohallucinate.datagen import cite, questions
from nohallucinate.datagen.context import BuildContext, Candidate, Draft
from nohallucinate.datagen.entities import Quantity, Statement
from nohallucinate.datagen.families.careers import spells
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import MatchCountProvenance

PLAYED_SPELL = Gate(
    "P54 at preferred or normal rank with P580, P582 and a whole P1350",
    "no spell at a known club with start, end and matches played",
)
CLUB_LABELLED = Gate("the club has an English label", "the club has no English label")


def match_counts(ctx: BuildContext, want: int) -> list[Draft]:
    """A spell with a start year, an end year and a whole number of matches (P1350) on a club with a label."""
    family = Family.PRECISE_FACT
    candidates = ctx.shuffled(ctx.footballers, "counts", key=qid)
    sources = Sources.of(ctx, candidates, entities=True)
    careers = {qid: spells(entity) for qid, entity in sources.entities.items()}
    clubs = ctx.wikidata.entities(sorted({spell.club for career in careers.values() for spell in career}))

    def draft(trial: Trial[Candidate]) -> Draft:
        entity = sources.entity(trial.item)
        usable = [s for s in careers[trial.item.qid] if _matches(s.statement) is not None and s.club in clubs]
        trial.require(PLAYED_SPELL, bool(usable))
        spell = ctx.pick(usable, f"count:{trial.item.qid}")
        club = clubs[spell.club]
        trial.require(CLUB_LABELLED, club.label is not None)
        label = entity.label or trial.item.title
        return Draft.of(
            family,
            questions.COUNT.format(player=label, club=club.label, start=spell.start, end=spell.end),
            (label, entity),
            gold=str(_matches(spell.statement)),
            provenance=MatchCountProvenance(
                **cite.item(entity, cite.entity(club)),
                checks=trial.checks,
                statement=spell.statement.id,
                club=club.id,
            ),
        )

    return gather(ctx.log, family, candidates, draft, want=want, subject=qid)


def _matches(statement: Statement) -> int | None:
    """The spell's single P1350 (matches played), when it is a whole number of at least one."""
    snaks = statement.qualifiers.get("P1350", ())
    amount = snaks[0].value if len(snaks) == 1 else None
    if not isinstance(amount, Quantity) or amount.amount != int(amount.amount) or amount.amount < 1:
        return None
    return int(amount.amount)
