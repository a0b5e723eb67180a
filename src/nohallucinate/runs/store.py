"""The run store: a directory holding a run's configuration and every graded item, committed as it finishes.

    RUN_DIR/run.json         what was run: its kind, data files and their hashes, policy, grader, models, version
    RUN_DIR/results.sqlite   one row per (item, sample): the reply and its graded result as JSON
    RUN_DIR/.lock            held by the one process writing the run

NoHallucinate sweeps store `Verdict`s under a `RunConfig`; other evaluations (the Hallucination Tax) bring their
own config and result models, told apart by the config's `kind`.

A killed run (even by SIGKILL) loses nothing that was committed, and resuming it asks only for the rest.
"""

from __future__ import annotations

import fcntl
import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from nohallucinate import __version__
from nohallucinate.graders import Verdict
from nohallucinate.tasks import Reply

CONFIG_FILE = "run.json"
RESULTS_FILE = "results.sqlite"
LOCK_FILE = ".lock"

Config = TypeVar("Config", bound=BaseModel)
Result = TypeVar("Result", bound=BaseModel)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS results (
    task_id TEXT NOT NULL,
    sample INTEGER NOT NULL,
    verdict TEXT NOT NULL,      -- the graded result (a Verdict for sweeps) as JSON
    response TEXT,              -- the reply graded (NULL when the policy failed)
    errored INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    PRIMARY KEY (task_id, sample)
)
"""


class RunLockedError(RuntimeError):
    """Another process is writing this run."""


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


class RunStore:
    """A run directory opened for writing; use `create` for a new run and `resume` for a killed one."""

    def __init__(self, directory: Path, config: Any, lock_handle: Any) -> None:
        self.directory = directory
        self.config = config
        self._lock_handle = lock_handle
        self._db = _connect(directory / RESULTS_FILE)

    @classmethod
    def create(cls, directory: Path | str, config: BaseModel) -> RunStore:
        """Start a new run in `directory` (which must not already hold one)."""
        directory = Path(directory)
        if (directory / CONFIG_FILE).exists():
            raise FileExistsError(f"{directory} already holds a run; resume it with --resume {directory}")
        directory.mkdir(parents=True, exist_ok=True)
        handle = _lock(directory)
        (directory / CONFIG_FILE).write_text(config.model_dump_json(indent=2) + "\n", encoding="utf-8")
        return cls(directory, config, handle)

    @classmethod
    def resume(cls, directory: Path | str, config_type: type[BaseModel] = RunConfig) -> RunStore:
        """Reopen a run to continue it; its run.json must be of `config_type`'s kind."""
        directory = Path(directory)
        config = read_config(directory, config_type)
        return cls(directory, config, _lock(directory))

    def finished(self) -> set[tuple[str, int]]:
        """The (task id, sample) pairs that already have a verdict; errored items are not finished."""
        rows = self._db.execute("SELECT task_id, sample FROM results WHERE errored = 0")
        return {(task_id, sample) for task_id, sample in rows}

    def record(self, verdict: Verdict, reply: Reply | None) -> None:
        """Commit one graded task now."""
        self.record_result(verdict.task_id, verdict.sample, verdict, reply.response if reply else None, verdict.errored)

    def record_result(self, item_id: str, sample: int, result: BaseModel, response: str | None, errored: bool) -> None:
        """Commit one item now. A later result for the same item replaces an errored one, never a good one."""
        with self._db:
            self._db.execute(
                "INSERT INTO results VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (task_id, sample) DO UPDATE SET "
                "verdict = excluded.verdict, response = excluded.response, errored = excluded.errored, "
                "finished_at = excluded.finished_at WHERE results.errored = 1",
                (item_id, sample, result.model_dump_json(), response, int(errored), time.time()),
            )

    def verdicts(self) -> list[Verdict]:
        return read_verdicts(self.directory)

    def close(self) -> None:
        self._db.close()
        fcntl.flock(self._lock_handle, fcntl.LOCK_UN)
        self._lock_handle.close()

    def __enter__(self) -> RunStore:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def run_kind(directory: Path | str) -> str:
    """What kind of run a directory holds ("nohallucinate", "tax"), read from its run.json."""
    path = Path(directory) / CONFIG_FILE
    if not path.exists():
        raise FileNotFoundError(f"{directory} is not a run directory (no {CONFIG_FILE})")
    try:
        recorded = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise ValueError(f"{path} is not valid JSON ({exc.msg})") from None
    kind = recorded.get("kind", "nohallucinate") if isinstance(recorded, dict) else None
    if not isinstance(kind, str):
        raise ValueError(f"{path} does not describe a run")
    return kind


def read_config(directory: Path | str, config_type: type[Config] = RunConfig) -> Config:  # type: ignore[assignment]
    """A run's configuration, without taking the lock (for reports); a run of another kind is refused."""
    kind = run_kind(directory)
    expected = config_type.model_fields["kind"].default
    if kind != expected:
        raise ValueError(f"{directory} holds a {kind} run, not a {expected} run")
    return config_type.model_validate_json((Path(directory) / CONFIG_FILE).read_text(encoding="utf-8"))


def read_results(directory: Path | str, result_type: type[Result]) -> list[Result]:
    """Every result of a run, in the order they finished (readable while the run is being written)."""
    path = Path(directory) / RESULTS_FILE
    if not path.exists():
        return []
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        rows = db.execute("SELECT verdict FROM results ORDER BY finished_at").fetchall()
    finally:
        db.close()
    return [result_type.model_validate(json.loads(row[0])) for row in rows]


def read_verdicts(directory: Path | str) -> list[Verdict]:
    """Every verdict of a NoHallucinate run, in the order they finished."""
    return read_results(directory, Verdict)


def read_responses(directory: Path | str) -> dict[tuple[str, int], str | None]:
    """The reply text of each item of a run."""
    db = sqlite3.connect(f"file:{Path(directory) / RESULTS_FILE}?mode=ro", uri=True)
    try:
        return {(t, s): r for t, s, r in db.execute("SELECT task_id, sample, response FROM results")}
    finally:
        db.close()


def _connect(path: Path) -> sqlite3.Connection:
    db = sqlite3.connect(path, isolation_level="DEFERRED", check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")  # durable against a killed process, which is what runs face
    db.execute(_SCHEMA)
    return db


def _lock(directory: Path) -> Any:
    handle = open(directory / LOCK_FILE, "a+")  # noqa: SIM115 (held open for the life of the store)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        handle.close()
        raise RunLockedError(f"{directory} is being written by another process") from None
    handle.seek(0)
    handle.truncate()
    handle.write(f"{os.getpid()}\n")
    handle.flush()
    return handle
