"""`enoki`: validate EnokiQA data, score predictions or baselines, run the detector, annotate new answers, and
score the detector on RAGTruth/ANAH sentence labels."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar, cast

import typer
from rich.table import Table

from nohallucinate.bounds import clip, quote
from nohallucinate.cli import models as flags
from nohallucinate.cli.common import JsonOption, endpoint
from nohallucinate.cli.flag_groups import flag_group, with_flag_groups
from nohallucinate.cli.output import err, exit_if_errored, fail, info, or_exit, out, print_json
from nohallucinate.cli.progress import progress
from nohallucinate.enokiqa import BASELINES
from nohallucinate.errors import UserInputError
from nohallucinate.models import ClientSettings

# The EnokiQA library is imported inside the commands: its metrics need numpy and scikit-learn (the `enoki` extra),
# which take seconds to import and are not part of the core install.
if TYPE_CHECKING:
    from nohallucinate.claims.nli import LocalNLIJudge, NLIJudge
    from nohallucinate.enokiqa import Annotator, Classification, EnokiScores, LoadedSplit, Prediction
    from nohallucinate.enokiqa.detection_sets import Dataset
    from nohallucinate.models import Endpoint, ModelClient


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs

enoki = typer.Typer(no_args_is_help=True, help="EnokiQA: hallucination detection at sentence, claim and span level.")
commands.add_typer(enoki, name="enoki")

T = TypeVar("T")
SpanAverage = Literal["micro", "macro"]
ITEMS_IN_FLIGHT = 8  # the clients bound the requests themselves

Data = Annotated[
    str,
    typer.Option("--data", help="EnokiQA-schema .jsonl/.parquet file or directory, or a Hub split: dev, test."),
]
Split = Annotated[str | None, typer.Option("--split", help="Which split of a data directory.")]
Streaming = Annotated[bool, typer.Option("--streaming", help="Stream a Hub split instead of downloading it.")]
AllowViolations = Annotated[
    bool,
    typer.Option("--allow-violations", help="Score data that breaks the card's rules (records left out are named)."),
]
Model = Annotated[str, typer.Option("--model", help="Model that extracts triples (and judges, unless told apart).")]
Limit = Annotated[int | None, typer.Option("--limit", min=1, help="Only the first N items.")]


@dataclass(frozen=True)
class DetectorFlags:
    """Where the extraction model and the NLI judge are served, and how long a context may be before chunking."""

    base_url: Annotated[str | None, typer.Option(help="OpenAI-compatible base URL (else $OPENAI_BASE_URL).")] = None
    api_key: Annotated[str | None, typer.Option(help="Key for the endpoint (else $OPENAI_API_KEY).")] = None
    judge_model: Annotated[str | None, typer.Option(help="NLI judge model (default: --model).")] = None
    judge_base_url: Annotated[str | None, typer.Option(help="Judge base URL (default: --base-url).")] = None
    local_nli: Annotated[
        str | None,
        typer.Option(help="Judge with a local Hugging Face NLI model (path or cached name; needs the \\[nli] extra)."),
    ] = None
    chunk_chars: Annotated[int, typer.Option(min=500, help="Contexts longer than this are chunked.")] = 12_000


DETECTOR_FLAGS = flag_group(DetectorFlags)
ENOKI_CLIENT_FLAGS = flags.client_flags(concurrency_help="Model requests in flight at once.")


# --- validate, eval ---------------------------------------------------------------------------------------------


@enoki.command("validate")
def validate_command(
    data: Data, split: Split = None, streaming: Streaming = False, as_json: JsonOption = False
) -> None:
    """Check every record against the card's rules; list each violation by id. Exits 1 when a record breaks a
    rule, 2 when a record could not be read at all (malformed, or a repeated id)."""
    loaded = _load(data, split, streaming, allow_violations=True, quiet=True)
    sentences = sum(len(example.sentences) for example in loaded.examples)
    triples = sum(len(s.triples) for example in loaded.examples for s in example.sentences)
    summary = {"source": loaded.source, "examples": len(loaded.examples), "sentences": sentences, "triples": triples}
    violations = [asdict(violation) for violation in loaded.violations]
    left_out = sum(violation.left_out for violation in loaded.violations)
    if as_json:
        print_json({**summary, "violations": violations})
    else:
        out.print(f"{loaded.source}: {len(loaded.examples)} examples, {sentences} sentences, {triples} triples")
        for violation in loaded.violations:
            out.print(
                f"  {violation.example_id}: {violation.where}: {violation.problem}", markup=False, highlight=False
            )
        out.print(f"{len(violations)} violation(s), {left_out} of them leaving a record out")
    if left_out:
        raise typer.Exit(2)  # an unreadable record is bad input, which exits 2 in every command
    if violations:
        raise typer.Exit(1)


@enoki.command("eval")
def eval_command(
    data: Data,
    predictions_path: Annotated[
        Path | None, typer.Option("--predictions", help="Predictions JSONL: id, sentence_scores, triple_scores, spans.")
    ] = None,
    baselines: Annotated[
        list[str] | None,
        typer.Option("--baseline", help=f"Also score a baseline: {', '.join(BASELINES)}; repeatable."),
    ] = None,
    split: Split = None,
    streaming: Streaming = False,
    average: Annotated[str, typer.Option("--average", help="Span metrics averaging: micro or macro.")] = "micro",
    tolerance: Annotated[int, typer.Option("--tolerance", min=0, help="Span boundary tolerance in characters.")] = 0,
    threshold: Annotated[
        float, typer.Option("--threshold", min=0.0, max=1.0, help="A score above this flags a hallucination.")
    ] = 0.5,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random baseline.")] = 0,
    allow_violations: AllowViolations = False,
    as_json: JsonOption = False,
) -> None:
    """Sentence detection, claim verification and span localisation scores of predictions and baselines."""
    from nohallucinate.enokiqa import baseline_predictions, load_predictions, score_predictions

    if predictions_path is None and not baselines:
        fail("give --predictions P.jsonl, --baseline NAME, or both")
    if average not in ("micro", "macro"):
        fail(f"--average must be micro or macro, not {quote(average)}")
    for name in baselines or []:
        if name not in BASELINES:
            fail(f"unknown baseline {quote(name)}; choose one of: {', '.join(BASELINES)}")
    loaded = _load(data, split, streaming, allow_violations, quiet=as_json)
    systems: dict[str, list[Prediction]] = {}
    if predictions_path is not None:
        systems[str(predictions_path)] = or_exit(lambda: load_predictions(predictions_path))
    for name in baselines or []:
        systems[f"baseline:{name}"] = baseline_predictions(name, loaded.examples, seed=seed)
    span_average: SpanAverage = "micro" if average == "micro" else "macro"

    def score(predicted: list[Prediction]) -> EnokiScores:
        return or_exit(lambda: score_predictions(loaded.examples, predicted, average=span_average,
                                                 tolerance=tolerance, threshold=threshold))  # fmt: skip

    scored = {system: score(predicted) for system, predicted in systems.items()}
    if as_json:
        print_json(
            {
                "data": loaded.source,
                "violations": len(loaded.violations),
                "average": average,
                "tolerance": tolerance,
                "threshold": threshold,
                "systems": {system: scores.as_json() for system, scores in scored.items()},
            }
        )
        return
    title = f"{loaded.source} · {len(loaded.examples)} examples · spans {average}, tolerance {tolerance}"
    out.print(_scores_table(scored, title))
    for system, scores in scored.items():
        for task, reason in scores.skipped.items():
            out.print(f"{system}: {task} task skipped ({reason})", highlight=False)
        for task, result in (("sentence", scores.sentence), ("claim", scores.claim)):
            if result is not None and result.note:
                out.print(f"{system}: {task} macro-F1 and AUROC undefined: {result.note}", highlight=False)


# --- detect, annotate -------------------------------------------------------------------------------------------


@enoki.command("detect")
@with_flag_groups
def detect_command(
    data: Data,
    out_path: Annotated[Path, typer.Option("--out", help="Predictions JSONL to write.")],
    model: Model,
    detector: DetectorFlags = DETECTOR_FLAGS,
    split: Split = None,
    streaming: Streaming = False,
    limit: Limit = None,
    allow_violations: AllowViolations = False,
    settings: ClientSettings = ENOKI_CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Run the pipeline over a split, write its predictions, and score them against the gold."""
    from nohallucinate.enokiqa import detect, score_predictions
    from nohallucinate.runs.cleanup import check_output_file

    or_exit(lambda: check_output_file(out_path, make_parents=True))  # before any model call
    loaded = _load(data, split, streaming, allow_violations, quiet=as_json)
    examples = loaded.examples[:limit]
    results, errors, usage = _annotate_all(settings, model, detector, examples, detect, "detect", quiet=as_json)
    predictions = [prediction for prediction in results if prediction is not None]
    _write_jsonl(out_path, [prediction.as_json() for prediction in predictions])
    scores = None
    if not errors:
        scores = or_exit(lambda: score_predictions(examples, predictions))
    if as_json:
        print_json({"predictions": str(out_path), "errors": errors, "models": usage,
                    "scores": scores.as_json() if scores else None})  # fmt: skip
    else:
        info(f"wrote {len(predictions)} predictions to {out_path}")
        if scores is not None:
            out.print(_scores_table({"detector": scores}, f"{loaded.source} · {len(examples)} examples"))
    _exit_if_errors(errors)


@enoki.command("annotate")
@with_flag_groups
def annotate_command(
    input_path: Annotated[Path, typer.Option("--input", help="JSONL rows: question, answer, context[, id, title].")],
    out_path: Annotated[Path, typer.Option("--out", help="EnokiQA-schema records to write (JSONL).")],
    model: Model,
    detector: DetectorFlags = DETECTOR_FLAGS,
    settings: ClientSettings = ENOKI_CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Annotate new (question, answer, context) rows into EnokiQA records: sentences, triples, spans, NLI."""
    from nohallucinate.enokiqa import AnnotationRow, enoki_record, load_annotation_rows
    from nohallucinate.runs.cleanup import check_output_file

    or_exit(lambda: check_output_file(out_path, make_parents=True))  # before any model call
    rows = or_exit(lambda: load_annotation_rows(input_path))

    async def annotate_row(annotator: Annotator, row: AnnotationRow) -> dict[str, Any]:
        sentences = await annotator.annotate(row.answer, row.context, title=row.title)
        return enoki_record(row.id, row.title, row.question, row.answer, row.context, sentences)

    results, errors, usage = _annotate_all(settings, model, detector, rows, annotate_row, "annotate", quiet=as_json)
    records = [record for record in results if record is not None]
    _write_jsonl(out_path, records)
    if as_json:
        print_json({"records": str(out_path), "written": len(records), "errors": errors, "models": usage})
    else:
        info(f"wrote {len(records)} EnokiQA records to {out_path}")
    _exit_if_errors(errors)


# --- RAGTruth / ANAH ----------------------------------------------------------------------------------------------


@enoki.command("detection")
@with_flag_groups
def detection_command(
    rows_path: Annotated[Path, typer.Option("--rows", help="RAGTruth or ANAH sentence-labelled JSONL.")],
    dataset: Annotated[
        str | None, typer.Option("--dataset", help="ragtruth or anah (default: told by the fields).")
    ] = None,
    model: Annotated[str | None, typer.Option("--model", help="Model that extracts triples (and judges).")] = None,
    baseline: Annotated[str | None, typer.Option("--baseline", help="constant or random instead of a model.")] = None,
    detector: DetectorFlags = DETECTOR_FLAGS,
    limit: Limit = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the random baseline.")] = 0,
    settings: ClientSettings = ENOKI_CLIENT_FLAGS,
    as_json: JsonOption = False,
) -> None:
    """Sentence-level macro-F1 and AUROC of the detector (or a baseline) on RAGTruth or ANAH labels."""
    from nohallucinate.enokiqa import (
        classification,
        load_detection_rows,
        score_labelled_sentences,
        sentence_baseline_scores,
    )
    from nohallucinate.enokiqa.labels import sentence_level

    if (model is None) == (baseline is None):
        fail("give either --model (run the detector) or --baseline constant|random")
    named = cast("Dataset | None", dataset)  # load_detection_rows refuses any other name, with its own message
    responses = or_exit(lambda: load_detection_rows(rows_path, named))[:limit]
    labels, keys = sentence_level(responses)
    errors: list[dict[str, str]] = []
    usage: dict[str, Any] = {}
    if baseline is not None:
        scores = or_exit(lambda: sentence_baseline_scores(baseline, len(labels), seed=seed))
        system = f"baseline:{baseline}"
    else:
        assert model is not None
        per_response, errors, usage = _annotate_all(
            settings, model, detector, responses, score_labelled_sentences, "detect", quiet=as_json
        )
        _exit_if_errors(errors)
        scores = [score for response_scores in per_response for score in response_scores or []]
        system = "detector"
    result = classification(labels, scores)
    dataset_name = responses[0].dataset if responses else dataset
    if as_json:
        print_json({"rows": str(rows_path), "dataset": dataset_name, "system": system, "responses": len(responses),
                    "sentences": asdict(result), "models": usage,
                    "scores": [{"id": key[0], "sentence_index": key[1], "label": label, "score": score}
                               for key, label, score in zip(keys, labels, scores, strict=True)]})  # fmt: skip
        return
    title = f"{rows_path} · {dataset_name} · {len(responses)} responses"
    out.print(_metrics_table(title, {system: _classification_rows("sentence", result)}))
    if result.note:
        out.print(f"macro-F1 and AUROC undefined: {result.note}")


# --- helpers ------------------------------------------------------------------------------------------------------


def _load(data: str, split: str | None, streaming: bool, allow_violations: bool, quiet: bool) -> LoadedSplit:
    from nohallucinate.enokiqa import load_enokiqa

    try:
        loaded = load_enokiqa(data, split=split, streaming=streaming)
    except UserInputError as exc:  # SourceError among them
        fail(str(exc))
    if loaded.violations and not allow_violations:
        listed = "\n".join(f"  {v.example_id}: {v.where}: {v.problem}" for v in loaded.violations[:10])
        more = f"\n  … and {len(loaded.violations) - 10} more" if len(loaded.violations) > 10 else ""
        fail(
            f"{loaded.source}: {len(loaded.violations)} violation(s) of the card's rules:\n{listed}{more}\n"
            "(`nohallucinate enoki validate` lists them all; --allow-violations scores anyway)"
        )
    if loaded.violations and not quiet:
        left_out = len({v.example_id for v in loaded.violations if v.left_out})
        err.print(
            f"[yellow]warning:[/] {len(loaded.violations)} violation(s) in the data; "
            f"{left_out} record(s) left out and not scored",
            highlight=False,
        )
    if not loaded.examples:
        fail(f"{loaded.source}: no examples")
    return loaded


def _endpoints(model: str, detector: DetectorFlags) -> dict[str, Endpoint]:
    endpoints = {"extractor": endpoint(model, detector.base_url, detector.api_key)}
    if detector.local_nli is None and (detector.judge_model is not None or detector.judge_base_url is not None):
        judge = detector.judge_model or model
        endpoints["judge"] = endpoint(judge, detector.judge_base_url or detector.base_url, detector.api_key)
    return endpoints


@asynccontextmanager
async def _annotator(
    settings: ClientSettings, endpoints: dict[str, Endpoint], detector: DetectorFlags
) -> AsyncIterator[tuple[Annotator, dict[str, ModelClient]]]:
    """The annotator over clients for `endpoints` (and a local judge if asked); the clients close on exit."""
    from nohallucinate.claims.nli import ModelJudge
    from nohallucinate.enokiqa import Annotator

    clients = {role: settings.client(endpoint) for role, endpoint in endpoints.items()}
    try:
        judge: NLIJudge
        if detector.local_nli is not None:
            local_nli = detector.local_nli
            judge = or_exit(lambda: _local_judge(local_nli))
        else:
            judge = ModelJudge(clients.get("judge", clients["extractor"]), chunk_chars=detector.chunk_chars)
        yield Annotator(clients["extractor"], judge, concurrency=settings.concurrency), clients
    finally:
        for client in clients.values():
            await client.aclose()


def _annotate_all(
    settings: ClientSettings,
    model: str,
    detector: DetectorFlags,
    items: list[Any],
    run_one: Callable[[Annotator, Any], Awaitable[T]],
    label: str,
    quiet: bool,
) -> tuple[list[T | None], list[dict[str, str]], dict[str, Any]]:
    """Every item through `run_one` with one annotator; results, errors, and what each model client used."""
    import asyncio

    endpoints = _endpoints(model, detector)

    async def run() -> tuple[list[T | None], list[dict[str, str]], dict[str, Any]]:
        async with _annotator(settings, endpoints, detector) as (annotator, clients):
            results, errors = await _run_all(items, lambda item: run_one(annotator, item), label, quiet)
        return results, errors, flags.describe_clients(clients)

    return asyncio.run(run())


def _local_judge(model: str) -> LocalNLIJudge:
    from nohallucinate.claims.nli import LocalNLIJudge

    try:
        return LocalNLIJudge(model)
    except ImportError as exc:
        raise UserInputError(str(exc)) from None
    except OSError as exc:  # transformers: not on disk and downloads are off
        raise UserInputError(f"cannot load the local NLI model {quote(model)} (nothing is downloaded): {exc}") from None


async def _run_all(
    items: list[Any], run_one: Callable[[Any], Awaitable[T]], label: str, quiet: bool
) -> tuple[list[T | None], list[dict[str, str]]]:
    """Every item through `run_one`, with a progress bar; a model failure marks its item errored, never scored."""
    from nohallucinate.concurrency import bounded_map
    from nohallucinate.models import ModelError

    errors: list[dict[str, str]] = []  # in the order they happen

    with progress(len(items), label, quiet=quiet) as bar:

        async def one(numbered: tuple[int, Any]) -> T | None:
            position, item = numbered
            try:
                result = await run_one(item)
            except ModelError as exc:
                errors.append({"id": _item_id(item, position), "error": str(exc)})
                bar.advance(clip(errors[-1]["id"]), str(exc))
                return None
            bar.advance()
            return result

        results = await bounded_map(one, enumerate(items), limit=ITEMS_IN_FLIGHT)
    return results, errors


def _item_id(item: Any, position: int) -> str:
    return str(item["id"]) if isinstance(item, dict) else str(getattr(item, "id", position))


def _exit_if_errors(errors: list[dict[str, str]]) -> None:
    # Each reason was printed, grouped by kind, when the work ended.
    exit_if_errored(len(errors), "item(s) failed and were not scored")


def _write_jsonl(path: Path, lines: list[dict[str, Any]]) -> None:
    from nohallucinate.runs.cleanup import write_output_text

    text = "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)
    or_exit(lambda: write_output_text(path, text, make_parents=True))


_CLASSIFICATION_ROWS = ("macro-F1", "AUROC", "positive F1", "items (hallucinated)")
_SPAN_ROWS = ("coverage P", "coverage R", "coverage F1", "char IoU", "spans predicted / gold")


def _classification_rows(task: str, result: Classification | None) -> list[tuple[str, str]]:
    if result is None:
        values = ["skipped"] * len(_CLASSIFICATION_ROWS)
    else:
        values = [_figure(result.macro_f1), _figure(result.auroc), _figure(result.positive_f1),
                  f"{result.n} ({result.positives})"]  # fmt: skip
    return [(f"{task}: {name}", value) for name, value in zip(_CLASSIFICATION_ROWS, values, strict=True)]


def _span_rows(span: dict[str, Any] | None) -> list[tuple[str, str]]:
    if span is None:
        values = ["skipped"] * len(_SPAN_ROWS)
    else:
        coverage = span["span_coverage"]
        values = [_figure(coverage["precision"]), _figure(coverage["recall"]), _figure(coverage["f1"]),
                  _figure(span["iou"]["score"]), f"{coverage['predicted']} / {coverage['gold']}"]  # fmt: skip
    return [(f"span: {name}", value) for name, value in zip(_SPAN_ROWS, values, strict=True)]


def _metrics_table(title: str, columns: dict[str, list[tuple[str, str]]]) -> Table:
    """One row per metric, one column per system."""
    table = Table(title=title, title_justify="left")
    table.add_column("metric")
    for system in columns:
        table.add_column(system, justify="right")
    labels = [label for label, _ in next(iter(columns.values()))]
    for position, label in enumerate(labels):
        table.add_row(label, *(cells[position][1] for cells in columns.values()))
    return table


def _scores_table(scored: dict[str, EnokiScores], title: str) -> Table:
    columns = {
        system: _classification_rows("sentence", scores.sentence)
        + _classification_rows("claim", scores.claim)
        + _span_rows(scores.span)
        for system, scores in scored.items()
    }
    return _metrics_table(title, columns)


def _figure(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"
