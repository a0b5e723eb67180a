"""Reading the rule catalogues kept as TOML files beside these modules (`match_rules.toml`, `units.toml`,
`abstention.toml`, `descriptions.toml`).

A catalogue is data: one entry a rule, its pattern beside the cases it must decide, reviewed as one table; the
module that owns it keeps only the code that reads and applies it. Reading is strict, because a rule dropped
unseen would change verdicts silently: a missing or unknown key or table, a value of the wrong type, a case of the
wrong length, an unknown placeholder or rule name stops the import with the file and the entry named.

Patterns may use the file's shared `[fragments]` as `{{name}}`: regular expressions never write two braces in a
row (a quantifier is `{m,n}`), so a placeholder cannot be taken for pattern syntax, nor pattern syntax for one.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection, Mapping, Sequence
from importlib import resources
from typing import Any

_REQUIRED: Any = object()
_PLACEHOLDER = re.compile(r"\{\{([^{}]*)\}\}")


class CatalogueError(ValueError):
    """A catalogue file that does not read as its module expects."""


def load(file: str, tables: Collection[str] | None) -> dict[str, Any]:
    """The catalogue `file` of this package, parsed; its top-level keys must be `tables` exactly (None: any)."""
    return parse(file, source(file), tables)


def source(file: str) -> str:
    """The text of the catalogue `file` of this package, as shipped."""
    return resources.files("nohallucinate.answers").joinpath(file).read_text(encoding="utf-8")


def parse(file: str, text: str, tables: Collection[str] | None) -> dict[str, Any]:
    """`text`, the catalogue `file`, parsed (tests hand it altered text)."""
    try:
        catalogue = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise CatalogueError(f"{file}: {exc}") from exc
    if tables is None:
        return catalogue
    if unknown := set(catalogue) - set(tables):
        raise CatalogueError(f"{file}: unknown tables {sorted(unknown)} (known: {sorted(tables)})")
    if missing := set(tables) - set(catalogue):
        raise CatalogueError(f"{file}: lacks the tables {sorted(missing)}")
    return catalogue


def entries(catalogue: Mapping[str, Any], file: str, table: str, keys: Collection[str]) -> list[Entry]:
    """The entries of the array of tables `[[table]]`, each allowed only `keys`."""
    rows = catalogue[table]
    if not isinstance(rows, list):
        raise CatalogueError(f"{file}: {table} is not an array of tables ([[{table}]])")
    return [Entry(f"{file}: [[{table}]] #{i + 1}", row, keys) for i, row in enumerate(rows)]


def check_names(file: str, what: str, names: Sequence[str], known: Collection[str] | None) -> None:
    """Fail unless the entries `names` are each named once and are `known` exactly (None: any names): a rule the
    code names must be in the file, and the file must name no rule the code does not know."""
    if len(set(names)) != len(names):
        raise CatalogueError(f"{file}: {what} named twice: {sorted({n for n in names if names.count(n) > 1})}")
    if known is None:
        return
    if unknown := set(names) - set(known):
        raise CatalogueError(f"{file}: {what} the code does not know: {sorted(unknown)}")
    if missing := set(known) - set(names):
        raise CatalogueError(f"{file}: {what} the code names but the file lacks: {sorted(missing)}")


def fragments(catalogue: Mapping[str, Any], file: str) -> dict[str, str]:
    """The `[fragments]` table: pieces of pattern shared by several patterns, each a string or a list of strings
    (joined); a fragment holds no placeholder itself."""
    table = catalogue["fragments"]
    if not isinstance(table, dict):
        raise CatalogueError(f"{file}: fragments is not a table")
    found = {name: _joined(value, f"{file}: [fragments] {name}") for name, value in table.items()}
    for name, value in found.items():
        if "{{" in value:
            raise CatalogueError(f"{file}: [fragments] {name} holds a placeholder; fragments do not nest")
    return found


def expand(pattern: str, shared: Mapping[str, str], where: str) -> str:
    """`pattern` with each `{{name}}` replaced by the fragment of that name; an unknown name, or two braces that
    open no placeholder, is an error."""

    def fragment(match: re.Match[str]) -> str:
        if match[1] not in shared:
            raise CatalogueError(f"{where}: unknown placeholder {match[0]} (fragments: {', '.join(shared)})")
        return shared[match[1]]

    expanded = _PLACEHOLDER.sub(fragment, pattern)
    if "{{" in _PLACEHOLDER.sub("", pattern):
        raise CatalogueError(f"{where}: '{{{{' opens no placeholder {{{{name}}}}")
    return expanded


def _joined(value: object, where: str) -> str:
    """A string, or a list of strings written on several lines, joined."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return "".join(value)
    raise CatalogueError(f"{where}: not a string or a list of strings")


class Entry:
    """One entry of a catalogue, read key by key with the type its module expects; errors name the entry."""

    def __init__(self, where: str, data: object, keys: Collection[str]) -> None:
        self.where = where
        if not isinstance(data, dict):
            raise CatalogueError(f"{where}: not a table")
        if isinstance(data.get("name"), str):
            self.where = f"{where} ({data['name']})"
        if unknown := set(data) - set(keys):
            raise self.error(f"unknown keys {sorted(unknown)} (known: {', '.join(keys)})")
        self._data: dict[str, Any] = data

    def error(self, message: str) -> CatalogueError:
        return CatalogueError(f"{self.where}: {message}")

    def _value(self, key: str, default: Any) -> Any:
        if key in self._data:
            return self._data[key]
        if default is _REQUIRED:
            raise self.error(f"lacks {key!r}")
        return default

    def table(self, key: str, keys: Collection[str]) -> Entry:
        """A table within this one, allowed only `keys`."""
        return Entry(f"{self.where}.{key}", self._value(key, _REQUIRED), keys)

    def text(self, key: str) -> str:
        value = self._value(key, _REQUIRED)
        if not isinstance(value, str):
            raise self.error(f"{key!r} is not a string")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self._value(key, default)
        if not isinstance(value, bool):
            raise self.error(f"{key!r} is not true or false")
        return value

    def number(self, key: str, default: float) -> float:
        value = self._value(key, default)
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise self.error(f"{key!r} is not a number")
        return float(value)

    def texts(self, key: str, default: tuple[str, ...] | None = None) -> tuple[str, ...]:
        """A list of strings; required when there is no default."""
        value = self._value(key, _REQUIRED if default is None else list(default))
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f"{key!r} is not a list of strings")
        return tuple(value)

    def cases(self, key: str, form: str, arity: int, *, required: bool = True) -> list[list[str]]:
        """A list of cases, each a list of `arity` strings as `form` names them ("[question, gold, reply]"); an
        optional one missing is empty."""
        value = self._value(key, _REQUIRED if required else [])
        if not isinstance(value, list):
            raise self.error(f"{key!r} is not a list of cases {form}")
        for i, case in enumerate(value):
            if not isinstance(case, list) or len(case) != arity or not all(isinstance(v, str) for v in case):
                raise self.error(f"{key!r} case {i + 1} is not {form}, {arity} strings: {case!r}")
        return value

    def pattern(self, key: str, shared: Mapping[str, str]) -> str:
        """A pattern: a string or a list of strings (joined), its placeholders replaced by the shared fragments."""
        return expand(_joined(self._value(key, _REQUIRED), f"{self.where}: {key!r}"), shared, self.where)

    def regex(self, key: str, shared: Mapping[str, str], flags: int) -> re.Pattern[str]:
        """The pattern, compiled with `flags`."""
        try:
            return re.compile(self.pattern(key, shared), flags)
        except re.error as exc:
            raise self.error(f"{key!r} does not compile: {exc}") from exc
