"""A wikitable reader: top-level tables as rows of cells, and the grid they make once rowspan and colspan apply.

Only lines starting with ``{|`` open a table; a multi-line template inside a table (``{{Football box``,
``{{efn|...}}`` over several lines) is one cell's content, never rows. Nested tables are skipped.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from nohallucinate.datagen.wikitext.markup import plain, split_top

_TABLE_START = re.compile(r"\s*:*\s*\{\|")
_TABLE_END = re.compile(r"\s*\|\}")
_ROW_START = re.compile(r"\s*\|-")
_CAPTION = re.compile(r"\s*\|\+")
_STRUCTURAL = re.compile(r"\s*(?:\{\||\|\}|\|-)")
_SPAN = {name: re.compile(rf"\b{name}\s*=\s*[\"']?\s*(\d+)", re.IGNORECASE) for name in ("rowspan", "colspan")}


@dataclass(frozen=True, eq=False)
class Cell:
    header: bool
    content: str
    rowspan: int
    colspan: int


@dataclass(frozen=True)
class RawTable:
    offset: int
    caption: str | None
    rows: tuple[tuple[Cell, ...], ...]


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


def _parse_cells(line: str, header: bool) -> list[Cell]:
    separators = ("!!", "||") if header else ("||",)
    cells = []
    for part in split_top(line, separators):
        pieces = split_top(part, ("|",), maxsplit=1)
        attributes, content = pieces if len(pieces) == 2 else ("", pieces[0])
        cells.append(Cell(header, content, _span(attributes, "rowspan"), _span(attributes, "colspan")))
    return cells


def _read_table(lines: list[str], start: int, offset: int) -> tuple[RawTable, int]:
    """The table opened on line `start`, read up to its ``|}``, and the index of the line after it.
    Nested tables are skipped."""
    rows: list[tuple[Cell, ...]] = []
    row: list[Cell] = []
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
            caption_text = split_top(line.lstrip()[2:], ("|",), maxsplit=1)[-1]
            caption = plain(caption_text) or None
        elif line.lstrip().startswith(("|", "!")):
            stripped = line.lstrip()
            row.extend(_parse_cells(stripped[1:], header=stripped[0] == "!"))
        elif row:
            last = row[-1]
            row[-1] = Cell(last.header, f"{last.content}\n{line}", last.rowspan, last.colspan)
    if row:
        rows.append(tuple(row))
    return RawTable(offset, caption, tuple(rows)), end


def raw_tables(text: str) -> list[RawTable]:
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


@dataclass(frozen=True)
class Slot:
    """A cell as seen at one grid position: `carried` from a row above, `offset` columns into a colspan."""

    cell: Cell
    carried: bool
    offset: int


Grid = list[list[Slot | None]]


def expand(rows: tuple[tuple[Cell, ...], ...]) -> Grid:
    """Lay cells out on a grid, applying rowspan and colspan."""
    grid: Grid = []
    carry: dict[int, tuple[Slot, int]] = {}
    for cells in rows:
        line: dict[int, Slot] = {}
        for column, (slot, left) in list(carry.items()):
            line[column] = Slot(slot.cell, carried=True, offset=slot.offset)
            if left == 1:
                del carry[column]
            else:
                carry[column] = (slot, left - 1)
        column = 0
        for cell in cells:
            while column in line:
                column += 1
            for offset in range(cell.colspan):
                slot = Slot(cell, carried=False, offset=offset)
                line[column + offset] = slot
                if cell.rowspan > 1:
                    carry[column + offset] = (slot, cell.rowspan - 1)
            column += cell.colspan
        width = max(line) + 1 if line else 0
        grid.append([line.get(index) for index in range(width)])
    return grid
