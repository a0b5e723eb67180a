"""biography: the article bundled in the row, with K counted on its lead by the grader's own decomposer."""

from __future__ import annotations

from nohallucinate.claims.anchors import specific_claims
from nohallucinate.datagen import cite, questions
from nohallucinate.datagen.context import BuildContext, Candidate, Draft
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.spec import clamp_k
from nohallucinate.tasks import Article, Family
from nohallucinate.tasks.provenance import BiographyProvenance

MIN_ARTICLE_CHARS = 1500  # shorter articles leave too little to grade a biography against

LONG_ENOUGH = Gate(f"an article of at least {MIN_ARTICLE_CHARS} characters", "the article is too short")
# A reason, not a Gate: as for a missing source (gates.py), a row's evidence is in its sources: the one revision it
# cites is the one its lead and its text were both read from, so no check need say so besides.
EDITED_BETWEEN = "the article was edited between its lead and its text were read"


def biographies(ctx: BuildContext, want: int) -> list[Draft]:
    family = Family.BIOGRAPHY
    people = {c.qid: c for c in ctx.people + ctx.footballers}  # one per item: the last listed, as ever
    candidates = ctx.shuffled(list(people.values()), "biography", key=qid)
    sources = Sources.of(ctx, candidates, entities=True, pages=True)

    def draft(trial: Trial[Candidate]) -> Draft:
        entity = sources.entity(trial.item)
        page = sources.lead(trial.item)
        assert page.lead is not None  # `lead` turns away pages without one
        text = ctx.wikipedia.whole_text(page.title)  # one request per article: only for the ones we keep going with
        if text.revision != page.revision:  # a row cites one revision: the lead and the text must both be of it
            trial.reject(EDITED_BETWEEN)
        trial.require(LONG_ENOUGH, len(text.text) >= MIN_ARTICLE_CHARS)
        label = entity.label or page.title
        # K counts the lead's facts as F1@K counts a reply's: claims with a date, number or name beyond the subject.
        facts = len(specific_claims(ctx.decompose(page.lead, label), label))
        return Draft.of(
            family,
            questions.BIOGRAPHY.format(label),
            (label, entity),
            article=Article(
                title=page.title,
                lead=page.lead,
                text=text.text,
                url=ctx.wikipedia.transport.source.article_url(page.title),
            ),
            k=clamp_k(facts),
            provenance=BiographyProvenance(
                **cite.item(entity, cite.whole_text(text)),
                checks=trial.checks,
                title=page.title,
                lead_facts=facts,
                k_decomposer=ctx.decomposer_name,
            ),
        )

    return gather(ctx.log, family, candidates, draft, want=want, subject=qid)
