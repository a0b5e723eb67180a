"""The model-based grader: SimpleQA for short answers, the defect grader, and F1@K for biographies."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.graders.llm.grader import ModelGrader
else:  # imported on first use (nohallucinate.lazy): the templates are read without the grader
    __getattr__ = lazy_exports(__name__, {"nohallucinate.graders.llm.grader": ("ModelGrader",)})

__all__ = ["ModelGrader"]
