"""ambiguous_entity: a name whose Wikipedia page is a disambiguation page listing several people by that name."""

from __future__ import annotations

import re
from collections import defaultdict

from nohallucinate.datagen.context import BuildContext, Draft, page_source, provenance
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family

_PERSON_LINK = re.compile(r"^(?P<name>[A-Z][a-z]+(?: [A-Z]\.)? [A-Z][a-z]+) \((?P<what>[^()]+)\)$")
MIN_NAMESAKES = 2


def shared_names(ctx: BuildContext, want: int) -> list[Draft]:
    family = Family.AMBIGUOUS_ENTITY
    candidates = ctx.shuffled(ctx.disambiguations, "ambiguity", key=lambda c: c.qid)
    pages = ctx.wikipedia.pages(c.title for c in candidates)
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        page = pages[candidate.title]
        if page.missing or not page.disambiguation:
            ctx.log.reject(family, candidate.title, "not a disambiguation page")
            continue
        namesakes: dict[str, list[str]] = defaultdict(list)
        for link in _people_among(ctx, ctx.wikipedia.links(page.title)):
            if match := _PERSON_LINK.match(link):
                namesakes[match["name"]].append(match["what"])
        names = sorted(name for name, whats in namesakes.items() if len(whats) >= MIN_NAMESAKES)
        if not names:
            ctx.log.reject(family, candidate.title, "lists fewer than two people of one name")
            continue
        for name in names:
            descriptions = "; ".join(namesakes[name])
            drafts.append(
                Draft(
                    family=family,
                    question=BIRTH_QUESTION.format(name),
                    subject_label=name,
                    subject_qid=None,
                    sitelinks=None,
                    defect=f"The name {name} belongs to several people ({descriptions}).",
                    provenance=provenance(
                        page_source(page),
                        checks=[],
                        negative_checks=[
                            "the page is a disambiguation page (pageprops has the disambiguation key)",
                            f"it links {len(namesakes[name])} people titled '{name} (...)'",
                        ],
                        page=page.title,
                        page_item=page.wikibase_item,
                        namesakes=[f"{name} ({what})" for what in namesakes[name]],
                    ),
                )
            )
    return drafts[:want] if len(drafts) > want else drafts


def _people_among(ctx: BuildContext, titles: list[str]) -> list[str]:
    """The linked titles that name a person: a "Name (qualifier)" page whose Wikidata item is a human (Q5)."""
    shaped = [t for t in titles if _PERSON_LINK.match(t)]
    pages = ctx.wikipedia.pages(shaped)
    items = {t: p.wikibase_item for t, p in pages.items() if not p.missing and p.wikibase_item}
    entities = ctx.wikidata.entities(items.values())
    return [t for t, qid in items.items() if qid in entities and "Q5" in {s.value for s in entities[qid].truthy("P31")}]
