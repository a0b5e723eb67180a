"""nonexistent_entity: person, club and prize names recombined from real name parts, each checked to match no
Wikipedia title, no Wikipedia search hit and no Wikidata label or alias. Each is asked in the wording of the
answerable rows about its kind (a club in both football forms, beside a real player's own seasons and spells),
and asked as often as real subjects are: once to four times, in several forms and beside several real names
(a policy that knows the task file would otherwise learn that a name asked about once is invented).

The parts are Wikidata's given-name, family-name and town items (`BuildContext.given_names` and the others), never
the names of the people, clubs and prizes the set asks about: a name whose first word begins one question's name and
whose rest ends another's would tell a policy that knows the task file that it was made up (`tasks.name_parts`
measures that). The suffix of a club ("Rovers") and the rest of a prize's name ("Medal for Public Service") are
taken from real clubs and prizes: every club and prize shares them. A prize's rest is drawn as often as the
answerable award rows ask about a prize whose name ends that way (`_PrizeTails`), so that an ending naming a field
is no more common among invented prizes than among asked ones. An invented prize is asked of a real person of the
field (`prize_fields`) of a real prize whose name ends as it does, as answerable award rows ask people about prizes
of their own field; an invented person takes the persona of a real person of the build whose gender its given name
has (`_Persona`)."""

from __future__ import annotations

import re
from collections import Counter, defaultdict, deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from nohallucinate.datagen import questions
from nohallucinate.datagen.context import BuildContext, Candidate, Draft
from nohallucinate.datagen.families.careers import Spell, career_season, season_starting, short_club_name, spells
from nohallucinate.datagen.families.prize_fields import PrizeFields, build_prize_fields
from nohallucinate.datagen.gates import Gate, Trial, gather
from nohallucinate.datagen.plan import Form
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family
from nohallucinate.tasks.forms import question_subject
from nohallucinate.tasks.provenance import InventedProvenance

_SUFFIXES = "Town|City|Rovers|Athletic|United|Wanderers|Albion|Rangers|Villa|County"
_CLUB = re.compile(rf"^(?P<place>[A-Z][a-z]+(?: [A-Z][a-z]+)?) (?P<suffix>{_SUFFIXES})(?: F\.C\.)?$")
_PRIZE = re.compile(
    r"^(?:The )?(?P<name>[A-Z][a-z]+(?:[- ][A-Z][a-z]+)?) (?P<kind>Prize|Medal|Award)(?P<rest> for [A-Za-z ]+)?$"
)


# The forms each kind of invented name is asked in (a person in those its persona fits: `_Persona`).
KIND_FORMS: dict[str, tuple[Form, ...]] = {
    "person": (Form.BIRTH, Form.AWARD, Form.COUNT, Form.SEASON),
    "football club": (Form.SEASON, Form.COUNT),
    "prize": (Form.AWARD,),
}


FOOTBALL = {Form.COUNT, Form.SEASON}
_MALE, _FEMALE = "Q6581097", "Q6581072"  # Wikidata's male and female, the P21 values a given name's gender matches


@dataclass(frozen=True)
class _Persona:
    """Whom an invented person is asked as: a real person of the build, whose field decides the prizes the invented
    one is asked about and whether it is asked in the football forms. Were it asked about any prize and in the
    football forms alike, a person asked about clubs and about a prize footballers never hold, or asked about
    clubs in one football form only, would be invented (a red team found both). The persona is of the gender the
    invented person's given name has: were it drawn from every person, a woman's name asked about football where
    the build's footballers are men would be invented (a red team found that too)."""

    footballer: bool
    prizes: list[Candidate]  # the build's prizes that someone of the real person's field holds
    gender: str | None  # the real person's sex or gender (P21), None where Wikidata records none

    def forms(self) -> set[Form]:
        """The forms the invented person may be asked in."""
        return {Form.BIRTH} | ({Form.AWARD} if self.prizes else set()) | (FOOTBALL if self.footballer else set())


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

FITTING_PERSON = Gate(
    "the invented prize is asked of a person of the field of a real prize whose name ends the same way",
    "no person of the field of the prizes whose names end the same way",
)

_YEARS = re.compile(r"\b\d{4}(?:[–-]\d{2,4})?\b")  # a season ("2014–15") or a year of a spell
_Proposal = tuple[str, str, list[str]]  # kind, name, the real names' parts it was made from
# How many rows ask about one invented name, drawn per name: real subjects recur about as often.
ASKED_TIMES = (1, 2, 3, 4)


def invented_names(
    ctx: BuildContext, want: Mapping[Form, int], before: Sequence[Draft] = ()
) -> dict[Form, list[Draft]]:
    """People in the birth-date, award and football forms (as their persona fits), clubs in both football forms,
    prizes in the award form, `want` rows of each form; every name is checked three ways before it is used, then
    asked `ASKED_TIMES` times. An invented club is asked beside a player's season or spell that no row `before` asks
    him about, where one is left: were the same player and years asked with a real club and an invented one, the
    club asked less often would tell which."""
    players = _players(ctx)
    taken = {_player_and_years(d.question) for d in before}
    askable = {Form.SEASON: any(p.season for p in players), Form.COUNT: any(p.spells for p in players)}
    # An invented person is asked beside a real prize, or a real club in the years of a real player's spell there.
    entities = ctx.wikidata.entities(sorted({s.club for p in players for s in p.spells}))
    clubs = {qid: entity.label for qid, entity in entities.items() if entity.label}
    beside = {Form.AWARD: bool(ctx.prizes), Form.COUNT: bool(clubs), Form.SEASON: bool(clubs)}
    kind_forms = {
        kind: [f for f in forms if kind != "person" or beside.get(f, True)] for kind, forms in KIND_FORMS.items()
    }
    want = {form: n if askable.get(form, True) else 0 for form, n in want.items()}
    made: dict[Form, list[Draft]] = {form: [] for form in want}
    by_kind: Counter[tuple[str, Form]] = Counter()
    tails = _PrizeTails.of(ctx, before)
    proposals = _interleave(_people(ctx, before), _clubs(ctx), _prizes(ctx, tails.drawn))
    pages = ctx.wikipedia.pages(each for kind, name, _ in proposals for each in _names(kind, name))
    fields = build_prize_fields(ctx)
    askers = _prize_askers(ctx, fields, tails.prizes)
    personas = _personas(ctx, fields)
    persona_of: dict[str, _Persona] = {}
    name_gender = _given_name_genders(ctx)

    def draft(trial: Trial[_Proposal]) -> None:
        kind, name, parts = trial.item
        if kind == "person":
            # A name of either gender, or a persona of none recorded, fits either way; a name with no persona of its
            # gender is asked its birth date only.
            gender = name_gender.get(parts[0])
            if fitting := [p for p in personas if None in (gender, p.gender) or p.gender == gender]:
                persona_of[name] = ctx.pick(fitting, f"persona:{name}")
        if not _room(kind, name):
            return
        if kind == "prize":
            trial.require(FITTING_PERSON, bool(askers.get(parts[-1])))
        for each in _names(kind, name):  # each name through all three gates before the next name
            trial.require(NO_PAGE, pages[each].missing)
            trial.require(NO_SEARCH_HIT, not ctx.wikipedia.search_hits(each))
            trial.require(NO_LABEL, not ctx.wikidata.labels_matching(each))
        asked: set[str] = set()
        used: set[Form] = set()
        for index in range(ctx.pick(ASKED_TIMES, f"asked-times:{name}")):
            forms = [f for f in _room(kind, name) if f is not Form.BIRTH or f not in used]  # one birth date a person
            if not forms:
                break
            # A form the name was not yet asked in first (a person's birth date is one question), then the
            # least filled; ties to the first.
            form = min(forms, key=lambda f: (f in used, len(made[f]) / want[f]))
            row = _draft(ctx, trial, form, players, clubs, askers, persona_of.get(name), index, taken)
            if row.question not in asked:
                asked.add(row.question)  # the same player drawn twice for one club asks one question once
                taken.add(_player_and_years(row.question))
                made[form].append(row)
                by_kind[(kind, form)] += 1
            used.add(form)

    def _room(kind: str, name: str) -> list[Form]:
        """The forms with rows still wanted (for a person, of those its persona fits), a person taking at most half
        of a form it shares with clubs or prizes (so that every kind of invented name is asked in every form it
        fits)."""
        fits = persona_of[name].forms() if name in persona_of else {Form.BIRTH}
        return [
            f
            for f in kind_forms[kind]
            if (kind != "person" or f in fits)
            and len(made.get(f, ())) < want.get(f, 0)
            and (kind != "person" or f is Form.BIRTH or by_kind[(kind, f)] < want[f] // 2)
        ]

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


def _player_and_years(question: str) -> tuple[str | None, tuple[str, ...]]:
    """Whom a question asks about and the years it names: what two questions about one player's years share."""
    return question_subject(question), tuple(_YEARS.findall(question))


def _draft(
    ctx: BuildContext,
    trial: Trial[_Proposal],
    form: Form,
    players: list[_Player],
    clubs: Mapping[str, str],
    askers: Mapping[str, list[Candidate]],
    persona: _Persona | None,
    index: int,
    taken: set[tuple[str | None, tuple[str, ...]]],
) -> Draft:
    """The `index`-th row about the invented name (0 first), in `form`, beside a real name drawn for it (for a club,
    a player and years no other row asks about, while there are such)."""
    kind, name, parts = trial.item
    asked_as = name
    salt = name if index == 0 else f"{name}#{index}"
    if form is Form.BIRTH:
        question = BIRTH_QUESTION.format(name)
    elif form is Form.SEASON and kind == "person":  # an invented player beside a real club, in a real spell's season
        spell = ctx.pick([s for p in players for s in p.spells if s.club in clubs], f"fake-player-season:{salt}")
        club = short_club_name(clubs[spell.club])  # as the career tables of the answerable rows name clubs
        question = questions.APPEARANCES.format(player=name, club=club, season=season_starting(spell.start))
    elif form is Form.SEASON:
        seasons = [p for p in players if p.season]
        free = [p for p in seasons if (p.label, (p.season,)) not in taken]
        player = ctx.pick(free or seasons, f"fake-club:{salt}")
        asked_as = short_club_name(name)  # as the career tables of the answerable rows name clubs
        question = questions.APPEARANCES.format(player=player.label, club=asked_as, season=player.season)
    elif form is Form.COUNT and kind == "person":  # an invented player beside a real club, in a real spell's years
        spell = ctx.pick([s for p in players for s in p.spells if s.club in clubs], f"fake-player:{salt}")
        question = questions.COUNT.format(player=name, club=clubs[spell.club], start=spell.start, end=spell.end)
    elif form is Form.COUNT:
        spelled = [(p, s) for p in players for s in p.spells]
        unasked = [(p, s) for p, s in spelled if (p.label, (str(s.start), str(s.end))) not in taken]
        owner, spell = ctx.pick(unasked or spelled, f"fake-club:{salt}")
        question = questions.COUNT.format(player=owner.label, club=name, start=spell.start, end=spell.end)
    elif kind == "person":  # an invented person beside a real prize of its persona's field
        assert persona is not None and persona.prizes  # `_room` offers the award form only then
        prize = ctx.pick(persona.prizes, f"fake-person-prize:{salt}")
        label = ctx.wikidata.entity(prize.qid).label or prize.title
        question = questions.PRIZE.format(person=name, prize=questions.with_article(label))
    else:  # a real person beside an invented prize of their field
        person = ctx.pick(askers[parts[-1]], f"fake-prize:{salt}")
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


def _people(ctx: BuildContext, before: Sequence[Draft]) -> list[_Proposal]:
    """A given name and a family name, each from Wikidata's name items (the family names prizes do not take), the
    given names as long as the asked people's (`_given_names`)."""
    firsts = _given_names(ctx, before)
    lasts = _family_names(ctx)[0::2]
    real = {c.title for c in ctx.people + ctx.footballers}
    combos = [f"{first} {last}" for first, last in zip(firsts, lasts, strict=False)]
    return [("person", name, name.split()) for name in combos if name not in real]


def _given_names(ctx: BuildContext, before: Sequence[Draft]) -> list[str]:
    """Wikidata's given names in a seeded order whose lengths follow the first names of the people the rows `before`
    ask about: each in turn is the unused name nearest in length to the next of those lengths, drawn in a seeded
    order and over again. Wikidata's given-name items are not weighted by use, so drawn evenly they run longer than
    the names people bear (7.4 letters against 5.8 in a demo set), and "no such person" wherever a first name is long
    beat abstaining (a red team's finding)."""
    pool = ctx.shuffled(ctx.given_names, "first")
    asked = [len(name.split()[0]) for d in before if (name := question_subject(d.question))]
    lengths = [n for _, n in ctx.shuffled(list(enumerate(asked)), "first-length", key=lambda p: str(p[0]))]
    if not lengths:
        return pool
    by_length: dict[int, deque[tuple[int, str]]] = defaultdict(deque)
    for order, name in enumerate(pool):
        by_length[len(name)].append((order, name))
    drawn: list[str] = []
    while len(drawn) < len(pool):
        target = lengths[len(drawn) % len(lengths)]
        distance = min(abs(n - target) for n, names in by_length.items() if names)
        length = min(
            (n for n in (target - distance, target + distance) if by_length.get(n)), key=lambda n: by_length[n][0]
        )
        drawn.append(by_length[length].popleft()[1])
    return drawn


def _clubs(ctx: BuildContext) -> list[_Proposal]:
    """A town's name and the suffix of a real club ("Town", "Rovers"), one club a town."""
    suffixes = sorted({m["suffix"] for c in ctx.clubs if (m := _CLUB.match(c.title))})
    real = {c.title for c in ctx.clubs}
    combos = []
    for i, place in enumerate(ctx.shuffled(ctx.towns, "place")):
        suffix = suffixes[(i + 1) % len(suffixes)] if suffixes else "Town"
        name = f"{place} {suffix} F.C."
        if name not in real and name.removesuffix(" F.C.") not in real:
            combos.append(("football club", name, [place, suffix]))
    return combos


def _prizes(ctx: BuildContext, tails: Sequence[str]) -> list[_Proposal]:
    """A family name and the rest of a real prize's name ("Medal", "Prize for Poetry"), as eponymous prizes are;
    each rest drawn from `tails`, as often as it stands there (`_PrizeTails`)."""
    real = {c.title.removeprefix("The ") for c in ctx.prizes}
    combos = []
    for name in _family_names(ctx)[1::2]:
        tail = ctx.pick(tails, f"prize-tail:{name}") if tails else "Prize"
        combo = f"{name} {tail}"
        if combo not in real:
            combos.append(("prize", combo, [name, tail]))
    return combos


def _personas(ctx: BuildContext, fields: PrizeFields) -> list[_Persona]:
    """One persona per person of the build who fits a prize or plays football (`_Persona`), in the build's order."""
    entities = ctx.wikidata.entities(c.qid for c in ctx.people)
    personas = []
    for candidate in ctx.people:
        if (entity := entities.get(candidate.qid)) is None:
            continue
        prizes = [p for p in ctx.prizes if fields.fits(entity, p.qid)]
        footballer = bool(spells(entity))
        genders = {s.value for s in entity.truthy("P21") if isinstance(s.value, str)}
        if prizes or footballer:
            personas.append(_Persona(footballer, prizes, genders.pop() if len(genders) == 1 else None))
    return personas


def _given_name_genders(ctx: BuildContext) -> dict[str, str]:
    """Each given name's gender (the P21 value of the people who bear it) where Wikidata lists it as a male given
    name or a female one, not both."""
    male, female = set(ctx.male_given_names), set(ctx.female_given_names)
    return {name: _MALE for name in male - female} | {name: _FEMALE for name in female - male}


@dataclass(frozen=True)
class _PrizeTails:
    """The rests of real prizes' names ("Medal", "Prize for Poetry") that invented prizes take, and how often.

    Each answerable award row stands for one rest: its prize's, or for a prize whose name cannot be remade so
    ("Silver Lyre of Dunmarrow") a plain one of another prize ("Prize"), so that a rest naming a field ends as large a
    share of invented prizes as of asked ones. Drawn evenly from the build's prizes instead, a rest that one unasked
    prize had ("Award for Architecture") ended as many invented prizes as "Prize" did, and a red team told invented
    prizes by their field (0.565 over the award form). Whom an invented prize is asked of still follows the real
    prizes whose names end as its does (`_prize_askers`)."""

    drawn: list[str]  # one rest an answerable award row, each as often as the rows stand for it
    prizes: dict[str, list[str]]  # the real prizes (QIDs) whose names end with each rest

    @classmethod
    def of(cls, ctx: BuildContext, before: Sequence[Draft]) -> _PrizeTails:
        """The rests the award rows `before` stand for; without such rows, each of the build's prizes once."""
        asked = [
            (d.provenance["prize"], d.provenance["prize_label"])
            for d in before
            if d.family is Family.PRECISE_FACT and d.provenance.get("kind") == "award_year"
        ]
        return (
            cls._standing_for(ctx, asked)
            or cls._standing_for(ctx, [(c.qid, c.title) for c in ctx.prizes])
            or cls([], {})
        )

    @classmethod
    def _standing_for(cls, ctx: BuildContext, named: Sequence[tuple[str, str]]) -> _PrizeTails | None:
        """The rests that these prizes (QID, name) stand for, once each; None when no name can be remade."""
        prizes: dict[str, list[str]] = {}
        kinds: dict[str, list[str]] = {}  # "Prize": the prizes of that kind, with a rest or not
        ends = [(prize, _PRIZE.match(title)) for prize, title in named]
        for prize, match in ends:
            if match:
                prizes.setdefault(f"{match['kind']}{match['rest'] or ''}", []).append(prize)
                kinds.setdefault(match["kind"], []).append(prize)
        if not prizes:
            return None
        # A plain rest that a prize has; where none has one, a bare kind asked of the field of its prizes.
        plain = sorted(kind for kind in kinds if kind in prizes) or sorted(kinds)
        for kind in plain:
            prizes.setdefault(kind, kinds[kind])
        drawn = [f"{m['kind']}{m['rest'] or ''}" if m else ctx.pick(plain, f"plain-tail:{prize}") for prize, m in ends]
        return cls(sorted(drawn), prizes)


def _prize_askers(ctx: BuildContext, fields: PrizeFields, tails: Mapping[str, list[str]]) -> dict[str, list[Candidate]]:
    """Whom an invented prize may be asked of, by the rest of its name: the people of the field of a real prize
    whose name ends the same way (`prize_fields`). Answerable award rows ask people about prizes of their own
    field, so an invented prize asked of anyone (a footballer and a "Medal for Painting") would stand out."""
    entities = ctx.wikidata.entities(c.qid for c in ctx.people)
    askers: dict[str, list[Candidate]] = {}
    for tail, prizes in tails.items():
        askers[tail] = [
            c for c in ctx.people if c.qid in entities and any(fields.fits(entities[c.qid], p) for p in prizes)
        ]
    return askers


def _family_names(ctx: BuildContext) -> list[str]:
    """The family names in the build's order: people take every other one and prizes the rest, so that no
    invented person shares a part with an invented prize."""
    return ctx.shuffled(ctx.family_names, "family")


def _interleave(*lists: list[_Proposal]) -> list[_Proposal]:
    merged = []
    for i in range(max((len(x) for x in lists), default=0)):
        merged += [x[i] for x in lists if i < len(x)]
    return merged
