"""A wikitable reader on wikitextparser: top-level tables, their captions, and the grid their cells make once
rowspan and colspan apply. Nested tables stay inside the cell that holds them."""

from __future__ import annotations

from dataclasses import dataclass

import wikitextparser

from nohallucinate.datagen.wikitext.markup import plain


@dataclass(frozen=True, eq=False)
class Cell:
    """One cell of the source; every grid position it spans holds this same object."""

    header: bool
    content: str


@dataclass(frozen=True)
class Slot:
    """A cell as seen at one grid position: `carried` from a row above, `offset` columns into a colspan."""

    cell: Cell
    carried: bool
    offset: int


Grid = list[list[Slot | None]]


@dataclass(frozen=True)
class RawTable:
    offset: int
    caption: str | None
    grid: Grid


def _without_tables(content: str) -> str:
    """A cell's content without the tables nested in it: they are not the cell's value."""
    parsed = wikitextparser.parse(content)
    for table in reversed(parsed.get_tables()):
        table.string = ""
    return parsed.string


def _grid(table: wikitextparser.Table) -> Grid:
    spanned = table.cells(span=True)  # a spanning cell is the same object at every position it covers
    cells: dict[int, Cell] = {}
    grid: Grid = []
    for number, row in enumerate(spanned):
        above = spanned[number - 1] if number else []
        line: list[Slot | None] = []
        for index, found in enumerate(row):
            if found is None:
                line.append(None)
                continue
            if id(found) not in cells:
                cells[id(found)] = Cell(found.is_header, _without_tables(found.value))
            cell = cells[id(found)]
            carried = index < len(above) and above[index] is found
            offset = 0
            while offset < index and row[index - offset - 1] is found:
                offset += 1
            line.append(Slot(cell, carried, offset))
        grid.append(line)
    return grid


def raw_tables(text: str) -> list[RawTable]:
    """Top-level tables in order of appearance."""
    tables = wikitextparser.parse(text).get_tables()
    return [RawTable(table.span[0], plain(table.caption or "") or None, _grid(table)) for table in tables]
