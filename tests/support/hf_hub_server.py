"""A real HTTP server on 127.0.0.1 that speaks the part of the Hugging Face Hub API that `datasets.load_dataset` uses
to read a dataset repository, for tests.

`datasets.load_dataset("owner/name", split=..., streaming=...)` goes through `huggingface_hub` (HfApi,
hf_hub_download and the `hf://` fsspec filesystem). With datasets 5.2 and huggingface_hub 2.4 it makes these
requests, all of which are answered from the repository's files, given as a dict {path: bytes}:

    HEAD /datasets/{repo}/resolve/main/README.md        the dataset card's metadata; X-Repo-Commit fixes the commit
    GET  /datasets/{repo}/resolve/{rev}/{path}          a file (Range: bytes=a-b -> 206 + Content-Range: streaming
                                                        reads parquet shards this way)
    HEAD /datasets/{repo}/resolve/{rev}/{path}          probes for EnokiQA.py, .huggingface.yaml, dataset_infos.json
                                                        (404 EntryNotFound: "not there") and each shard's metadata
    GET  /api/datasets/{repo}/revision/{rev}            repository info: id, sha (the commit), siblings
    GET  /api/datasets/{repo}/tree/{rev}[/{dir}]        a folder listing (?recursive=true for the whole subtree)

`GET /api/datasets/{repo}` (info for "main") and `POST /api/datasets/{repo}/paths-info/{rev}` (form field `paths`,
repeated) are answered too: other code paths of the same clients use them. {rev} is "main" or the commit sha.
Resolve answers carry the Hub's X-Repo-Commit, ETag (the git blob sha) and Content-Length headers; without the first
two hf_hub_download refuses the file. Files are plain git files, not LFS or Xet: no X-Xet-Hash header is sent, so the
client downloads over plain HTTP from this server and never contacts a storage backend. Errors are shaped like the
Hub's (404 with X-Error-Code RepoNotFound, RevisionNotFound or EntryNotFound), which huggingface_hub turns into its
typed exceptions.

Any other request gets a 404 whose body names it, is printed, and is recorded in `unknown`, so a client upgrade that
needs a new route fails loudly. (The dataset viewer's /info and /parquet live on another host, "datasets-server." +
the endpoint's host; `point_clients_at` turns that lookup off.)

Faults are injectable: `fail(status, pattern)` answers matching requests with that HTTP error (503: the Hub is down),
`drop(pattern)` closes the connection unanswered (a connection lost midway). A pattern is an fnmatch pattern over the
file path inside the repository; "*" matches every request, the API calls included. After `stop()` (or the end of
the `with` block) the same `url` refuses connections. `requests` logs every request with its outcome; `files_sent()`
lists the files actually sent.
"""

from __future__ import annotations

import asyncio
import fnmatch
import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import unquote

import pytest
from aiohttp import web

from support.background_server import BackgroundServer

MAIN = "main"


@dataclass(frozen=True)
class Fault:
    """Misbehave for requests whose path in the repository matches `pattern`: an HTTP error, or (status None) a
    dropped connection."""

    pattern: str
    status: int | None

    def matches(self, path: str) -> bool:
        return fnmatch.fnmatchcase(path, self.pattern)


@dataclass(frozen=True)
class _Route:
    kind: str  # "info", "tree", "paths-info" or "resolve"
    repo_id: str
    revision: str
    path: str  # inside the repository; "" for the repository itself


@dataclass(frozen=True)
class Logged:
    """One request as the server saw it, and what became of it."""

    method: str
    target: str  # the path and query, as sent
    range: str | None  # the Range header
    outcome: int | str  # the status sent, or "dropped"
    file: str | None = None  # for a /resolve/ request, the file's path in the repository

    def __str__(self) -> str:
        range_ = f" [Range: {self.range}]" if self.range else ""
        return f"{self.method} {self.target}{range_} -> {self.outcome}"


class HubServer(BackgroundServer):
    """`with HubServer({"s-nlp/EnokiQA": {"README.md": b"...", ...}}) as hub:` serves at `hub.url` until the block
    ends. Point the clients at it with `point_clients_at(hub.url, ...)`."""

    def __init__(self, repos: dict[str, dict[str, bytes]], *, port: int = 0) -> None:
        self.repos = {repo_id: dict(files) for repo_id, files in repos.items()}
        self.requests: list[Logged] = []  # in order of arrival; str() gives "HEAD /datasets/.../README.md -> 200"
        self.unknown: list[str] = []  # requests no route answered
        self.faults: list[Fault] = []
        self._lock = threading.Lock()
        super().__init__(port=port)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def commit(self, repo_id: str) -> str:
        """The repository's only commit: a sha1 over its files, so that it changes when they do."""
        digest = hashlib.sha1(repo_id.encode())
        for path, data in sorted(self.repos[repo_id].items()):
            digest.update(path.encode() + b"\0" + hashlib.sha1(data).digest())
        return digest.hexdigest()

    def files_sent(self) -> list[str]:
        """The repository paths of the files sent (GET answered 200 or 206), in order, once per request."""
        with self._lock:
            return [r.file for r in self.requests if r.file and r.method == "GET" and r.outcome in (200, 206)]

    def fail(self, status: int, pattern: str = "*") -> None:
        """From now on, answer requests for matching paths with this HTTP status."""
        with self._lock:
            self.faults.append(Fault(pattern, status))

    def drop(self, pattern: str = "*") -> None:
        """From now on, close the connection of requests for matching paths without answering."""
        with self._lock:
            self.faults.append(Fault(pattern, None))

    # --- serving ----------------------------------------------------------------------------------------------

    def add_routes(self, app: web.Application) -> None:
        app.router.add_route("*", "/{tail:.*}", self._handle)

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        route = _route(request)
        fault = self._fault_for(route)
        if fault is not None and fault.status is None:
            self._log(request, route, "dropped")
            if request.transport is not None:
                request.transport.abort()
            raise asyncio.CancelledError
        if fault is not None:
            response = _error(fault.status or 500, None, f"injected fault for {request.method} {request.raw_path}")
        elif route is None:
            line = f"{request.method} {request.raw_path}"
            response = web.Response(status=404, text=f"HubServer does not implement {line}")
            with self._lock:
                self.unknown.append(line)
            print(f"HubServer: no route for {line}")  # pytest shows it when the test fails
        else:
            response = await self._answer(request, route)
        self._log(request, route, response.status)
        return response

    def _log(self, request: web.Request, route: _Route | None, outcome: int | str) -> None:
        file = route.path if route is not None and route.kind == "resolve" else None
        logged = Logged(request.method, request.raw_path, request.headers.get("Range"), outcome, file)
        with self._lock:
            self.requests.append(logged)

    def _fault_for(self, route: _Route | None) -> Fault | None:
        path = route.path if route is not None else ""
        with self._lock:
            return next((fault for fault in self.faults if fault.matches(path)), None)

    async def _answer(self, request: web.Request, route: _Route) -> web.Response:
        if route.repo_id not in self.repos:
            return _error(404, "RepoNotFound", f"Repository {route.repo_id} not found")
        commit = self.commit(route.repo_id)
        if route.revision not in (MAIN, commit):
            return _error(404, "RevisionNotFound", f"Invalid rev id: {route.revision}", commit)
        if route.kind == "info":
            return web.json_response(self._info(route.repo_id), headers={"X-Repo-Commit": commit})
        if route.kind == "tree":
            recursive = request.query.get("recursive", "false").lower() == "true"
            return self._tree(route.repo_id, route.path, recursive)
        if route.kind == "paths-info":
            form = await request.post()
            return self._paths_info(route.repo_id, [str(path) for path in form.getall("paths", [])])
        return self._resolve(route.repo_id, route.path, request.headers.get("Range"))

    # --- the routes ---------------------------------------------------------------------------------------------

    def _info(self, repo_id: str) -> dict[str, object]:
        return {
            "_id": hashlib.sha1(repo_id.encode()).hexdigest()[:24],
            "id": repo_id,
            "author": repo_id.split("/")[0],
            "sha": self.commit(repo_id),
            "lastModified": "2025-01-01T00:00:00.000Z",
            "createdAt": "2025-01-01T00:00:00.000Z",
            "private": False,
            "gated": False,
            "disabled": False,
            "downloads": 0,
            "likes": 0,
            "tags": [],
            "siblings": [{"rfilename": path} for path in sorted(self.repos[repo_id])],
        }

    def _tree(self, repo_id: str, folder: str, recursive: bool) -> web.Response:
        entries = self._entries(repo_id)
        commit = self.commit(repo_id)
        if folder and entries.get(folder, {}).get("type") != "directory":
            return _error(404, "EntryNotFound", f"{folder} is not a folder on {MAIN}", commit)
        prefix = f"{folder}/" if folder else ""
        listed = [
            entry
            for path, entry in sorted(entries.items())
            if path.startswith(prefix) and (recursive or "/" not in path[len(prefix) :])
        ]
        return web.json_response(listed, headers={"X-Repo-Commit": commit})

    def _paths_info(self, repo_id: str, paths: list[str]) -> web.Response:
        entries = self._entries(repo_id)
        listed = [entries[path] for path in paths if path in entries]
        return web.json_response(listed, headers={"X-Repo-Commit": self.commit(repo_id)})

    def _entries(self, repo_id: str) -> dict[str, dict[str, object]]:
        """Every file and folder of the repository, as the tree and paths-info endpoints describe them."""
        entries: dict[str, dict[str, object]] = {}
        for path, data in self.repos[repo_id].items():
            entries[path] = {"type": "file", "oid": _git_blob_sha(data), "size": len(data), "path": path}
            parts = path.split("/")[:-1]
            for depth in range(1, len(parts) + 1):
                folder = "/".join(parts[:depth])
                oid = hashlib.sha1(f"tree {folder}".encode()).hexdigest()
                entries.setdefault(folder, {"type": "directory", "oid": oid, "size": 0, "path": folder})
        return entries

    def _resolve(self, repo_id: str, path: str, range_header: str | None) -> web.Response:
        commit = self.commit(repo_id)
        data = self.repos[repo_id].get(path)
        if data is None:
            return _error(404, "EntryNotFound", f"{path} does not exist on {MAIN}", commit)
        headers = {"X-Repo-Commit": commit, "ETag": f'"{_git_blob_sha(data)}"', "Accept-Ranges": "bytes"}
        byte_range = _parse_range(range_header, len(data))
        if byte_range is None:
            status, body = 200, data
        elif byte_range[0] >= len(data):
            return web.Response(status=416, headers={**headers, "Content-Range": f"bytes */{len(data)}"})
        else:
            start, end = byte_range
            status, body = 206, data[start : end + 1]
            headers["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
        # aiohttp leaves the body out of the answer to HEAD but keeps its Content-Length.
        return web.Response(status=status, body=body, headers=headers, content_type="application/octet-stream")


def _route(request: web.Request) -> _Route | None:
    """What a request asks for, if it is one this server understands."""
    # Split before unquoting: the client quotes a revision such as refs/convert/parquet into a single segment.
    segments = [unquote(part) for part in request.raw_path.split("?", 1)[0].strip("/").split("/")]
    method = request.method
    if segments[:2] == ["api", "datasets"] and len(segments) >= 4:
        repo_id, rest = "/".join(segments[2:4]), segments[4:]
        if method == "GET" and not rest:
            return _Route("info", repo_id, MAIN, "")
        if method == "GET" and len(rest) == 2 and rest[0] == "revision":
            return _Route("info", repo_id, rest[1], "")
        if method == "GET" and len(rest) >= 2 and rest[0] == "tree":
            return _Route("tree", repo_id, rest[1], "/".join(rest[2:]))
        if method == "POST" and len(rest) == 2 and rest[0] == "paths-info":
            return _Route("paths-info", repo_id, rest[1], "")
    if segments[:1] == ["datasets"] and len(segments) >= 6 and segments[3] == "resolve" and method in ("GET", "HEAD"):
        return _Route("resolve", "/".join(segments[1:3]), segments[4], "/".join(segments[5:]))
    return None


def _error(status: int, code: str | None, message: str, commit: str | None = None) -> web.Response:
    headers = {"X-Error-Message": message}
    if code is not None:
        headers["X-Error-Code"] = code
    if commit is not None:
        headers["X-Repo-Commit"] = commit
    return web.json_response({"error": message}, status=status, headers=headers)


def _git_blob_sha(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


def _parse_range(header: str | None, size: int) -> tuple[int, int] | None:
    """The inclusive (start, end) of a single "bytes=a-b", "bytes=a-" or "bytes=-n" range; None for the whole file."""
    if not header or not header.startswith("bytes=") or "," in header:
        return None
    first, _, last = header.removeprefix("bytes=").partition("-")
    if first:
        return int(first), min(int(last) if last else size - 1, size - 1)
    return max(size - int(last), 0), size - 1


# --- pointing the clients at the server ------------------------------------------------------------------------


HUB_VARIABLES_UNSET = (
    "HF_TOKEN",
    "HUGGING_FACE_HUB_TOKEN",
    "HF_OIDC_RESOURCE",
    "HF_HUB_OFFLINE",
    "HF_DATASETS_OFFLINE",
)


def hub_environment(url: str, home: Path) -> dict[str, str]:
    """The variables that send `huggingface_hub` and `datasets` to the Hub at `url`, caches under `home`; enough for a
    new process (which reads them at import), with HUB_VARIABLES_UNSET removed from its environment."""
    return {
        "HF_ENDPOINT": url.rstrip("/"),
        "HF_HOME": str(home),
        "HF_HUB_CACHE": str(home / "hub"),
        "HF_DATASETS_CACHE": str(home / "datasets"),
        "HF_HUB_DISABLE_TELEMETRY": "1",
        "HF_UPDATE_DOWNLOAD_COUNTS": "0",
    }


def point_clients_at(url: str, home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Send `huggingface_hub` and `datasets`, in this process, to the Hub at `url`, with every cache under `home`.

    Both libraries read HF_ENDPOINT, HF_HOME and the like once, at import, into module constants. Tests run after
    the import, so setting the environment alone does nothing: the constants themselves are patched (and restored by
    `monkeypatch`), and the environment is set too, for code that reads it later. No token is read or sent,
    nothing is reported anywhere else (download counts to S3, telemetry), and ~/.cache/huggingface is never used.
    """
    import datasets.config
    from huggingface_hub import HfFileSystem, constants

    url = url.rstrip("/")
    hub_cache, datasets_cache = home / "hub", home / "datasets"
    for name, value in hub_environment(url, home).items():
        monkeypatch.setenv(name, value)
    for name in HUB_VARIABLES_UNSET:
        monkeypatch.delenv(name, raising=False)
    constants_by_module = {
        constants: {
            "ENDPOINT": url,
            "HUGGINGFACE_CO_URL_TEMPLATE": url + "/{repo_id}/resolve/{revision}/{filename}",
            "HF_HOME": str(home),
            "HF_HUB_CACHE": str(hub_cache),
            "HF_ASSETS_CACHE": str(home / "assets"),
            "HF_XET_CACHE": str(home / "xet"),
            "HF_TOKEN_PATH": str(home / "token"),
            "HF_STORED_TOKENS_PATH": str(home / "stored_tokens"),
            "HF_HUB_OFFLINE": False,
            "HF_HUB_DISABLE_TELEMETRY": True,
        },
        datasets.config: {
            "HF_ENDPOINT": url,
            "HUB_DATASETS_URL": url + "/datasets/{repo_id}/resolve/{revision}/{path}",
            "HF_CACHE_HOME": str(home),
            "HF_DATASETS_CACHE": datasets_cache,
            "HF_MODULES_CACHE": home / "modules",
            "DOWNLOADED_DATASETS_PATH": datasets_cache / "downloads",
            "EXTRACTED_DATASETS_PATH": datasets_cache / "downloads" / "extracted",
            "HF_HUB_OFFLINE": False,
            "HF_DATASETS_OFFLINE": False,
            # A HEAD to an S3 bucket to count the download: not the Hub, not for a test to call.
            "HF_UPDATE_DOWNLOAD_COUNTS": False,
            # The dataset viewer's /info, on the host "datasets-server." + the endpoint's host, which would mean a DNS
            # lookup of datasets-server.127.0.0.1. Without it the loader takes the features from the card and the
            # parquet files, as it does whenever the viewer has nothing.
            "USE_PARQUET_EXPORT": False,
        },
    }
    for module, values in constants_by_module.items():
        for name, value in values.items():
            assert hasattr(module, name), f"{module.__name__}.{name} is gone: update point_clients_at"
            monkeypatch.setattr(module, name, value)
    # HfFileSystem instances are cached per endpoint together with their directory listings: start afresh.
    HfFileSystem.clear_instance_cache()


def without_retry_waits(monkeypatch: pytest.MonkeyPatch, *, stream_read_retries: int = 2) -> None:
    """Keep the clients' retries but not their waits, so that a test of a failing Hub takes milliseconds, not minutes.

    huggingface_hub retries connection errors and 408/429/5xx answers five times, 1, 2, 4, 8 and 8 s apart (the
    defaults of `http_backoff`); datasets then retries a failing streamed read up to 20 times, 5 to 20 s apart. Here
    every retry still reaches the server (and shows in its log), at once, and a streamed read is retried
    `stream_read_retries` times.
    """
    import datasets.config
    from huggingface_hub.utils import _http

    for function in (_http.http_backoff, _http.http_stream_backoff):
        defaults = getattr(function, "__wrapped__", function).__kwdefaults__  # the stream one is a @contextmanager
        assert defaults is not None and {"base_wait_time", "max_wait_time"} <= defaults.keys(), function
        monkeypatch.setitem(defaults, "base_wait_time", 0)
        monkeypatch.setitem(defaults, "max_wait_time", 0)
    waits = [name for name in dir(datasets.config) if name.startswith("STREAMING_") and name.endswith("_INTERVAL")]
    assert "STREAMING_READ_RETRY_INTERVAL" in waits, "datasets renamed its retry settings: update without_retry_waits"
    for name in waits:
        monkeypatch.setattr(datasets.config, name, 0)
    monkeypatch.setattr(datasets.config, "STREAMING_READ_MAX_RETRIES", stream_read_retries)
