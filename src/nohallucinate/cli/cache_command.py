"""`nohallucinate cache verify` and `cache prune`: check the response cache entry by entry, drop bad or old ones."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Annotated

import typer

from nohallucinate.cli import models as flags
from nohallucinate.cli.output import fail, out
from nohallucinate.models import ClientSettings
from nohallucinate.models.cache_key import CacheKeyError
from nohallucinate.models.cache_maintenance import CacheCheck, cache_file_problem, prune_cache, verify_cache

commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs

cache_app = typer.Typer(no_args_is_help=True, help="Check and prune the response cache.")
commands.add_typer(cache_app, name="cache")

OlderThan = Annotated[
    float | None,
    typer.Option("--older-than", min=0.0, metavar="DAYS", help="Also drop entries written more than DAYS days ago."),
]


@cache_app.command()
def verify(cache_dir: flags.CacheDir = None) -> None:
    """Count the entries and check each one's checksum and content; exit 1 if any is bad, 2 if there is no cache."""
    path = _cache_file(cache_dir)
    try:
        check = verify_cache(path)
    except CacheKeyError as exc:
        fail(str(exc))
    if check.unreadable is not None:
        fail(f"{check.path} is not a usable cache ({check.unreadable}); `cache prune` moves it aside", code=1)
    out.print(
        f"{check.path}: {_entries(check.entries)}, {check.bad.total()} bad",
        highlight=False,
        markup=False,
        soft_wrap=True,
    )
    _print_reasons(check)
    if check.bad:
        out.print("`nohallucinate cache prune` removes them; a run asks for them again", highlight=False, markup=False)
        raise typer.Exit(1)


@cache_app.command()
def prune(cache_dir: flags.CacheDir = None, older_than: OlderThan = None) -> None:
    """Remove the bad entries (and, with --older-than, the old ones), and print what was removed."""
    path = _cache_file(cache_dir)
    try:
        check = prune_cache(path, older_than)
    except (sqlite3.Error, OSError) as exc:
        fail(f"cannot prune {path}: {exc}", code=1)
    if check.rebuilt is not None:
        out.print(check.rebuilt, highlight=False, markup=False, soft_wrap=True)
    removed = check.bad.total() + check.old
    age = f" ({check.old} older than {older_than:g} days)" if older_than is not None else ""
    out.print(
        f"{check.path}: removed {removed} of {_entries(check.entries)}: {check.bad.total()} bad{age}; "
        f"{check.entries - removed} left",
        highlight=False,
        markup=False,
        soft_wrap=True,
    )
    _print_reasons(check)


def _cache_file(cache_dir: Path | None) -> Path:
    """The cache file of `cache_dir`; exit 2 naming why when there is none to check."""
    path = ClientSettings(cache_dir=cache_dir).cache_path
    if (problem := cache_file_problem(path)) is not None:
        fail(problem)
    return path


def _print_reasons(check: CacheCheck) -> None:
    for reason, count in sorted(check.bad.items()):
        out.print(f"  {reason}: {count}", highlight=False, markup=False)


def _entries(count: int) -> str:
    return f"{count} {'entry' if count == 1 else 'entries'}"
