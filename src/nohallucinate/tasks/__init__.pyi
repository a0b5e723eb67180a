from .families import (
    ANSWERABLE_SHORT as ANSWERABLE_SHORT,
    FAMILY_SPECS as FAMILY_SPECS,
    TIERED as TIERED,
    UNANSWERABLE as UNANSWERABLE,
    Family as Family,
    FamilySpec as FamilySpec,
    Kind as Kind,
    spec_of as spec_of,
)
from .loading import (
    FormatError as FormatError,
    demo_tasks_path as demo_tasks_path,
    load_demo_tasks as load_demo_tasks,
    load_replies as load_replies,
    load_tasks as load_tasks,
)
from .selection import select_per_family as select_per_family, select_tasks as select_tasks
from .model import (
    K_RANGE as K_RANGE,
    Article as Article,
    Reply as Reply,
    Subject as Subject,
    Task as Task,
    Tier as Tier,
)
