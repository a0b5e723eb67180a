"""The report as one self-contained HTML file: charts embedded as data URIs, the items as embedded JSON with the
inline script that lists them, and a content security policy that lets the page load nothing at all."""

from __future__ import annotations

import base64
import html
import time
from pathlib import Path

from nohallucinate import __version__
from nohallucinate.report import calibration
from nohallucinate.report.items import ITEMS_STYLE, items_section
from nohallucinate.report.runs import RunView
from nohallucinate.report.table import mean_with_n
from nohallucinate.tasks import Family

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; color: #212121; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.2rem; margin-top: 2rem; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.6rem; text-align: right; }
th:first-child, td:first-child { text-align: left; }
img { max-width: 100%; border: 1px solid #eee; }
.note { color: #616161; font-size: 0.85rem; }
.warning { color: #b71c1c; font-weight: 600; }
code { font-size: 0.85rem; }
"""

# The page opens offline and fetches nothing, even should a reply smuggle markup past the escaping.
_NOTHING_LOADED = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'"

_CAPTIONS = {
    "reward_by_family": "Mean reward per family for each run, with ± one standard error clustered by task; the "
    "dashed line is what always abstaining earns.",
    "verdict_mix": "Share of items answered well, abstained on, and confidently wrong, per family.",
    "reward_by_tier": "Mean reward by notability tier.",
    "headroom": "Calibration headroom: the hatched part is what each run would gain had every confident error "
    "been an abstention, which is what a calibrated policy with the same knowledge earns.",
}


def write_html(
    runs: list[RunView], charts: dict[str, Path], path: Path, markdown: str, warnings: list[str] | None = None
) -> Path:
    """Write the report, any warning (runs over different tasks) first; every image is inside the file."""
    parts = [f"<p class='warning'>warning: {html.escape(warning)}</p>" for warning in warnings or []]
    parts += ["<h2>Mean reward per family (± standard error)</h2>", _family_table(runs)]
    if calibration.calibrated_runs(runs):
        parts += ["<h2>Calibration at each threshold</h2>", calibration.html_table(runs)]
    captions = {**_CAPTIONS, **calibration.captions(runs)} if calibration.calibrated_runs(runs) else _CAPTIONS
    for name, chart in charts.items():
        parts.append(chart_section(name.replace("_", " ").capitalize(), chart, captions[name]))
    parts += ["<h2>Runs</h2>", _run_table(runs), *items_section(runs)]
    parts += ["<h2>As markdown</h2>", f"<pre>{html.escape(markdown)}</pre>"]
    return write_page(path, "nohallucinate report", [r.label for r in runs], parts, ITEMS_STYLE)


def write_page(path: Path, heading: str, run_labels: list[str], sections: list[str], style: str = "") -> Path:
    """A self-contained page: the shared style (and `style`), a heading, when and from which runs it was made, the
    sections. Its content security policy allows inline styles and scripts and data: images, and no request."""
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<meta http-equiv='Content-Security-Policy' content=\"{_NOTHING_LOADED}\">",
        f"<title>{html.escape(heading)}: {html.escape(', '.join(run_labels))}</title>",
        f"<style>{_STYLE}{style}</style></head><body>",
        f"<h1>{html.escape(heading)}</h1>",
        f"<p class='note'>Generated {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())} by nohallucinate "
        f"{__version__} from {len(run_labels)} run(s).</p>",
        *sections,
        "</body></html>",
    ]
    path.write_text("\n".join(parts), encoding="utf-8")
    return path


def chart_section(title: str, chart: Path, caption: str) -> str:
    """A heading, the PNG embedded as a data URI, and its caption."""
    data = base64.b64encode(chart.read_bytes()).decode("ascii")
    return (
        f"<h2>{html.escape(title)}</h2>"
        f"<img alt='{html.escape(caption)}' src='data:image/png;base64,{data}'>"
        f"<p class='note'>{html.escape(caption)}</p>"
    )


def _family_table(runs: list[RunView]) -> str:
    families = [f.value for f in Family if any(f.value in r.summary["per_family"] for r in runs)]
    head = "".join(f"<th>{html.escape(r.label)}</th>" for r in runs)
    rows = []
    for family in families:
        floor = next(r.summary["abstention_floor"][family] for r in runs if family in r.summary["abstention_floor"])
        cells = "".join(f"<td>{mean_with_n(r.summary, family)}</td>" for r in runs)
        rows.append(f"<tr><td>{family}</td><td>{floor:.3f}</td>{cells}</tr>")
    overall = "".join(f"<td><b>{mean_with_n(r.summary, None)}</b></td>" for r in runs)
    rows.append(f"<tr><td><b>overall</b></td><td></td>{overall}</tr>")
    return f"<table><tr><th>family</th><th>floor</th>{head}</tr>{''.join(rows)}</table>"


def _run_table(runs: list[RunView]) -> str:
    rows = []
    for run in runs:
        config = run.config
        models = "; ".join(f"{role}: {m.get('model')} at {m.get('base_url')} {m.get('sampling') or ''}"
                           for role, m in config.models.items())  # fmt: skip
        source, prompt = config.replies_from, config.system_prompt
        models = "; ".join(filter(None, [
            f"split: {config.split}" if config.split is not None else "",  # the run took one split of its tasks
            f"replies: {source.path} (sha256 {source.sha256[:12]})" if source else "",  # `grade --out`: no policy
            models,
            f"system prompt: {prompt.describe()}" if prompt else "",  # the rule's own goes unsaid
        ]))  # fmt: skip
        errored = run.summary["errored"]
        rows.append(
            f"<tr><td>{html.escape(run.label)}</td><td>{html.escape(str(run.directory))}</td>"
            f"<td>{run.summary['tasks']['tasks']}</td><td>{run.summary['tasks']['samples']}</td>"
            f"<td>{run.summary['n']}</td><td>{errored}</td><td>{html.escape(models or '–')}</td>"
            f"<td><code>{config.tasks_sha256[:12]}</code></td><td>{html.escape(config.package_version)}</td></tr>"
        )
    head = ("<tr><th>run</th><th>directory</th><th>tasks</th><th>samples per task</th><th>graded</th><th>errored</th>"
            "<th>models</th><th>tasks sha256</th>")  # fmt: skip
    prompts = "".join(
        f"<details><summary>system prompt of {html.escape(run.label)}</summary>"
        f"<pre>{html.escape(run.config.system_prompt.text)}</pre></details>"
        for run in runs
        if run.config.system_prompt is not None and run.config.system_prompt.source == "file"
    )  # the text a user's own prompt file held, word for word, as the run sent it
    return f"<table>{head}<th>version</th></tr>{''.join(rows)}</table>{prompts}"
