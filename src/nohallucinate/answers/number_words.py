"""Runs of number words, read greedily: the longest opening that makes one number, then the rest likewise."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence


def longest_numbers(
    tokens: Sequence[re.Match[str]], value_of: Callable[[list[str]], int | None], most: int
) -> list[tuple[int, int, int]]:
    """(value, start, end) of each number the tokens make, from the left: "twenty three and four" is 23 and 4.

    `value_of` gives the number some words make together, or None; openings longer than `most` words are not
    tried, so that a wall of number words costs time linear in its length. Offsets are the tokens' own."""
    found, i = [], 0
    while i < len(tokens):
        for j in range(min(len(tokens), i + most), i, -1):
            value = value_of([token.group() for token in tokens[i:j]])
            if value is not None:
                found.append((value, tokens[i].start(), tokens[j - 1].end()))
                i = j
                break
        else:
            i += 1
    return found
