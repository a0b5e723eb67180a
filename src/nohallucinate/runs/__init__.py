"""Runs: execute policy x tasks x grader and aggregate the verdicts."""

from nohallucinate.runs.summary import summarise
from nohallucinate.runs.sweep import grade_replies, grade_safely, select_per_family, sweep

__all__ = ["grade_replies", "grade_safely", "select_per_family", "summarise", "sweep"]
