"""What can go wrong with a run directory. Every message names the file and what is wrong with it.

RunStoreError        a run directory that cannot be used (a ValueError, so the CLI reports it with exit 2)
├── BadRunError      run.json or results.sqlite is not what this package writes (garbage, a foreign schema)
└── RunWriteError    a write failed (a full disk, an I/O error); every item committed before it is kept
RunLockedError       another process is writing the run
"""

from __future__ import annotations


class RunStoreError(ValueError):
    """A run directory that cannot be read or written as a run."""


class BadRunError(RunStoreError):
    """run.json or results.sqlite holds something this package did not write."""


class RunWriteError(RunStoreError):
    """Writing to the run directory failed; the failed item left nothing behind and the run should stop."""


class RunLockedError(RuntimeError):
    """Another process is writing this run."""
