"""The FamilySpec table is the one place a family is declared: a made-up row added to a copy of it is picked up,
with no other edit, by every function that asks what a family is."""

from __future__ import annotations

import pytest

from nohallucinate.answers.defects import DefectCue
from nohallucinate.graders import Label, abstention_reward, labels_for, reward_for
from nohallucinate.graders.ladder import bottom_label
from nohallucinate.graders.limits import BIOGRAPHY_REPLY_LIMIT, SHORT_REPLY_LIMIT, reply_limit
from nohallucinate.graders.local import judge
from nohallucinate.graders.local.certain import certain_label
from nohallucinate.policies import confident_answer
from nohallucinate.tasks import FAMILY_SPECS, Family, FamilySpec, Kind, Subject, Task, families
from nohallucinate.tasks.families import family_field_errors, unregistered

MADE_UP_SHORT = FamilySpec("capital_city_fact", Kind.SHORT_ANSWER, tiered=False)
MADE_UP_DEFECT = FamilySpec("retracted_fact", Kind.DEFECT, tiered=True, defect_cue=DefectCue.FALSE_PREMISE)


@pytest.fixture
def extended(monkeypatch: pytest.MonkeyPatch) -> dict[str, FamilySpec]:
    table = {**FAMILY_SPECS, MADE_UP_SHORT.name: MADE_UP_SHORT, MADE_UP_DEFECT.name: MADE_UP_DEFECT}
    monkeypatch.setattr(families, "FAMILY_SPECS", table)
    return table


def _row(family: str, **fields: object) -> Task:
    # A made-up family is not a member of the Family enum, so the row is built without validation.
    row = {"gold": None, "defect": None, "article": None, "k": None, **fields}
    return Task.model_construct(
        task_id="made-up-1", family=family, tier=None, subject=Subject(label="Ada Lovelace"), provenance={}, **row
    )


def test_every_family_has_one_spec_of_its_name() -> None:
    assert sorted(FAMILY_SPECS) == sorted(f.value for f in Family)
    assert all(spec.name == name for name, spec in FAMILY_SPECS.items())


def test_a_defect_cue_belongs_to_defect_families_only() -> None:
    with pytest.raises(ValueError, match="defect cue"):
        FamilySpec("x", Kind.SHORT_ANSWER, tiered=False, defect_cue=DefectCue.AMBIGUOUS)
    with pytest.raises(ValueError, match="defect cue"):
        FamilySpec("x", Kind.DEFECT, tiered=False)


def test_the_row_rules_read_the_spec() -> None:
    assert family_field_errors(MADE_UP_SHORT, {"gold": True}, tier_given=False) == []
    assert family_field_errors(MADE_UP_SHORT, {"defect": True}, tier_given=True) == [
        "gold: required for this family",
        "defect: must be absent for this family",
        "tier: must be null for the untiered family capital_city_fact",
    ]
    assert family_field_errors(MADE_UP_DEFECT, {"defect": True}, tier_given=True) == []


def test_the_ladder_floor_and_limits_read_the_spec() -> None:
    assert labels_for(MADE_UP_SHORT) == (Label.CORRECT, Label.NOT_ATTEMPTED, Label.INCORRECT)
    assert labels_for(MADE_UP_DEFECT) == (Label.IDENTIFIED, Label.ABSTAINED, Label.CONFABULATED)
    assert reward_for(MADE_UP_DEFECT, Label.IDENTIFIED) == 1.0
    assert abstention_reward(MADE_UP_SHORT) == abstention_reward(MADE_UP_DEFECT) == 0.5
    assert abstention_reward(FamilySpec("career_essay", Kind.LONG_FORM, tiered=True)) == 0.0
    assert bottom_label(MADE_UP_SHORT) is Label.INCORRECT
    assert reply_limit(MADE_UP_DEFECT) == SHORT_REPLY_LIMIT
    assert reply_limit(FamilySpec("career_essay", Kind.LONG_FORM, tiered=True)) == BIOGRAPHY_REPLY_LIMIT
    with pytest.raises(ValueError, match="does not belong"):
        reward_for(MADE_UP_SHORT, Label.IDENTIFIED)


@pytest.mark.usefixtures("extended")
def test_the_local_grader_the_certain_rules_and_the_baseline_dispatch_on_the_spec() -> None:
    short = _row(MADE_UP_SHORT.name, question="In what year was Ada Lovelace born?", gold="1815")
    assert judge(short, "She was born in 1815.")[:2] == (Label.CORRECT, 1.0)
    assert judge(short, "I don't know.")[:2] == (Label.NOT_ATTEMPTED, 0.5)
    assert certain_label(short, "1816") is Label.INCORRECT
    assert "1" in confident_answer(short)  # a year, as for any short answer
    retracted = _row(
        MADE_UP_DEFECT.name,
        question="In what year did Ada Lovelace receive the Nobel Prize in Physics?",
        defect="Ada Lovelace never received the Nobel Prize in Physics.",
    )
    assert judge(retracted, "She never received the Nobel Prize in Physics.")[:2] == (Label.IDENTIFIED, 1.0)
    assert judge(retracted, "She received it in 1843.")[:2] == (Label.CONFABULATED, 0.0)
    assert certain_label(retracted, "I don't know") is Label.ABSTAINED


@pytest.mark.usefixtures("extended")
def test_the_builder_and_verifier_registries_name_what_they_lack() -> None:
    from nohallucinate.datagen.assemble import DEFAULT_COMPOSITION
    from nohallucinate.datagen.build import _builders
    from nohallucinate.datagen.plan import plan
    from nohallucinate.datagen.verify import _CHECKS

    new = [MADE_UP_SHORT.name, MADE_UP_DEFECT.name]
    assert unregistered(_builders(plan(DEFAULT_COMPOSITION))) == unregistered(_CHECKS) == new
