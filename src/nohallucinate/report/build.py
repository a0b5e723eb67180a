"""Build a report over run directories: charts, HTML, markdown."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from nohallucinate.report.charts import draw_all
from nohallucinate.report.html import write_html
from nohallucinate.report.markdown import markdown_tables
from nohallucinate.report.runs import load_runs


def write_report(directories: Sequence[Path | str], out_dir: Path | str) -> tuple[Path, str]:
    """Write report.html and the PNG charts into `out_dir`; returns the HTML path and the markdown tables."""
    out_dir = Path(out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    runs = load_runs([Path(d) for d in directories])
    markdown = markdown_tables(runs)
    charts = draw_all(runs, out_dir)
    return write_html(runs, charts, out_dir / "report.html", markdown), markdown
