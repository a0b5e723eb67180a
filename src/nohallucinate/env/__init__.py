"""The environment: in process, or served over the OpenReward protocol."""

from nohallucinate.env.grading import GraderPool, GraderSpec
from nohallucinate.env.inprocess import SPLIT, GradingError, NoHallucinateEnv, UnknownTaskError
from nohallucinate.env.workers import WorkerGrader

__all__ = [
    "SPLIT",
    "GraderPool",
    "GraderSpec",
    "GradingError",
    "NoHallucinateEnv",
    "UnknownTaskError",
    "WorkerGrader",
]
