"""Decompose text into atomic claims and check them against a reference (lexically, or with a model)."""

from typing import TYPE_CHECKING

# Imported now: `decompose` names both a module and a function of it (nohallucinate.lazy).
from nohallucinate.claims.decompose import decompose
from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.claims.check import ClaimCheck, Probabilities
    from nohallucinate.claims.dedupe import merge_near_duplicates
    from nohallucinate.claims.lexical import LexicalVerifier
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.claims.check": ("ClaimCheck", "Probabilities"),
            "nohallucinate.claims.dedupe": ("merge_near_duplicates",),
            "nohallucinate.claims.lexical": ("LexicalVerifier",),
        },
    )

__all__ = ["ClaimCheck", "LexicalVerifier", "Probabilities", "decompose", "merge_near_duplicates"]
