"""ambiguous_entity: a name whose Wikipedia page is a disambiguation page listing several people by that name."""

from __future__ import annotations

import re
from collections import defaultdict

from nohallucinate.datagen import cite
from nohallucinate.datagen.context import BuildContext, Candidate, Draft
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import AmbiguousProvenance

_PERSON_LINK = re.compile(r"^(?P<name>[A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-z]+) \((?P<what>[^()]+)\)$")
MIN_NAMESAKES = 2

DISAMBIGUATION = Gate(
    "the page is a disambiguation page (pageprops has the disambiguation key)", "not a disambiguation page"
)
NAMESAKES = Gate(
    f"it links at least {MIN_NAMESAKES} people (Wikidata humans) titled 'Name (...)' of one name",
    "lists fewer than two people of one name",
)


def shared_names(ctx: BuildContext, want: int) -> list[Draft]:
    family = Family.AMBIGUOUS_ENTITY
    candidates = ctx.shuffled(ctx.disambiguations, "ambiguity", key=qid)
    sources = Sources.of(ctx, candidates, pages=True)

    def drafts(trial: Trial[Candidate]) -> list[Draft]:
        page = sources.pages[trial.item.title]
        trial.require(DISAMBIGUATION, not page.missing and page.disambiguation)
        namesakes: dict[str, list[str]] = defaultdict(list)
        for link in _people_among(ctx, ctx.wikipedia.links(page.title)):
            if match := _PERSON_LINK.match(link):
                namesakes[match["name"]].append(match["what"])
        names = sorted(name for name, whats in namesakes.items() if len(whats) >= MIN_NAMESAKES)
        trial.require(NAMESAKES, bool(names))
        return [
            Draft.of(
                family,
                BIRTH_QUESTION.format(name),
                (name, None),
                defect=f"The name {name} belongs to several people ({'; '.join(namesakes[name])}).",
                provenance=AmbiguousProvenance(
                    sources=[cite.page(page)],
                    negative_checks=trial.checks,
                    page=page.title,
                    page_item=page.wikibase_item,
                    namesakes=[f"{name} ({what})" for what in namesakes[name]],
                ),
            )
            for name in names
        ]

    return gather(ctx.log, family, candidates, drafts, want=want, subject=lambda c: c.title)


def _people_among(ctx: BuildContext, titles: list[str]) -> list[str]:
    """The linked titles that name a person: a "Name (qualifier)" page whose Wikidata item is a human (Q5)."""
    shaped = [t for t in titles if _PERSON_LINK.match(t)]
    pages = ctx.wikipedia.pages(shaped)
    items = {t: p.wikibase_item for t, p in pages.items() if not p.missing and p.wikibase_item}
    entities = ctx.wikidata.entities(items.values())
    return [t for t, qid in items.items() if qid in entities and "Q5" in {s.value for s in entities[qid].truthy("P31")}]
