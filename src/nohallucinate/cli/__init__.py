"""The `nohallucinate` command: thin wrappers that parse flags and call the library."""

from nohallucinate.cli import audit_command as _audit_command  # noqa: F401
from nohallucinate.cli import cache_command as _cache_command  # noqa: F401
from nohallucinate.cli import datagen_commands as _datagen_commands  # noqa: F401
from nohallucinate.cli import enoki_commands as _enoki_commands  # noqa: F401
from nohallucinate.cli import export_command as _export_command  # noqa: F401
from nohallucinate.cli import nohallucinate_commands as _nohallucinate_commands  # noqa: F401  (registers commands)
from nohallucinate.cli import report_command as _report_command  # noqa: F401
from nohallucinate.cli import run_data_commands as _run_data_commands  # noqa: F401
from nohallucinate.cli import serve_command as _serve_command  # noqa: F401
from nohallucinate.cli import sweep_command as _sweep_command  # noqa: F401
from nohallucinate.cli import tax_commands as _tax_commands  # noqa: F401
from nohallucinate.cli.app import app

__all__ = ["app"]
