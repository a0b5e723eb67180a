"""The local grader reads any text without raising: a reply that crashed grading on some rows only would tell a
policy which questions are answerable (the crash is an error item, left out of every mean)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nohallucinate.graders import LocalGrader
from nohallucinate.tasks import Family, Reply
from support.task_sets import labelled_tasks

TASKS = {task.family: task for task in labelled_tasks()}
GRADER = LocalGrader()
# Words the readers look up after matching them case-insensitively, and characters that fold or decompose into
# ASCII letters and digits (long s, Kelvin sign, dotless i, ligatures, other scripts' digits, superscripts).
_SPELLED = (
    "september ſeptember ſep one two twenty nineteen fifty thousand million about around ſome more than under "
    "never no such ſuch several born played appearances received 1952 11 March 3rd 2004–05 ( ) . , ; ? — "
    "fİrst fırst nİneteen approxİmately İ ı K ﬀ ﬁ ² ³ ٣ ۵ ０ 1\u200b9 ℃ Ⅻ"
)
WORDS = [*_SPELLED.split(), "9" * 320]
TEXT = st.lists(st.sampled_from(WORDS) | st.text(max_size=6), max_size=40).map(" ".join)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(TEXT, st.sampled_from(list(Family)))
def test_grading_never_raises(text: str, family: Family) -> None:
    task = TASKS[family]
    verdict = GRADER.grade_now(task, Reply(task_id=task.task_id, response=text))
    assert verdict.reward is not None and 0.0 <= verdict.reward <= 1.0


def test_the_red_teams_crashes_are_read() -> None:
    huge = "9" * 310
    for family, reply in [
        (Family.FOOTBALL_SEASON, f"He never played for that club. He made approximately {huge} appearances."),
        (Family.PRECISE_FACT, "He was born in ſeptember 1952, the ſeventh."),
        (Family.UNRECORDED_FACT, "I don't know. (ſep 1990)"),
        (Family.AMBIGUOUS_ENTITY, "He was born on the fİrst of May 1990, or nİneteen fifty two; fırst."),
    ]:
        task = TASKS[family]
        assert GRADER.grade_now(task, Reply(task_id=task.task_id, response=reply)).reward is not None
