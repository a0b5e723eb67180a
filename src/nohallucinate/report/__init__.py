"""Reports: terminal tables, and an HTML report with charts over one or more run directories."""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.report.build import write_report
    from nohallucinate.report.table import render_summary
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.report.build": ("write_report",),
            "nohallucinate.report.table": ("render_summary",),
        },
    )

__all__ = ["render_summary", "write_report"]
