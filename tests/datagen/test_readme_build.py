"""The README's "Building the dataset" lines run as written against the fixture world: a live build recording a
snapshot (the world's URL given as the mirror, no pacing), a rebuild from the snapshot alone, byte for byte, and
its verification."""

from __future__ import annotations

from pathlib import Path

from support.readme import readme_example
from support.readme_shell import Shell, shell_commands
from support.wikimedia_world import WikimediaWorld

CONTACT = "--contact you@example.org"


def test_the_build_lines_record_replay_and_verify(shared_dir: Path, tmp_path: Path) -> None:
    live, replay, verify = shell_commands(readme_example("build"))
    assert "--record snapshot/" in live.text and "--replay snapshot/" in replay.text and CONTACT in live.text
    with WikimediaWorld(shared_dir=shared_dir) as world:
        shell = Shell(tmp_path, replace={CONTACT: f"{CONTACT} --base-url {world.url} --min-interval 0"})
        recorded = shell.run(live)
        assert recorded.returncode == 0, str(recorded)
    built = (tmp_path / "tasks.jsonl").read_bytes()
    assert built.count(b"\n") > 100
    # The world is gone: the rebuild and the verification read the snapshot only.
    shell.run_all([replay])
    assert (tmp_path / "tasks.jsonl").read_bytes() == built  # byte for byte
    [verified] = shell.run_all([verify])
    assert "0 problem(s)" in verified.stdout
