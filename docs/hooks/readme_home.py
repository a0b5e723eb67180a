"""The site's home page is the README, said once: this mkdocs hook serves README.md as `index.md`, its links into
`docs/` made relative to the site (`docs/runs.md` becomes `runs.md`), so that the same links work on GitHub and on
the site. A README link that leads anywhere else but the web or an anchor stops the build: it would work on GitHub
and break on the site. The other way, a page's link to the README (`../README.md#install`) leads to the home page."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

HOME = "index.md"
# [text](target) and ![alt](target): the target up to the closing bracket or a title.
_LINK = re.compile(r"(!?\[[^\]]*\]\()([^)\s]+)")


def readme_path(config: Any) -> Path:
    return Path(config["config_file_path"]).parent / "README.md"


def home_markdown(readme: str) -> str:
    """The README as the site's home page: `docs/X` links made `X`; any other relative link refused."""

    def relink(match: re.Match[str]) -> str:
        opening, target = match.groups()
        if target.startswith(("http://", "https://", "mailto:", "#")):
            return match.group(0)
        if not target.startswith("docs/"):
            raise PluginError(f"README.md links to {target!r}, outside docs/: the site could not follow it")
        return opening + target.removeprefix("docs/")

    return _LINK.sub(relink, readme)


def on_files(files: Files, config: Any) -> Files:
    if files.get_file_from_path(HOME) is not None:
        raise PluginError("docs/index.md exists: the home page is README.md, served by docs/hooks/readme_home.py")
    text = home_markdown(readme_path(config).read_text(encoding="utf-8"))
    files.append(File.generated(config, HOME, content=text))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """A docs page's links to ../README.md (from a subfolder, ../../README.md) lead to the home page."""
    if page.file.src_uri == HOME:
        return markdown
    folder = posixpath.dirname(page.file.src_uri)

    def relink(match: re.Match[str]) -> str:
        opening, target = match.groups()
        path, hash_, anchor = target.partition("#")
        if "://" in path or posixpath.normpath(posixpath.join("docs", folder, path)) != "README.md":
            return match.group(0)
        return opening + posixpath.relpath(HOME, folder or ".") + hash_ + anchor

    return _LINK.sub(relink, markdown)


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    server.watch(str(readme_path(config)))  # `mkdocs serve` rebuilds when the README changes
    return server
