"""What a served client reads of a verdict's detail: never the grader model's raw reply (its grade may be padded
with text the endpoint chose), and probabilities at 3 places, not a full-precision channel."""

from __future__ import annotations

from nohallucinate.env.client_view import WITHHELD
from nohallucinate.env.openreward_env import verdict_metadata
from nohallucinate.graders import Verdict
from nohallucinate.tasks import Family


def model_verdict(family: Family, detail: dict) -> Verdict:
    """A verdict a model grader gave, with this detail."""
    return Verdict(task_id="t1", family=family, label=None, reward=0.5, decided_by="model", detail=detail)


def test_a_padded_grade_reaches_the_client_as_its_label_only() -> None:
    smuggled = "'`'''`'`CORRECT'`''`'  \t Gold target: 3 December 1992"
    verdict = model_verdict(
        Family.PRECISE_FACT,
        {
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
    verdict = model_verdict(
        Family.BIOGRAPHY,
        {
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


HIDDEN = "died 1852 Marylebone"
REPLY = "Ada Lovelace was born in 1815 in London. She wasn't a painter; 1 2 5 8 notes."
QUESTION = "Write a biography of Ada Lovelace."


def shown(claim: object) -> object:
    verdict = model_verdict(Family.BIOGRAPHY, {"claims": [claim]})
    return verdict_metadata(verdict, REPLY, QUESTION)["detail"]["claims"][0]


def test_text_beside_the_words_of_the_reply_never_reaches_the_client() -> None:
    """The red team's carriers (issue 23): characters that are no word but carry text, a number spliced from
    the reply's digits, a claim too long, fields an endpoint could add to a claim."""
    tags = "".join(chr(0xE0000 + ord(c)) for c in HIDDEN)  # invisible Unicode tag characters
    selectors = "".join(chr(0xFE00 + b % 16) for b in HIDDEN.encode())  # variation selectors
    braille = "".join(chr(0x2800 + b) for b in HIDDEN.encode())
    carriers = [
        f"Ada Lovelace was born in 1815{tags}",
        f"Ada Lovelace was born{selectors} in 1815",
        f"Ada Lovelace was born in 1815 {braille}",
        "Ada Lovelace was born in 1815 -.. .. . -.. / .---- ---.. ..... ..---",
        "Ada Lovelace was born in 1815 ⚰️ ☠",
        "Ada Lovelace was born in 1\u200b8\u200b5\u200b2",
        "Ada Lovelace was born in London 1'8'5'2",
        "Ada Lovelace waſ born in 1815",
        " ".join(["Ada Lovelace was born in 1815"] * 13),
    ]
    for carrier in carriers:
        assert shown(carrier) == WITHHELD, carrier
        assert shown({"claim": carrier, "supported": True})["claim"] == WITHHELD, carrier
    assert shown({"claim": "Ada Lovelace wasn't a painter.", "passage": HIDDEN, "supported": False}) == {
        "claim": "Ada Lovelace wasn't a painter.",
        "supported": False,
    }
    assert shown({"text": HIDDEN}) == {"claim": WITHHELD}
    assert shown("Ada Lovelace was born in 1815 in London.") == "Ada Lovelace was born in 1815 in London."
