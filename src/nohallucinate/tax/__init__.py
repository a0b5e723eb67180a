"""The Hallucination Tax: do reinforcement-finetuned models still refuse unanswerable math, and at what cost to
accuracy on solvable math?

    >>> from nohallucinate.tax import extract_boxed, is_refusal
    >>> extract_boxed(r"so the answer is \\boxed{\\frac{1}{2}}.")
    '\\\\frac{1}{2}'
    >>> is_refusal(r"The speed is missing. \\boxed{I don't know.}")
    True
"""

from typing import TYPE_CHECKING

from nohallucinate.lazy import lazy_exports

if TYPE_CHECKING:
    from nohallucinate.answers.boxed import extract_boxed, is_refusal, is_refusal_box
    from nohallucinate.tax.benchmarks import (
        BENCHMARKS,
        Benchmark,
        DataError,
        LoadedBenchmark,
        ManifestEntry,
        TaxItem,
        load_benchmark,
    )
    from nohallucinate.tax.correctness import AnswerChecker, CheckTimeout, answer_matches, is_correct
    from nohallucinate.tax.fetch import fetch_benchmarks
    from nohallucinate.tax.grading import BenchmarkSummary, TaxResult, grade_response, summarise
    from nohallucinate.tax.prompt import DEFAULT_PROMPT, PromptTemplate
    from nohallucinate.tax.run import Generation, TaxRunConfig, answer_and_grade, grade_generations, load_generations
else:  # imported on first use (nohallucinate.lazy)
    __getattr__ = lazy_exports(
        __name__,
        {
            "nohallucinate.answers.boxed": ("extract_boxed", "is_refusal", "is_refusal_box"),
            "nohallucinate.tax.benchmarks": (
                "BENCHMARKS",
                "Benchmark",
                "DataError",
                "LoadedBenchmark",
                "ManifestEntry",
                "TaxItem",
                "load_benchmark",
            ),
            "nohallucinate.tax.correctness": ("AnswerChecker", "CheckTimeout", "answer_matches", "is_correct"),
            "nohallucinate.tax.fetch": ("fetch_benchmarks",),
            "nohallucinate.tax.grading": ("BenchmarkSummary", "TaxResult", "grade_response", "summarise"),
            "nohallucinate.tax.prompt": ("DEFAULT_PROMPT", "PromptTemplate"),
            "nohallucinate.tax.run": (
                "Generation",
                "TaxRunConfig",
                "answer_and_grade",
                "grade_generations",
                "load_generations",
            ),
        },
    )

__all__ = [
    "BENCHMARKS",
    "DEFAULT_PROMPT",
    "AnswerChecker",
    "Benchmark",
    "BenchmarkSummary",
    "CheckTimeout",
    "DataError",
    "Generation",
    "LoadedBenchmark",
    "ManifestEntry",
    "PromptTemplate",
    "TaxItem",
    "TaxResult",
    "TaxRunConfig",
    "answer_and_grade",
    "answer_matches",
    "extract_boxed",
    "fetch_benchmarks",
    "grade_generations",
    "grade_response",
    "is_correct",
    "is_refusal",
    "is_refusal_box",
    "load_benchmark",
    "load_generations",
    "summarise",
]
