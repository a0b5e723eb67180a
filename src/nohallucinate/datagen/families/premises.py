"""false_premise: a real player and a club he never played for, a real person and a prize of their field (held by
someone who shares an occupation with them) they never received.

The negative is established on every statement at every rank (a deprecated statement still records a link),
and on the article's wikitext, which must not name the club or prize at all. Clubs are asked in both football
forms (league appearances in a season of his career, matches over a spell of his career) and prizes in the
award form, each beside answerable rows of the same wording; a club or prize that answerable rows of the form ask
about is preferred, so that its name alone does not give the row away.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from nohallucinate.datagen import cite, questions
from nohallucinate.datagen.context import BuildContext, Candidate, Draft, unique_candidates
from nohallucinate.datagen.entities import Entity
from nohallucinate.datagen.families.careers import Spell, career_season, short_club_name, spells
from nohallucinate.datagen.families.prize_fields import PrizeFields, build_prize_fields, held_prizes
from nohallucinate.datagen.gates import Gate, Sources, Trial, gather, qid
from nohallucinate.datagen.plan import Form
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import PremiseKind, PremiseProvenance

Answered = Mapping[Form, Collection[str]]  # the clubs and prizes answerable drafts ask about, by form


def never_played(ctx: BuildContext, want: Mapping[Form, int], answered: Answered) -> dict[Form, list[Draft]]:
    """A footballer, a club none of his P54 statements names, and a season or a spell of his own career; `want`
    gives the rows of each football form, and each player is asked in the form least filled so far."""
    return _premises(ctx, want, answered, ctx.footballers, ctx.clubs, "P54", "club")


def never_received(ctx: BuildContext, want: int, answered: Answered) -> list[Draft]:
    """A person, and a prize of their field (`prize_fields`) none of their P166 statements names; never a person
    whose birth is recorded only to the year. Why: such a person's birth-date question is unrecorded_fact, and were
    the same people drawn for prizes they never received, a policy that learnt one row's family would name the
    other's defect (a red team found 0.62 over the award form)."""
    year_only = {c.qid for c in ctx.year_only}
    people = [c for c in ctx.people if c.qid not in year_only]
    fields = build_prize_fields(ctx)
    prizes = unique_candidates([*ctx.prizes, *held_prizes(ctx, fields)])
    made = _premises(ctx, {Form.AWARD: want}, answered, people, prizes, "P166", "prize", fields)
    return made[Form.AWARD]


def answered_objects(ctx: BuildContext, drafts: Iterable[Draft]) -> dict[Form, set[str]]:
    """The clubs and prizes (QIDs) that answerable drafts ask about, by form: award years name a prize, match
    counts a club, season rows a club through the link of the career table's club cell."""
    club_titles = {c.title: c.qid for c in ctx.clubs}
    answered: dict[Form, set[str]] = {Form.AWARD: set(), Form.COUNT: set(), Form.SEASON: set()}
    for draft in drafts:
        p = draft.provenance
        if draft.family is Family.PRECISE_FACT and p.get("kind") == "award_year":
            answered[Form.AWARD].add(p["prize"])
        elif draft.family is Family.PRECISE_FACT and p.get("kind") == "match_count":
            answered[Form.COUNT].add(p["club"])
        elif draft.family is Family.FOOTBALL_SEASON and p.get("club_link") in club_titles:
            answered[Form.SEASON].add(club_titles[p["club_link"]])
    return answered


@dataclass(frozen=True)
class _Ask:
    """How a row asks about the premise: its form, the season or spell it names."""

    form: Form
    season: str | None = None
    spell: Spell | None = None

    def fields(self) -> dict[str, Any]:
        """The provenance fields of the season or spell asked about."""
        if self.spell is not None:
            return {"spell_statement": self.spell.statement.id, "start": self.spell.start, "end": self.spell.end}
        return {"season": self.season}


OWN_CAREER = Gate(
    "the season or the spell's years asked about are of his own career", "no season or spell of his career to ask about"
)
OWN_FIELD = Gate(
    "someone who shares one of the person's occupations (P106) holds the prize", "no prize of the person's field"
)
UNLINKED = {
    kind: Gate(
        f"{prop} at every rank, deprecated included, never names the {kind}, and the article wikitext never names it",
        f"no {kind} left that the records never link",
    )
    for kind, prop in (("club", "P54"), ("prize", "P166"))
}


def _premises(
    ctx: BuildContext,
    want: Mapping[Form, int],
    answered: Answered,
    subjects: list[Candidate],
    objects: list[Candidate],
    prop: str,
    kind: PremiseKind,
    fields: PrizeFields | None = None,
) -> dict[Form, list[Draft]]:
    family = Family.FALSE_PREMISE
    subjects = ctx.shuffled(subjects, f"premise:{kind}", key=qid)
    sources = Sources.of(ctx, subjects, entities=True, wikitexts=True)
    things = ctx.wikidata.entities(o.qid for o in objects)
    made: dict[Form, list[Draft]] = {form: [] for form in want}

    def open_forms() -> list[Form]:
        return [form for form, n in want.items() if len(made[form]) < n]

    def draft(trial: Trial[Candidate]) -> None:
        candidate = trial.item
        entity = sources.entity(candidate)
        wikitext, revision = sources.wikitext(candidate)
        ask = _ask(ctx, entity, wikitext, sorted(open_forms(), key=lambda f: len(made[f]) / want[f]))  # stable
        if ask is None or ask.form is not Form.AWARD:  # a prize is asked about without a season or spell
            trial.require(OWN_CAREER, ask is not None)
        assert ask is not None
        linked = {s.value for s in entity.statements(prop)}  # every rank, deprecated included
        preferred = answered.get(ask.form, ())
        options = objects
        if fields is not None:  # a prize of the person's field: answerable award rows ask about no other kind
            fitting = fields.fitting(entity)
            options = [o for o in objects if o.qid in fitting]
            trial.require(OWN_FIELD, bool(options))
        thing = _unlinked(ctx, candidate, options, things, linked, wikitext.casefold(), kind, preferred)
        trial.require(UNLINKED[kind], thing is not None)
        assert thing is not None and thing.label is not None
        label = entity.label or candidate.title
        if ask.form is Form.SEASON:
            asked_as = short_club_name(thing.label)  # as the career tables of the answerable rows name clubs
            question = questions.APPEARANCES.format(player=label, club=asked_as, season=ask.season)
        elif ask.form is Form.COUNT:
            assert ask.spell is not None
            asked_as = thing.label  # as the answerable match counts name clubs
            question = questions.COUNT.format(player=label, club=asked_as, start=ask.spell.start, end=ask.spell.end)
        else:
            asked_as = questions.with_article(thing.label)
            question = questions.PRIZE.format(person=label, prize=asked_as)
        defect = f"{label} never played for {thing.label}" if kind == "club" else f"{label} never received {asked_as}"
        made[ask.form].append(
            Draft.of(
                family,
                question,
                (label, entity),
                defect=_sentence(defect),
                provenance=PremiseProvenance(
                    **cite.item(entity, cite.entity(thing), cite.wikitext(candidate.title, revision)),
                    negative_checks=trial.checks,
                    kind=kind,
                    form=ask.form.value,
                    title=candidate.title,
                    object=thing.id,
                    object_label=thing.label,
                    asked_as=asked_as,
                    property=prop,
                    **ask.fields(),
                ),
            )
        )

    gather(ctx.log, family, subjects, draft, want=lambda: not open_forms(), subject=qid)
    return made


def _ask(ctx: BuildContext, entity: Entity, wikitext: str, forms: list[Form]) -> _Ask | None:
    """The first of `forms` (least filled first) this subject can be asked in."""
    for form in forms:
        if form is Form.AWARD:
            return _Ask(form)
        if form is Form.SEASON and (season := career_season(entity, wikitext)) is not None:
            return _Ask(form, season=season)
        if form is Form.COUNT and (career := spells(entity)):
            return _Ask(form, spell=ctx.pick(career, f"premise-spell:{entity.id}"))
    return None


def _unlinked(
    ctx: BuildContext,
    candidate: Candidate,
    objects: list[Candidate],
    things: dict[str, Entity],
    linked: Collection[object],
    wikitext: str,
    kind: str,
    preferred: Collection[str] = (),
) -> Entity | None:
    """The first club or prize, in a seeded order with the preferred ones (those answerable rows of the same form
    ask about) first, that the subject's records never link and the article never names."""
    family = Family.FALSE_PREMISE
    options = ctx.shuffled(objects, f"object:{candidate.qid}", key=lambda o: o.qid)
    for option in sorted(options, key=lambda o: o.qid not in preferred):  # stable: seeded order within each part
        thing = things.get(option.qid)
        if thing is None or thing.label is None or thing.id in linked:
            continue
        if any(name.casefold() in wikitext for name in _names_of(thing.label, option.title)):
            ctx.log.reject(family, f"{candidate.qid}/{thing.id}", f"the article names the {kind}")
            continue
        return thing
    return None


def _names_of(label: str, title: str) -> set[str]:
    """The ways an article may name a club or prize: its label, its title, and its short form ("X" for "X F.C.")."""
    return {label, title, short_club_name(label), re.sub(r"^The\s+", "", label)}


def _sentence(text: str) -> str:
    return text if text.endswith(".") else text + "."
