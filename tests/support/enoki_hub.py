"""EnokiQA as the Hugging Face Hub holds it (the card and parquet shards), built from the invented mini fixture."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "enokiqa" / "mini.jsonl"


def raw_records() -> list[dict[str, Any]]:
    """The mini fixture's records, as JSON objects."""
    return [json.loads(line) for line in MINI.read_text(encoding="utf-8").splitlines()]


DATASET_CARD = """---
license: cc-by-4.0
configs:
- config_name: default
  data_files:
  - split: dev
    path: data/dev-*
  - split: test
    path: data/test-*
---
# EnokiQA

A test copy: the invented mini fixture, with the Hub's file layout.
"""


def enoki_repo(splits: dict[str, list[dict[str, Any]]], shards: int = 1) -> dict[str, bytes]:
    """A dataset repository as push_to_hub lays it out: the card, and data/{split}-0000i-of-0000n.parquet shards."""
    schema = pa.Table.from_pylist(raw_records()).schema  # one schema for every shard, whatever rows it holds
    files = {"README.md": DATASET_CARD.encode()}
    for split, records in splits.items():
        table = pa.Table.from_pylist(records, schema=schema)
        size = -(-len(records) // shards)
        for index in range(shards):
            buffer = io.BytesIO()
            pq.write_table(table.slice(index * size, size), buffer)
            files[f"data/{split}-{index:05d}-of-{shards:05d}.parquet"] = buffer.getvalue()
    return files
