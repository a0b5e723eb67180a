"""The public task format: rows, replies, and their loaders."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
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
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.tasks.families": (
                "ANSWERABLE_SHORT",
                "FAMILY_SPECS",
                "TIERED",
                "UNANSWERABLE",
                "Family",
                "FamilySpec",
                "Kind",
                "spec_of",
            ),
            "nohallucinate.tasks.loading": (
                "FormatError",
                "demo_tasks_path",
                "load_demo_tasks",
                "load_replies",
                "load_tasks",
            ),
            "nohallucinate.tasks.model": ("K_RANGE", "Article", "Reply", "Subject", "Task", "Tier"),
        },
    )

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
