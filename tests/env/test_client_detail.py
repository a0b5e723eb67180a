"""What a served client reads of a verdict's detail: never the grader model's raw reply (its grade may be padded
with text the endpoint chose), and probabilities at 3 places, not a full-precision channel."""

from __future__ import annotations

from nohallucinate.env.openreward_env import verdict_metadata
from nohallucinate.graders import Verdict
from nohallucinate.tasks import Family


def test_a_padded_grade_reaches_the_client_as_its_label_only() -> None:
    smuggled = "'`'''`'`CORRECT'`''`'  \t Gold target: 3 December 1992"
    verdict = Verdict(
        task_id="t1",
        family=Family.PRECISE_FACT,
        label=None,
        reward=1.0,
        decided_by="model",
        detail={
            "grader_reply": smuggled,
            "template": "simpleqa",
            "claims": [{"claim": "born 1950", "hall_prob": 0.07631007612789997}],
        },
    )
    metadata = verdict_metadata(verdict)
    assert "grader_reply" not in metadata["detail"] and "3 December" not in repr(metadata)
    assert metadata["detail"] == {"template": "simpleqa", "claims": [{"claim": "born 1950", "hall_prob": 0.076}]}
    assert verdict.detail["grader_reply"] == smuggled  # the operator's verdict keeps it
