"""How invented prizes take the rest of a real prize's name: as often as the answerable award rows' prizes end so."""

from __future__ import annotations

from nohallucinate.datagen.context import BuildContext, Draft
from nohallucinate.datagen.families.names import _PrizeTails
from nohallucinate.tasks import Family

# Only the seed is read: the answerable rows are given, so no client is asked for the build's prizes.
CTX = BuildContext(wikidata=None, wikipedia=None, seed=0, decompose=None, decomposer_name="none")  # type: ignore[arg-type]


def asked(*labels: str) -> list[Draft]:
    """Answerable award rows about prizes of these names (QIDs Q0, Q1, ... in order)."""
    return [
        Draft(
            Family.PRECISE_FACT,
            "q",
            "person",
            None,
            None,
            {"kind": "award_year", "prize": f"Q{i}", "prize_label": label},
        )
        for i, label in enumerate(labels)
    ]


def test_each_asked_row_stands_for_its_rest_or_a_plain_one() -> None:
    """A field ending is drawn once for the one row that asks it, a plain one for the rows whose names cannot be
    remade: one invented prize in five names a field, as one asked prize in five does."""
    tails = _PrizeTails.of(
        CTX,
        asked("Alder Prize for Poetry", "Birch Medal", "Birch Medal", "Greyfell Trophy", "Silver Lyre of Dunmarrow"),
    )
    assert tails.drawn == ["Medal", "Medal", "Medal", "Medal", "Prize for Poetry"]
    assert tails.prizes == {"Prize for Poetry": ["Q0"], "Medal": ["Q1", "Q2"]}  # whom each is asked of: their fields


def test_without_a_plain_rest_a_name_stands_for_a_bare_kind_never_a_field() -> None:
    tails = _PrizeTails.of(CTX, asked("Alder Prize for Poetry", "Greyfell Trophy", "Northmarch Player of the Year"))
    assert tails.drawn == ["Prize", "Prize", "Prize for Poetry"]
    assert tails.prizes == {"Prize for Poetry": ["Q0"], "Prize": ["Q0"]}  # asked of the field of the prizes of its kind


def test_rows_about_other_families_are_not_counted() -> None:
    rows = asked("Alder Prize for Poetry", "Birch Medal")
    other = Draft(
        Family.FALSE_PREMISE, "q", "p", None, None, {"kind": "prize", "prize": "Q9", "prize_label": "Cedar Award"}
    )
    assert _PrizeTails.of(CTX, [*rows, other]).drawn == ["Medal", "Prize for Poetry"]
