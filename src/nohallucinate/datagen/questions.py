"""The wordings of the questions rows ask, shared by answerable and unanswerable rows of one form."""

from __future__ import annotations

import re

APPEARANCES = "How many league appearances did {player} make for {club} in the {season} season?"
PRIZE = "In what year did {person} receive {prize}?"
COUNT = "How many matches did {player} play for {club} between {start} and {end}?"
BIOGRAPHY = "Write a biography of {}."


def with_article(prize: str) -> str:
    """A prize as a question names it: "the Verrowmont Prize" (a label's own "The" lower-cased, so that every
    award question reads alike)."""
    return "the " + re.sub(r"^the\s+", "", prize, flags=re.IGNORECASE)
