"""The provenance models are the schema of the built rows: every demo row reads through its model and writes
back to the very same JSON."""

from __future__ import annotations

import pytest

from nohallucinate.tasks import Family, Task, load_demo_tasks
from nohallucinate.tasks.provenance import (
    AmbiguousProvenance,
    AwardYearProvenance,
    BiographyProvenance,
    BirthDateProvenance,
    InventedProvenance,
    MatchCountProvenance,
    PremiseProvenance,
    Provenance,
    SeasonProvenance,
    UnrecordedProvenance,
    provenance_as,
)

PRECISE = {"birth_date": BirthDateProvenance, "award_year": AwardYearProvenance, "match_count": MatchCountProvenance}
MODELS: dict[Family, type[Provenance]] = {
    Family.FOOTBALL_SEASON: SeasonProvenance,
    Family.BIOGRAPHY: BiographyProvenance,
    Family.FALSE_PREMISE: PremiseProvenance,
    Family.NONEXISTENT_ENTITY: InventedProvenance,
    Family.UNRECORDED_FACT: UnrecordedProvenance,
    Family.AMBIGUOUS_ENTITY: AmbiguousProvenance,
}


def _model(task: Task) -> type[Provenance]:
    return PRECISE[task.provenance["kind"]] if task.family is Family.PRECISE_FACT else MODELS[task.family]


@pytest.mark.parametrize("task", load_demo_tasks(), ids=lambda t: t.task_id)
def test_each_demo_row_reads_through_its_model_and_writes_back_the_same(task: Task) -> None:
    written = {k: v for k, v in task.provenance.items() if k not in ("tier_rule", "consulted")}  # added by assembly
    view = provenance_as(task, _model(task))
    assert view.row() == written
    assert list(view.row()) == list(written)  # the same keys in the same order


def test_a_row_of_another_kind_does_not_read_as_this_one() -> None:
    task = next(t for t in load_demo_tasks() if t.family is Family.AMBIGUOUS_ENTITY)
    with pytest.raises(ValueError):
        provenance_as(task, BirthDateProvenance)
