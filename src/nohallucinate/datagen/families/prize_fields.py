"""Which prizes fit a person: those that someone of the build who shares one of their occupations holds.

An answerable award row asks about a person's own prize, always one of their field. A row that pairs a person with
a prize of another field ("In what year did <a footballer> receive <a prize for painting>?") resembles no answerable
row, so the pairing alone told a false premise or an invented prize (a red team earned 0.607 over the award form).
The families that pair a person with a prize they never received therefore draw it from the person's field.

A prize's field is read from the records alone: the occupations (P106) of the build's people who hold it (P166, at
any rank). A person without a recorded occupation fits no prize.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from nohallucinate.datagen.context import BuildContext, Candidate
from nohallucinate.datagen.entities import Entity


def occupations(entity: Entity) -> frozenset[str]:
    """The person's occupations (P106 values, every rank)."""
    return frozenset(s.value for s in entity.statements("P106") if isinstance(s.value, str))


@dataclass(frozen=True)
class PrizeFields:
    """Each held prize's field: the occupations of its holders among the build's people."""

    fields: Mapping[str, frozenset[str]]  # prize QID -> its holders' occupations

    def fitting(self, person: Entity) -> frozenset[str]:
        """The prizes (QIDs) held by someone who shares an occupation with `person`."""
        own = occupations(person)
        return frozenset(prize for prize, field in self.fields.items() if field & own)

    def fits(self, person: Entity, prize: str) -> bool:
        """Whether someone who shares an occupation with `person` holds `prize`."""
        return bool(self.fields.get(prize, frozenset()) & occupations(person))


def prize_fields(people: Iterable[Entity]) -> PrizeFields:
    """The fields of every prize that one of `people` holds."""
    fields: defaultdict[str, set[str]] = defaultdict(set)
    for person in people:
        for statement in person.statements("P166"):
            if isinstance(statement.value, str):
                fields[statement.value] |= occupations(person)
    return PrizeFields({prize: frozenset(field) for prize, field in fields.items()})


def build_prize_fields(ctx: BuildContext) -> PrizeFields:
    """The fields of the prizes held by every person the build draws (people, footballers, year-only births)."""
    drawn = {c.qid for c in [*ctx.people, *ctx.footballers, *ctx.year_only]}
    return prize_fields(ctx.wikidata.entities(sorted(drawn)).values())


def held_prizes(ctx: BuildContext, fields: PrizeFields) -> list[Candidate]:
    """The prizes of `fields` that have an English Wikipedia article, as candidates (item, title, sitelinks)."""
    entities: Mapping[str, Entity] = ctx.wikidata.entities(sorted(fields.fields))
    return [
        Candidate(qid, entity.enwiki_title, entity.sitelink_count)
        for qid, entity in entities.items()
        if entity.enwiki_title is not None and entity.label is not None
    ]
