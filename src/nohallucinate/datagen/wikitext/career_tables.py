"""Football career-statistics tables: which wikitables are career tables, where their columns are, and the
season lines of their body rows.

Rules that are not obvious:
- A table is a career table when its header rows name a Season/Year column and an Apps column.
- Columns are found from the header rows (the leading rows of ``!`` cells, rowspan and colspan applied):
  a column is named by the first of its header cells that reads as Season, Club, Apps or Goals, else as a
  division, else by its lowest one; the header cell just above that one is its group (e.g. "League").
- A body row is a season line when its season cell reads as a season and none of its own cells ends in
  "total"; every other body row (per-club totals, career total, country sub-headers) is skipped.
- Numbers are read only where a cell starts, so a ``colspan`` "—" or division cell never fills two
  columns; rowspan cells do apply to the rows below them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from nohallucinate.datagen.wikitext.markup import clean, expand_templates, first_link, headings, plain
from nohallucinate.datagen.wikitext.tables import Cell, Grid, RawTable, Slot, raw_tables


@dataclass(frozen=True)
class SeasonLine:
    """One season of one club (or one year of a national team) from a career-statistics table."""

    club: str
    club_link: str | None
    season: str
    league: str | None
    league_apps: int | None
    league_goals: int | None
    total_apps: int | None
    row: int


@dataclass(frozen=True)
class CareerTable:
    """A career-statistics wikitable: its season lines in table order and its caption."""

    kind: Literal["club", "international"]
    lines: tuple[SeasonLine, ...]
    caption: str | None


@dataclass(frozen=True)
class _Column:
    """A column's own header label and its group's: the header cell above it, or itself when none is."""

    index: int
    group: str
    label: str
    group_cell: Cell
    multilevel: bool


@dataclass(frozen=True)
class _Layout:
    club: int | None
    season: int
    division: int | None
    league_apps: int
    league_goals: int | None
    total_apps: int | None


def _label(text: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"[^a-z ]", "", plain(text).lower())).strip()


# What a header label reads as: a whole match of its lower-cased letters.
_CLUB_LABEL = re.compile(r"club|clubs|team|national team|side")
_SEASON_LABEL = re.compile(r"seasons?|years?")
_APPS_LABEL = re.compile(r"apps?|appearances|caps|games|matches")
_GOALS_LABEL = re.compile(r"goals?|gls")
_DIVISION_LABEL = re.compile(r"division|league|tier|level|div|competition")


def _column_label(labels: list[str]) -> int:
    """Which of a column's header labels (top to bottom) names it: the first season, club, apps or goals
    label, else the last division label, else the bottom one (a third header row may name countries)."""
    strong = (_SEASON_LABEL, _CLUB_LABEL, _APPS_LABEL, _GOALS_LABEL)
    for position, label in enumerate(labels):
        if any(pattern.fullmatch(label) for pattern in strong):
            return position
    # Bottom-up: in "League" over "Division", the upper label names the group.
    weak = [position for position, label in enumerate(labels) if _DIVISION_LABEL.fullmatch(label)]
    return weak[-1] if weak else len(labels) - 1


def _columns(header_grid: Grid) -> list[_Column]:
    """Each header column's label and group."""
    width = max((len(row) for row in header_grid), default=0)
    columns = []
    for index in range(width):
        cells = list(dict.fromkeys(slot.cell for row in header_grid if index < len(row) and (slot := row[index])))
        if not cells:
            continue
        labels = [_label(cell.content) for cell in cells]
        position = _column_label(labels)
        parent = max(position - 1, 0)
        columns.append(_Column(index, labels[parent], labels[position], cells[parent], position > 0))
    return columns


def _first(columns: list[_Column], pattern: re.Pattern[str]) -> _Column | None:
    """The first column whose label, else whose group, is a whole match."""
    return next((c for c in columns if pattern.fullmatch(c.label)), None) or next(
        (c for c in columns if pattern.fullmatch(c.group)), None
    )


_NOT_LEAGUE_GROUP = re.compile(r"cup|total|play ?offs?|europe|continental|other|international|friendl")


def _league_apps(apps: list[_Column]) -> _Column | None:
    """The league's Apps column: in a group named like a league, else the first not in a cup or total group."""
    named = [c for c in apps if c.multilevel and "league" in c.group and not _NOT_LEAGUE_GROUP.search(c.group)]
    if named:
        return named[0]
    return next((c for c in apps if not (c.multilevel and _NOT_LEAGUE_GROUP.search(c.group))), None)


def _same_group(columns: list[_Column], anchor: _Column) -> list[_Column]:
    """Columns sharing the anchor's top header cell, or just the anchor when it has none of its own."""
    if not anchor.multilevel:
        return [anchor]
    return [c for c in columns if c.group_cell is anchor.group_cell]


def _goals_after(columns: list[_Column], apps: _Column) -> _Column | None:
    """The Goals column paired with an Apps column: in its group, else right after it."""
    group = _same_group(columns, apps)
    candidates = group if len(group) > 1 else [c for c in columns if c.index == apps.index + 1]
    return next((c for c in candidates if c.index > apps.index and _GOALS_LABEL.fullmatch(c.label)), None)


def _division(columns: list[_Column], league_apps: _Column, taken: set[int]) -> _Column | None:
    """The division column: a non-number column of the league group, else a Division/League column before it."""
    group = _same_group(columns, league_apps)
    numbers = (_APPS_LABEL, _GOALS_LABEL)
    in_group = [c for c in group if c.index not in taken and not any(p.fullmatch(c.label) for p in numbers)]
    if len(group) > 1 and in_group:
        return in_group[0]
    before = [c for c in columns if c.index < league_apps.index and c.index not in taken]
    return next((c for c in reversed(before) if _DIVISION_LABEL.fullmatch(c.label)), None)


def _layout(columns: list[_Column]) -> _Layout | None:
    """Where the needed columns are; None when the header is not a career-statistics header."""
    season = _first(columns, _SEASON_LABEL)
    apps = [c for c in columns if _APPS_LABEL.fullmatch(c.label)]
    league_apps = _league_apps(apps)
    if season is None or league_apps is None:
        return None
    club = _first([c for c in columns if c.index != season.index], _CLUB_LABEL)
    totals = [c for c in apps if "total" in c.group]
    taken = {season.index} | ({club.index} if club else set())
    division = _division(columns, league_apps, taken)
    league_goals = _goals_after(columns, league_apps)
    return _Layout(
        club=club.index if club else None,
        season=season.index,
        division=division.index if division else None,
        league_apps=league_apps.index,
        league_goals=league_goals.index if league_goals else None,
        total_apps=totals[-1].index if totals and totals[-1] is not league_apps else None,
    )


_TEAM_LABEL = re.compile(r"national team|team")
_YEAR_LABEL = re.compile(r"years?")


def _is_international(columns: list[_Column], caption: str | None, section: str) -> bool:
    labels = {c.label for c in columns} | {c.group for c in columns}
    has_team = any(_TEAM_LABEL.fullmatch(label) for label in labels)
    has_year = any(_YEAR_LABEL.fullmatch(label) for label in labels)
    in_caption = caption is not None and "national team" in caption.lower()
    return (has_team and has_year) or in_caption or "international" in section.lower()


# --- cell values -------------------------------------------------------------------------------------

_SEASON = re.compile(r"(\d{4})(?:\s*[-–—−‐‑/]\s*(\d{4}|\d{1,2}))?(?!\d)")
_NUMBER = re.compile(r"\d{1,3}(?:[, \u2009\u202f]\d{3})+|\d+")
_LOAN = re.compile(r"\(\s*(?:on\s+)?loan\s*\)", re.IGNORECASE)


def _season(text: str) -> str | None:
    """'2003–04' for a two-year season in any common spelling, '2009' for a single year, else None."""
    match = _SEASON.match(plain(text))
    if match is None:
        return None
    start, end = match.groups()
    return start if end is None else f"{start}–{int(end) % 100:02d}"


def _number(text: str) -> int | None:
    """An integer cell value; dashes, blanks and anything else that is not a count are None."""
    shown = plain(text)
    if not _NUMBER.fullmatch(shown):
        return None
    return int(re.sub(r"\D", "", shown))


def _club(text: str) -> tuple[str, str | None]:
    """The club's display name and link target, without loan notes."""
    expanded = expand_templates(text)
    link = first_link(expanded)
    if link is None:
        name = plain(_LOAN.sub("", expanded))
        return name.strip(" →←"), None
    target = re.sub(r"\s+", " ", link.target.replace("_", " ")).strip()
    label = plain(link.text) if link.text else ""
    return label or target, target or None


def _text_or_none(text: str) -> str | None:
    shown = plain(text)
    return None if shown in ("", "—", "–", "-", "−", "n/a", "N/A") else shown


# --- season lines ------------------------------------------------------------------------------------


def _slot_at(row: list[Slot | None], index: int | None) -> Slot | None:
    return row[index] if index is not None and index < len(row) else None


def _number_at(row: list[Slot | None], index: int | None) -> int | None:
    slot = _slot_at(row, index)
    return None if slot is None or slot.offset else _number(slot.cell.content)


_TOTAL_TEXT = re.compile(r"(?:^|.*\s)totals?", re.IGNORECASE)


def _is_total_row(row: list[Slot | None]) -> bool:
    return any(
        slot is not None and not slot.carried and _TOTAL_TEXT.fullmatch(plain(slot.cell.content)) for slot in row
    )


def _season_line(row: list[Slot | None], layout: _Layout, index: int) -> SeasonLine | None:
    season_slot = _slot_at(row, layout.season)
    season = _season(season_slot.cell.content) if season_slot else None
    if season is None or _is_total_row(row):
        return None
    club_slot = _slot_at(row, layout.club)
    club, club_link = _club(club_slot.cell.content) if club_slot else ("", None)
    division_slot = _slot_at(row, layout.division)
    return SeasonLine(
        club=club,
        club_link=club_link,
        season=season,
        league=_text_or_none(division_slot.cell.content) if division_slot else None,
        league_apps=_number_at(row, layout.league_apps),
        league_goals=_number_at(row, layout.league_goals),
        total_apps=_number_at(row, layout.total_apps),
        row=index,
    )


def _is_header_row(row: list[Slot | None]) -> bool:
    """A row of header cells only, none of which reads as a season or a number."""
    own = [slot.cell for slot in row if slot is not None and not slot.carried]
    return bool(own) and all(cell.header and not re.match(r"\d", plain(cell.content)) for cell in own)


def _section_at(sections: list[tuple[int, str]], offset: int) -> str:
    return next((title for start, title in reversed(sections) if start < offset), "")


def _career_table(table: RawTable, section: str) -> CareerTable | None:
    grid = table.grid
    header_count = 0
    while header_count < len(grid) and _is_header_row(grid[header_count]):
        header_count += 1
    columns = _columns(grid[:header_count])
    layout = _layout(columns)
    if layout is None:
        return None
    body = grid[header_count:]
    lines = tuple(line for index, row in enumerate(body) if (line := _season_line(row, layout, index)))
    kind: Literal["club", "international"] = (
        "international" if _is_international(columns, table.caption, section) else "club"
    )
    return CareerTable(kind, lines, table.caption)


def career_tables(wikitext: str) -> list[CareerTable]:
    """Every career-statistics wikitable in the article, classified as club or international."""
    text = clean(wikitext)
    sections = headings(text)
    tables = (_career_table(table, _section_at(sections, table.offset)) for table in raw_tables(text))
    return [table for table in tables if table is not None]


def club_seasons(wikitext: str) -> list[SeasonLine]:
    """Season lines of the club career table(s); [] when the article has only an international table or none."""
    return [line for table in career_tables(wikitext) if table.kind == "club" for line in table.lines]
