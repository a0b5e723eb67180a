"""Calibration: how a policy's answering and its stated confidence track its correctness."""

from nohallucinate.calibration.behaviour import behaviour, confidence_scores
from nohallucinate.calibration.metrics import (
    DEFAULT_BINS,
    CalibrationError,
    ReliabilityBin,
    auroc,
    brier_score,
    calibration_error,
)

__all__ = [
    "DEFAULT_BINS",
    "CalibrationError",
    "ReliabilityBin",
    "auroc",
    "behaviour",
    "brier_score",
    "calibration_error",
    "confidence_scores",
]
