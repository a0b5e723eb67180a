"""Re-derive every row of a task file from the sources, without the builders' code.

The verifier shares only the clients, the low-level readers (entities, dates, the career-table parser) and the
provenance schema (`tasks/provenance.py`) with the builder; every decision (which date, which negative, which
count) is taken again here, from the row's provenance and what the sources say now, so a mistake in a builder's
reasoning cannot hide itself.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from nohallucinate.answers.dates import PartialDate, find_dates, parse_date
from nohallucinate.claims import decompose
from nohallucinate.claims.anchors import specific_claims
from nohallucinate.datagen.entities import Entity, Quantity, Time
from nohallucinate.datagen.transport import WikimediaTransport
from nohallucinate.datagen.wikidata import Wikidata
from nohallucinate.datagen.wikipedia import Wikipedia
from nohallucinate.datagen.wikitext import club_seasons
from nohallucinate.spec import DAY_PRECISION, clamp_k
from nohallucinate.tasks import Family, Task
from nohallucinate.tasks.checks import task_set_problems
from nohallucinate.tasks.families import unregistered
from nohallucinate.tasks.provenance import (
    AmbiguousProvenance,
    AwardYearProvenance,
    BiographyProvenance,
    BirthDateProvenance,
    InventedProvenance,
    MatchCountProvenance,
    PremiseProvenance,
    SeasonProvenance,
    UnrecordedProvenance,
    provenance_as,
)

_PARENTHETICAL = re.compile(r"\(((?:[^()]|\([^()]*\))*)\)")
_YEAR = re.compile(r"\b(1[0-9]{3}|20[0-9]{2})\b")


@dataclass(frozen=True)
class Finding:
    """A row that does not hold, and why."""

    task_id: str
    family: str
    problem: str


class _Sources:
    def __init__(self, transport: WikimediaTransport) -> None:
        self.wikidata = Wikidata(transport)
        self.wikipedia = Wikipedia(transport)


def verify(tasks: list[Task], transport: WikimediaTransport, on_row: Callable[[], None] | None = None) -> list[Finding]:
    """Every problem found; an empty list means every row holds. `on_row` is told as each row's check ends."""
    if missing := unregistered(_CHECKS):
        raise NotImplementedError(f"no verifier check for the families {', '.join(missing)}")
    sources = _Sources(transport)
    _fetch_cited(sources, tasks)
    findings = [Finding("*", "*", problem) for problem in task_set_problems(tasks)]
    for task in tasks:
        check = _CHECKS[task.family]
        try:
            problem = check(sources, task)
        except (KeyError, LookupError, ValueError) as exc:
            problem = f"{type(exc).__name__}: {exc}"
        if problem:
            findings.append(Finding(task.task_id, task.family.value, problem))
        if on_row is not None:
            on_row()
    return findings


def _fetch_cited(sources: _Sources, tasks: list[Task]) -> None:
    """Every item and page the rows cite, and the wikitext of every article a check parses, fetched in full
    batches as the build fetches them; each row's check then reads them from memory instead of asking once per
    row. What a check reads besides is fetched by it."""
    cited = [s for task in tasks for s in task.provenance.get("sources", []) if isinstance(s, dict)]
    sources.wikidata.entities(sorted({str(s["entity"]) for s in cited if s.get("api") == "wikidata" and "entity" in s}))
    sources.wikipedia.pages(sorted({str(s["title"]) for s in cited if s.get("api") == "wikipedia" and "title" in s}))
    parsed = {str(t.provenance["title"]) for t in tasks if t.family in _READS_WIKITEXT and "title" in t.provenance}
    sources.wikipedia.wikitexts(sorted(parsed))


def _precise(sources: _Sources, task: Task) -> str | None:
    check = _PRECISE_KINDS.get(task.provenance.get("kind"), _birth)
    return check(sources, task)


def _match_count(sources: _Sources, task: Task) -> str | None:
    p = provenance_as(task, MatchCountProvenance)
    entity = sources.wikidata.entity(p.entity)
    statement = next((s for s in entity.statements("P54") if s.id == p.statement), None)
    if statement is None or statement.value != p.club:
        return f"no P54 statement {p.statement} for club {p.club}"
    played = [q.value for q in statement.qualifiers.get("P1350", ())]
    if len(played) != 1 or str(int(cast(Quantity, played[0]).amount)) != task.gold:  # not a quantity: raises
        return f"P1350 says {played}, the row says {task.gold}"
    return None


def _award_year(sources: _Sources, task: Task) -> str | None:
    """One statement at preferred or normal rank names the prize, with one point in time, in the gold's year."""
    p = provenance_as(task, AwardYearProvenance)
    entity = sources.wikidata.entity(p.entity)
    held = [s for s in entity.statements("P166", ("preferred", "normal")) if s.value == p.prize]
    if len(held) != 1:
        return f"{len(held)} P166 statements at preferred or normal rank name {p.prize}"
    if held[0].id != p.statement:
        return f"the P166 statement for {p.prize} is {held[0].id}, the row names {p.statement}"
    times = [q.value for q in held[0].qualifiers.get("P585", ())]
    if len(times) != 1 or not isinstance(times[0], Time) or times[0].precision < 9:
        return f"the statement's points in time (P585) are {times}: not one year"
    year = times[0].as_partial_date().year
    if str(year) != task.gold:
        return f"P585 gives {year}, the row says {task.gold}"
    prize = sources.wikidata.entity(p.prize)
    if prize.label is None or _without_the(prize.label) not in task.question:
        return f"the question does not name the prize {prize.label!r}"
    return None


def _birth(sources: _Sources, task: Task) -> str | None:
    p = provenance_as(task, BirthDateProvenance)
    entity = sources.wikidata.entity(p.entity)
    gold = parse_date(task.gold or "")
    recorded = {
        s.value.as_partial_date()
        for s in entity.statements("P569", ("preferred", "normal"))
        if isinstance(s.value, Time) and s.value.precision >= DAY_PRECISION
    }
    if recorded != {gold}:
        return f"Wikidata's day-precision birth dates are {sorted(map(str, recorded))}, the row says {task.gold}"
    lead = sources.wikipedia.page(p.title).lead or ""
    stated = _first_full_date(lead)
    if stated != gold:
        return f"the lead's first full date is {stated}, the row says {task.gold}"
    return None


def _season(sources: _Sources, task: Task) -> str | None:
    p = provenance_as(task, SeasonProvenance)
    wikitext, _ = sources.wikipedia.wikitexts([p.title])[p.title]
    lines = [line for line in club_seasons(wikitext) if line.club == p.club and line.season == p.season]
    if len(lines) != 1:
        return f"the table has {len(lines)} rows for {p.club} {p.season}"
    if str(lines[0].league_apps) != task.gold:
        return f"the table says {lines[0].league_apps} league appearances, the row says {task.gold}"
    if p.club not in task.question or p.season not in task.question:
        return "the question does not name the club and season of the provenance"
    return None


def _biography(sources: _Sources, task: Task) -> str | None:
    assert task.article is not None
    p = provenance_as(task, BiographyProvenance)
    page = sources.wikipedia.page(p.title)
    text = sources.wikipedia.whole_text(page.title)
    cited = [s.get("revision") for s in p.sources if s.get("api") == "wikipedia" and s.get("title") == p.title]
    if len(cited) != 1:
        return f"the row cites {len(cited)} revisions of {p.title!r}"
    # The lead and the text come from two requests: each must be of the one revision the row cites.
    for part, revision in (("lead", page.revision), ("text", text.revision)):
        if revision != cited[0]:
            return f"the article's {part} is of revision {revision}, the row cites {cited[0]}"
    if page.lead != task.article.lead:
        return "the bundled lead differs from the article's"
    if text.text != task.article.text:
        return "the bundled text differs from the article's"
    if p.k_decomposer == "local":
        facts = specific_claims(decompose(page.lead or "", task.subject.label), task.subject.label)
        expected = clamp_k(len(facts))  # the spec's numbers; the counting is our own
        if task.k != expected:
            return f"K is {task.k}, the lead's facts give {expected}"
    return None


def _premise(sources: _Sources, task: Task) -> str | None:
    p = provenance_as(task, PremiseProvenance)
    entity = sources.wikidata.entity(p.entity)
    linked = [s for s in entity.statements(p.property) if s.value == p.object]
    if linked:
        return f"{p.property} links {p.object} at rank {linked[0].rank}: the premise is not false"
    wikitext, _ = sources.wikipedia.wikitexts([p.title])[p.title]
    label = p.object_label
    for name in dict.fromkeys([label, _short_club(label)] if p.property == "P54" else [label]):
        if name.casefold() in wikitext.casefold():
            return f"the article names {name!r}"
    if not any(name in task.question for name in (label, _short_club(label), _without_the(label))):
        return "the question does not name the object of the provenance"
    if p.spell_statement is not None:
        return _real_spell(entity, p.spell_statement, task.question)
    return None


def _real_spell(entity: Entity, statement: str, question: str) -> str | None:
    """The years a count question names are a spell of the player's own career (P54 start and end years)."""
    spell = next((s for s in entity.statements("P54", ("preferred", "normal")) if s.id == statement), None)
    if spell is None:
        return f"no P54 statement {statement} at preferred or normal rank"
    years = []
    for prop in ("P580", "P582"):
        values = [q.value for q in spell.qualifiers.get(prop, ())]
        if len(values) != 1 or not isinstance(values[0], Time) or values[0].precision < 9:
            return f"the spell's {prop} is not one year"
        years.append(values[0].as_partial_date().year)
    if f"between {years[0]} and {years[1]}" not in question:
        return f"the question does not ask about his spell from {years[0]} to {years[1]}"
    return None


def _nonexistent(sources: _Sources, task: Task) -> str | None:
    p = provenance_as(task, InventedProvenance)
    club = p.kind == "football club"
    names = list(dict.fromkeys([p.name, _short_club(p.name)] if club else [p.name]))
    for name in names:
        if not sources.wikipedia.page(name).missing:
            return f"a Wikipedia page is titled {name!r}"
        if sources.wikipedia.search_hits(name):
            return f"Wikipedia search finds {name!r}"
        if sources.wikidata.labels_matching(name):
            return f"a Wikidata item is labelled {name!r}"
    if not any(name in task.question for name in names):
        return "the question does not name the entity of the provenance"
    return None


def _unrecorded(sources: _Sources, task: Task) -> str | None:
    p = provenance_as(task, UnrecordedProvenance)
    entity = sources.wikidata.entity(p.entity)
    times = [s.value for s in entity.statements("P569") if isinstance(s.value, Time)]
    if any(t.precision > 9 for t in times):
        return "Wikidata records a birth month or day"
    years = {
        s.value.as_partial_date().year
        for s in entity.statements("P569", ("preferred", "normal"))
        if isinstance(s.value, Time)
    }
    if years != {p.birth_year}:
        return f"Wikidata's birth years are {sorted(y for y in years if y)}, the row says {p.birth_year}"
    lead = sources.wikipedia.page(p.title).lead or ""
    if any(m.date.is_full and m.date.year == p.birth_year for m in find_dates(lead)):
        return f"the lead has a full date in {p.birth_year}"
    first = _PARENTHETICAL.search(lead)
    if first is None or str(p.birth_year) not in _YEAR.findall(first.group(1)):
        return "the lead parenthetical does not give the birth year"
    return None


def _ambiguous(sources: _Sources, task: Task) -> str | None:
    page = sources.wikipedia.page(provenance_as(task, AmbiguousProvenance).page)
    if not page.disambiguation:
        return f"{page.title!r} is not a disambiguation page"
    name = task.subject.label
    namesakes = [link for link in sources.wikipedia.links(page.title) if link.startswith(f"{name} (")]
    if len(namesakes) < 2:
        return f"{page.title!r} lists {len(namesakes)} people named {name!r}"
    return None


def _short_club(label: str) -> str:
    return re.sub(r"\s+(?:F\.C\.|FC|A\.F\.C\.|AFC)$", "", label)


def _without_the(label: str) -> str:
    return re.sub(r"^the\s+", "", label, flags=re.IGNORECASE)


def _first_full_date(lead: str) -> PartialDate | None:
    first = _PARENTHETICAL.search(lead)
    if first is None:
        return None
    full = [m.date for m in find_dates(first.group(1)) if m.date.is_full]
    return full[0] if full else None


Check = Callable[[_Sources, Task], str | None]

_PRECISE_KINDS: dict[object, Check] = {"match_count": _match_count, "award_year": _award_year}  # else a birth date

# The families whose checks parse their article's wikitext (`_season`, `_premise`): fetched in batches first.
_READS_WIKITEXT = frozenset({Family.FOOTBALL_SEASON, Family.FALSE_PREMISE})

_CHECKS: dict[Family, Check] = {
    Family.PRECISE_FACT: _precise,
    Family.FOOTBALL_SEASON: _season,
    Family.BIOGRAPHY: _biography,
    Family.FALSE_PREMISE: _premise,
    Family.NONEXISTENT_ENTITY: _nonexistent,
    Family.UNRECORDED_FACT: _unrecorded,
    Family.AMBIGUOUS_ENTITY: _ambiguous,
}
