"""Reports: terminal tables, and an HTML report with charts over one or more run directories."""

from nohallucinate.report.build import write_report
from nohallucinate.report.table import render_summary

__all__ = ["render_summary", "write_report"]
