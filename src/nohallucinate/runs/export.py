"""`export`: a run's items as JSON lines or a Parquet file, one row per stored (task, sample) (see `items`)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TextIO

from nohallucinate.extras import require
from nohallucinate.runs.items import ITEM_COLUMNS, read_items

EXPORT_FORMATS = ("jsonl", "parquet")


def export_rows(run_dir: Path | str, tasks_path: Path | None = None) -> list[dict[str, Any]]:
    """One row per stored (task, sample) of a run, by task id then sample: task_id, family, tier, sample, question
    (None when the run's task file is gone or changed), reply (None where the policy failed), verdict, reward,
    decided_by, detail (the grader's; claims for biographies) and error (why an errored item has no score)."""
    return read_items(run_dir, tasks_path).rows()


def write_jsonl(rows: Iterable[dict[str, Any]], handle: TextIO) -> int:
    """Each row as one JSON line; returns how many were written."""
    count = 0
    for row in rows:
        handle.write(json.dumps(row, ensure_ascii=False) + "\n")
        count += 1
    return count


def write_parquet(rows: list[dict[str, Any]], path: Path) -> int:
    """The rows as one Parquet file; `detail` is a JSON string (its shape differs by family). Needs pyarrow."""
    pa = require("enoki", "pyarrow", "--format parquet")  # heavy, and only Parquet export needs it
    pq = require("enoki", "pyarrow.parquet", "--format parquet")

    text, number = pa.string(), pa.int64()
    types = {"sample": number, "reward": pa.float64()}
    schema = pa.schema([(column, types.get(column, text)) for column in ITEM_COLUMNS])
    table = pa.Table.from_pylist([row | {"detail": json.dumps(row["detail"], ensure_ascii=False)} for row in rows],
                                 schema=schema)  # fmt: skip
    pq.write_table(table, path)
    return len(rows)
