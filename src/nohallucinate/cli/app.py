"""The typer application: its options, and every command, listed here and imported only when it runs."""

import importlib
from typing import Annotated, Any

import typer
from typer.core import TyperCommand, TyperGroup

from nohallucinate import __version__
from nohallucinate.cli.output import LEVELS, fail, out, set_level, show_library_messages
from nohallucinate.extras import missing_extra

# Every command (in the order `--help` lists them): the module under nohallucinate.cli that defines it on its
# `commands` Typer, and the line `--help` lists it with, which is the first paragraph of its own help (a test keeps
# the two equal). Only the module of the command that runs is imported: start-up does not grow with the commands.
COMMANDS: dict[str, tuple[str, str]] = {
    "sweep": (
        "sweep_command",
        "Run a policy over the tasks, grade every reply into a run directory, and print the per-family table.",
    ),
    "grade": ("nohallucinate_commands", "Grade replies made elsewhere against a task file."),
    "report": (
        "report_command",
        "Write a self-contained HTML report (charts embedded, opens offline) and print the tables as markdown.",
    ),
    "check": (
        "nohallucinate_commands",
        "Validate a task file and check the properties every task set must keep (wording, forms, subjects).",
    ),
    "audit": (
        "audit_command",
        "Try every fixed strategy (replies that need no knowledge) and fail if one beats abstaining.",
    ),
    "agreement": (
        "agreement_command",
        "Grade labelled replies with a grader and print its agreement with the labels, with bootstrap intervals.",
    ),
    "serve": (
        "serve_command",
        "Serve the environment: list_tasks gives task ids only, and a hidden terminal tool grades each reply.",
    ),
    "export": ("run_data_commands", "Write one row per stored (task, sample) of a run, as JSONL or Parquet."),
    "regrade": (
        "run_data_commands",
        "Grade a run's stored replies anew into a new run directory, without calling the policy.",
    ),
    "build": (
        "datagen_commands",
        "Build a task file from Wikidata and Wikipedia (live, recording, or replaying a snapshot).",
    ),
    "verify": (
        "datagen_commands",
        "Re-derive every row from the sources, independently of the builders; exit 1 if any row does not hold.",
    ),
    "export-prompts": (
        "export_command",
        "Write the prompts as a Hugging Face dataset for trainers, without gold, defect or article.",
    ),
    "cache": ("cache_command", "Check and prune the response cache."),
    "enoki": ("enoki_commands", "EnokiQA: hallucination detection at sentence, claim and span level."),
    "tax": ("tax_commands", "Hallucination Tax: refusal on unanswerable math, accuracy on solvable."),
    "version": ("nohallucinate_commands", "Print the package version."),
}


def load_command(name: str) -> TyperCommand | TyperGroup:
    """The command `name` of COMMANDS, its module imported and its flags built."""
    module = importlib.import_module(f"nohallucinate.cli.{COMMANDS[name][0]}")
    built = typer.main.get_command(module.commands)
    # A module's Typer with one command and no group builds that command; otherwise a group holding them all.
    return built.commands[name] if isinstance(built, TyperGroup) else built  # type: ignore[return-value]


class _Commands(TyperGroup):
    """The top-level command group. It lists COMMANDS without importing them, and imports only the one that runs.
    A command that reaches a module of an optional extra that is not installed ends with one line naming the extra
    and its pip command, exit code 2 (a missing module no extra brings is a bug and keeps its traceback)."""

    _listing = False  # while --help is written: commands are listed by name and summary, none imported

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        # Stand-ins holding each command's name and summary: what --help lists and a mistyped name is compared with.
        self.commands = {name: TyperCommand(name=name, help=summary) for name, (_, summary) in COMMANDS.items()}

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name not in COMMANDS:
            return None
        return self.commands[cmd_name] if self._listing else load_command(cmd_name)

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except ModuleNotFoundError as exc:
            told = missing_extra(exc, ctx.invoked_subcommand or "this command")
            if told is None:
                raise
            fail(str(told))


app = typer.Typer(
    cls=_Commands,
    no_args_is_help=True,
    add_completion=False,
    help=(
        "Measure calibrated factuality: sweep, grade, report, check, audit and serve; export and regrade runs; "
        "build, verify and export-prompts task files; cache (responses), enoki (EnokiQA) and tax (Hallucination Tax)."
    ),
)


def print_version() -> None:
    """Print the package version (the `version` command and `--version`)."""
    out.print(__version__, highlight=False)


def _version_flag(value: bool) -> None:
    if value:
        print_version()
        raise typer.Exit()


@app.callback()
def _every_command(
    _version: Annotated[
        bool,
        typer.Option("--version", is_eager=True, callback=_version_flag, help="Print the package version and exit."),
    ] = False,
    log_level: Annotated[
        str,
        typer.Option(
            "--log-level",
            envvar="NOHAL_LOG_LEVEL",
            help="What is printed on stderr: debug (every retry), info (progress), warning or error.",
        ),
    ] = "info",
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="No progress or info lines (--log-level warning); errors still.")
    ] = False,
) -> None:
    if log_level not in LEVELS:
        fail(f"--log-level {log_level!r}: choose one of: {', '.join(LEVELS)}")
    set_level("warning" if quiet and LEVELS[log_level] < LEVELS["warning"] else log_level)
    show_library_messages()  # retried calls and cache warnings reach the screen, also when it is a log file
