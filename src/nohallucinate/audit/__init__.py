"""Reward integrity: try a catalogue of fixed strategies on a task set and grader, against the abstention floor."""

from nohallucinate.audit.catalogue import BEST_PER_FORM, STRATEGIES, Strategy, by_name
from nohallucinate.audit.evaluate import (
    BIOGRAPHY_MARGIN,
    MARGIN,
    AuditReport,
    FamilyAudit,
    Figure,
    question_kind,
    run_audit,
    strategy_replies,
)

__all__ = [
    "BEST_PER_FORM",
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
