"""Reports: tables for the terminal."""

from nohallucinate.report.table import render_summary

__all__ = ["render_summary"]
