"""What a served client reads of a verdict's detail: never the grader model's raw reply (its grade may be padded
with text the endpoint chose), and probabilities at 3 places, not a full-precision channel."""

from __future__ import annotations

from nohallucinate.env.client_view import WITHHELD
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
    metadata = verdict_metadata(verdict, "He was born in 1950.", "Write a biography of X.")
    assert "grader_reply" not in metadata["detail"] and "3 December" not in repr(metadata)
    assert metadata["detail"] == {"template": "simpleqa", "claims": [{"claim": "born 1950", "hall_prob": 0.076}]}
    assert verdict.detail["grader_reply"] == smuggled  # the operator's verdict keeps it


def test_claims_an_extraction_endpoint_wrote_reach_the_client_only_in_the_replys_words() -> None:
    """An extraction endpoint writes the claim list: it could pass the article's text off as claims. A claim made
    of the words of the reply and the question is kept; any other is withheld, and its verdict stays."""
    lead = "Liesl Ambergast (23 December 1989) is a Norwegian cartographer who mapped the Vesterfjord coast."
    verdict = Verdict(
        task_id="t2",
        family=Family.BIOGRAPHY,
        label=None,
        reward=0.5,
        decided_by="model",
        detail={
            "claims": [
                {"claim": "Liesl Ambergast was born in 1989.", "supported": True, "hall_prob": 0.1},
                {"claim": lead, "supported": False, "hall_prob": 0.9},
                lead,
            ],
            "supported": 1,
        },
    )
    reply = "She was born in 1989."
    detail = verdict_metadata(verdict, reply, "Write a biography of Liesl Ambergast.")["detail"]
    assert detail["claims"][0]["claim"] == "Liesl Ambergast was born in 1989."  # the subject named for "she"
    assert detail["claims"][1] == {"claim": WITHHELD, "supported": False, "hall_prob": 0.9}
    assert detail["claims"][2] == WITHHELD and "cartographer" not in repr(detail)
    assert verdict.detail["claims"][1]["claim"] == lead  # the operator's verdict keeps it
