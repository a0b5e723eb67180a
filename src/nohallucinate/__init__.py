"""nohallucinate: measure and train calibrated factuality in language models."""

from importlib.util import find_spec
from typing import TYPE_CHECKING

__version__ = "0.1.0"

# `vf-eval nohallucinate` imports this package and takes its taskset, harness and env from `__all__`
# (nohallucinate.env.verifiers_env). They are imported on first use only, so that importing nohallucinate never
# imports verifiers; and listed only where verifiers is installed, so that `from nohallucinate import *` works
# without it. find_spec looks for the package without importing it.
VERIFIERS_PLUGIN = ("NoHallucinateTaskset", "SingleReplyHarness", "LocalSingleAgentEnv")
__all__ = list(VERIFIERS_PLUGIN) if find_spec("verifiers") is not None else []

if not TYPE_CHECKING:  # to a type checker, the package's attributes stay what it defines
    from nohallucinate.lazy import lazy_exports

    __getattr__ = lazy_exports(__name__, {"nohallucinate.env.verifiers_env": VERIFIERS_PLUGIN})
