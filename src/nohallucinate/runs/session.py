"""A run session: a new run directory, or a stopped run reopened with the settings it recorded, for any command
that produces a run (`sweep`, `tax run`).

A resumed run keeps its own settings: a setting given again is refused rather than silently ignored, and the
models it calls are the ones its run.json records (only their keys, which a run never records, are given anew).
"""

from __future__ import annotations

import re
import time
import uuid
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from pydantic import BaseModel

from nohallucinate.errors import UserInputError
from nohallucinate.models import Endpoint, Sampling
from nohallucinate.runs.config import ModelRecord, RunConfig
from nohallucinate.runs.errors import RunStopped, RunWriteError
from nohallucinate.runs.store import RunStore, stopped_message

RUNS_DIR = Path("runs")  # where a run goes when no directory is given


def model_records(
    policy: Endpoint | None = None, sampling: Sampling | None = None, grader: Endpoint | None = None
) -> dict[str, ModelRecord]:
    """What run.json records of the models a run calls, by role; the grader sets no sampling parameters."""
    records: dict[str, ModelRecord] = {}
    if policy is not None:
        records["policy"] = _record(policy, sampling or Sampling())
    if grader is not None:
        records["grader"] = _record(grader, Sampling())
    return records


def _record(endpoint: Endpoint, sampling: Sampling) -> ModelRecord:
    described = endpoint.describe()
    return ModelRecord(
        model=described["model"], base_url=described["base_url"], sampling=sampling.model_dump(exclude_none=True)
    )


class RunSession:
    """A run directory open for writing; `start` a new run or `resume` a stopped one."""

    def __init__(self, store: RunStore) -> None:
        self.store = store

    @property
    def directory(self) -> Path:
        return self.store.directory

    @classmethod
    def start(
        cls, directory: Path | None, config: BaseModel, *labels: str, plan: Iterable[tuple[str, int]] | None = None
    ) -> RunSession:
        """A new run answering the (item id, sample) pairs of `plan` (see `RunStore.create`), in `directory`, else
        in runs/<UTC time>-<labels>-<4 random hex digits>."""
        return cls(RunStore.create(directory or RUNS_DIR / run_name(*labels), config, plan=plan))

    @classmethod
    def resume(
        cls,
        directory: Path,
        config_type: type[BaseModel] = RunConfig,
        *,
        given: Mapping[str, object],
        sampling: Sampling | None = None,
    ) -> RunSession:
        """Reopen a stopped run. `given` maps each flag that would change the run's settings to its value, and
        `sampling` is what the sampling flags set: anything set is refused."""
        clashing = [flag for flag, value in given.items() if value is not None and value != []]
        if clashing or (sampling is not None and sampling != Sampling()):
            raise UserInputError(
                f"--resume keeps the run's own settings; drop {', '.join(clashing) or 'the sampling flags'}"
            )
        return cls(RunStore.resume(directory, config_type))

    def endpoint(self, role: str, api_key: str | None) -> Endpoint | None:
        """The endpoint the run recorded for `role`, reached with `api_key` (else the environment's)."""
        recorded = self.models.get(role)
        if recorded is None:
            return None
        return Endpoint.resolve(recorded["model"], base_url=recorded["base_url"], api_key=api_key)

    def sampling(self, role: str) -> Sampling:
        """The sampling the run recorded for `role`."""
        recorded = self.models.get(role)
        return Sampling() if recorded is None else Sampling(**recorded.get("sampling", {}))

    @property
    def models(self) -> dict[str, ModelRecord]:
        models: dict[str, ModelRecord] = self.store.config.models
        return models

    @contextmanager
    def recording(self, total: int, command: str) -> Iterator[RunStore]:
        """The store to commit results into; closed on the way out. A failed write (a full disk) becomes RunStopped,
        whose message says how many of `total` items are kept and the `command` that continues the run."""
        try:
            yield self.store
        except RunWriteError as exc:
            raise RunStopped(stopped_message(self.store, exc, total, command)) from None
        finally:
            self.store.close()


def run_name(*labels: str) -> str:
    """A new run's directory name: the UTC time, the labels (each made safe for a path) and 4 random hex digits."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.gmtime())
    safe = [re.sub(r"[^A-Za-z0-9._-]+", "-", label) for label in labels]
    return "-".join([stamp, *safe, uuid.uuid4().hex[:4]])
