"""What a NoHallucinate run records about itself in run.json, before its first item."""

from __future__ import annotations

import time
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from nohallucinate import __version__


class RunConfig(BaseModel):
    """Everything that decides a run's results, recorded before the first item."""

    model_config = ConfigDict(extra="forbid")

    kind: Literal["nohallucinate"] = "nohallucinate"
    tasks_path: str
    tasks_sha256: str
    per_family: int | None = None
    policy: str
    grader: str
    models: dict[str, dict[str, Any]] = Field(default_factory=dict)  # role -> model, base_url, sampling
    simpleqa_template: str | None = None
    simpleqa_sha256: str | None = None
    package_version: str = __version__
    created_at: float = Field(default_factory=time.time)
