"""Download the benchmark files from their public sources into a data directory, checking each sha256.

Each file comes from the upstream repository at the recorded commit; a file whose bytes do not hash to the
recorded sha256 is refused and not written, so a data directory only ever holds the files the figures assume.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path

import httpx
from tenacity import retry, retry_if_exception, stop_after_attempt, wait_exponential

from nohallucinate import __version__
from nohallucinate.checksums import file_sha256
from nohallucinate.tax.benchmarks import GITHUB, Benchmark, DataError, benchmark_named


def source_url(benchmark: Benchmark, base_url: str = GITHUB) -> str:
    """Where the benchmark's file is served: `{base}/{repo}/raw/{commit}/{path}` (GitHub's raw route)."""
    return f"{base_url.rstrip('/')}/{benchmark.repo}/raw/{benchmark.commit}/{benchmark.upstream_path}"


def fetch_benchmarks(
    names: Sequence[str],
    data_dir: Path | str,
    *,
    base_url: str = GITHUB,
    timeout: float = 60.0,
    on_file: Callable[[str, str], None] | None = None,
) -> dict[str, str]:
    """Make sure each benchmark's file is in `data_dir` with the recorded sha256, downloading what is missing.
    Returns, per benchmark, "present" or "downloaded"."""
    outcome: dict[str, str] = {}
    headers = {"User-Agent": f"nohallucinate/{__version__} (benchmark download)"}
    with httpx.Client(follow_redirects=True, timeout=timeout, headers=headers) as client:
        for name in names:
            benchmark = benchmark_named(name)
            target = Path(data_dir) / benchmark.path
            if target.is_file() and file_sha256(target) == benchmark.sha256:
                outcome[name] = "present"
            else:
                _download(client, benchmark, source_url(benchmark, base_url), target)
                outcome[name] = "downloaded"
            if on_file is not None:
                on_file(name, outcome[name])
    return outcome


def _transient(exc: BaseException) -> bool:
    if isinstance(exc, httpx.HTTPStatusError):
        return exc.response.status_code == 429 or exc.response.status_code >= 500
    return isinstance(exc, httpx.TransportError)


@retry(retry=retry_if_exception(_transient), stop=stop_after_attempt(4), wait=wait_exponential(0.5, max=8),
       reraise=True)  # fmt: skip
def _get(client: httpx.Client, url: str) -> bytes:
    response = client.get(url)
    response.raise_for_status()
    return response.content


def _download(client: httpx.Client, benchmark: Benchmark, url: str, target: Path) -> None:
    try:
        body = _get(client, url)
    except httpx.HTTPStatusError as exc:
        raise DataError(f"{benchmark.title}: {url} answered {exc.response.status_code}") from None
    except httpx.TransportError as exc:
        raise DataError(f"{benchmark.title}: cannot reach {url} ({type(exc).__name__}: {exc})") from None
    digest = hashlib.sha256(body).hexdigest()
    if digest != benchmark.sha256:
        raise DataError(f"{benchmark.title}: {url} gave bytes with sha256 {digest}, expected {benchmark.sha256}; "
                        "not written")  # fmt: skip
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(target.name + ".partial")
    partial.write_bytes(body)
    os.replace(partial, target)  # never a half-written file under the real name
