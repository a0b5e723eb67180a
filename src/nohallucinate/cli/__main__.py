"""`python -m nohallucinate.cli`: the same as the `nohallucinate` command."""

from nohallucinate.cli import app

app()
