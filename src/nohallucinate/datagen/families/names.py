"""nonexistent_entity: person, club and prize names recombined from real name parts, each checked to match no
Wikipedia title, no Wikipedia search hit and no Wikidata label or alias."""

from __future__ import annotations

import re

from nohallucinate.datagen.context import (
    APPEARANCES_QUESTION,
    BIRTH_QUESTION,
    PRIZE_QUESTION,
    BuildContext,
    Draft,
    provenance,
)
from nohallucinate.tasks import Family

_TWO_WORDS = re.compile(r"^[A-Z][a-z]+ [A-Z][a-z-]+$")
_SUFFIXES = "Town|City|Rovers|Athletic|United|Wanderers|Albion|Rangers|Villa|County"
_CLUB = re.compile(rf"^(?P<place>[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?P<suffix>{_SUFFIXES})(?: F\.C\.)?$")
_PRIZE = re.compile(
    r"^(?:The )?(?P<name>[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?) (?P<kind>Prize|Medal|Award)(?P<rest> for [A-Za-z ]+)?$"
)


def invented_names(ctx: BuildContext, want: int) -> list[Draft]:
    """About a third each of people, clubs and prizes, every name checked three ways before it is used."""
    people = _people(ctx)
    clubs = _clubs(ctx)
    prizes = _prizes(ctx)
    proposals = _interleave(people, clubs, prizes)
    pages = ctx.wikipedia.pages(name for _, name, _ in proposals)
    drafts = []
    for kind, name, parts in proposals:
        if len(drafts) >= want:
            break
        if not pages[name].missing:
            ctx.log.reject(Family.NONEXISTENT_ENTITY, name, "a Wikipedia page has this title")
            continue
        if ctx.wikipedia.search_hits(name):
            ctx.log.reject(Family.NONEXISTENT_ENTITY, name, "Wikipedia search finds the name")
            continue
        if ctx.wikidata.labels_matching(name):
            ctx.log.reject(Family.NONEXISTENT_ENTITY, name, "a Wikidata item has this label or alias")
            continue
        draft = _draft(ctx, kind, name, parts, len(drafts))
        if draft is not None:
            drafts.append(draft)
    return drafts


def _draft(ctx: BuildContext, kind: str, name: str, parts: list[str], index: int) -> Draft | None:
    if kind == "person":
        question = BIRTH_QUESTION.format(name)
    elif kind == "football club":
        player = ctx.pick(ctx.footballers, f"fake-club:{name}")
        label = ctx.wikidata.entity(player.qid).label or player.title
        question = APPEARANCES_QUESTION.format(
            player=label, club=name, season=f"{2000 + index % 20}–{(1 + index % 20):02d}"
        )
    else:
        person = ctx.pick(ctx.people, f"fake-prize:{name}")
        label = ctx.wikidata.entity(person.qid).label or person.title
        question = PRIZE_QUESTION.format(person=label, prize=f"the {name}")
    return Draft(
        family=Family.NONEXISTENT_ENTITY,
        question=question,
        subject_label=name,
        subject_qid=None,
        sitelinks=None,
        defect=f"No {kind} called {name} exists: the name was recombined from parts of real names.",
        provenance=provenance(
            checks=[],
            negative_checks=[
                "no English Wikipedia page has this title",
                "English Wikipedia search finds no article containing the name",
                "no Wikidata item has it as an English label or alias",
            ],
            kind=kind,
            name=name,
            name_parts=parts,
        ),
    )


def _people(ctx: BuildContext) -> list[tuple[str, str, list[str]]]:
    names = [c.title for c in ctx.people + ctx.footballers if _TWO_WORDS.match(c.title)]
    firsts = ctx.shuffled(sorted({n.split()[0] for n in names}), "first")
    lasts = ctx.shuffled(sorted({n.split()[1] for n in names}), "last")
    real = set(names)
    combos = [f"{first} {last}" for first, last in zip(firsts, lasts[1:] + lasts[:1], strict=False)]
    return [("person", name, name.split()) for name in combos if name not in real]


def _clubs(ctx: BuildContext) -> list[tuple[str, str, list[str]]]:
    found = [m for c in ctx.clubs if (m := _CLUB.match(c.title))]
    places = ctx.shuffled(sorted({m["place"] for m in found}), "place")
    suffixes = sorted({m["suffix"] for m in found})
    real = {c.title for c in ctx.clubs}
    combos = []
    for i, place in enumerate(places):
        suffix = suffixes[(i + 1) % len(suffixes)] if suffixes else "Town"
        name = f"{place} {suffix} F.C."
        if name not in real and name.removesuffix(" F.C.") not in real:
            combos.append(("football club", name, [place, suffix]))
    return combos


def _prizes(ctx: BuildContext) -> list[tuple[str, str, list[str]]]:
    found = [m for c in ctx.prizes if (m := _PRIZE.match(c.title))]
    names = ctx.shuffled(sorted({m["name"] for m in found}), "prize-name")
    tails = sorted({f"{m['kind']}{m['rest'] or ''}" for m in found})
    real = {c.title.removeprefix("The ") for c in ctx.prizes}
    combos = []
    for i, name in enumerate(names):
        tail = tails[(i + 1) % len(tails)] if tails else "Prize"
        combo = f"{name} {tail}"
        if combo not in real:
            combos.append(("prize", combo, [name, tail]))
    return combos


def _interleave(*lists: list[tuple[str, str, list[str]]]) -> list[tuple[str, str, list[str]]]:
    merged = []
    for i in range(max((len(x) for x in lists), default=0)):
        merged += [x[i] for x in lists if i < len(x)]
    return merged
