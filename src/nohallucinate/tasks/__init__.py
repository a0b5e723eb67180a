"""The public task format: rows, replies, and their loaders."""

from nohallucinate.tasks.families import (
    ANSWERABLE_SHORT,
    FAMILY_SPECS,
    TIERED,
    UNANSWERABLE,
    Family,
    FamilySpec,
    Kind,
    spec_of,
)
from nohallucinate.tasks.loading import (
    FormatError,
    demo_tasks_path,
    load_demo_tasks,
    load_replies,
    load_tasks,
)
from nohallucinate.tasks.model import K_RANGE, Article, Reply, Subject, Task, Tier

__all__ = [
    "ANSWERABLE_SHORT",
    "FAMILY_SPECS",
    "K_RANGE",
    "TIERED",
    "UNANSWERABLE",
    "Article",
    "Family",
    "FamilySpec",
    "FormatError",
    "Kind",
    "Reply",
    "Subject",
    "Task",
    "Tier",
    "demo_tasks_path",
    "load_demo_tasks",
    "load_replies",
    "load_tasks",
    "spec_of",
]
