"""The environment: in process, or served over the OpenReward protocol (openreward_env, the `serve` extra), or as
a verifiers taskset (verifiers_env, the `verifiers` extra); those two are imported only where they are used."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.env.grading import GraderPool, GraderSpec
    from nohallucinate.env.inprocess import SPLIT, GradingError, NoHallucinateEnv, UnknownTaskError
    from nohallucinate.env.workers import WorkerGrader
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.env.grading": ("GraderPool", "GraderSpec"),
            "nohallucinate.env.inprocess": ("SPLIT", "GradingError", "NoHallucinateEnv", "UnknownTaskError"),
            "nohallucinate.env.workers": ("WorkerGrader",),
        },
    )

__all__ = [
    "SPLIT",
    "GraderPool",
    "GraderSpec",
    "GradingError",
    "NoHallucinateEnv",
    "UnknownTaskError",
    "WorkerGrader",
]
