"""Requests to Wikimedia's APIs: polite when live, recorded when asked, replayed with no network.

Every request is named by its API (wikidata, sparql, wikipedia) and its sorted parameters, not by host, so a
snapshot recorded against the real servers replays against any mirror and the other way round.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
from collections import Counter
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any, Literal
from urllib.parse import quote, urlencode, urlsplit

import httpx
import tenacity

from nohallucinate import __version__
from nohallucinate.errors import NohallucinateError
from nohallucinate.jsonl import FormatError, read_json_file
from nohallucinate.models.retries import asked_wait, seconds_asked

Mode = Literal["live", "record", "replay"]
log = logging.getLogger(__name__)
_ETIQUETTE = frozenset({"maxlag"})  # sent to the server, left out of the request's name
_MAX_WAIT = 120.0


class Api(StrEnum):
    """The three Wikimedia APIs a build reads; the value names a recording's folder and a request's key."""

    WIKIDATA = "wikidata"
    SPARQL = "sparql"
    WIKIPEDIA = "wikipedia"


@dataclass(frozen=True)
class Endpoints:
    """Where each API lives, and what to call them in a row's provenance (`service`)."""

    wikidata: str = "https://www.wikidata.org/w/api.php"
    sparql: str = "https://query.wikidata.org/sparql"
    wikipedia: str = "https://en.wikipedia.org/w/api.php"
    service: str = "Wikimedia: Wikidata, the Wikidata Query Service and English Wikipedia"
    articles: str = "https://en.wikipedia.org/wiki/"  # where an article's page is read by people

    @classmethod
    def mirror(cls, base_url: str, service: str | None = None, articles: str | None = None) -> Endpoints:
        """A server that answers all three under one base URL (a local mirror, or the test world)."""
        base = base_url.rstrip("/")
        described = service or f"a mirror of Wikidata, its Query Service and English Wikipedia at {base}"
        return cls(
            f"{base}/wikidata/w/api.php", f"{base}/query/sparql", f"{base}/enwiki/w/api.php", described,
            articles or f"{base}/enwiki/wiki/",
        )  # fmt: skip

    @property
    def source(self) -> Source:
        return Source(self.service, self.articles)

    def url(self, api: Api) -> str:
        return {Api.WIKIDATA: self.wikidata, Api.SPARQL: self.sparql, Api.WIKIPEDIA: self.wikipedia}[api]


@dataclass(frozen=True)
class Request:
    """One GET request: the API and its parameters."""

    api: Api
    params: tuple[tuple[str, str], ...]

    @classmethod
    def of(cls, api: Api, **params: str | int) -> Request:
        return cls(api, tuple(sorted((name, str(value)) for name, value in params.items())))

    @property
    def key(self) -> str:
        """The normalised name a snapshot files the response under."""
        kept = [(n, v) for n, v in self.params if n not in _ETIQUETTE]
        return hashlib.sha256(json.dumps([self.api.value, kept]).encode("utf-8")).hexdigest()

    def describe(self) -> str:
        return f"{self.api.value}?{urlencode([(n, v) for n, v in self.params if n not in _ETIQUETTE])}"


class SnapshotMissing(NohallucinateError, LookupError):
    """Replaying, the snapshot holds no response for a request the build made."""


class WikimediaError(NohallucinateError, RuntimeError):
    """A request that failed for good; the message names it."""


_SOURCE_FILE = "source.json"


@dataclass(frozen=True)
class Source:
    """What answered a build, as its rows state it: the service, and where its articles are read."""

    service: str
    articles: str

    def article_url(self, title: str) -> str:
        return self.articles + quote(title.replace(" ", "_"))


class SnapshotStore:
    """Responses on disk, one JSON file per request key, with the request written beside the response."""

    def __init__(self, directory: Path | str) -> None:
        self.directory = Path(directory)

    @property
    def source(self) -> Source:
        """What the snapshot was recorded from, as its recording build named it: a replay states the same source,
        so that it rebuilds the recorded file byte for byte."""
        path = self.directory / _SOURCE_FILE
        if not path.exists():
            return Source("a snapshot that does not say where it was recorded", Endpoints().articles)
        recorded = read_json_file(path)
        if not isinstance(recorded, dict) or set(recorded) != {"service", "articles"}:
            raise FormatError(path, None, None, "expected an object with 'service' and 'articles'")
        return Source(**recorded)

    def record_source(self, source: Source) -> None:
        self.directory.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"service": source.service, "articles": source.articles}, ensure_ascii=False, indent=1)
        (self.directory / _SOURCE_FILE).write_text(text + "\n", encoding="utf-8")

    def get(self, request: Request) -> Any | None:
        path = self._path(request)
        if not path.exists():
            return None
        record = read_json_file(path)  # bounded: size, depth, duplicate keys
        if not isinstance(record, dict) or "response" not in record:
            raise FormatError(path, None, "response", "missing")
        return record["response"]

    def put(self, request: Request, response: Any) -> None:
        path = self._path(request)
        path.parent.mkdir(parents=True, exist_ok=True)
        record = {"api": request.api.value, "params": dict(request.params), "response": response}
        path.write_text(json.dumps(record, ensure_ascii=False, sort_keys=True), encoding="utf-8")

    def _path(self, request: Request) -> Path:
        return self.directory / request.api.value / f"{request.key}.json"


@dataclass
class TransportStats:
    """What a build asked of each API."""

    requests: Counter[str] = field(default_factory=Counter)  # sent over the network, retries included
    replayed: Counter[str] = field(default_factory=Counter)
    retries: int = 0
    waited_seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "requests": dict(self.requests),
            "replayed": dict(self.replayed),
            "retries": self.retries,
            "waited_seconds": round(self.waited_seconds, 2),
        }


class WikimediaTransport:
    """GETs JSON from the APIs with Wikimedia's etiquette, through a snapshot when recording or replaying."""

    def __init__(
        self,
        endpoints: Endpoints | None = None,
        *,
        mode: Mode = "live",
        snapshot: SnapshotStore | None = None,
        contact: str | None = None,
        min_interval: float = 0.2,
        max_attempts: int = 6,
        timeout: float = 60.0,
    ) -> None:
        if mode != "live" and snapshot is None:
            raise ValueError(f"mode {mode!r} needs a snapshot directory")
        self.endpoints = endpoints or Endpoints()
        self.mode = mode
        self.snapshot = snapshot
        if mode == "record":
            assert snapshot is not None
            snapshot.record_source(self.endpoints.source)
        self.stats = TransportStats()
        self._min_interval = min_interval
        self._max_attempts = max_attempts
        self._last_request: dict[str, float] = {}
        agent = f"nohallucinate-datagen/{__version__} (https://github.com/nohallucinate; {contact or 'no contact set'})"
        self._http = httpx.Client(timeout=timeout, headers={"User-Agent": agent, "Accept-Encoding": "gzip"})

    @property
    def source(self) -> Source:
        """What answers this transport's requests, as provenance states it."""
        if self.mode == "replay":
            assert self.snapshot is not None
            return self.snapshot.source
        return self.endpoints.source

    def get(self, request: Request) -> Any:
        """The JSON response to `request`."""
        if self.mode == "replay":
            assert self.snapshot is not None
            response = self.snapshot.get(request)
            if response is None:
                raise SnapshotMissing(f"the snapshot has no response for {request.describe()}")
            self.stats.replayed[request.api.value] += 1
            return response
        response = self._fetch(request)
        if self.mode == "record":
            assert self.snapshot is not None
            self.snapshot.put(request, response)
        return response

    def _fetch(self, request: Request) -> Any:
        url = self.endpoints.url(request.api)
        params = dict(request.params)
        if request.api is not Api.SPARQL:
            params["maxlag"] = "5"  # step back when the database replicas lag
        retrying = tenacity.Retrying(
            stop=tenacity.stop_after_attempt(self._max_attempts),
            wait=_asked_wait,
            retry=tenacity.retry_if_exception_type(_Transient),
            before_sleep=self._count_wait,
            sleep=time.sleep,
        )
        try:
            return retrying(self._attempt, request, url, params)
        except tenacity.RetryError as exc:
            problem = exc.last_attempt.exception()
            raise WikimediaError(
                f"{request.describe()}: gave up after {self._max_attempts} attempts ({problem})"
            ) from problem

    def _attempt(self, request: Request, url: str, params: dict[str, str]) -> Any:
        """One paced request: the JSON payload, or _Transient when it is worth asking again."""
        self._pace(url)
        self.stats.requests[request.api.value] += 1
        try:
            response = self._http.get(url, params=params)
        except httpx.TransportError as exc:
            raise _Transient(f"{type(exc).__name__}: {exc}", None) from exc
        failure = _transient(response)
        if failure is not None:
            raise failure
        if response.status_code != 200:
            raise WikimediaError(f"{request.describe()}: HTTP {response.status_code}: {response.text[:200]}")
        payload = response.json()
        if isinstance(payload, dict) and "error" in payload:
            raise WikimediaError(f"{request.describe()}: API error {payload['error']}")
        return payload

    def _count_wait(self, state: tenacity.RetryCallState) -> None:
        seconds = state.next_action.sleep if state.next_action else 0.0
        self.stats.retries += 1
        self.stats.waited_seconds += seconds
        failure = state.outcome.exception() if state.outcome else None
        host = urlsplit(str(state.args[1])).netloc if len(state.args) > 1 else "?"
        log.info("retrying a request to %s after %s: attempt %d of %d in %.1f s", host, failure,
                 state.attempt_number + 1, self._max_attempts, seconds,
                 extra={"retry_kind": f"{host}: {failure}"})  # fmt: skip

    def _pace(self, url: str) -> None:
        """One request at a time per host, at most one per `min_interval` seconds."""
        host = urlsplit(url).netloc
        since = time.monotonic() - self._last_request.get(host, float("-inf"))
        if since < self._min_interval:
            time.sleep(self._min_interval - since)
        self._last_request[host] = time.monotonic()

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> WikimediaTransport:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


class _Transient(Exception):
    """A failed attempt worth another: its description, and the wait the server asked for (None: back off)."""

    def __init__(self, problem: str, asked: float | None) -> None:
        super().__init__(problem)
        self.asked = asked


def _asked_wait(state: tenacity.RetryCallState) -> float:
    """The server's wait when it named one, else exponential backoff: 2, 4, 8 ... seconds, capped."""
    failure = state.outcome.exception() if state.outcome else None
    asked = failure.asked if isinstance(failure, _Transient) else None
    return asked if asked is not None else min(2.0**state.attempt_number, _MAX_WAIT)


def _transient(response: httpx.Response) -> _Transient | None:
    """The failure to retry, with the wait the server asked for, or None when the response is final.

    Retried: 429 and 5xx (honouring Retry-After), and the API's "maxlag" error, which arrives as a 200 with
    an error body and a Retry-After header (else the lag it reports).
    """
    asked = asked_wait(response.headers, _MAX_WAIT)
    if response.status_code == 429 or response.status_code >= 500:
        return _Transient(f"HTTP {response.status_code}", asked)
    if response.status_code == 200 and response.headers.get("content-type", "").startswith("application/json"):
        try:
            error = response.json().get("error", {}) if response.content else {}
        except (ValueError, AttributeError):
            return None
        if isinstance(error, dict) and error.get("code") == "maxlag":
            lag = seconds_asked(str(error.get("lag")), _MAX_WAIT)
            return _Transient("HTTP 200 (maxlag)", asked if asked is not None else lag)
    return None
