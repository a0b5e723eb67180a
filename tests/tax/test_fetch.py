"""Downloading the benchmark files from their sources, through a local server with GitHub's raw route."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest

from nohallucinate.checksums import file_sha256
from nohallucinate.tax.benchmarks import BENCHMARKS, DataError, load_benchmark
from nohallucinate.tax.fetch import fetch_benchmarks, source_url
from support.github_raw_server import GitHubRawServer

NAMES = ["amc23", "sum", "selfaware"]


def route(name: str) -> str:
    return urlsplit(source_url(BENCHMARKS[name])).path


@pytest.fixture
def upstream(shared_dir: Path):
    data = shared_dir / "data" / "hallucination_tax"
    files = {route(name): (data / BENCHMARKS[name].path).read_bytes() for name in NAMES}
    with GitHubRawServer(files) as server:
        yield server


def test_files_are_downloaded_checked_and_then_left_alone(upstream: GitHubRawServer, tmp_path: Path) -> None:
    assert route("amc23") == "/QwenLM/Qwen2.5-Math/raw/a45202bd/evaluation/data/amc23/test.jsonl"
    said: list[tuple[str, str]] = []
    outcome = fetch_benchmarks(NAMES, tmp_path, base_url=upstream.url, on_file=lambda *pair: said.append(pair))
    assert outcome == dict.fromkeys(NAMES, "downloaded") and said == list(outcome.items())
    for name in NAMES:
        assert file_sha256(tmp_path / BENCHMARKS[name].path) == BENCHMARKS[name].sha256
    assert len(load_benchmark("amc23", tmp_path).items) == 40
    made = len(upstream.requests)
    assert fetch_benchmarks(NAMES, tmp_path, base_url=upstream.url) == dict.fromkeys(NAMES, "present")
    assert len(upstream.requests) == made  # nothing asked again


def test_a_transient_failure_is_retried(upstream: GitHubRawServer, tmp_path: Path) -> None:
    upstream.fail(route("amc23"), 503, 429)
    assert fetch_benchmarks(["amc23"], tmp_path, base_url=upstream.url) == {"amc23": "downloaded"}
    assert upstream.requests.count(route("amc23")) == 3


def test_bytes_that_do_not_match_the_checksum_are_not_written(upstream: GitHubRawServer, tmp_path: Path) -> None:
    upstream.files[route("amc23")] = upstream.files[route("amc23")].replace(b"27.0", b"28.0")
    with pytest.raises(
        DataError, match=r"AMC23: http://127\.0\.0\.1:\d+/QwenLM/.* gave bytes with sha256 \w+, expected"
    ):
        fetch_benchmarks(["amc23"], tmp_path, base_url=upstream.url)
    assert not (tmp_path / "amc23").exists() or not any((tmp_path / "amc23").iterdir())


def test_a_missing_file_upstream_is_a_clear_error(upstream: GitHubRawServer, tmp_path: Path) -> None:
    with pytest.raises(DataError, match=r"GSM8K: .*/openai/grade-school-math/raw/3101c7d5/.* answered 404"):
        fetch_benchmarks(["gsm8k"], tmp_path, base_url=upstream.url)
