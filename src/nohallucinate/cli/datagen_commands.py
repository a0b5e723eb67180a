"""`build` and `verify`: the dataset builder and its independent verifier."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TypeVar

import typer
from rich.table import Table

from nohallucinate.cli import models as flags
from nohallucinate.cli.common import endpoint as resolve
from nohallucinate.cli.output import err, fail, info, or_exit, out
from nohallucinate.cli.progress import progress

if TYPE_CHECKING:  # the transport is imported when a command needs it: the other commands start faster without it
    from nohallucinate.datagen.transport import Mode, WikimediaTransport
    from nohallucinate.datagen.verify import Finding
    from nohallucinate.tasks import Family, Task

T = TypeVar("T")

Record = Annotated[Path | None, typer.Option("--record", help="Run live and record every response into DIR.")]
Replay = Annotated[Path | None, typer.Option("--replay", help="Run with no network from the responses in DIR.")]
BaseUrl = Annotated[
    str | None,
    typer.Option("--base-url", help="A mirror answering all three APIs under one URL (instead of Wikimedia)."),
]
Contact = Annotated[
    str | None,
    typer.Option("--contact", help="Contact for the User-Agent (email or URL); else $NOHAL_WIKIMEDIA_CONTACT."),
]
MinInterval = Annotated[float, typer.Option("--min-interval", min=0.0, help="Seconds between requests to one host.")]


commands = typer.Typer()  # this module's commands; cli/app.py imports it when one of them runs


@commands.command()
def build(
    out_path: Annotated[Path, typer.Option("--out", help="Task file to write (JSONL).")],
    record: Record = None,
    replay: Replay = None,
    base_url: BaseUrl = None,
    contact: Contact = None,
    seed: Annotated[int, typer.Option(help="Draws candidates; the same seed and snapshot rebuild the same file.")] = 0,
    per_family: Annotated[
        list[str] | None,
        typer.Option("--per-family", help="FAMILY=N, repeatable; default the spec's 1,000-row composition."),
    ] = None,
    pool: Annotated[int, typer.Option(min=1, help="Candidates drawn per Query Service query and band.")] = 40,
    min_interval: MinInterval = 0.2,
    claims_model: Annotated[
        str | None, typer.Option("--claims-model", help="Count K with this model's claim extraction (else local).")
    ] = None,
    claims_base_url: flags.GraderBaseUrl = None,
    claims_api_key: flags.GraderApiKey = None,
    report_path: Annotated[Path | None, typer.Option("--report", help="Also write the build report as JSON.")] = None,
    test_share: Annotated[
        float | None,
        typer.Option(
            "--test-share",
            min=0.0,
            max=1.0,
            help="Hold out this share of the rows as split 'test' (for evaluation), whole subjects at a time; the "
            "rest are 'train' \\[default: no splits].",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Build a task file from Wikidata and Wikipedia (live, recording, or replaying a snapshot).

    With --test-share every row names its split: no subject is in both, so a policy trained on 'train' has seen
    no question about a 'test' subject."""
    from nohallucinate.datagen.assemble import DEFAULT_COMPOSITION
    from nohallucinate.datagen.build import BuildStage, ModelDecomposer
    from nohallucinate.datagen.build import build as run_build
    from nohallucinate.models import ClientSettings
    from nohallucinate.runs.cleanup import check_output_file, write_output_text
    from nohallucinate.tasks import Family
    from nohallucinate.tasks.splits import assign_splits

    # Where the files go, checked before a build of minutes: a directory or a parent that is a file is refused now.
    or_exit(lambda: check_output_file(out_path, make_parents=True))
    if report_path is not None:
        or_exit(lambda: check_output_file(report_path, flag="--report", make_parents=True))
    composition = _composition(per_family) if per_family else dict(DEFAULT_COMPOSITION)
    if test_share is not None and not 0.0 < test_share < 1.0:
        fail(f"--test-share {test_share:g}: a share strictly between 0 and 1")
    decomposer = None
    model_decomposer = None
    if claims_model:
        endpoint = resolve(claims_model, claims_base_url, claims_api_key)
        model_decomposer = ModelDecomposer(lambda: ClientSettings().client(endpoint))
        decomposer = (f"model:{claims_model}", model_decomposer)
    with _transport(record, replay, base_url, contact, min_interval) as transport:
        # One line per stage, on a terminal and in a log alike, and progress lines between them: a live build
        # spends minutes in some stages.
        with progress(len(Family) + 1, "building", unit="stages") as bar:

            def stage_done(stage: BuildStage) -> None:
                err.print(stage.line(), highlight=False, soft_wrap=True)
                bar.advance()

            err.print("build: fetching the candidate lists", highlight=False)
            result = _or_fail(
                lambda: run_build(
                    transport, seed=seed, composition=composition, decomposer=decomposer, pool=pool, on_stage=stage_done
                )
            )
        # Verified at once, through the same transport: a recorded snapshot then holds what verify asks too,
        # so whoever replays it can rebuild and re-verify with no network.
        findings = _verified(result.tasks, transport)
    if test_share is not None:
        result.tasks = assign_splits(result.tasks, test_share, seed)
    if model_decomposer is not None:
        model_decomposer.close()
    tasks_text = "".join(task.model_dump_json(exclude_none=False) + "\n" for task in result.tasks)
    or_exit(lambda: write_output_text(out_path, tasks_text, make_parents=True))
    report = result.report()
    if report_path is not None:
        report_text = json.dumps(report, indent=2) + "\n"
        or_exit(lambda: write_output_text(report_path, report_text, flag="--report", make_parents=True))
    _print_report(report, composition)
    info(f"wrote {len(result.tasks)} tasks to {out_path}")
    for finding in findings:
        err.print(f"[red]does not verify:[/] {finding.task_id} ({finding.family}): {finding.problem}", soft_wrap=True)
    short = {f.value: n for f, n in composition.items() if report["per_family_and_tier"].get(f.value, {}) and
             sum(report["per_family_and_tier"][f.value].values()) < n}  # fmt: skip
    if short:
        err.print(f"[yellow]fewer rows than asked in: {short}[/] (see the rejection counts)", highlight=False)
    if findings:
        raise typer.Exit(1)


@commands.command()
def verify(
    tasks_path: Annotated[Path, typer.Argument(help="Task file to verify.")],
    replay: Replay = None,
    base_url: BaseUrl = None,
    contact: Contact = None,
    min_interval: MinInterval = 0.2,
    as_json: Annotated[bool, typer.Option("--json", help="Print the findings as JSON.")] = False,
) -> None:
    """Re-derive every row from the sources, independently of the builders; exit 1 if any row does not hold."""
    from nohallucinate.tasks import load_tasks

    tasks = or_exit(lambda: load_tasks(tasks_path))
    with _transport(None, replay, base_url, contact, min_interval) as transport:
        findings = _verified(tasks, transport, quiet=as_json)
    if as_json:
        out.print_json(data={"rows": len(tasks), "findings": [f.__dict__ for f in findings]})
    else:
        for finding in findings:
            err.print(
                f"[red]{finding.task_id}[/] ({finding.family}): {finding.problem}", highlight=False, soft_wrap=True
            )
        out.print(f"{len(tasks)} rows checked, {len(findings)} problem(s)")
    if findings:
        raise typer.Exit(1)


def _verified(tasks: list[Task], transport: WikimediaTransport, quiet: bool = False) -> list[Finding]:
    """Every row re-derived from the sources, with progress lines (a live verify fetches for minutes)."""
    from nohallucinate.datagen.verify import verify as run_verify

    with progress(len(tasks), "verifying", quiet=quiet, unit="rows") as bar:
        return _or_fail(lambda: run_verify(tasks, transport, on_row=bar.advance))


def _or_fail(action: Callable[[], T]) -> T:
    """Run `action`; a missing snapshot response or a request that failed for good ends the command (exit 2)."""
    from nohallucinate.datagen.transport import SnapshotMissing, WikimediaError

    try:
        return or_exit(action)
    except (SnapshotMissing, WikimediaError) as exc:
        fail(str(exc))


def _transport(
    record: Path | None, replay: Path | None, base_url: str | None, contact: str | None, interval: float
) -> WikimediaTransport:
    from nohallucinate.datagen.transport import Endpoints, SnapshotStore, WikimediaTransport

    if record and replay:
        fail("--record and --replay exclude each other")
    if replay is not None and not replay.is_dir():
        fail(f"--replay {replay}: no such snapshot directory")
    directory = record or replay
    snapshot = SnapshotStore(directory) if directory else None
    mode: Mode = "replay" if replay else "record" if record else "live"
    if base_url:  # a mirror's URL is written into every row's provenance
        from nohallucinate.models.url_credentials import refuse_credentials

        or_exit(lambda: refuse_credentials(base_url, "--base-url", "it is written into every row's provenance"))
    endpoints = Endpoints.mirror(base_url) if base_url else Endpoints()
    contact = contact or os.environ.get("NOHAL_WIKIMEDIA_CONTACT")
    return WikimediaTransport(endpoints, mode=mode, snapshot=snapshot, contact=contact, min_interval=interval)


def _composition(specs: list[str]) -> dict[Family, int]:
    from nohallucinate.tasks import Family

    composition: dict[Family, int] = {}
    for spec in specs:
        name, _, count = spec.partition("=")
        try:
            composition[Family(name)] = int(count)
        except ValueError:
            fail(f"--per-family {spec!r}: expected FAMILY=N with a family from {[f.value for f in Family]}")
    return composition


def _print_report(report: dict, composition: dict[Family, int]) -> None:
    from nohallucinate.tasks import Family

    table = Table(title=f"built {report['rows']} rows", title_justify="left")
    for column in ("family", "asked", "built", "easy", "medium", "hard", "untiered", "rejected"):
        table.add_column(column, justify="left" if column == "family" else "right")
    for family in Family:
        tiers = report["per_family_and_tier"].get(family.value, {})
        rejected = sum(report["rejected"].get(family.value, {}).values())
        table.add_row(
            family.value,
            str(composition.get(family, 0)),
            str(sum(tiers.values())),
            *(str(tiers.get(t, 0)) for t in ("easy", "medium", "hard", "untiered")),
            str(rejected),
        )
    out.print(table)
    reasons = Table(title="rejected candidates, by reason", title_justify="left")
    reasons.add_column("family")
    reasons.add_column("reason")
    reasons.add_column("n", justify="right")
    for family, counts in report["rejected"].items():
        for reason, count in counts.items():
            reasons.add_row(family, reason, str(count))
    out.print(reasons)
    out.print(f"requests: {report['requests']}")
    for split, families in report.get("per_split_and_family", {}).items():
        out.print(
            f"split {split}: {sum(families.values())} rows ({', '.join(f'{f} {n}' for f, n in families.items())})"
        )
