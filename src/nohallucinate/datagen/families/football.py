"""football_season: a player's league appearances for a club in one season, from the career-statistics table."""

from __future__ import annotations

from collections import Counter

from nohallucinate.datagen import cite, questions
from nohallucinate.datagen.context import BuildContext, Candidate, Draft
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.datagen.wikitext import career_tables, club_seasons
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import SeasonProvenance

CLUB_TABLE = Gate("club career-statistics table", "no club table")
ONLY_INTERNATIONAL = "only an international statistics table"  # how CLUB_TABLE fails when that is the reason
ONE_ROW = Gate("club and season on one row, league apps parsed", "no season with one row and a league appearance count")


def season_appearances(ctx: BuildContext, want: int) -> list[Draft]:
    """One season line per player, from a club table, where that club and season appear on one row only."""
    family = Family.FOOTBALL_SEASON
    candidates = ctx.shuffled(ctx.footballers, "seasons", key=qid)
    sources = Sources.of(ctx, candidates, entities=True, wikitexts=True)

    def draft(trial: Trial[Candidate]) -> Draft:
        wikitext, revision = sources.wikitext(trial.item)
        lines = club_seasons(wikitext)
        international = not lines and {table.kind for table in career_tables(wikitext)} == {"international"}
        trial.require(CLUB_TABLE, bool(lines), ONLY_INTERNATIONAL if international else None)
        repeats = Counter((line.club, line.season) for line in lines)
        usable = [line for line in lines if line.league_apps is not None and repeats[(line.club, line.season)] == 1]
        trial.require(ONE_ROW, bool(usable))
        line = ctx.pick(usable, f"season:{trial.item.qid}")
        entity = sources.entity(trial.item)
        label = entity.label or trial.item.title
        return Draft.of(
            family,
            questions.APPEARANCES.format(player=label, club=line.club, season=line.season),
            (label, entity),
            gold=str(line.league_apps),
            provenance=SeasonProvenance(
                **cite.item(entity, cite.wikitext(trial.item.title, revision)),
                checks=trial.checks,
                title=trial.item.title,
                club=line.club,
                club_link=line.club_link,
                season=line.season,
                table_row=line.row,
            ),
        )

    return gather(ctx.log, family, candidates, draft, want=want, subject=qid)
