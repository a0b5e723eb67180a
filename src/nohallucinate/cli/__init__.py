"""The `nohallucinate` command: thin wrappers that parse flags and call the library."""

from nohallucinate.cli.app import app

__all__ = ["app"]
