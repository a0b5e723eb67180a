from .catalogue import (
    BEST_PER_BIOGRAPHY_MENTION as BEST_PER_BIOGRAPHY_MENTION,
    BEST_PER_FORM as BEST_PER_FORM,
    BEST_PER_NAME_PARTS as BEST_PER_NAME_PARTS,
    BEST_PER_RECURRENCE as BEST_PER_RECURRENCE,
    BIOGRAPHY_MARGIN as BIOGRAPHY_MARGIN,
    MARGIN as MARGIN,
    STRATEGIES as STRATEGIES,
    Strategy as Strategy,
    by_name as by_name,
)
from .evaluate import (
    AuditReport as AuditReport,
    FamilyAudit as FamilyAudit,
    Figure as Figure,
    question_kind as question_kind,
    run_audit as run_audit,
    strategy_replies as strategy_replies,
)
