"""The documentation site (mkdocs.yml, docs/): every page is in the navigation and every navigation entry is a page;
every relative link and anchor of the README and the pages resolves, on GitHub and on the site alike; the README
stays a landing page; and the site builds with warnings as errors, its home page the README, its CLI reference
every command's help. (That every fenced block of the README and the pages is named and run by a test is
tests/test_readme_examples.py's rule, for the pages as for the README.)"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
import unicodedata
from pathlib import Path
from types import ModuleType

import pytest
import yaml

from nohallucinate.cli.app import COMMANDS
from support.readme import DOCS_DIR, README_PATH, ROOT, documentation_files

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCED = re.compile(r"^```.*?^```$", re.DOTALL | re.MULTILINE)
CODE_SPAN = re.compile(r"`[^`\n]*`")


def hook(name: str) -> ModuleType:
    """A module of docs/hooks, imported from its file (the hooks are mkdocs's, not a package of ours)."""
    spec = importlib.util.spec_from_file_location(f"docs_hook_{name}", DOCS_DIR / "hooks" / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def nav_pages(entries: object) -> list[str]:
    """Every page the navigation lists, depth first."""
    if isinstance(entries, str):
        return [entries]
    if isinstance(entries, dict):
        return [page for value in entries.values() for page in nav_pages(value)]
    if isinstance(entries, list):
        return [page for entry in entries for page in nav_pages(entry)]
    raise AssertionError(f"unexpected navigation entry {entries!r}")


def test_every_page_is_in_the_navigation_and_every_entry_is_a_page() -> None:
    config = yaml.safe_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))
    listed = nav_pages(config["nav"])
    assert len(listed) == len(set(listed)), "a page listed twice"
    home = hook("readme_home").HOME
    assert not (DOCS_DIR / home).exists(), "the home page is the README, served by docs/hooks/readme_home.py"
    on_disk = {str(path.relative_to(DOCS_DIR)) for path in DOCS_DIR.rglob("*.md")}
    assert set(listed) == on_disk | {home}
    assert listed[0] == home


def markdown_slug(heading: str) -> str:
    """The id Python-Markdown's toc extension gives a heading (its default slugify, as mkdocs uses it)."""
    text = unicodedata.normalize("NFKD", heading).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def github_slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation but hyphens and underscores dropped, each space a
    hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """The anchors of a file's headings that GitHub and the site both give (a heading whose two slugs differ has
    none a link may use)."""
    found = set()
    for line in FENCED.sub("", path.read_text(encoding="utf-8")).splitlines():
        if match := re.match(r"#{1,6} (.+)", line):
            heading = match[1].replace("`", "")
            if markdown_slug(heading) == github_slug(heading):
                found.add(markdown_slug(heading))
    return found


def links(path: Path) -> list[str]:
    """The link targets of a file, outside fenced blocks and code spans."""
    text = CODE_SPAN.sub("", FENCED.sub("", path.read_text(encoding="utf-8")))
    return LINK.findall(text)


def test_every_relative_link_and_anchor_resolves() -> None:
    broken = []
    for path in documentation_files():
        where = path.relative_to(ROOT)
        for target in links(path):
            if re.match(r"[a-z]+:", target):
                continue  # the web (checked by no test: it may be offline)
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            if not linked.is_file():
                broken.append(f"{where}: {target} (no such file)")
            elif path == README_PATH and file and not linked.is_relative_to(DOCS_DIR):
                broken.append(f"{where}: {target} (the site serves the README; it can follow links into docs/ only)")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                broken.append(f"{where}: {target} (no heading with that anchor on GitHub and on the site)")
    assert not broken, "\n".join(broken)


def test_the_readme_is_a_landing_page_that_links_every_page() -> None:
    readme = README_PATH.read_text(encoding="utf-8")
    assert len(readme.splitlines()) < 200
    linked = {(README_PATH.parent / target.partition("#")[0]).resolve() for target in links(README_PATH)}
    pages = {path.resolve() for path in DOCS_DIR.rglob("*.md") if not path.is_relative_to(DOCS_DIR / "api")}
    assert pages - linked == set(), "pages the README's Documentation section does not link"
    assert (DOCS_DIR / "api" / "index.md").resolve() in linked


def test_the_home_page_hook_makes_the_readmes_links_the_sites() -> None:
    readme_home = hook("readme_home")
    text = "[a](docs/runs.md#resume) ![c](docs/x.png) [w](https://example.org/a) [s](#install)"
    assert readme_home.home_markdown(text) == "[a](runs.md#resume) ![c](x.png) [w](https://example.org/a) [s](#install)"
    with pytest.raises(Exception, match="outside docs/"):
        readme_home.home_markdown("[l](LICENSE)")


def test_the_site_builds_with_warnings_as_errors(tmp_path: Path) -> None:
    """`mkdocs build --strict`, as .ci/run builds it (about 3 s): the README as the home page, every command's help
    in the CLI reference, `evaluate` in the API reference."""
    site = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-5000:]
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "Run it on your model" in home and 'href="getting-started/"' in home and 'href="docs/' not in home
    cli = (site / "cli" / "index.html").read_text(encoding="utf-8")
    for name in COMMANDS:
        assert f"Usage: nohallucinate {name} [OPTIONS]" in cli, name
    for group in ("cache", "enoki", "tax"):
        assert f"Usage: nohallucinate {group} [OPTIONS] COMMAND [ARGS]..." in cli
    assert "Usage: nohallucinate tax run [OPTIONS]" in cli and "Usage: nohallucinate enoki eval [OPTIONS]" in cli
    api = (site / "api" / "evaluation" / "index.html").read_text(encoding="utf-8")
    assert 'id="nohallucinate.evaluation.evaluate"' in api and "Sweep" in api
