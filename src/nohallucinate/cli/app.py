"""The typer application every command module registers with."""

import typer

from nohallucinate.cli.output import show_library_messages

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Measure calibrated factuality: grade replies, sweep policies, check task files.",
)


@app.callback()
def _every_command() -> None:
    show_library_messages()  # retried calls and cache warnings reach the screen, also when it is a log file
