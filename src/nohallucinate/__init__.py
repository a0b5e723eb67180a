"""nohallucinate: measure and train calibrated factuality in language models."""

from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

# `vf-eval nohallucinate` imports this package and takes its taskset, harness and env from `__all__`
# (nohallucinate.env.verifiers_env). They are imported on first use only, so that importing nohallucinate never
# imports verifiers; and listed only where verifiers is installed, so that `from nohallucinate import *` works
# without it. find_spec looks for the package without importing it.
VERIFIERS_PLUGIN = ("NoHallucinateTaskset", "SingleReplyHarness", "LocalSingleAgentEnv")
__all__ = list(VERIFIERS_PLUGIN) if find_spec("verifiers") is not None else []

if not TYPE_CHECKING:  # to a type checker, the package's attributes stay what it defines

    def __getattr__(name: str) -> Any:
        if name in VERIFIERS_PLUGIN:
            try:
                from nohallucinate.env import verifiers_env
            except ModuleNotFoundError as exc:
                if (exc.name or "").partition(".")[0] != "verifiers":
                    raise
                hint = f"nohallucinate.{name} needs verifiers: pip install 'nohallucinate[verifiers]'"
                raise ModuleNotFoundError(hint, name=exc.name) from exc
            value = getattr(verifiers_env, name)
            globals()[name] = value
            return value
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
