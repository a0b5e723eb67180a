"""How long `report` takes, and how large report.html grows, with the per-item section over a large run.

The run is synthetic (`tests/support/synthetic_run.py`): the demo set's tasks repeated under new ids, one graded
item each, biographies with 12 claims, an errored item now and then. The time is the whole report (reading the
run and its task file, summarising, drawing the charts, writing the page), wall and this process's CPU.

    .venv/bin/python benchmarks/report_items_speed.py [--items 10000]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from nohallucinate.report import write_report
from support.synthetic_run import write_synthetic_run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--items", type=int, default=10_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        root = Path(temporary)
        run = write_synthetic_run(root / "synthetic", args.items)
        write_report([run], root / "warm")  # the first report imports matplotlib; that is not the report's cost
        began_wall, began_cpu = time.perf_counter(), time.process_time()
        written = write_report([run], root / "report")
        wall, cpu = time.perf_counter() - began_wall, time.process_time() - began_cpu
        size = written.html.stat().st_size
    print(f"report over {args.items:,} items: {wall:.2f} s wall, {cpu:.2f} s CPU; report.html {size / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
