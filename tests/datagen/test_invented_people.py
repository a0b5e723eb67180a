"""How invented people take their given names: as long as the asked people's first names, not as Wikidata lists them."""

from __future__ import annotations

from collections import Counter

from nohallucinate.datagen.context import BuildContext, Draft
from nohallucinate.datagen.families.names import _given_names
from nohallucinate.spec import BIRTH_QUESTION
from nohallucinate.tasks import Family

# Twelve given names of each length from 3 to 12 letters, as Wikidata's unweighted name items run (long ones as
# common as short ones).
POOL = [f"A{'b' * (length - 2)}{chr(ord('a') + i)}" for length in range(3, 13) for i in range(12)]


def context(seed: int = 0) -> BuildContext:
    ctx = BuildContext(wikidata=None, wikipedia=None, seed=seed, decompose=None, decomposer_name="none")  # type: ignore[arg-type]
    ctx.given_names = POOL  # the pool the build would read from Wikidata
    return ctx


def asked(*people: str) -> list[Draft]:
    return [Draft(Family.PRECISE_FACT, BIRTH_QUESTION.format(p), p, None, None, {}) for p in people]


def test_the_drawn_names_are_as_long_as_the_asked_first_names() -> None:
    before = asked("Ann Lee", "Mark Hale", "Mark Hale", "Silas Orr", "Tamsin Vane", "Ottoline Fry")
    drawn = _given_names(context(), before)
    lengths = [len(n) for n in drawn]
    assert sorted(lengths[:6]) == [3, 4, 4, 5, 6, 8]  # one pass over the asked rows' first names
    assert Counter(lengths[6:12]) == Counter(lengths[:6])  # and over again, while names of those lengths last


def test_every_given_name_is_drawn_once() -> None:
    drawn = _given_names(context(), asked("Ann Lee", "Ottoline Fry"))
    assert sorted(drawn) == sorted(POOL)


def test_without_asked_people_the_seeded_order_stands() -> None:
    ctx = context()
    assert _given_names(ctx, []) == ctx.shuffled(POOL, "first")


def test_the_order_follows_the_seed() -> None:
    before = asked("Ann Lee", "Mark Hale", "Silas Orr", "Tamsin Vane")
    assert _given_names(context(1), before) == _given_names(context(1), before)
    assert _given_names(context(1), before) != _given_names(context(2), before)
