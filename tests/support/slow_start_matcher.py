"""A matcher for AnswerChecker tests that takes START_SECONDS to arrive in a worker process (its unpickling, part of
the worker's start, sleeps), as a heavy main module does: a worker re-imports its parent's, inspect's whole CLI
under `inspect eval`. It grades like `answer_matches`."""

from __future__ import annotations

import time
from typing import Any

from nohallucinate.tax.benchmarks import TaxItem
from nohallucinate.tax.correctness import answer_matches

START_SECONDS = 1.5


class SlowToStart:
    def __init__(self, seconds: float = START_SECONDS) -> None:
        self.seconds = seconds

    def __setstate__(self, state: dict[str, Any]) -> None:  # in the worker, as it starts
        time.sleep(state["seconds"])
        self.__dict__.update(state)

    def __call__(self, item: TaxItem, box: str) -> bool:
        return answer_matches(item, box)


slow_to_start = SlowToStart()
