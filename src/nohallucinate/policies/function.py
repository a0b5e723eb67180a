"""A policy that is any Python function: a local Hugging Face model, an agent, a retrieval system.

The function receives the prompt messages (the system prompt, unless there is none, then the question), the task
id and the sample, as keywords, and returns the reply text:

    def my_policy(messages: list[dict[str, str]], task_id: str, sample: int) -> str: ...
    async def my_policy(messages: list[dict[str, str]], task_id: str, sample: int) -> str: ...

The task id is for bookkeeping (a cache, a log), not for a model's context: a task file's ids may tell what its
questions do not (`check` refuses the kinds it knows).

A plain function runs in a worker thread, so a slow one does not hold up the others (`--concurrency` bounds how
many run at once; give 1 to a function that is not safe to run in several threads). Whatever it raises, or a return
value that is not text, makes the item errored with the reason: never a reply.

On the command line it is named `module:function` (`--policy my_agent:answer`, dots for a nested attribute), and
imported with the working directory on the import path, as uvicorn and gunicorn do. `openai:MODEL` is always the
model policy, never a module named openai.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import re
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from nohallucinate.checksums import file_sha256
from nohallucinate.errors import NohallucinateError, UserInputError
from nohallucinate.spec import MODEL_POLICY_PREFIX
from nohallucinate.tasks import Reply, Task
from nohallucinate.tasks.prompt import SYSTEM_PROMPT, prompt_messages

PolicyFunction = Callable[..., str | Awaitable[str]]
_DOTTED = r"[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*"
_SPEC = re.compile(rf"^({_DOTTED}):({_DOTTED})$")


class PolicyFunctionError(NohallucinateError):
    """A policy function returned something other than the reply text."""


def is_function_policy(name: str) -> bool:
    """Whether `name` names a policy function (`module:function`) rather than a built-in or `openai:MODEL`."""
    return not name.startswith(MODEL_POLICY_PREFIX) and _SPEC.match(name) is not None


class FunctionPolicy:
    """Answers with `function` (see the module's docstring); `name` is what runs and reports call it."""

    def __init__(self, function: PolicyFunction, name: str | None = None, system_prompt: str = SYSTEM_PROMPT) -> None:
        if not callable(function):
            raise TypeError(f"a policy function must be callable, not {type(function).__name__}")
        self.function = function
        self.name = name or f"{getattr(function, '__module__', '?')}:{getattr(function, '__qualname__', '?')}"
        self.system_prompt = system_prompt
        self._is_async = inspect.iscoroutinefunction(function) or inspect.iscoroutinefunction(
            getattr(function, "__call__", None)  # noqa: B004 - an object whose __call__ is async
        )

    async def answer(self, task: Task, sample: int = 0) -> Reply:
        messages = prompt_messages(task, self.system_prompt)
        asked = {"messages": messages, "task_id": task.task_id, "sample": sample}
        try:
            if self._is_async:
                text: Any = await self.function(**asked)  # type: ignore[misc]
            else:
                text = await asyncio.to_thread(self.function, **asked)
                if inspect.isawaitable(text):  # a plain function that hands back a coroutine
                    text = await text
        except SystemExit as exc:  # sys.exit() in a policy ends that item, not the run (Ctrl-C still stops it)
            raise PolicyFunctionError(f"{self.name} called sys.exit({exc.code!r})") from None
        if not isinstance(text, str):
            raise PolicyFunctionError(f"{self.name} returned {type(text).__name__}, not the reply text (a str)")
        return Reply(task_id=task.task_id, response=text, policy=self.name, sample=sample)


def load_policy_function(spec: str) -> PolicyFunction:
    """The function `module:attribute` names, imported with the working directory first on the import path."""
    match = _SPEC.match(spec)
    if match is None or spec.startswith(MODEL_POLICY_PREFIX):
        raise UserInputError(f"--policy {spec!r}: a policy function is named module:function")
    module_name, attribute = match.groups()
    if "" not in sys.path and str(Path.cwd()) not in sys.path:
        sys.path.insert(0, "")  # the working directory, as `python -m` puts it
    try:
        found: Any = importlib.import_module(module_name)
    except Exception as exc:  # the user's module ran and failed, or is not there: either way, say which and why
        raise UserInputError(f"--policy {spec}: cannot import {module_name} ({type(exc).__name__}: {exc})") from None
    for part in attribute.split("."):
        if not hasattr(found, part):
            raise UserInputError(f"--policy {spec}: {module_name} has no attribute {attribute}")
        found = getattr(found, part)
    if not callable(found):
        raise UserInputError(f"--policy {spec}: {attribute} is a {type(found).__name__}, not a function")
    return found


def function_provenance(spec: str) -> dict[str, str]:
    """What a run records of a policy function: the file its module was loaded from and that file's sha256, so
    that resuming with a changed function is refused (a run answered by two versions would measure neither)."""
    load_policy_function(spec)
    module = sys.modules[spec.split(":", 1)[0]]
    path = getattr(module, "__file__", None)
    if path is None:
        return {}
    return {"module_file": str(Path(path).resolve()), "module_sha256": file_sha256(Path(path))}


def check_provenance(spec: str, recorded: dict[str, Any]) -> None:
    """Refuse a policy function whose module file changed since the run recorded it."""
    if not recorded.get("module_sha256"):
        return
    now = function_provenance(spec)
    if now.get("module_sha256") != recorded["module_sha256"]:
        raise UserInputError(
            f"--policy {spec}: {recorded.get('module_file')} changed since the run started (sha256 differs); "
            "start a new run for the new version"
        )
