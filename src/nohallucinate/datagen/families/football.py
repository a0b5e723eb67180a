"""football_season: a player's league appearances for a club in one season, from the career-statistics table."""

from __future__ import annotations

from collections import Counter

from nohallucinate.datagen.context import (
    APPEARANCES_QUESTION,
    BuildContext,
    Draft,
    entity_source,
    provenance,
)
from nohallucinate.datagen.wikitext import career_tables, club_seasons
from nohallucinate.tasks import Family


def season_appearances(ctx: BuildContext, want: int) -> list[Draft]:
    """One season line per player, from a club table, where that club and season appear on one row only."""
    family = Family.FOOTBALL_SEASON
    candidates = ctx.shuffled(ctx.footballers, "seasons", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    wikitexts = ctx.wikipedia.wikitexts(c.title for c in candidates)
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.title not in wikitexts:
            ctx.log.reject(family, candidate.qid, "no English Wikipedia article")
            continue
        wikitext, revision = wikitexts[candidate.title]
        lines = club_seasons(wikitext)
        if not lines:
            kinds = {table.kind for table in career_tables(wikitext)}
            reason = "only an international statistics table" if kinds == {"international"} else "no club table"
            ctx.log.reject(family, candidate.qid, reason)
            continue
        repeats = Counter((line.club, line.season) for line in lines)
        usable = [line for line in lines if line.league_apps is not None and repeats[(line.club, line.season)] == 1]
        if not usable:
            ctx.log.reject(family, candidate.qid, "no season with one row and a league appearance count")
            continue
        line = ctx.pick(usable, f"season:{candidate.qid}")
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity = entities[candidate.qid]
        label = entity.label or candidate.title
        drafts.append(
            Draft(
                family=family,
                question=APPEARANCES_QUESTION.format(player=label, club=line.club, season=line.season),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                gold=str(line.league_apps),
                provenance=provenance(
                    entity_source(entity),
                    {"api": "wikipedia", "title": candidate.title, "revision": revision},
                    checks=["club career-statistics table", "club and season on one row", "league apps parsed"],
                    entity=entity.id,
                    title=candidate.title,
                    club=line.club,
                    club_link=line.club_link,
                    season=line.season,
                    table_row=line.row,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts
