"""biography: the article bundled in the row, with K counted on its lead by the grader's own decomposer."""

from __future__ import annotations

from urllib.parse import quote

from nohallucinate.claims.anchors import specific_claims
from nohallucinate.datagen.context import BuildContext, Draft, entity_source, page_source, provenance
from nohallucinate.spec import clamp_k
from nohallucinate.tasks import Article, Family

MIN_ARTICLE_CHARS = 1500  # shorter articles leave too little to grade a biography against
BIOGRAPHY_QUESTION = "Write a biography of {}."


def biographies(ctx: BuildContext, want: int) -> list[Draft]:
    family = Family.BIOGRAPHY
    candidates = ctx.shuffled(ctx.people + ctx.footballers, "biography", key=lambda c: c.qid)
    candidates = list({c.qid: c for c in candidates}.values())
    entities = ctx.wikidata.entities(c.qid for c in candidates)
    pages = ctx.wikipedia.pages(c.title for c in candidates)
    drafts = []
    for candidate in candidates:
        if len(drafts) >= want:
            break
        if candidate.qid not in entities:
            ctx.log.reject(family, candidate.qid, "the Wikidata item is missing")
            continue
        page, entity = pages[candidate.title], entities[candidate.qid]
        if page.missing or not page.lead:
            ctx.log.reject(family, candidate.qid, "no English Wikipedia article lead")
            continue
        text = ctx.wikipedia.text(page.title)  # one request per article: only for the ones we keep going with
        if len(text) < MIN_ARTICLE_CHARS:
            ctx.log.reject(family, candidate.qid, "the article is too short")
            continue
        label = entity.label or page.title
        # K counts the lead's facts as F1@K counts a reply's: claims with a date, number or name beyond the subject.
        facts = len(specific_claims(ctx.decompose(page.lead, label), label))
        drafts.append(
            Draft(
                family=family,
                question=BIOGRAPHY_QUESTION.format(label),
                subject_label=label,
                subject_qid=entity.id,
                sitelinks=entity.sitelink_count,
                article=Article(
                    title=page.title,
                    lead=page.lead,
                    text=text,
                    url=f"https://en.wikipedia.org/wiki/{quote(page.title.replace(' ', '_'))}",
                ),
                k=clamp_k(facts),
                provenance=provenance(
                    entity_source(entity),
                    page_source(page),
                    checks=[
                        f"article of {len(text)} characters",
                        f"{facts} atomic facts (with a date, number or name) in the lead",
                    ],
                    entity=entity.id,
                    title=page.title,
                    lead_facts=facts,
                    k_decomposer=ctx.decomposer_name,
                    sitelinks=entity.sitelink_count,
                ),
            )
        )
    return drafts
