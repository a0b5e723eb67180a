"""nonexistent_entity: person, club and prize names recombined from real name parts, each checked to match no
Wikipedia title, no Wikipedia search hit and no Wikidata label or alias. Each is asked in the wording of the
answerable rows about its kind (a club in both football forms, beside a real player's own seasons and spells)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from nohallucinate.datagen import questions
from nohallucinate.datagen.context import BuildContext, Draft
from nohallucinate.datagen.families.careers import Spell, career_season, short_club_name, spells
from nohallucinate.datagen.gates import Gate, Trial, gather
from nohallucinate.datagen.plan import Form
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family
from nohallucinate.tasks.provenance import InventedProvenance

_TWO_WORDS = re.compile(r"^[A-Z][a-z]+ [A-Z][a-z-]+$")
_SUFFIXES = "Town|City|Rovers|Athletic|United|Wanderers|Albion|Rangers|Villa|County"
_CLUB = re.compile(rf"^(?P<place>[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?P<suffix>{_SUFFIXES})(?: F\.C\.)?$")
_PRIZE = re.compile(
    r"^(?:The )?(?P<name>[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?) (?P<kind>Prize|Medal|Award)(?P<rest> for [A-Za-z ]+)?$"
)


# The forms each kind of invented name is asked in.
KIND_FORMS: dict[str, tuple[Form, ...]] = {
    "person": (Form.BIRTH,),
    "football club": (Form.SEASON, Form.COUNT),
    "prize": (Form.AWARD,),
}


@dataclass(frozen=True)
class _Player:
    """A real footballer to ask about an invented club, with a season and the spells of his own career."""

    label: str
    season: str | None
    spells: list[Spell]


# Checked against the Wikipedia and Wikidata the build consulted (the row's provenance says which: `consulted`).
NO_PAGE = Gate("no page of the consulted Wikipedia has the name as its title", "a Wikipedia page has this title")
NO_SEARCH_HIT = Gate(
    "a search of the consulted Wikipedia finds no article containing the name", "Wikipedia search finds the name"
)
NO_LABEL = Gate(
    "no item of the consulted Wikidata has the name as an English label or alias",
    "a Wikidata item has this label or alias",
)

_Proposal = tuple[str, str, list[str]]  # kind, name, the real names' parts it was made from


def invented_names(ctx: BuildContext, want: Mapping[Form, int]) -> dict[Form, list[Draft]]:
    """People in the birth-date form, clubs in both football forms, prizes in the award form, `want` rows of
    each form; every name is checked three ways before it is used."""
    players = _players(ctx)
    askable = {Form.SEASON: any(p.season for p in players), Form.COUNT: any(p.spells for p in players)}
    want = {form: n if askable.get(form, True) else 0 for form, n in want.items()}
    made: dict[Form, list[Draft]] = {form: [] for form in want}
    proposals = _interleave(_people(ctx), _clubs(ctx), _prizes(ctx))
    pages = ctx.wikipedia.pages(each for kind, name, _ in proposals for each in _names(kind, name))

    def draft(trial: Trial[_Proposal]) -> None:
        kind, name, _ = trial.item
        forms = [f for f in KIND_FORMS[kind] if len(made.get(f, ())) < want.get(f, 0)]
        if not forms:
            return
        for each in _names(kind, name):  # each name through all three gates before the next name
            trial.require(NO_PAGE, pages[each].missing)
            trial.require(NO_SEARCH_HIT, not ctx.wikipedia.search_hits(each))
            trial.require(NO_LABEL, not ctx.wikidata.labels_matching(each))
        form = min(forms, key=lambda f: len(made[f]) / want[f])  # the least filled; ties to the first
        made[form].append(_draft(ctx, trial, form, players))

    def enough() -> bool:
        return all(len(made[form]) >= n for form, n in want.items())

    gather(ctx.log, Family.NONEXISTENT_ENTITY, proposals, draft, want=enough, subject=lambda p: p[1])
    return made


def _names(kind: str, name: str) -> list[str]:
    """The names an invented entity must not answer to: a club also by its short name, as season rows ask it."""
    short = short_club_name(name) if kind == "football club" else name
    return [name] if short == name else [name, short]


def _players(ctx: BuildContext) -> list[_Player]:
    entities = ctx.wikidata.entities(c.qid for c in ctx.footballers)
    wikitexts = ctx.wikipedia.wikitexts(c.title for c in ctx.footballers)
    players = []
    for candidate in ctx.footballers:
        entity = entities.get(candidate.qid)
        if entity is None:
            continue
        wikitext = wikitexts.get(candidate.title, ("", None))[0]
        players.append(_Player(entity.label or candidate.title, career_season(entity, wikitext), spells(entity)))
    return players


def _draft(ctx: BuildContext, trial: Trial[_Proposal], form: Form, players: list[_Player]) -> Draft:
    kind, name, parts = trial.item
    asked_as = name
    if form is Form.BIRTH:
        question = BIRTH_QUESTION.format(name)
    elif form is Form.SEASON:
        player = ctx.pick([p for p in players if p.season], f"fake-club:{name}")
        asked_as = short_club_name(name)  # as the career tables of the answerable rows name clubs
        question = questions.APPEARANCES.format(player=player.label, club=asked_as, season=player.season)
    elif form is Form.COUNT:
        player = ctx.pick([p for p in players if p.spells], f"fake-club:{name}")
        spell = ctx.pick(player.spells, f"fake-club-spell:{name}")
        question = questions.COUNT.format(player=player.label, club=name, start=spell.start, end=spell.end)
    else:
        person = ctx.pick(ctx.people, f"fake-prize:{name}")
        label = ctx.wikidata.entity(person.qid).label or person.title
        asked_as = questions.with_article(name)
        question = questions.PRIZE.format(person=label, prize=asked_as)
    called = asked_as if form is Form.SEASON else name
    return Draft.of(
        Family.NONEXISTENT_ENTITY,
        question,
        (name, None),
        defect=f"No {kind} called {called} exists: the name was recombined from parts of real names.",
        provenance=InventedProvenance(
            sources=[],
            negative_checks=trial.checks,
            kind=kind,
            form=form.value,
            name=name,
            asked_as=asked_as,
            name_parts=parts,
        ),
    )


def _people(ctx: BuildContext) -> list[_Proposal]:
    names = [c.title for c in ctx.people + ctx.footballers if _TWO_WORDS.match(c.title)]
    firsts = ctx.shuffled(sorted({n.split()[0] for n in names}), "first")
    lasts = ctx.shuffled(sorted({n.split()[1] for n in names}), "last")
    real = set(names)
    combos = [f"{first} {last}" for first, last in zip(firsts, lasts[1:] + lasts[:1], strict=False)]
    return [("person", name, name.split()) for name in combos if name not in real]


def _clubs(ctx: BuildContext) -> list[_Proposal]:
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


def _prizes(ctx: BuildContext) -> list[_Proposal]:
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


def _interleave(*lists: list[_Proposal]) -> list[_Proposal]:
    merged = []
    for i in range(max((len(x) for x in lists), default=0)):
        merged += [x[i] for x in lists if i < len(x)]
    return merged
