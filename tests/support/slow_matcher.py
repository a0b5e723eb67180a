"""A matcher for AnswerChecker tests, importable by its worker processes: it hangs on the box "hang", fails on
the box "fail", and otherwise grades like `answer_matches`."""

from __future__ import annotations

import time

from nohallucinate.tax.benchmarks import TaxItem
from nohallucinate.tax.correctness import answer_matches


def hang_or_fail(item: TaxItem, box: str) -> bool:
    if box == "hang":
        time.sleep(600)  # the pool kills the worker long before this ends
    if box == "fail":
        raise ValueError("asked to fail")
    return answer_matches(item, box)
