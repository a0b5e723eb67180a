"""A footballer's career as the records give it: spells at clubs (P54 with a start and an end year) and the
seasons of his statistics table. Answerable and unanswerable football rows ask about the same careers."""

from __future__ import annotations

import re
from dataclasses import dataclass

from nohallucinate.datagen.entities import Entity, Statement, Time
from nohallucinate.datagen.wikitext import club_seasons
from nohallucinate.spec import YEAR_PRECISION


@dataclass(frozen=True)
class Spell:
    """A P54 statement at preferred or normal rank with one start year (P580) and one end year (P582)."""

    statement: Statement
    start: int
    end: int

    @property
    def club(self) -> str:
        """The club's QID: the statement's value."""
        return str(self.statement.value)


def spells(entity: Entity) -> list[Spell]:
    """The player's spells with both years, in recorded order."""
    found = []
    for statement in entity.statements("P54", ("preferred", "normal")):
        start, end = qualifier_year(statement, "P580"), qualifier_year(statement, "P582")
        if isinstance(statement.value, str) and start is not None and end is not None and start <= end:
            found.append(Spell(statement, start, end))
    return found


def qualifier_year(statement: Statement, prop: str) -> int | None:
    """The year of the statement's single `prop` qualifier, when it is a date of year precision or finer."""
    snaks = statement.qualifiers.get(prop, ())
    value = snaks[0].value if len(snaks) == 1 else None
    if not isinstance(value, Time) or value.precision < YEAR_PRECISION:
        return None
    try:
        return value.as_partial_date().year
    except ValueError:  # a BCE date
        return None


def career_season(entity: Entity, wikitext: str) -> str | None:
    """A season of the player's career: the middle one of his statistics table, else the first of his spells."""
    seasons = sorted({line.season for line in club_seasons(wikitext)})
    if seasons:
        return seasons[len(seasons) // 2]
    starts = [
        year
        for statement in entity.statements("P54", ("preferred", "normal"))
        if (year := qualifier_year(statement, "P580")) is not None
    ]
    if not starts:
        return None
    return season_starting(min(starts))


def season_starting(year: int) -> str:
    """The season that starts in `year`, as career tables write it: "2014–15"."""
    return f"{year}–{(year + 1) % 100:02d}"


_CLUB_SUFFIX = re.compile(r"\s+(?:F\.C\.|FC|A\.F\.C\.|AFC)$")


def short_club_name(label: str) -> str:
    """A club as career tables name it: "Pellingford City" for "Pellingford City F.C."."""
    return _CLUB_SUFFIX.sub("", label)
