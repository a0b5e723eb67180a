"""Read footballers' career-statistics wikitables and the birth/death dates of an article lead.

Rules that are not obvious:
- Only lines starting with ``{|`` open a table; a multi-line template inside a table (``{{Football box``,
  ``{{efn|...}}`` over several lines) is one cell's content, never rows.
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

import html
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from nohallucinate.answers.dates import PartialDate, find_dates

# --- public types ------------------------------------------------------------------------------------


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
class LeadDates:
    """Birth and death dates read from the opening parenthetical of an article lead."""

    born: PartialDate | None
    died: PartialDate | None
    birth_year_only: bool
    text: str | None


# --- cleaning and plain text -------------------------------------------------------------------------

_COMMENT = re.compile(r"<!--.*?(?:-->|$)", re.DOTALL)
_REF_SELF_CLOSING = re.compile(r"<ref\b[^>]*/\s*>", re.IGNORECASE)
_REF_PAIRED = re.compile(r"<ref\b[^>]*>.*?</ref\s*>", re.IGNORECASE | re.DOTALL)
_SUP_TAG = re.compile(r"<sup\b[^>]*>.*?</sup\s*>", re.IGNORECASE | re.DOTALL)
_BREAK_TAG = re.compile(r"<br\s*/?\s*>", re.IGNORECASE)
_ANY_TAG = re.compile(r"</?[a-zA-Z][^<>]*>")
_INNER_TEMPLATE = re.compile(r"\{\{([^{}]*)\}\}")
_INNER_LINK = re.compile(r"\[\[([^\[\]]*)\]\]")
_EXTERNAL_LINK = re.compile(r"\[(?:https?:)?//[^\s\]]+\s*([^\]]*)\]")
_NAMED_ARGUMENT = re.compile(r"\s*[\w -]+\s*=")
_NON_CONTENT_LINK = re.compile(r"\s*:?\s*(?:file|image|category)\s*:", re.IGNORECASE)

# Notes, flags and sort keys render as nothing a reader of the cell would call its value.
_DROPPED_TEMPLATE = re.compile(
    r"efn(?:-\w+)?|refn|ref|sfn\w*|sup|notetag|note|nb|cref\w*|rp?|cn|fact|citation needed|#tag:ref"
    r"|0|hs|ntsh|flagicon(?: image)?|flag ?icon|clear|-",
    re.IGNORECASE,
)
_DASH_TEMPLATE = re.compile(r"n?dash|mdash|snd|spnd|sndash|spaced ndash|–|—", re.IGNORECASE)
_LAST_ARGUMENT_TEMPLATE = re.compile(r"sort|lang|tooltip", re.IGNORECASE)


def _clean(wikitext: str) -> str:
    """Wikitext without comments and references, which may hold anything, even table syntax."""
    text = _COMMENT.sub("", wikitext)
    text = _REF_SELF_CLOSING.sub("", text)
    return _REF_PAIRED.sub("", text)


def _split_top(text: str, separators: tuple[str, ...], maxsplit: int = -1) -> list[str]:
    """Split at separators that are outside templates and links."""
    parts: list[str] = []
    depth = start = i = 0
    while i < len(text):
        pair = text[i : i + 2]
        if pair in ("{{", "[["):
            depth, i = depth + 1, i + 2
            continue
        if pair in ("}}", "]]") and depth:
            depth, i = depth - 1, i + 2
            continue
        separator = next((s for s in separators if text.startswith(s, i)), None) if depth == 0 else None
        if separator is not None and maxsplit != len(parts):
            parts.append(text[start:i])
            i += len(separator)
            start = i
            continue
        i += 1
    parts.append(text[start:])
    return parts


def _positional(arguments: list[str]) -> list[str]:
    return [argument for argument in arguments if not _NAMED_ARGUMENT.match(argument)]


def _render_template(match: re.Match[str]) -> str:
    """The visible text of one innermost template, markup inside its arguments kept."""
    name, *arguments = _split_top(match.group(1), ("|",))
    name = name.strip()
    positional = _positional(arguments)
    if _DROPPED_TEMPLATE.fullmatch(name):
        return ""
    if _DASH_TEMPLATE.fullmatch(name):
        return "–"
    if name.lower() == "nbsp":
        return " "
    if name == "!":
        return "|"
    if name.lower() == "sortname":
        return " ".join(part.strip() for part in positional[:2])
    if _LAST_ARGUMENT_TEMPLATE.fullmatch(name):
        return positional[-1] if positional else ""
    # nowrap, abbr, small, nts, flag, fb and the like show their first argument.
    return positional[0] if positional else ""


def _expand_templates(text: str) -> str:
    """Replace templates by their visible text, innermost first; links are kept as wikitext."""
    while True:
        expanded = _INNER_TEMPLATE.sub(_render_template, text)
        if expanded == text:
            return expanded
        text = expanded


def _link_text(match: re.Match[str]) -> str:
    inner = match.group(1)
    if _NON_CONTENT_LINK.match(inner):
        return ""
    target, _, label = inner.partition("|")
    return label if label else target


def _plain(text: str) -> str:
    """The visible text of a wikitext fragment, whitespace collapsed."""
    text = _SUP_TAG.sub("", _expand_templates(text))
    while True:
        unlinked = _INNER_LINK.sub(_link_text, text)
        if unlinked == text:
            break
        text = unlinked
    text = _EXTERNAL_LINK.sub(r"\1", text)
    text = _ANY_TAG.sub("", _BREAK_TAG.sub(" ", text))
    text = html.unescape(text.replace("'''", "").replace("''", ""))
    return re.sub(r"\s+", " ", text).strip()


# --- raw tables --------------------------------------------------------------------------------------

_TABLE_START = re.compile(r"\s*:*\s*\{\|")
_TABLE_END = re.compile(r"\s*\|\}")
_ROW_START = re.compile(r"\s*\|-")
_CAPTION = re.compile(r"\s*\|\+")
_STRUCTURAL = re.compile(r"\s*(?:\{\||\|\}|\|-)")
_HEADING = re.compile(r"^(={1,6})\s*(.*?)\s*\1\s*$", re.MULTILINE)
_SPAN = {name: re.compile(rf"\b{name}\s*=\s*[\"']?\s*(\d+)", re.IGNORECASE) for name in ("rowspan", "colspan")}


@dataclass(frozen=True, eq=False)
class _Cell:
    header: bool
    content: str
    rowspan: int
    colspan: int


@dataclass(frozen=True)
class _RawTable:
    offset: int
    caption: str | None
    rows: tuple[tuple[_Cell, ...], ...]


def _depth_change(line: str) -> int:
    return line.count("{{") + line.count("[[") - line.count("}}") - line.count("]]")


def _logical_lines(lines: list[str], start: int) -> Iterator[tuple[int, str]]:
    """Physical lines from `start` joined while a template or link is open, each with the index of its last
    physical line; table structure lines always start anew."""
    pending: list[str] = []
    depth = 0
    for index in range(start, len(lines)):
        line = lines[index]
        if pending and _STRUCTURAL.match(line):
            yield index - 1, "\n".join(pending)
            pending, depth = [], 0
        pending.append(line)
        depth += _depth_change(line)
        if depth <= 0:
            yield index, "\n".join(pending)
            pending, depth = [], 0
    if pending:
        yield len(lines) - 1, "\n".join(pending)


def _span(attributes: str, name: str) -> int:
    found = _SPAN[name].search(attributes)
    return max(1, int(found.group(1))) if found else 1


def _parse_cells(line: str, header: bool) -> list[_Cell]:
    separators = ("!!", "||") if header else ("||",)
    cells = []
    for part in _split_top(line, separators):
        pieces = _split_top(part, ("|",), maxsplit=1)
        attributes, content = pieces if len(pieces) == 2 else ("", pieces[0])
        cells.append(_Cell(header, content, _span(attributes, "rowspan"), _span(attributes, "colspan")))
    return cells


def _read_table(lines: list[str], start: int, offset: int) -> tuple[_RawTable, int]:
    """The table opened on line `start`, read up to its ``|}``, and the index of the line after it.
    Nested tables are skipped."""
    rows: list[tuple[_Cell, ...]] = []
    row: list[_Cell] = []
    caption: str | None = None
    nested = 0
    end = len(lines)
    for index, line in _logical_lines(lines, start + 1):
        if _TABLE_START.match(line):
            nested += 1
        elif _TABLE_END.match(line):
            if nested == 0:
                end = index + 1
                break
            nested -= 1
        elif nested:
            continue
        elif _ROW_START.match(line):
            if row:
                rows.append(tuple(row))
            row = []
        elif _CAPTION.match(line):
            caption_text = _split_top(line.lstrip()[2:], ("|",), maxsplit=1)[-1]
            caption = _plain(caption_text) or None
        elif line.lstrip().startswith(("|", "!")):
            stripped = line.lstrip()
            row.extend(_parse_cells(stripped[1:], header=stripped[0] == "!"))
        elif row:
            last = row[-1]
            row[-1] = _Cell(last.header, f"{last.content}\n{line}", last.rowspan, last.colspan)
    if row:
        rows.append(tuple(row))
    return _RawTable(offset, caption, tuple(rows)), end


def _raw_tables(text: str) -> list[_RawTable]:
    """Top-level tables in order of appearance."""
    lines = text.split("\n")
    tables = []
    index = offset = 0
    while index < len(lines):
        if _TABLE_START.match(lines[index]):
            table, end = _read_table(lines, index, offset)
            tables.append(table)
        else:
            end = index + 1
        offset += sum(len(line) + 1 for line in lines[index:end])
        index = end
    return tables


# --- grid --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Slot:
    """A cell as seen at one grid position: `carried` from a row above, `offset` columns into a colspan."""

    cell: _Cell
    carried: bool
    offset: int


_Grid = list[list[_Slot | None]]


def _expand(rows: tuple[tuple[_Cell, ...], ...]) -> _Grid:
    """Lay cells out on a grid, applying rowspan and colspan."""
    grid: _Grid = []
    carry: dict[int, tuple[_Slot, int]] = {}
    for cells in rows:
        line: dict[int, _Slot] = {}
        for column, (slot, left) in list(carry.items()):
            line[column] = _Slot(slot.cell, carried=True, offset=slot.offset)
            if left == 1:
                del carry[column]
            else:
                carry[column] = (slot, left - 1)
        column = 0
        for cell in cells:
            while column in line:
                column += 1
            for offset in range(cell.colspan):
                slot = _Slot(cell, carried=False, offset=offset)
                line[column + offset] = slot
                if cell.rowspan > 1:
                    carry[column + offset] = (slot, cell.rowspan - 1)
            column += cell.colspan
        width = max(line) + 1 if line else 0
        grid.append([line.get(index) for index in range(width)])
    return grid


# --- columns -----------------------------------------------------------------------------------------

_CLUB_LABEL = re.compile(r"club|clubs|team|national team|side")
_TEAM_LABEL = re.compile(r"national team|team")
_SEASON_LABEL = re.compile(r"seasons?|years?")
_YEAR_LABEL = re.compile(r"years?")
_APPS_LABEL = re.compile(r"apps?|appearances|caps|games|matches")
_GOALS_LABEL = re.compile(r"goals?|gls")
_DIVISION_LABEL = re.compile(r"division|league|tier|level|div|competition")
_NOT_LEAGUE_GROUP = re.compile(r"cup|total|play ?offs?|europe|continental|other|international|friendl")
_TOTAL_TEXT = re.compile(r"(?:^|.*\s)totals?", re.IGNORECASE)


@dataclass(frozen=True)
class _Column:
    """A column's own header label and its group's: the header cell above it, or itself when none is."""

    index: int
    group: str
    label: str
    group_cell: _Cell
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
    return re.sub(r"\s+", " ", re.sub(r"[^a-z ]", "", _plain(text).lower())).strip()


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


def _columns(header_grid: _Grid) -> list[_Column]:
    """Each header column's label and group."""
    width = max((len(row) for row in header_grid), default=0)
    columns = []
    for index in range(width):
        cells = list(dict.fromkeys(row[index].cell for row in header_grid if index < len(row) and row[index]))
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
_FIRST_LINK = re.compile(r"\[\[(?!\s*:?\s*(?:file|image|category)\s*:)([^\[\]|]*)(?:\|([^\[\]]*))?\]\]", re.I)


def _season(text: str) -> str | None:
    """'2003–04' for a two-year season in any common spelling, '2009' for a single year, else None."""
    match = _SEASON.match(_plain(text))
    if match is None:
        return None
    start, end = match.groups()
    return start if end is None else f"{start}–{int(end) % 100:02d}"


def _number(text: str) -> int | None:
    """An integer cell value; dashes, blanks and anything else that is not a count are None."""
    plain = _plain(text)
    if not _NUMBER.fullmatch(plain):
        return None
    return int(re.sub(r"\D", "", plain))


def _club(text: str) -> tuple[str, str | None]:
    """The club's display name and link target, without loan notes."""
    expanded = _expand_templates(text)
    link = _FIRST_LINK.search(expanded)
    if link is None:
        name = _plain(_LOAN.sub("", expanded))
        return name.strip(" →←"), None
    target = re.sub(r"\s+", " ", link.group(1).replace("_", " ")).strip()
    label = _plain(link.group(2)) if link.group(2) else ""
    return label or target, target or None


def _text_or_none(text: str) -> str | None:
    plain = _plain(text)
    return None if plain in ("", "—", "–", "-", "−", "n/a", "N/A") else plain


# --- season lines ------------------------------------------------------------------------------------


def _slot_at(row: list[_Slot | None], index: int | None) -> _Slot | None:
    return row[index] if index is not None and index < len(row) else None


def _number_at(row: list[_Slot | None], index: int | None) -> int | None:
    slot = _slot_at(row, index)
    return None if slot is None or slot.offset else _number(slot.cell.content)


def _is_total_row(row: list[_Slot | None]) -> bool:
    return any(
        slot is not None and not slot.carried and _TOTAL_TEXT.fullmatch(_plain(slot.cell.content)) for slot in row
    )


def _season_line(row: list[_Slot | None], layout: _Layout, index: int) -> SeasonLine | None:
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


def _is_header_row(row: list[_Slot | None]) -> bool:
    """A row of header cells only, none of which reads as a season or a number."""
    own = [slot.cell for slot in row if slot is not None and not slot.carried]
    return bool(own) and all(cell.header and not re.match(r"\d", _plain(cell.content)) for cell in own)


def _section_at(headings: list[tuple[int, str]], offset: int) -> str:
    return next((title for start, title in reversed(headings) if start < offset), "")


def _career_table(table: _RawTable, section: str) -> CareerTable | None:
    grid = _expand(table.rows)
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
    text = _clean(wikitext)
    headings = [(match.start(), _plain(match.group(2))) for match in _HEADING.finditer(text)]
    tables = (_career_table(table, _section_at(headings, table.offset)) for table in _raw_tables(text))
    return [table for table in tables if table is not None]


def club_seasons(wikitext: str) -> list[SeasonLine]:
    """Season lines of the club career table(s); [] when the article has only an international table or none."""
    return [line for table in career_tables(wikitext) if table.kind == "club" for line in table.lines]


# --- lead dates --------------------------------------------------------------------------------------

_ABBREVIATIONS = frozenset({"jr", "sr", "st", "dr", "mr", "mrs", "ms", "prof", "rev", "gen", "col", "lt", "mt", "no"})
_BORN_MARK = re.compile(r"(?<![\w.])b\.\s*", re.IGNORECASE)
_DIED_MARK = re.compile(r"(?<![\w.])d\.\s*", re.IGNORECASE)
_CIRCA = re.compile(r"(?<![\w.])(?:c|ca|circa)\.?\s*(?=\d)", re.IGNORECASE)
_BORN = re.compile(r"\bborn\b", re.IGNORECASE)
_DIED = re.compile(r"\bdied\b", re.IGNORECASE)
_RANGE_JOIN = re.compile(r"\s*(?:[-–—−‐‑]|\bto\b)\s*", re.IGNORECASE)
_OR_JOIN = re.compile(r"\s*(?:\bor\b|/)\s*", re.IGNORECASE)
_SKIPPED_SEGMENT = re.compile(r"\s*(?:r\.|reign|fl\.|floruit|in office)", re.IGNORECASE)


def _is_sentence_end(text: str, index: int) -> bool:
    """A full stop followed by a capitalised word (or the end), not after an initial or abbreviation."""
    following = text[index + 1 :]
    if following and not re.match(r"\s+(?:[\"'“‘(]?[A-Z]|$)", following):
        return False
    word = re.search(r"(\w+)$", text[:index])
    if word is None:
        return True
    token = word.group(1)
    return not (len(token) == 1 and token.isupper()) and token.lower() not in _ABBREVIATIONS


def _closing(text: str, start: int) -> int | None:
    """The index of the parenthesis closing the one at `start`, or None."""
    depth = 0
    for index in range(start, len(text)):
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
            if depth == 0:
                return index
    return None


def _first_parenthetical(lead: str) -> str | None:
    """The first non-empty parenthetical of the first sentence, parentheses included."""
    index = 0
    while index < len(lead):
        char = lead[index]
        if char == "." and _is_sentence_end(lead, index):
            return None
        if char == "(":
            end = _closing(lead, index)
            if end is None:
                return None
            if re.search(r"\w", lead[index + 1 : end]):
                return lead[index : end + 1]
            index = end
        index += 1
    return None


def _without_nested(text: str) -> str:
    """The text with bracketed and parenthesised asides removed (pronunciations, '(disputed)')."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"\([^()]*\)|\[[^\[\]]*\]", " ", text)
    return text


def _dated(segment: str) -> list[tuple[PartialDate, int, int]]:
    return [(m.date, m.start, m.end) for m in find_dates(segment) if m.date.year is not None]


def _date_after(segment: str, marker: re.Match[str], stop: int) -> PartialDate | None:
    """The first dated mention after a marker and before `stop`; None when it reads 'X or Y'."""
    found = [item for item in _dated(segment) if marker.end() <= item[1] < stop]
    if not found:
        return None
    if len(found) > 1 and _OR_JOIN.fullmatch(segment[found[0][2] : found[1][1]]):
        return None
    return found[0][0]


def _segment_dates(segment: str) -> tuple[PartialDate | None, PartialDate | None]:
    """Born and died in one ';'-separated part of the parenthetical."""
    born_mark, died_mark = _BORN.search(segment), _DIED.search(segment)
    if born_mark is None and died_mark is None:
        found = _dated(segment)
        if len(found) >= 2 and _RANGE_JOIN.fullmatch(segment[found[0][2] : found[1][1]]):
            return found[0][0], found[1][0]
        return None, None
    born_stop = died_mark.start() if died_mark and born_mark and died_mark.start() > born_mark.start() else len(segment)
    born = _date_after(segment, born_mark, born_stop) if born_mark else None
    died = _date_after(segment, died_mark, len(segment)) if died_mark else None
    return born, died


def lead_dates(lead: str) -> LeadDates:
    """Birth and death dates from the first parenthetical of an article lead (plaintext)."""
    parenthetical = _first_parenthetical(lead)
    if parenthetical is None:
        return LeadDates(None, None, False, None)
    inner = _without_nested(parenthetical[1:-1])
    inner = _CIRCA.sub("", _DIED_MARK.sub("died ", _BORN_MARK.sub("born ", inner)))
    born: PartialDate | None = None
    died: PartialDate | None = None
    for segment in inner.split(";"):
        if _SKIPPED_SEGMENT.match(segment):
            continue
        segment_born, segment_died = _segment_dates(segment)
        born = born or segment_born
        died = died or segment_died
    year_only = born is not None and born.month is None and born.day is None
    return LeadDates(born, died, year_only, parenthetical)


def full_dates_in(text: str, year: int) -> list[PartialDate]:
    """Every day-precision date in `text` that falls in `year`, each once, in order of appearance."""
    dates = [mention.date for mention in find_dates(text) if mention.date.is_full and mention.date.year == year]
    return list(dict.fromkeys(dates))
