"""`tax`: the Hallucination Tax: refusal on unanswerable math, accuracy on solvable math."""

from __future__ import annotations

from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.table import Table

from nohallucinate.cli import models as flags
from nohallucinate.cli.common import JsonOption, endpoint
from nohallucinate.cli.flag_groups import with_flag_groups
from nohallucinate.cli.output import err, exit_if_errored, fail, info, or_exit, out, print_json, reported
from nohallucinate.cli.progress import Tracker, progress
from nohallucinate.models import ClientSettings
from nohallucinate.policies import MODEL_PREFIX
from nohallucinate.tax.benchmarks import BENCHMARKS, GITHUB, UMWP_SAMPLE_SIZE, UMWP_SEED, default_data_dir

if TYPE_CHECKING:  # the library is imported inside the commands: see cli/common.py
    from nohallucinate.tax import BenchmarkSummary, TaxRunConfig
    from nohallucinate.tax.grading import TaxResult


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs

tax = typer.Typer(no_args_is_help=True, help="Hallucination Tax: refusal on unanswerable math, accuracy on solvable.")
commands.add_typer(tax, name="tax")

DataDir = Annotated[
    Path | None,
    typer.Option(
        "--data-dir",
        help="Benchmark files laid out as gsm8k/test.jsonl, umwp/... "
        "\\[default: $NOHAL_CACHE_DIR/hallucination_tax or ~/.cache/nohallucinate/hallucination_tax]",
    ),
]
Benchmarks = Annotated[
    str, typer.Option("--benchmarks", help=f"'all' or a comma-separated list of: {', '.join(BENCHMARKS)}.")
]
UmwpSeed = Annotated[int, typer.Option("--umwp-seed", help="Seed of the UMWP sample of unanswerable rows.")]
UmwpSize = Annotated[int, typer.Option("--umwp-size", min=1, help="How many unanswerable UMWP rows to sample.")]
CheckTimeout = Annotated[
    float,
    typer.Option(
        "--check-timeout",
        min=0.1,
        help="Seconds one math-verify check may take before it errors (its worker's start aside).",
    ),
]
Workers = Annotated[int, typer.Option("--check-workers", min=1, help="Processes checking answers with math-verify.")]
TAX_CLIENT_FLAGS = flags.client_flags(
    concurrency_help="Model requests in flight at once.",
    timeout=600.0,
    call_deadline=1_800.0,  # long generations: three full-length attempts
)
ERRORED_RESPONSES = "response(s) could not be obtained or checked; they are excluded from the figures"


@tax.command("fetch")
def fetch_command(
    data_dir: DataDir = None,
    benchmarks: Benchmarks = "all",
    base_url: Annotated[str, typer.Option("--source-url", help="Where the upstream repositories are served.")] = GITHUB,
    as_json: JsonOption = False,
) -> None:
    """Download the benchmark files from their public sources (checked against the recorded sha256)."""
    from nohallucinate.models.url_credentials import refuse_credentials
    from nohallucinate.tax.fetch import fetch_benchmarks  # httpx: a tenth of a second, for this command only

    # A download's error quotes its URL, and the upstream files need no key.
    or_exit(lambda: refuse_credentials(base_url, "--source-url", "the benchmark files are public; give it without"))
    names = _benchmark_names(benchmarks)

    def said(name: str, outcome: str) -> None:
        if not as_json:
            err.print(f"{name}: {outcome}", highlight=False)

    directory = _data_dir(data_dir)
    outcome = or_exit(lambda: fetch_benchmarks(names, directory, base_url=base_url, on_file=said))
    if as_json:
        print_json({"data_dir": str(directory), "files": outcome})


@tax.command("manifest")
def manifest_command(
    data_dir: DataDir = None,
    benchmarks: Benchmarks = "all",
    umwp_seed: UmwpSeed = UMWP_SEED,
    umwp_size: UmwpSize = UMWP_SAMPLE_SIZE,
    as_json: JsonOption = False,
) -> None:
    """Rows, items, checksum, source and count notes of each benchmark in a data directory."""
    from nohallucinate.tax.run import load_items

    names = _benchmark_names(benchmarks)
    directory = _data_dir(data_dir)
    _, manifest = or_exit(lambda: load_items(names, directory, umwp_seed=umwp_seed, umwp_size=umwp_size))
    if as_json:
        print_json({"data_dir": str(directory), "benchmarks": manifest})
        return
    table = Table(title=f"benchmarks in {directory}", title_justify="left")
    for column in ("benchmark", "kind", "file rows", "items", "card", "sha256", "source", "licence"):
        table.add_column(column, justify="right" if column in ("file rows", "items", "card") else "left")
    for entry in manifest:
        table.add_row(entry["benchmark"], entry["kind"], str(entry["file_rows"]), str(entry["items"]),
                      str(entry["card_count"]), entry["sha256"][:12], entry["source"], entry["licence"])  # fmt: skip
    out.print(table)
    _print_notes(manifest)


@tax.command("run")
@with_flag_groups
def run_command(
    policy: Annotated[str | None, typer.Option("--policy", help=f"{MODEL_PREFIX}MODEL, the model under test.")] = None,
    data_dir: DataDir = None,
    benchmarks: Benchmarks = "all",
    samples: Annotated[
        list[str] | None, typer.Option("--samples", help="NAME=N samples per item (default amc23=8, others 1).")
    ] = None,
    out_dir: Annotated[Path | None, typer.Option("--out", help="Run directory to create.")] = None,
    resume: Annotated[Path | None, typer.Option("--resume", help="Continue the run in this directory.")] = None,
    prompt_file: Annotated[
        Path | None, typer.Option("--prompt-template", help="A template file with a {question} field.")
    ] = None,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Only the first N items of each benchmark.")
    ] = None,
    umwp_seed: UmwpSeed = UMWP_SEED,
    umwp_size: UmwpSize = UMWP_SAMPLE_SIZE,
    policy_flags: flags.PolicyFlags = flags.POLICY_FLAGS,
    check_timeout: CheckTimeout = 10.0,
    check_workers: Workers = 2,
    settings: ClientSettings = TAX_CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Ask a model every benchmark question, grade each response into a run directory, print the figures."""
    import asyncio

    from nohallucinate.runs import RunSession, model_records, read_results
    from nohallucinate.tax import DEFAULT_PROMPT, PromptTemplate, TaxResult, TaxRunConfig, answer_and_grade, summarise
    from nohallucinate.tax.correctness import AnswerChecker  # math-verify: the `tax` extra, checked before any work
    from nohallucinate.tax.run import load_items, parse_samples, pending_work, result_key

    if resume is not None:
        given = {"--policy": policy, "--data-dir": data_dir, "--out": out_dir, "--samples": samples,
                 "--prompt-template": prompt_file, "--limit": limit}  # fmt: skip
        session = or_exit(lambda: RunSession.resume(resume, TaxRunConfig, given=given, sampling=policy_flags.sampling))
        config: TaxRunConfig = session.store.config
        items, manifest = or_exit(lambda: load_items(config.benchmarks, config.data_dir, umwp_seed=config.umwp_seed,
                                                     umwp_size=config.umwp_size, limit=config.limit))  # fmt: skip
        _same_data(config, manifest)
        prompt = PromptTemplate(config.prompt_text, config.prompt_name)
        policy_endpoint = or_exit(lambda: session.endpoint("policy", policy_flags.policy_api_key))
        assert policy_endpoint is not None, "a tax run records its policy's model"
        sampling = session.sampling("policy")
        check_timeout = config.check_timeout
    else:
        if policy is None or not policy.startswith(MODEL_PREFIX):
            fail(f"give --policy {MODEL_PREFIX}MODEL (or --resume RUN_DIR)")
        data_dir = _data_dir(data_dir)
        names = _benchmark_names(benchmarks)
        sample_counts = or_exit(lambda: parse_samples(samples or [], names))
        prompt = or_exit(lambda: PromptTemplate.from_file(prompt_file)) if prompt_file else DEFAULT_PROMPT
        items, manifest = or_exit(lambda: load_items(names, data_dir, umwp_seed=umwp_seed, umwp_size=umwp_size,
                                                     limit=limit))  # fmt: skip
        model = policy.removeprefix(MODEL_PREFIX)
        sampling = policy_flags.sampling
        policy_endpoint = endpoint(model, policy_flags.policy_base_url, policy_flags.policy_api_key)
        config = TaxRunConfig(
            policy=policy,
            models=model_records(policy_endpoint, sampling),
            data_dir=str(data_dir.resolve()),
            benchmarks=names,
            samples=sample_counts,
            limit=limit,
            umwp_seed=umwp_seed,
            umwp_size=umwp_size,
            manifest=manifest,
            prompt_name=prompt.name,
            prompt_text=prompt.text,
            prompt_sha256=prompt.sha256,
            check_timeout=check_timeout,
        )
        everything = pending_work(items, sample_counts, set())
        plan = [(result_key(item.benchmark, item.id), sample) for item, sample in everything]
        session = or_exit(lambda: RunSession.start(out_dir, config, "tax", model, plan=plan))
        if not as_json:
            _print_notes(manifest)

    total = _total(items, config.samples)
    with reported(), session.recording(total, "nohallucinate tax run") as store:
        work = pending_work(items, config.samples, store.finished())
        client = settings.client(policy_endpoint, sampling)

        async def run() -> None:
            try:
                checker = AnswerChecker(workers=check_workers, timeout=check_timeout)
                with checker, progress(len(work), "tax", quiet=as_json) as bar:

                    def keep(result: TaxResult, response: str | None) -> None:
                        key = result_key(result.benchmark, result.id)
                        store.record_result(key, result.sample, result, response, result.errored)  # committed now
                        _track(bar, result)

                    await answer_and_grade(
                        work, client, prompt, checker, concurrency=settings.concurrency, on_result=keep
                    )
            finally:
                await client.aclose()

        asyncio.run(run())
        results = read_results(store.directory, TaxResult)
    summaries = summarise(results)
    usage = flags.describe_clients({"policy": client})
    _report(summaries, f"{config.policy} · run {store.directory}", as_json,
            {"run_dir": str(store.directory), "resumed_items": total - len(work), "models": usage})  # fmt: skip
    exit_if_errored(sum(summary.errored for summary in summaries.values()), ERRORED_RESPONSES)


@tax.command("grade")
def grade_command(
    benchmark: Annotated[str, typer.Option("--benchmark", help=f"One of: {', '.join(BENCHMARKS)}.")],
    generations_path: Annotated[Path, typer.Option("--generations", help="JSONL lines: id, sample, response.")],
    data_dir: DataDir = None,
    results_path: Annotated[Path | None, typer.Option("--results", help="Write each graded line here (JSONL).")] = None,
    umwp_seed: UmwpSeed = UMWP_SEED,
    umwp_size: UmwpSize = UMWP_SAMPLE_SIZE,
    check_timeout: CheckTimeout = 10.0,
    check_workers: Workers = 2,
    as_json: JsonOption = False,
) -> None:
    """Grade responses made elsewhere against one benchmark."""
    import asyncio

    from nohallucinate.runs.cleanup import check_output_file, write_output_text
    from nohallucinate.tax import grade_generations, load_benchmark, load_generations, summarise
    from nohallucinate.tax.correctness import AnswerChecker  # math-verify: the `tax` extra, checked before any work

    if results_path is not None:  # before any grading: a directory or a parent that is a file is refused now
        or_exit(lambda: check_output_file(results_path, flag="--results", make_parents=True))
    directory = _data_dir(data_dir)
    loaded = or_exit(lambda: load_benchmark(benchmark, directory, umwp_seed=umwp_seed, umwp_size=umwp_size))
    generations = or_exit(lambda: load_generations(generations_path, loaded.items))
    if not as_json:
        _print_notes([asdict(loaded.manifest)])

    async def run() -> list[TaxResult]:
        checker = AnswerChecker(workers=check_workers, timeout=check_timeout)
        with checker, progress(len(generations), benchmark, quiet=as_json) as bar:
            return await grade_generations(loaded.items, generations, checker, lambda result, _: _track(bar, result))

    results = asyncio.run(run())
    if results_path is not None:
        lines = "".join(r.model_dump_json() + "\n" for r in results)
        or_exit(lambda: write_output_text(results_path, lines, flag="--results", make_parents=True))
    covered = len({g.id for g in generations})
    summaries = summarise(results)
    _report(summaries, f"{generations_path} · {covered} of {len(loaded.items)} items", as_json,
            {"generations": str(generations_path), "items": len(loaded.items), "items_with_generations": covered,
             "manifest": asdict(loaded.manifest)})  # fmt: skip
    if covered < len(loaded.items) and not as_json:
        err.print(f"[yellow]note:[/] {len(loaded.items) - covered} item(s) of {benchmark} have no generation "
                  "and are not in these figures")  # fmt: skip
    exit_if_errored(sum(summary.errored for summary in summaries.values()), ERRORED_RESPONSES)


# --- helpers ------------------------------------------------------------------------------------------------------


def _track(bar: Tracker, result: TaxResult) -> None:
    bar.advance(f"{result.benchmark}/{result.id} (sample {result.sample})", result.error)


def _data_dir(given: Path | None) -> Path:
    """The data directory given, else the one `tax fetch` fills by default under the cache."""
    return given if given is not None else default_data_dir()


def _benchmark_names(given: str) -> list[str]:
    if given.strip() == "all":
        return list(BENCHMARKS)
    names = [name.strip() for name in given.split(",") if name.strip()]
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown or not names:
        fail(f"unknown benchmark(s) {unknown or given!r}; choose 'all' or from: {', '.join(BENCHMARKS)}")
    return list(dict.fromkeys(names))


def _same_data(config: TaxRunConfig, manifest: list[dict[str, Any]]) -> None:
    """A resumed run must read the same files and draw the same UMWP sample it started with."""
    for before, now in zip(config.manifest, manifest, strict=True):
        if before["sha256"] != now["sha256"]:
            fail(f"{now['file']} changed since the run started (sha256 differs)")
        if before.get("sample") != now.get("sample"):
            fail(f"the {now['benchmark']} sample differs from the one the run started with")


def _total(items: dict[str, list[Any]], samples: dict[str, int]) -> int:
    return sum(len(chosen) * samples[name] for name, chosen in items.items())


def _print_notes(manifest: list[dict[str, Any]]) -> None:
    for entry in manifest:
        if entry.get("count_note"):
            err.print(f"[yellow]count:[/] {entry['benchmark']}: {entry['count_note']}", highlight=False)
        if entry.get("sample"):
            sample = entry["sample"]
            err.print(f"sample: {entry['benchmark']}: {sample['size']} of {sample['of']} unanswerable rows, "
                      f"seed {sample['seed']} (ids recorded in the run)", highlight=False)  # fmt: skip


def _report(summaries: dict[str, BenchmarkSummary], title: str, as_json: bool, extra: dict[str, Any]) -> None:
    if as_json:
        print_json({**extra, "benchmarks": {name: s.as_json() for name, s in summaries.items()}})
        return
    table = Table(title=title, title_justify="left")
    for column in ("benchmark", "metric", "score", "responses", "graded", "errored", "refused", "no box"):
        table.add_column(column, justify="left" if column in ("benchmark", "metric") else "right")
    for name, summary in summaries.items():
        score = "–" if summary.score is None else f"{summary.score:.3f}"
        no_box = "–" if summary.no_box_rate is None else f"{summary.no_box_rate:.1%}"
        table.add_row(BENCHMARKS[name].title, summary.label, score, str(summary.responses), str(summary.graded),
                      str(summary.errored), str(summary.refused), no_box)  # fmt: skip
    out.print(table)
    if "models" in extra:
        usage = extra["models"]["policy"]["usage"]
        err.print(f"model calls {usage['calls']} (cache hits {usage['cache_hits']}), tokens "
                  f"{usage['prompt_tokens']}/{usage['completion_tokens']}", highlight=False)  # fmt: skip


@tax.command("report")
def report_command(
    run_dirs: Annotated[list[Path], typer.Argument(help="Tax run directories, side by side.", show_default=False)],
    out_dir: Annotated[Path, typer.Option("--out", help="Where tax_report.html and its chart go.")] = Path("report"),
) -> None:
    """Runs side by side (e.g. a base model and its RL-finetuned version): HTML with a chart, markdown table.

    The chart needs the `report` extra (matplotlib): without it the command exits 2 naming it.
    """
    from nohallucinate.report.runs import NothingGraded
    from nohallucinate.report.tax_report import write_tax_report  # matplotlib: the `report` extra

    try:
        html_path, markdown = or_exit(lambda: write_tax_report(run_dirs, out_dir))
    except NothingGraded as exc:  # the run failed, and says so again rather than show empty tables
        fail(str(exc), code=1)
    typer.echo(markdown, nl=False)
    info(f"report: {html_path}")
