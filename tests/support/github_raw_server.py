"""A local stand-in for GitHub's raw file route, for download tests.

`GET /{owner}/{repo}/raw/{commit}/{path}` answers 302 to `/content/{owner}/{repo}/{commit}/{path}`, as github.com
redirects to raw.githubusercontent.com, and that serves the file's bytes. Files are given as a mapping from the
first URL's path to bytes; `fail(path, *statuses)` makes the next requests for a path answer those statuses first.
"""

from __future__ import annotations

import threading
from collections import defaultdict, deque
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


class GitHubRawServer:
    def __init__(self, files: dict[str, bytes]) -> None:
        self.files = files
        self.requests: list[str] = []
        self._failures: dict[str, deque[int]] = defaultdict(deque)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def fail(self, path: str, *statuses: int) -> None:
        self._failures[path].extend(statuses)

    def __enter__(self) -> GitHubRawServer:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._server.shutdown()
        self._server.server_close()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:
                server.requests.append(self.path)
                if self.path.startswith("/content/"):
                    owner, repo, commit, path = self.path.removeprefix("/content/").split("/", 3)
                    self._answer(f"/{owner}/{repo}/raw/{commit}/{path}")
                    return
                parts = self.path.lstrip("/").split("/", 4)
                if len(parts) == 5 and parts[2] == "raw":
                    owner, repo, _, commit, path = parts
                    if failures := server._failures.get(self.path):
                        self._status(failures.popleft())
                        return
                    self.send_response(302)
                    self.send_header("Location", f"/content/{owner}/{repo}/{commit}/{path}")
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                self._status(404)

            def _answer(self, key: str) -> None:
                body = server.files.get(key)
                if body is None:
                    self._status(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", "text/plain; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def _status(self, code: int) -> None:
                self.send_response(code)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *_: object) -> None:  # quiet
                pass

        return Handler
