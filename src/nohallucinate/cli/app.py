"""The typer application every command module registers with."""

from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from nohallucinate import __version__
from nohallucinate.cli.output import LEVELS, fail, out, set_level, show_library_messages
from nohallucinate.extras import missing_extra


class _Commands(TyperGroup):
    """The top-level command group: a command that reaches a module of an optional extra that is not installed
    ends with one line naming the extra and its pip command, exit code 2 (a missing module no extra brings is a
    bug and keeps its traceback)."""

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
