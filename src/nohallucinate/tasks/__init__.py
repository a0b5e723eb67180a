"""The public task format: rows, replies, and their loaders."""

from nohallucinate.tasks.loading import (
    FormatError,
    demo_tasks_path,
    load_demo_tasks,
    load_replies,
    load_tasks,
)
from nohallucinate.tasks.model import (
    ANSWERABLE_SHORT,
    K_RANGE,
    TIERED,
    UNANSWERABLE,
    Article,
    Family,
    Reply,
    Subject,
    Task,
    Tier,
)

__all__ = [
    "ANSWERABLE_SHORT",
    "K_RANGE",
    "TIERED",
    "UNANSWERABLE",
    "Article",
    "Family",
    "FormatError",
    "Reply",
    "Subject",
    "Task",
    "Tier",
    "demo_tasks_path",
    "load_demo_tasks",
    "load_replies",
    "load_tasks",
]
