"""The Wikipedia client's reading of the real recorded Action API responses."""

from __future__ import annotations

import json
from pathlib import Path

from nohallucinate.datagen.wikipedia import page_from, pages_by_request


def load(shared_dir: Path, name: str) -> dict:
    return json.loads((shared_dir / "data/wikimedia" / name).read_text(encoding="utf-8"))


def test_a_disambiguation_page_is_recognised_by_its_empty_string_pageprop(shared_dir: Path) -> None:
    payload = load(shared_dir, "query_Douglas_Adams_disambiguation.json")
    [raw] = payload["query"]["pages"]
    assert raw["pageprops"]["disambiguation"] == ""  # falsy: the key is what counts
    page = page_from("Douglas Adams (disambiguation)", raw, payload)
    assert page.disambiguation and page.wikibase_item == "Q5301194" and not page.missing


def test_an_article_is_not_a_disambiguation_page(shared_dir: Path) -> None:
    payload = load(shared_dir, "query_Douglas_Adams.json")
    raw = pages_by_request(payload, ["Douglas Adams"])["Douglas Adams"]
    page = page_from("Douglas Adams", raw, payload)
    assert not page.disambiguation and page.wikibase_item == "Q42" and page.revision == 841482403


def test_a_redirect_is_followed_to_its_target(shared_dir: Path) -> None:
    payload = load(shared_dir, "query_redirect_Adams_Douglas.json")
    raw = pages_by_request(payload, ["Adams, Douglas"])["Adams, Douglas"]
    page = page_from("Adams, Douglas", raw, payload)
    assert (page.title, page.redirected_from) == ("Douglas Adams", "Adams, Douglas")
