"""The Hallucination Tax's eight benchmarks as inspect_ai tasks: `inspect eval nohallucinate/tax_gsm8k ...`.

Each task reads its benchmark from the data directory `nohallucinate tax fetch` fills (its sha256 checked), asks
the benchmark's prompt as one user message, and scores the final `\\boxed{}` as `nohallucinate tax grade` does:
on a refusal set (UMWP, SelfAware, SUM) a sample scores 1 when its box refuses, and the metric is `refusal_rate`;
on an accuracy set a sample scores 1 when math-verify finds its box right, and the metric is `accuracy`, averaged
over epochs (AMC23 runs 8 by default: avg@8). An answer check that fails or overruns raises: a sample error,
never a score.
"""

from __future__ import annotations

import atexit
import functools
from dataclasses import asdict
from pathlib import Path
from typing import Any

from inspect_ai import Epochs, Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import Metric, SampleScore, Score, Scorer, Target, metric, scorer, stderr
from inspect_ai.solver import TaskState, generate

from nohallucinate.errors import NohallucinateError
from nohallucinate.inspect_tasks.nohallucinate_task import replied_text
from nohallucinate.tax.benchmarks import (
    UMWP_SAMPLE_SIZE,
    UMWP_SEED,
    TaxItem,
    benchmark_named,
    default_data_dir,
    load_benchmark,
)
from nohallucinate.tax.correctness import AnswerChecker
from nohallucinate.tax.grading import grade_response
from nohallucinate.tax.prompt import DEFAULT_PROMPT, PromptTemplate

REFUSED = "I don't know."  # the target of an unanswerable item: what its box should say


class AnswerCheckError(NohallucinateError, RuntimeError):
    """Checking a response's answer failed; there is no score to give."""


def tax_task(
    benchmark: str,
    data_dir: str | None = None,
    limit: int | None = None,
    prompt_file: str | None = None,
    check_timeout: float = 10.0,
    check_workers: int = 2,
    umwp_seed: int = UMWP_SEED,
    umwp_size: int = UMWP_SAMPLE_SIZE,
) -> Task:
    """One Hallucination Tax benchmark as an inspect task (the registered `tax_<benchmark>` tasks call this)."""
    spec = benchmark_named(benchmark)
    directory = Path(data_dir) if data_dir is not None else default_data_dir()
    loaded = load_benchmark(benchmark, directory, umwp_seed=umwp_seed, umwp_size=umwp_size)
    items = loaded.items[:limit] if limit is not None else loaded.items
    prompt = PromptTemplate.from_file(prompt_file) if prompt_file is not None else DEFAULT_PROMPT
    figure = refusal_rate() if spec.kind == "refusal" else accuracy()
    return Task(
        dataset=MemoryDataset([_sample(item, prompt) for item in items], name=benchmark, location=str(directory)),
        solver=generate(tool_calls="none"),
        scorer=boxed_answer(check_timeout, check_workers),
        metrics=[figure, stderr()],
        epochs=Epochs(spec.default_samples, "mean") if spec.default_samples > 1 else None,
        metadata={"benchmark": benchmark, "manifest": asdict(loaded.manifest), "prompt_sha256": prompt.sha256},
    )


@scorer(metrics=[stderr()])  # each task names its figure (refusal_rate or accuracy) beside this
def boxed_answer(check_timeout: float = 10.0, check_workers: int = 2) -> Scorer:
    """The final box, read and checked as `nohallucinate tax grade` does; 1 when it is right (a refusal, on an
    unanswerable item), else 0. A check that fails or overruns raises (a sample error)."""

    async def score(state: TaskState, target: Target) -> Score:
        item = _item(state.metadata["item"])
        result = await grade_response(answer_checker(check_workers, check_timeout), item, state.epoch - 1,
                                      replied_text(state))  # fmt: skip
        if result.errored:
            raise AnswerCheckError(f"{item.benchmark} item {item.id}: {result.error}")
        return Score(
            value=1.0 if result.correct else 0.0,
            answer=result.box,
            explanation="refused" if result.refused else ("no box" if result.no_box else None),
            metadata={"correct": result.correct, "refused": result.refused, "box": result.box},
        )

    return score


@functools.cache
def answer_checker(workers: int, timeout: float) -> AnswerChecker:
    """One pool of math-verify processes per setting, shared by every eval of the process (its checks run in
    whichever event loop asks), stopped when the process exits."""
    checker = AnswerChecker(workers=workers, timeout=timeout)
    atexit.register(checker.close)
    return checker


@metric
def refusal_rate() -> Metric:
    """The share of responses whose final box refuses."""
    return _mean


@metric
def accuracy() -> Metric:
    """The share of responses whose final box is a right answer (avg@n over n epochs)."""
    return _mean


def _mean(scores: list[SampleScore]) -> float:
    values = [score.score.as_float() for score in scores]
    return sum(values) / len(values) if values else float("nan")


def _sample(item: TaxItem, prompt: PromptTemplate) -> Sample:
    return Sample(
        id=item.id,
        input=prompt.render(item.question),
        target=list(item.gold) if item.answerable else REFUSED,
        metadata={"item": {field: value for field, value in asdict(item).items() if field != "meta"}},
    )


def _item(fields: dict[str, Any]) -> TaxItem:
    """The item a sample's metadata holds (its gold a tuple again)."""
    return TaxItem(**{**fields, "gold": tuple(fields["gold"])})


# One function per benchmark, written out: inspect lists a file's tasks by reading its `@task` definitions without
# running it (`inspect list tasks`, `inspect eval tax_tasks.py@tax_gsm8k`, the register's checks), so tasks made by a
# factory would be found through the entry point only.


@task
def tax_umwp(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
             check_timeout: float = 10.0, check_workers: int = 2, umwp_seed: int = UMWP_SEED,
             umwp_size: int = UMWP_SAMPLE_SIZE) -> Task:  # fmt: skip
    """UMWP: refusal rate on unanswerable math word problems (a seeded sample of 600)."""
    return tax_task("umwp", data_dir, limit, prompt_file, check_timeout, check_workers, umwp_seed, umwp_size)


@task
def tax_selfaware(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
                  check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """SelfAware: refusal rate on questions no one can answer."""
    return tax_task("selfaware", data_dir, limit, prompt_file, check_timeout, check_workers)


@task
def tax_sum(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
            check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """SUM: refusal rate on unanswerable math problems."""
    return tax_task("sum", data_dir, limit, prompt_file, check_timeout, check_workers)


@task
def tax_gsm8k(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
              check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """GSM8K: accuracy on grade-school math."""
    return tax_task("gsm8k", data_dir, limit, prompt_file, check_timeout, check_workers)


@task
def tax_minerva_math(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
                     check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """Minerva: accuracy on undergraduate science and math problems."""
    return tax_task("minerva_math", data_dir, limit, prompt_file, check_timeout, check_workers)


@task
def tax_math500(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
                check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """MATH-500: accuracy on competition math."""
    return tax_task("math500", data_dir, limit, prompt_file, check_timeout, check_workers)


@task
def tax_olympiadbench(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
                      check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """OlympiadBench: accuracy on olympiad math (text-only, English, answers checked)."""
    return tax_task("olympiadbench", data_dir, limit, prompt_file, check_timeout, check_workers)


@task
def tax_amc23(data_dir: str | None = None, limit: int | None = None, prompt_file: str | None = None,
              check_timeout: float = 10.0, check_workers: int = 2) -> Task:  # fmt: skip
    """AMC23: accuracy on the 2023 AMC problems, avg@8 (8 epochs unless --epochs says otherwise)."""
    return tax_task("amc23", data_dir, limit, prompt_file, check_timeout, check_workers)
