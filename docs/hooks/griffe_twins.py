"""A griffe extension for the API reference: a synchronous twin made at import time,
`evaluate = _synchronous(evaluate_async, "evaluate")` (`nohallucinate.evaluation`), is documented as the function
it is, with its async original's parameters, return type and docstring, rather than as an attribute without a
docstring. griffe reads source without running it, so it cannot see what the call returns."""

from __future__ import annotations

import ast
from typing import Any

import griffe

TWIN_MAKER = "_synchronous"


class SynchronousTwins(griffe.Extension):
    def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        for name, member in list(mod.members.items()):
            if not isinstance(member, griffe.Attribute) or member.value is None:
                continue
            call = _twin_call(str(member.value))
            if call is None:
                continue
            original = mod.members.get(call)
            if not isinstance(original, griffe.Function):
                continue
            twin = griffe.Function(
                name,
                lineno=member.lineno,
                endlineno=member.endlineno,
                parameters=original.parameters,
                returns=original.returns,
                docstring=original.docstring,
                parent=mod,
            )
            twin.labels = set(original.labels) - {"async"}
            mod.set_member(name, twin)


def _twin_call(source: str) -> str | None:
    """The async function's name when `source` is `_synchronous(NAME, "...")`, else None."""
    try:
        node = ast.parse(source, mode="eval").body
    except SyntaxError:
        return None
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == TWIN_MAKER
        and node.args
        and isinstance(node.args[0], ast.Name)
    ):
        return node.args[0].id
    return None
