"""Reward integrity: try a catalogue of fixed strategies on a task set and grader, against the abstention floor."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.audit.catalogue import (
        BEST_PER_FORM,
        BEST_PER_NAME_PARTS,
        BEST_PER_RECURRENCE,
        BIOGRAPHY_MARGIN,
        MARGIN,
        STRATEGIES,
        Strategy,
        by_name,
    )
    from nohallucinate.audit.evaluate import (
        AuditReport,
        FamilyAudit,
        Figure,
        question_kind,
        run_audit,
        strategy_replies,
    )
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.audit.catalogue": (
                "BEST_PER_FORM",
                "BEST_PER_NAME_PARTS",
                "BEST_PER_RECURRENCE",
                "BIOGRAPHY_MARGIN",
                "MARGIN",
                "STRATEGIES",
                "Strategy",
                "by_name",
            ),
            "nohallucinate.audit.evaluate": (
                "AuditReport",
                "FamilyAudit",
                "Figure",
                "question_kind",
                "run_audit",
                "strategy_replies",
            ),
        },
    )

__all__ = [
    "BEST_PER_FORM",
    "BEST_PER_NAME_PARTS",
    "BEST_PER_RECURRENCE",
    "BIOGRAPHY_MARGIN",
    "MARGIN",
    "STRATEGIES",
    "AuditReport",
    "FamilyAudit",
    "Figure",
    "Strategy",
    "by_name",
    "question_kind",
    "run_audit",
    "strategy_replies",
]
