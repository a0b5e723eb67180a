"""false_premise: a real player and a club he never played for, a real person and a prize they never received.

The negative is established on every statement at every rank (a deprecated statement still records a link),
and on the article's wikitext, which must not name the club or prize at all."""

from __future__ import annotations

import re

from nohallucinate.datagen.context import (
    APPEARANCES_QUESTION,
    PRIZE_QUESTION,
    BuildContext,
    Candidate,
    Draft,
    entity_source,
    provenance,
)
from nohallucinate.datagen.entities import Entity, Time
from nohallucinate.datagen.wikitext import club_seasons
from nohallucinate.tasks import Family


def never_played(ctx: BuildContext, want: int) -> list[Draft]:
    """A footballer, a club none of his P54 statements names, and a season of his career."""
    return _premises(ctx, want, ctx.footballers, ctx.clubs, "P54", "club")


def never_received(ctx: BuildContext, want: int) -> list[Draft]:
    """A person, and a prize none of their P166 statements names."""
    return _premises(ctx, want, ctx.people, ctx.prizes, "P166", "prize")


def _premises(
    ctx: BuildContext, want: int, subjects: list[Candidate], objects: list[Candidate], prop: str, kind: str
) -> list[Draft]:
    family = Family.FALSE_PREMISE
    subjects = ctx.shuffled(subjects, f"premise:{kind}", key=lambda c: c.qid)
    entities = ctx.wikidata.entities(c.qid for c in subjects)
    things = ctx.wikidata.entities(o.qid for o in objects)
    wikitexts = ctx.wikipedia.wikitexts(c.title for c in subjects)
    drafts = []
    for candidate in subjects:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        entity = entities[candidate.qid]
        if candidate.title not in wikitexts:
            ctx.log.reject(family, candidate.qid, "no English Wikipedia article")
            continue
        wikitext, revision = wikitexts[candidate.title]
        linked = {s.value for s in entity.statements(prop)}  # every rank, deprecated included
        season = _season(entity, wikitext) if kind == "club" else None
        if kind == "club" and season is None:
            ctx.log.reject(family, candidate.qid, "no season of his career to ask about")
            continue
        thing = _unlinked(ctx, candidate, objects, things, linked, wikitext.casefold(), kind)
        if thing is None:
            continue
        label = entity.label or candidate.title
        assert thing.label is not None
        if kind == "club":
            question = APPEARANCES_QUESTION.format(player=label, club=thing.label, season=season)
            defect = _sentence(f"{label} never played for {thing.label}")
        else:
            question = PRIZE_QUESTION.format(person=label, prize=_with_article(thing.label))
            defect = _sentence(f"{label} never received {_with_article(thing.label)}")
        drafts.append(
            Draft(
                family=family,
                question=question,
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                defect=defect,
                provenance=provenance(
                    entity_source(entity),
                    entity_source(thing),
                    {"api": "wikipedia", "title": candidate.title, "revision": revision},
                    checks=[],
                    negative_checks=[
                        f"{prop} at every rank ({len(entity.statements(prop))} statements, deprecated included) "
                        f"never names {thing.id}",
                        f"the article wikitext (revision {revision}) never names {thing.label!r}",
                    ],
                    kind=kind,
                    entity=entity.id,
                    title=candidate.title,
                    object=thing.id,
                    object_label=thing.label,
                    property=prop,
                    season=season,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts


def _unlinked(
    ctx: BuildContext,
    candidate: Candidate,
    objects: list[Candidate],
    things: dict[str, Entity],
    linked: set[object],
    wikitext: str,
    kind: str,
) -> Entity | None:
    family = Family.FALSE_PREMISE
    for option in ctx.shuffled(objects, f"object:{candidate.qid}", key=lambda o: o.qid):
        thing = things.get(option.qid)
        if thing is None or thing.label is None or thing.id in linked:
            continue
        if any(name.casefold() in wikitext for name in _names_of(thing.label, option.title)):
            ctx.log.reject(family, f"{candidate.qid}/{thing.id}", f"the article names the {kind}")
            continue
        return thing
    ctx.log.reject(family, candidate.qid, f"no {kind} left that the records never link")
    return None


def _names_of(label: str, title: str) -> set[str]:
    """The ways an article may name a club or prize: its label, its title, and its short form ("X" for "X F.C.")."""
    short = re.sub(r"\s+(?:F\.C\.|FC|A\.F\.C\.|AFC)$", "", label)
    return {label, title, short, re.sub(r"^The\s+", "", label)}


def _season(entity: Entity, wikitext: str) -> str | None:
    """A season of the player's career: from his statistics table, else from his first recorded spell."""
    seasons = sorted({line.season for line in club_seasons(wikitext)})
    if seasons:
        return seasons[len(seasons) // 2]
    starts = [
        q.value.as_partial_date().year
        for s in entity.statements("P54", ("preferred", "normal"))
        for q in s.qualifiers.get("P580", ())
        if isinstance(q.value, Time)
    ]
    if not starts:
        return None
    first = min(y for y in starts if y is not None)
    return f"{first}–{(first + 1) % 100:02d}"


def _sentence(text: str) -> str:
    return text if text.endswith(".") else text + "."


def _with_article(prize: str) -> str:
    return prize if prize.lower().startswith("the ") else f"the {prize}"
