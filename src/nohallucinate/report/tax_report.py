"""The Hallucination-Tax report: runs side by side (say a base model and its RL-finetuned version), refusal rate on
the unanswerable sets next to accuracy on the solvable ones, so the tax is visible at a glance."""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from nohallucinate.errors import UserInputError
from nohallucinate.report.build import write_into
from nohallucinate.report.charts import grouped_bars, save
from nohallucinate.report.html import chart_section, write_page
from nohallucinate.report.runs import NothingGraded
from nohallucinate.report.table import fmt
from nohallucinate.runs import read_config, read_results
from nohallucinate.spec import model_name
from nohallucinate.tax.benchmarks import BENCHMARKS
from nohallucinate.tax.grading import BenchmarkSummary, TaxResult, summarise
from nohallucinate.tax.run import TaxRunConfig


@dataclass(frozen=True)
class TaxRunView:
    label: str
    directory: Path
    config: TaxRunConfig
    summaries: dict[str, BenchmarkSummary]


def load_tax_runs(directories: Sequence[Path | str]) -> list[TaxRunView]:
    """Each run's figures, labelled by the model under test (and the directory where two would look alike)."""
    loaded = []
    for directory in map(Path, directories):
        config = read_config(directory, TaxRunConfig)
        results = read_results(directory, TaxResult)
        if not results:
            raise UserInputError(f"{directory} holds no results yet")
        if all(result.errored for result in results):
            raise NothingGraded.of(directory, [(f"{r.benchmark}/{r.id} (sample {r.sample})", r.error or "")
                                               for r in results])  # fmt: skip
        loaded.append((directory, config, summarise(results)))
    labels = [model_name(config.policy) for _, config, _ in loaded]
    if len(set(labels)) < len(labels):
        labels = [f"{label} ({directory.name})" for label, (directory, _, _) in zip(labels, loaded, strict=True)]
    return [TaxRunView(label, *run) for label, run in zip(labels, loaded, strict=True)]


def tax_markdown(runs: list[TaxRunView]) -> str:
    """The figures as a markdown table: one row per benchmark, one column per run, and the change from the first
    run to the last when there are two or more."""
    names = _benchmarks(runs)
    delta = len(runs) > 1
    head = ["benchmark", "metric", *(run.label for run in runs)] + (["change"] if delta else [])
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for name in names:
        summaries = [run.summaries.get(name) for run in runs]
        label = next(s.label for s in summaries if s is not None)
        cells = [BENCHMARKS[name].title, label, *(fmt(s.score if s else None) for s in summaries)]
        if delta:
            first, last = summaries[0], summaries[-1]
            if first and last and first.score is not None and last.score is not None:
                cells.append(f"{last.score - first.score:+.3f}")
            else:
                cells.append("–")
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "| benchmark | " + " | ".join(f"{run.label}: no box / errored" for run in runs) + " |",
              "|" + "---|" * (len(runs) + 1)]  # fmt: skip
    for name in names:
        cells = []
        for run in runs:
            s = run.summaries.get(name)
            cells.append("–" if s is None else f"{_percent(s.no_box_rate)} / {s.errored}")
        lines.append(f"| {BENCHMARKS[name].title} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def write_tax_report(directories: Sequence[Path | str], out_dir: Path | str) -> tuple[Path, str]:
    """Write tax_report.html and tax_report.png into `out_dir`; returns the HTML path and the markdown table."""
    runs = load_tax_runs(directories)  # every run is read before anything is written
    markdown = tax_markdown(runs)
    return write_into(Path(out_dir), lambda out: _write_page(runs, markdown, out)), markdown


def _write_page(runs: list[TaxRunView], markdown: str, out_dir: Path) -> Path:
    chart = _chart(runs, out_dir / "tax_report.png")
    caption = ("Left: share of unanswerable questions answered with a boxed \"I don't know\" (higher is better). "
               "Right: accuracy on solvable math (avg@n where n > 1).")  # fmt: skip
    sections = [
        chart_section("Refusal and accuracy", chart, caption),
        "<h2>Figures</h2>",
        f"<pre>{html.escape(markdown)}</pre>",
        "<h2>Runs</h2>",
        _run_table(runs),
    ]
    return write_page(out_dir / "tax_report.html", "Hallucination Tax", [r.label for r in runs], sections)


def _benchmarks(runs: list[TaxRunView]) -> list[str]:
    return [name for name in BENCHMARKS if any(name in run.summaries for run in runs)]


def _percent(value: float | None) -> str:
    return "–" if value is None else f"{value:.1%}"


def _chart(runs: list[TaxRunView], path: Path) -> Path:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = _benchmarks(runs)
    refusal = [n for n in names if BENCHMARKS[n].kind == "refusal"]
    accuracy = [n for n in names if BENCHMARKS[n].kind == "accuracy"]
    panels = [(ax_names, title) for ax_names, title in ((refusal, "refusal rate"), (accuracy, "accuracy")) if ax_names]
    widths = [max(1, len(ax_names)) for ax_names, _ in panels]
    fig, axes = plt.subplots(1, len(panels), figsize=(max(7.0, 1.4 * sum(widths) + 2), 4.2), squeeze=False,
                             gridspec_kw={"width_ratios": widths})  # fmt: skip
    labels = [run.label for run in runs]
    for ax, (ax_names, title) in zip(axes[0], panels, strict=True):
        grouped_bars(ax, ax_names, labels, lambda index, name: _score(runs[index], name))
        ax.set_xticklabels([BENCHMARKS[name].title for name in ax_names], fontsize=8)
        ax.set_ylim(0, 1.08)
        ax.set_title(title)
    axes[0][0].legend(fontsize=8, loc="upper right")
    return save(fig, path)


def _score(run: TaxRunView, name: str) -> float | None:
    summary = run.summaries.get(name)
    return None if summary is None else summary.score


def _run_table(runs: list[TaxRunView]) -> str:
    rows = []
    for run in runs:
        model: Mapping[str, object] = run.config.models.get("policy", {})
        sampling = model.get("sampling") or {}
        rows.append(
            f"<tr><td>{html.escape(run.label)}</td><td>{html.escape(str(run.directory))}</td>"
            f"<td>{html.escape(str(model.get('base_url', '–')))}</td><td>{html.escape(str(sampling or '–'))}</td>"
            f"<td><code>{run.config.prompt_sha256[:12]}</code></td>"
            f"<td>{html.escape(', '.join(f'{k}={v}' for k, v in run.config.samples.items() if v > 1) or '1')}</td>"
            f"<td>{html.escape(run.config.package_version)}</td></tr>"
        )
    head = ("<tr><th>run</th><th>directory</th><th>endpoint</th><th>sampling</th><th>prompt sha256</th>"
            "<th>samples</th><th>version</th></tr>")  # fmt: skip
    return f"<table>{head}{''.join(rows)}</table>"
