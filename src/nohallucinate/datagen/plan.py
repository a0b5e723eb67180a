"""How many rows each family aims at in each question form, from the composition.

A question form is what a policy reads before it knows any fact. Every unanswerable form has answerable rows
beside it: a club someone never played for is asked in both football forms, a prize someone never received in
the award form, a name nobody bears in the birth-date form, and precise_fact holds enough birth dates, award
years and match counts to stand beside the largest unanswerable family of each form (assembly then caps every
family at that size; see `assemble`). The precise_fact split follows from those needs; what is left over is
spread in proportion to them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from nohallucinate.tasks import Family


class Form(StrEnum):
    """The question forms the builders write (the wording itself lives with each builder)."""

    BIRTH = "birth date"  # On what day, month and year was X born?
    AWARD = "award year"  # In what year did X receive the Y?
    COUNT = "match count"  # How many matches did X play for Y between A and B?
    SEASON = "season appearances"  # How many league appearances did X make for Y in the S season?
    BIOGRAPHY = "biography"  # Write a biography of X.


# Shares of the families asked in several forms.
PREMISE_SHARES = {Form.SEASON: 1, Form.COUNT: 1, Form.AWARD: 2}  # clubs half (two football forms), prizes half
INVENTED_SHARES = {Form.BIRTH: 2, Form.SEASON: 1, Form.COUNT: 1, Form.AWARD: 2}  # people, clubs, prizes a third each
PRECISE_FORMS = (Form.BIRTH, Form.AWARD, Form.COUNT)

Plan = dict[Family, dict[Form, int]]


def plan(composition: Mapping[Family, int]) -> Plan:
    """Rows per family and form (before the builders' margin); families not in the composition get none."""

    def rows(family: Family) -> int:
        return composition.get(family, 0)

    planned: Plan = {
        Family.FOOTBALL_SEASON: {Form.SEASON: rows(Family.FOOTBALL_SEASON)},
        Family.BIOGRAPHY: {Form.BIOGRAPHY: rows(Family.BIOGRAPHY)},
        Family.FALSE_PREMISE: apportion(rows(Family.FALSE_PREMISE), PREMISE_SHARES),
        Family.NONEXISTENT_ENTITY: apportion(rows(Family.NONEXISTENT_ENTITY), INVENTED_SHARES),
        Family.UNRECORDED_FACT: {Form.BIRTH: rows(Family.UNRECORDED_FACT)},
        Family.AMBIGUOUS_ENTITY: {Form.BIRTH: rows(Family.AMBIGUOUS_ENTITY)},
    }
    needs = {form: max(shares.get(form, 0) for shares in planned.values()) for form in PRECISE_FORMS}
    planned[Family.PRECISE_FACT] = _precise(rows(Family.PRECISE_FACT), needs)
    return {family: planned[family] for family in Family}


def _precise(total: int, needs: dict[Form, int]) -> dict[Form, int]:
    """Each form's need first, the rest in proportion to the needs (evenly when nothing needs any); too few rows
    for the needs are shared in proportion to them."""
    needed = sum(needs.values())
    if total <= needed:
        return apportion(total, needs)
    extra = apportion(total - needed, needs if needed else dict.fromkeys(needs, 1))
    return {form: needs[form] + extra[form] for form in needs}


def apportion(total: int, weights: Mapping[Form, int]) -> dict[Form, int]:
    """`total` split in proportion to `weights` by largest remainders (ties to the earlier form): exact and
    deterministic."""
    weight = sum(weights.values())
    if total <= 0 or weight <= 0:
        return dict.fromkeys(weights, 0)
    shares = {form: total * w / weight for form, w in weights.items()}
    split = {form: int(share) for form, share in shares.items()}
    order = sorted(weights, key=lambda form: -(shares[form] - split[form]))  # stable: ties keep weights' order
    for form in order[: total - sum(split.values())]:
        split[form] += 1
    return split
