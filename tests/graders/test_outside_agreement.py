"""The local and hybrid graders against labels no one here wrote: real SimpleQA replies graded by LLM judges
(shared/data/graded_replies, see its SOURCES.md). The judges err at times, so the bars are well above 90%, not 100%.

Issue 22's bars, on the English rows: agreement of 0.95 on dates, 0.93 on numbers and 0.92 on text; the share
graded CORRECT within 2 points of the judges'; the hybrid grader decides at least half of the rows locally, and
those agree with the judges at 0.98 or more. On the Czech rows: no crash, year answers at 0.95 or more, and numbers
at 0.86 or more.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence

import pytest

from nohallucinate.agreement import LabelledReply, compare
from nohallucinate.graders import Label, LocalGrader, Verdict

GRADER = LocalGrader()


YEAR = re.compile(r"\s*\d{4}\s*\.?\s*")


def graded(
    replies: Sequence[LabelledReply], language: str, every: int = 1
) -> tuple[list[LabelledReply], list[Verdict]]:
    """The rows in `language` (of the rows whose gold is not a bare year, every `every`-th), and their verdicts."""
    rows = [
        row
        for index, row in enumerate(replies)
        if row.language == language and (index % every == 0 or YEAR.fullmatch(row.task.gold or ""))
    ]
    return rows, [GRADER.grade_now(row.task, row.reply) for row in rows]


@pytest.fixture(scope="module")
def english(graded_replies: tuple[LabelledReply, ...]) -> tuple[list[LabelledReply], list[Verdict]]:
    return graded(graded_replies, "en")


def test_english_agreement_by_kind_of_answer(english: tuple[list[LabelledReply], list[Verdict]]) -> None:
    rows, verdicts = english
    report = compare("local", rows, verdicts, resamples=0)
    assert report.overall.n == 2263 and not report.errored
    bars = {"date": 0.95, "number": 0.93, "text": 0.92}
    got = {group: report.groups[group].accuracy.estimate for group in bars}
    assert all(got[group] is not None and got[group] >= bar for group, bar in bars.items()), got


def test_english_share_graded_correct_is_the_judges_within_two_points(
    english: tuple[list[LabelledReply], list[Verdict]],
) -> None:
    rows, verdicts = english
    judge = sum(row.label is Label.CORRECT for row in rows) / len(rows)
    local = sum(verdict.label is Label.CORRECT for verdict in verdicts) / len(verdicts)
    assert abs(local - judge) <= 0.02, (local, judge)


def test_the_hybrid_grader_decides_half_locally_and_agrees_there(
    english: tuple[list[LabelledReply], list[Verdict]],
) -> None:
    # The hybrid takes exactly the local verdicts the rules are sure of (graders/hybrid.py), so those are measured.
    rows, verdicts = english
    sure = [(row, verdict) for row, verdict in zip(rows, verdicts, strict=True) if verdict.detail.get("sure")]
    assert len(sure) / len(rows) >= 0.5
    agreed = sum(verdict.label is row.label for row, verdict in sure)
    assert agreed / len(sure) >= 0.98, (agreed, len(sure))


@pytest.fixture(scope="module")
def czech(graded_replies: tuple[LabelledReply, ...]) -> tuple[list[LabelledReply], list[Verdict]]:
    # Every Czech year row, and every tenth of the others (all 21,590 take about a minute here: `nohallucinate
    # agreement ... --language cs` grades them all, as the graders page's table does).
    return graded(graded_replies, "cs", every=10)


def test_czech_rows_grade_without_error_and_years_agree(czech: tuple[list[LabelledReply], list[Verdict]]) -> None:
    rows, verdicts = czech
    assert len(rows) > 5000 and not any(verdict.errored for verdict in verdicts)
    years: defaultdict[str, int] = defaultdict(int)
    for row, verdict in zip(rows, verdicts, strict=True):
        if YEAR.fullmatch(row.task.gold or ""):
            years["n"] += 1
            years["agreed"] += verdict.label is row.label
    assert years["n"] > 3000 and years["agreed"] / years["n"] >= 0.95, dict(years)


def test_czech_numbers_agree(czech: tuple[list[LabelledReply], list[Verdict]]) -> None:
    # Czech replies write counts in words ("tři děti"), ordinals with a dot ("v 80. letech") and ask "Kolik ...?":
    # on every tenth Czech number row the local grader agrees 0.895 (0.807 before it read them).
    rows, verdicts = czech
    report = compare("local", rows, verdicts, resamples=0)
    numbers = report.groups["number"]
    assert numbers.n > 400 and (numbers.accuracy.estimate or 0) >= 0.86, numbers


def test_czech_declines_are_read(czech: tuple[list[LabelledReply], list[Verdict]]) -> None:
    # Czech replies decline in their own words ("nelze s jistotou určit", "není známo", "nejsem si jistý"): of the
    # every-tenth Czech text rows the judges call not attempted, the local grader calls 0.873 so (0.849 before it
    # read those words; across all Czech rows, 0.873 -> 0.902 on the questions the rules were written against and
    # 0.878 -> 0.904 on the others).
    rows, verdicts = czech
    declined = [
        verdict.label
        for row, verdict in zip(rows, verdicts, strict=True)
        if row.label is Label.NOT_ATTEMPTED and row.groups[-1] == "text"
    ]
    read = sum(label is Label.NOT_ATTEMPTED for label in declined)
    assert len(declined) > 150 and read / len(declined) >= 0.86, (read, len(declined))


def test_czech_names_agree(czech: tuple[list[LabelledReply], list[Verdict]]) -> None:
    # Czech replies inflect names ("Henryho", "Chamberlinovi", "v Hukvaldech") and Czech questions ask "Kdo ...?": on
    # every tenth Czech row whose answer is a person, the local grader agrees 0.938 (0.934 before it read them).
    rows, verdicts = czech
    people = [
        row.label is verdict.label for row, verdict in zip(rows, verdicts, strict=True) if row.groups[0] == "Person"
    ]
    assert len(people) > 400 and sum(people) / len(people) >= 0.93, (sum(people), len(people))
