"""nohallucinate: measure and train calibrated factuality in language models."""

__version__ = "0.1.0"
