"""Flags that several commands take, declared once as a group: a command names the group as one parameter and
receives the value the group builds from its flags.

    @app.command()
    @with_flag_groups
    def grade(..., grading: GraderFlags = GRADER_FLAGS, as_json: JsonOption = False) -> None: ...

The command's signature (what typer reads for flags and --help) has the group's flags in the group's place.
"""

from __future__ import annotations

import functools
import inspect
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from nohallucinate.cli.output import or_exit


@dataclass(frozen=True)
class FlagGroup:
    """Flags (typer parameters with their defaults) and how to build one value from them."""

    flags: Sequence[inspect.Parameter]
    build: Callable[..., Any]  # called with each flag's value by name; may raise UserInputError


def flag(name: str, annotation: Any, default: Any) -> inspect.Parameter:
    """One flag of a group: a typer `Annotated[type, typer.Option(...)]` and its default."""
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation)


def flag_group(flags_type: type[Any]) -> Any:
    """The group of a dataclass whose fields are typer options with defaults; the command receives an instance.
    Typed Any, as a parameter's default stands for the instance the command receives."""
    flags = [f for f in fields(flags_type) if f.init]
    # Only the flags' annotations are resolved (strings, under `from __future__ import annotations`): a field the
    # instance computes may name a type that need not be imported until a command runs (PolicyFlags.sampling).
    names = vars(sys.modules[flags_type.__module__])
    hints = {f.name: eval(f.type, names) if isinstance(f.type, str) else f.type for f in flags}
    return FlagGroup([flag(f.name, hints[f.name], f.default) for f in flags], flags_type)


def with_flag_groups(command: Callable[..., None]) -> Callable[..., None]:
    """`command` with each parameter whose default is a FlagGroup spelt out as the group's flags, in its place;
    a bad value among them ends the command (exit 2) before it starts."""
    signature = inspect.signature(command, eval_str=True)
    groups: dict[str, FlagGroup] = {}
    parameters: list[inspect.Parameter] = []
    for parameter in signature.parameters.values():
        if isinstance(parameter.default, FlagGroup):
            groups[parameter.name] = parameter.default
            parameters.extend(parameter.default.flags)
        else:
            parameters.append(parameter.replace(kind=inspect.Parameter.KEYWORD_ONLY))

    @functools.wraps(command)
    def run(**values: Any) -> None:
        for name, group in groups.items():
            values[name] = _built(group, {flag.name: values.pop(flag.name) for flag in group.flags})
        command(**values)

    # What typer reads: the signature first, then the annotations (resolved, since the command's may be strings).
    run.__signature__ = signature.replace(parameters=parameters)  # type: ignore[attr-defined]  # not a declared function attribute, but inspect.signature honours it
    run.__annotations__ = {p.name: p.annotation for p in parameters} | {"return": signature.return_annotation}
    return run


def _built(group: FlagGroup, given: dict[str, Any]) -> Any:
    return or_exit(lambda: group.build(**given))
