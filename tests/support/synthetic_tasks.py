"""A synthetic task set of any size, for statistics: the demo set's short rows as templates, each copy asked about a
new invented person with its gold's last number moved, so that the local grader reads every copy as it reads the
row it was made from. Deterministic: the same rows in every process."""

from __future__ import annotations

import re

from nohallucinate.tasks import Kind, Task, load_demo_tasks, spec_of

_GIVEN = ("Aldous", "Brielle", "Cosmo", "Delia", "Emeric", "Fenella", "Gideon", "Hestia", "Ivo", "Jessamy",
          "Kit", "Lavinia", "Magnus", "Nerys", "Orrin", "Petra", "Quill", "Rowena", "Silvan", "Tamsin")  # fmt: skip
_FAMILY = ("Ashcombe", "Brackwater", "Coldharbour", "Dunstable", "Elmhirst", "Fallowby", "Greystoke", "Hartwell",
           "Ivybridge", "Jarrowby", "Kettlewell", "Lockridge", "Marwood", "Northcote", "Oakhanger", "Penhallow",
           "Quarrington", "Rushmere", "Stonegrave", "Thistlewood", "Underhill", "Vellacott", "Whitcombe",
           "Yarborough", "Zennor")  # fmt: skip
_LAST_NUMBER = re.compile(r"[0-9]+(?!.*[0-9])", re.DOTALL)


def synthetic_name(index: int) -> str:
    """The index-th invented person: a given name and a family name, unique for the first 500 indices."""
    return f"{_GIVEN[index % len(_GIVEN)]} {_FAMILY[(index // len(_GIVEN)) % len(_FAMILY)]}"


def synthetic_tasks(count: int = 1_000) -> list[Task]:
    """`count` short tasks made from the demo set's short rows in turn (ids `syn0000`, ...)."""
    templates = [task for task in load_demo_tasks() if spec_of(task.family).kind is not Kind.LONG_FORM]
    tasks = []
    for index in range(count):
        template = templates[index % len(templates)]
        name = synthetic_name(index)
        old = template.subject.label
        asked = old in template.question

        def renamed(text: str | None, old: str = old, new: str = name, asked: bool = asked) -> str | None:
            return text.replace(old, new) if text is not None and asked else text

        tasks.append(
            template.model_copy(
                update={
                    "task_id": f"syn{index:04d}",
                    "question": renamed(template.question),
                    "gold": _moved(template.gold, index),
                    "defect": renamed(template.defect),
                    "subject": template.subject.model_copy(
                        update={"label": name if asked else old, "qid": None if asked else template.subject.qid}
                    ),
                    "provenance": {"source": "synthetic", "template": template.task_id},
                }
            )
        )
    return tasks


def _moved(gold: str | None, index: int) -> str | None:
    """The gold with its last number moved by the copy's index (a year stays in the last century; a count stays
    positive), so that copies of one row do not share one answer."""
    if gold is None or (last := _LAST_NUMBER.search(gold)) is None:
        return gold
    value = int(last.group())
    moved = 1900 + (value - 1900 + index) % 120 if value >= 1000 else 1 + (value + index) % 60
    return f"{gold[: last.start()]}{moved}{gold[last.end() :]}"
