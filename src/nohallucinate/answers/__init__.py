"""Answer understanding: reading dates, numbers, abstentions, defect phrases and boxed answers in replies."""

from typing import TYPE_CHECKING

# Imported now: `normalise` names both a module and a function of it (nohallucinate.lazy).
from nohallucinate.answers.normalise import normalise, straighten_quotes
from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.answers.abstention import abstains, hedges
    from nohallucinate.answers.boxed import extract_boxed, is_refusal, is_refusal_box
    from nohallucinate.answers.dates import DateMention, PartialDate, find_dates, parse_date
    from nohallucinate.answers.defects import DefectCue, defect_cues, negates
    from nohallucinate.answers.numbers import NumberMention, find_numbers, parse_number
    from nohallucinate.answers.questions import AnswerKind, expected_kind
    from nohallucinate.answers.reading import Candidate, Reading, read_reply
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.answers.abstention": ("abstains", "hedges"),
            "nohallucinate.answers.boxed": ("extract_boxed", "is_refusal", "is_refusal_box"),
            "nohallucinate.answers.dates": ("DateMention", "PartialDate", "find_dates", "parse_date"),
            "nohallucinate.answers.defects": ("DefectCue", "defect_cues", "negates"),
            "nohallucinate.answers.numbers": ("NumberMention", "find_numbers", "parse_number"),
            "nohallucinate.answers.questions": ("AnswerKind", "expected_kind"),
            "nohallucinate.answers.reading": ("Candidate", "Reading", "read_reply"),
        },
    )

__all__ = [
    "AnswerKind",
    "Candidate",
    "DateMention",
    "DefectCue",
    "NumberMention",
    "PartialDate",
    "Reading",
    "abstains",
    "defect_cues",
    "expected_kind",
    "extract_boxed",
    "find_dates",
    "find_numbers",
    "hedges",
    "is_refusal",
    "is_refusal_box",
    "negates",
    "normalise",
    "parse_date",
    "parse_number",
    "read_reply",
    "straighten_quotes",
]
