"""The typer application every command module registers with."""

import typer

app = typer.Typer(
    no_args_is_help=True,
    add_completion=False,
    help="Measure calibrated factuality: grade replies, sweep policies, check task files.",
)
