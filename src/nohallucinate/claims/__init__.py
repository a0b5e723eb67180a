"""Decompose text into atomic claims and check them against a reference (lexically, or with a model)."""

from nohallucinate.claims.check import ClaimCheck, Probabilities
from nohallucinate.claims.decompose import decompose
from nohallucinate.claims.dedupe import merge_near_duplicates
from nohallucinate.claims.lexical import LexicalVerifier

__all__ = ["ClaimCheck", "LexicalVerifier", "Probabilities", "decompose", "merge_near_duplicates"]
