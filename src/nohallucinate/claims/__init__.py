"""Decompose text into atomic claims and check them against a reference."""

from nohallucinate.claims.decompose import decompose
from nohallucinate.claims.dedupe import merge_near_duplicates
from nohallucinate.claims.lexical import ClaimCheck, LexicalVerifier

__all__ = ["ClaimCheck", "LexicalVerifier", "decompose", "merge_near_duplicates"]
