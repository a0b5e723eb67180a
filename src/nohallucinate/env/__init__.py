"""The environment: in process, or served over the OpenReward protocol (openreward_env, the `serve` extra), or as
a verifiers taskset (verifiers_env, the `verifiers` extra); those two are imported only where they are used."""

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
