"""The shared builder loop and its named gates: a row lists exactly the gates it passed, a rejection gives the
failing gate's reason, and the loop stops at the rows asked for."""

from __future__ import annotations

import pytest

from nohallucinate.datagen.context import BuildLog, Draft
from nohallucinate.datagen.gates import Gate, Rejected, Trial, gather
from nohallucinate.tasks import Family

EVEN = Gate("the number is even", "the number is odd")
SMALL = Gate("the number is below 10", "the number is 10 or more")


def _draft(trial: Trial[int]) -> Draft:
    trial.require(EVEN, trial.item % 2 == 0)
    trial.require(SMALL, trial.item < 10)
    return Draft(Family.PRECISE_FACT, str(trial.item), str(trial.item), None, None, {"checks": trial.checks})


def test_rows_list_their_gates_and_rejections_their_reasons() -> None:
    log = BuildLog()
    drafts = gather(log, Family.PRECISE_FACT, [1, 2, 12, 4, 6], _draft, want=2, subject=str)
    assert [d.question for d in drafts] == ["2", "4"]
    assert all(d.provenance["checks"] == [EVEN.check, SMALL.check] for d in drafts)
    assert [(r["subject"], r["reason"]) for r in log.rejections] == [("1", EVEN.reason), ("12", SMALL.reason)]


def test_a_gate_applied_twice_is_listed_once_and_a_given_reason_overrides() -> None:
    trial = Trial("x")
    trial.require(EVEN, True)
    trial.require(EVEN, True)
    assert trial.checks == [EVEN.check]
    with pytest.raises(Rejected) as caught:
        trial.require(SMALL, False, "a more precise reason")
    assert caught.value.reason == "a more precise reason"


def test_a_callable_want_stops_the_loop_and_none_passes_over() -> None:
    log = BuildLog()
    seen: list[int] = []

    def record(trial: Trial[int]) -> None:
        seen.append(trial.item)

    assert gather(log, Family.BIOGRAPHY, range(10), record, want=lambda: len(seen) >= 3, subject=str) == []
    assert seen == [0, 1, 2] and log.rejections == []
