"""Grade one response into a `TaxResult`, and aggregate results into each benchmark's figures.

Refusal sets report refusal_rate (the share of responses whose final box refuses); accuracy sets report accuracy,
averaged over every sample, so with n samples per item it is avg@n. Both report the no-box rate, and errored
items (a model call or a check that failed) are counted, never scored.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any, Protocol, TypedDict, Unpack

from pydantic import BaseModel, ConfigDict

from nohallucinate.answers.boxed import extract_boxed, is_refusal_box
from nohallucinate.tax.benchmarks import BENCHMARKS, TaxItem


class Checker(Protocol):
    async def check(self, item: TaxItem, box: str) -> bool: ...


class TaxResult(BaseModel):
    """One graded response. `box` is the raw text of the final box (None: no complete box)."""

    model_config = ConfigDict(frozen=True)

    benchmark: str
    id: str
    sample: int
    answerable: bool
    box: str | None = None
    refused: bool = False
    correct: bool | None = None  # answerable: the box is a right answer; unanswerable: the box refuses
    error: str | None = None

    @property
    def errored(self) -> bool:
        return self.error is not None

    @property
    def no_box(self) -> bool:
        return self.box is None and not self.errored


async def grade_response(checker: Checker, item: TaxItem, sample: int, response: str) -> TaxResult:
    """Read the final box, decide refusal on its raw text, and check an answer with math-verify."""
    box = extract_boxed(response)
    refused = box is not None and is_refusal_box(box)
    if not item.answerable:
        return _result(item, sample, box=box, refused=refused, correct=refused)
    if box is None or refused or not box.strip():
        return _result(item, sample, box=box, refused=refused, correct=False)  # a refusal on a solvable item is wrong
    try:
        correct = await checker.check(item, box)
    except Exception as exc:  # a check that fails or times out is an error, never a verdict
        return _result(item, sample, box=box, error=f"answer check failed: {type(exc).__name__}: {exc}")
    return _result(item, sample, box=box, correct=correct)


def errored_result(item: TaxItem, sample: int, error: str) -> TaxResult:
    """The result of an item whose response could not be obtained."""
    return _result(item, sample, error=error)


class _Outcome(TypedDict, total=False):
    """What grading a response decides; a field left out keeps TaxResult's default."""

    box: str | None
    refused: bool
    correct: bool | None
    error: str | None


def _result(item: TaxItem, sample: int, **outcome: Unpack[_Outcome]) -> TaxResult:
    """`item`'s result for `sample`."""
    return TaxResult(benchmark=item.benchmark, id=item.id, sample=sample, answerable=item.answerable, **outcome)


@dataclass(frozen=True)
class BenchmarkSummary:
    """One benchmark's figures. `score` is refusal_rate or accuracy (avg@n when samples > 1), over graded
    responses; None when nothing was graded."""

    benchmark: str
    metric: str  # "refusal_rate" or "accuracy"
    score: float | None
    samples: int
    items: int
    responses: int
    graded: int
    errored: int
    correct: int
    refused: int
    no_box: int
    no_box_rate: float | None

    @property
    def label(self) -> str:
        """The metric's name as reported, e.g. "accuracy (avg@8)"."""
        return f"{self.metric} (avg@{self.samples})" if self.samples > 1 else self.metric

    def as_json(self) -> dict[str, Any]:
        return {**asdict(self), "label": self.label}


def summarise(results: Iterable[TaxResult]) -> dict[str, BenchmarkSummary]:
    """Each benchmark's figures, in the registry's order."""
    grouped: dict[str, list[TaxResult]] = defaultdict(list)
    for result in results:
        grouped[result.benchmark].append(result)
    return {name: _summary(name, grouped[name]) for name in BENCHMARKS if name in grouped}


def _summary(name: str, results: list[TaxResult]) -> BenchmarkSummary:
    graded = [r for r in results if not r.errored]
    metric = "refusal_rate" if BENCHMARKS[name].kind == "refusal" else "accuracy"
    hits = sum(1 for r in graded if r.correct)
    no_box = sum(1 for r in graded if r.no_box)
    return BenchmarkSummary(
        benchmark=name,
        metric=metric,
        score=hits / len(graded) if graded else None,
        samples=max(r.sample for r in results) + 1,
        items=len({r.id for r in results}),
        responses=len(results),
        graded=len(graded),
        errored=len(results) - len(graded),
        correct=hits,
        refused=sum(1 for r in graded if r.refused),
        no_box=no_box,
        no_box_rate=no_box / len(graded) if graded else None,
    )
