"""Agreement: a grader's verdicts on labelled replies against their labels (accuracy, kappa, confusion, intervals)."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.agreement.labelled import LabelledReply, load_labelled
    from nohallucinate.agreement.measures import Agreement, Interval, measure
    from nohallucinate.agreement.report import AgreementReport, Disagreement, compare
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.agreement.labelled": ("LabelledReply", "load_labelled"),
            "nohallucinate.agreement.measures": ("Agreement", "Interval", "measure"),
            "nohallucinate.agreement.report": ("AgreementReport", "Disagreement", "compare"),
        },
    )

__all__ = [
    "Agreement",
    "AgreementReport",
    "Disagreement",
    "Interval",
    "LabelledReply",
    "compare",
    "load_labelled",
    "measure",
]
