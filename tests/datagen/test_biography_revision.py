"""A biography cites the revision of the response that held its text: an article edited between its lead and its
text is refused, verify names whichever of the two is of another revision, and the text's response is parsed
through normalised and redirected titles."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from nohallucinate.datagen.build import BuildResult, build
from nohallucinate.datagen.families.biography import EDITED_BETWEEN
from nohallucinate.datagen.transport import Endpoints, Request, WikimediaTransport
from nohallucinate.datagen.verify import verify
from nohallucinate.datagen.wikipedia import WholeText, whole_text_from
from nohallucinate.tasks import Family, Task
from support.wikimedia_world import WikimediaWorld

ONE_BIOGRAPHY = {Family.BIOGRAPHY: 1}


@pytest.fixture(scope="module")
def world(shared_dir: Path) -> Iterator[WikimediaWorld]:
    with WikimediaWorld(shared_dir=shared_dir) as running:
        yield running


def live(world: WikimediaWorld) -> WikimediaTransport:
    return WikimediaTransport(Endpoints.mirror(world.url), min_interval=0)


class EditingTransport(WikimediaTransport):
    """A transport to the world that edits an article (the world gives it a new revision) just before its whole
    text is asked for: what a live build meets when someone saves the article between the two requests."""

    def __init__(self, world: WikimediaWorld, title: str, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(Endpoints.mirror(world.url), min_interval=0)
        self.world, self.title, self.monkeypatch = world, title, monkeypatch

    def get(self, request: Request) -> Any:
        params = dict(request.params)
        if params.get("prop") == "extracts|info" and params.get("titles") == self.title:
            record = self.world.pages[self.title]
            self.monkeypatch.setitem(record, "lastrevid", record["lastrevid"] + 1)  # undone when the test ends
        return super().get(request)


@pytest.fixture(scope="module")
def biography(world: WikimediaWorld) -> Task:
    built = build(live(world), seed=3, composition=ONE_BIOGRAPHY)
    return next(t for t in built.tasks if t.family is Family.BIOGRAPHY)


def _cited(row: Task) -> int:
    return next(s["revision"] for s in row.provenance["sources"] if s["api"] == "wikipedia")


def test_the_row_cites_the_revision_its_text_was_read_from(world: WikimediaWorld, biography: Task) -> None:
    title = biography.provenance["title"]
    assert _cited(biography) == world.pages[title]["lastrevid"]
    assert verify([biography], live(world)) == []


def test_an_article_edited_between_its_lead_and_its_text_is_refused(
    world: WikimediaWorld, biography: Task, monkeypatch: pytest.MonkeyPatch
) -> None:
    title = biography.provenance["title"]
    edited: BuildResult = build(EditingTransport(world, title, monkeypatch), seed=3, composition=ONE_BIOGRAPHY)
    assert edited.rejected["biography"][EDITED_BETWEEN] == 1
    rows = [t for t in edited.tasks if t.family is Family.BIOGRAPHY]
    assert rows and title not in {t.provenance["title"] for t in rows}  # the next candidate took its place


def test_verify_names_the_part_whose_revision_differs(
    world: WikimediaWorld, biography: Task, monkeypatch: pytest.MonkeyPatch
) -> None:
    title, cited = biography.provenance["title"], _cited(biography)
    (found,) = verify([biography], EditingTransport(world, title, monkeypatch))
    assert found.task_id == biography.task_id
    assert found.problem == f"the article's text is of revision {cited + 1}, the row cites {cited}"
    monkeypatch.setitem(world.pages[title], "lastrevid", cited + 2)  # edited since the build: the lead too
    (found,) = verify([biography], live(world))
    assert found.problem == f"the article's lead is of revision {cited + 2}, the row cites {cited}"


def _whole_text_payload(world: WikimediaWorld, title: str) -> dict[str, Any]:
    """The world's answer to the request `Wikipedia.whole_text` sends."""
    params = {"action": "query", "titles": title, "prop": "extracts|info", "explaintext": "1", "redirects": "1"}
    return httpx.get(f"{world.url}/enwiki/w/api.php", params=params | {"format": "json", "formatversion": "2"}).json()


def test_whole_text_from_follows_normalised_and_redirected_titles(world: WikimediaWorld) -> None:
    payload = _whole_text_payload(world, "vasquith,_Orlenna")  # normalised to "Vasquith, Orlenna", a redirect
    assert payload["query"]["normalized"] and payload["query"]["redirects"]
    record = world.pages["Orlenna Vasquith"]
    expected = WholeText(title="Orlenna Vasquith", text=record["text"], revision=record["lastrevid"])
    assert whole_text_from(payload, "vasquith,_Orlenna") == expected
    with pytest.raises(KeyError, match="no page 'No Such Fictional Page'"):
        whole_text_from(_whole_text_payload(world, "No Such Fictional Page"), "No Such Fictional Page")
