"""Slow and absent senders (slowloris) against a real `nohallucinate serve`: each is closed, the others served."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import httpx
import pytest
from serving import Served, served

TIMEOUT = 0.5  # the server's header and body timeouts here
BOUND = 20 * TIMEOUT  # generous: a closed connection shows long before this on any machine

PARTIAL_HEAD = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "
SHORT_BODY = (
    b"POST /nohallucinate/call HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"
)
FULL_REQUEST = b"GET /health HTTP/1.1\r\nHost: x\r\n\r\n"


@pytest.fixture(scope="module")
def strict_server() -> Iterator[Served]:
    with served("--header-timeout", str(TIMEOUT), "--body-timeout", str(TIMEOUT), "--keep-alive", "30") as server:
        yield server


def connect(url: str) -> socket.socket:
    host, port = url.removeprefix("http://").split(":")
    return socket.create_connection((host, int(port)), timeout=BOUND)


def closed_by_server(sock: socket.socket) -> bool:
    """True if the server closes the connection (end of stream or reset) before BOUND, with nothing left to read."""
    try:
        while chunk := sock.recv(65536):
            if b"HTTP/1.1 200" not in chunk:  # the keep-alive case reads its one full reply first
                return False
        return True
    except ConnectionResetError:
        return True
    except TimeoutError:
        return False


def read_reply(sock: socket.socket) -> bytes:
    data = b""
    while b"\r\n\r\n" not in data or not data.rstrip().endswith(b"}"):
        data += sock.recv(65536)
    return data


def test_half_sent_requests_are_closed_while_a_normal_client_is_served(strict_server: Served) -> None:
    socks: list[tuple[str, socket.socket]] = []
    for i in range(50):
        kind = ("nothing", "partial head", "short body", "partial head after a kept-alive request")[i % 4]
        sock = connect(strict_server.url)
        if kind == "partial head":
            sock.sendall(PARTIAL_HEAD)
        elif kind == "short body":
            sock.sendall(SHORT_BODY)
        elif kind.endswith("kept-alive request"):
            sock.sendall(FULL_REQUEST)
            assert read_reply(sock).startswith(b"HTTP/1.1 200")
            sock.sendall(PARTIAL_HEAD)
        socks.append((kind, sock))
    # Another client meanwhile: answered, on a fresh connection each time.
    for _ in range(5):
        assert httpx.get(f"{strict_server.url}/health", timeout=BOUND).status_code == 200
    held = [kind for kind, sock in socks if not closed_by_server(sock)]
    for _, sock in socks:
        sock.close()
    assert held == []


def test_a_client_that_sends_its_request_in_time_is_not_cut(strict_server: Served) -> None:
    # Slow but in time: the head in two pieces, well inside the deadline, is answered.
    sock = connect(strict_server.url)
    sock.sendall(FULL_REQUEST[:10])
    sock.sendall(FULL_REQUEST[10:])
    assert read_reply(sock).startswith(b"HTTP/1.1 200")
    sock.close()


def test_connections_over_the_per_client_cap_are_closed_at_once() -> None:
    with served("--max-connections-per-client", "5", "--header-timeout", "60") as server:
        held = [connect(server.url) for _ in range(5)]
        for sock in held:
            sock.sendall(PARTIAL_HEAD)  # open and within its (long) deadline
        extra = connect(server.url)
        assert closed_by_server(extra)  # long before the 60 s head deadline of the others
        extra.close()
        for sock in held:  # the five within the cap are still open
            sock.setblocking(False)
            with pytest.raises(BlockingIOError):
                sock.recv(1)
        held.pop().close()
        # A place freed: the same client is served again (the close may take a moment to reach the server).
        for _ in range(50):
            try:
                if httpx.get(f"{server.url}/health", timeout=BOUND).status_code == 200:
                    break
            except httpx.HTTPError:
                continue
        else:
            pytest.fail("no request served after a connection within the cap closed")
        for sock in held:
            sock.close()
