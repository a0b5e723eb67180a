"""Slowloris against `nohallucinate serve`: are half-sent requests closed in time, and does anyone else notice?

1,000 connections each send part of a request (nothing; part of a head; a whole head and part of the body
it declares) and then nothing more. Counted: how many the server closed within its timeout plus `--slack`,
measured from when each was opened. Meanwhile a well-behaved client (one kept-alive connection) sends 300
`GET /health` one after another; its p50/p99 latency is printed against the same client with no slow clients,
median of `--rounds` rounds. The per-client caps are raised here so that the timeouts, not the caps, close
the slow connections (all come from 127.0.0.1); a last line shows the default caps closing the excess at once.

    .venv/bin/python benchmarks/slow_clients.py [--connections 1000] [--timeout 3] [--rounds 3]
"""

from __future__ import annotations

import argparse
import resource
import selectors
import socket
import statistics
import threading
import time

import httpx

from env_server_speed import start_env_server

PARTIAL_HEAD = b"GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: "
SHORT_BODY = b"POST /nohallucinate/call HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{"
SENDS = (b"", PARTIAL_HEAD, SHORT_BODY)


def raise_fd_limit() -> None:
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the server, started after, inherits it


def latencies(url: str, requests: int) -> tuple[float, float]:
    """p50 and p99 in ms of `requests` sequential GET /health on one kept-alive connection."""
    times = []
    with httpx.Client(base_url=url, timeout=30) as client:
        client.get("/health")  # the connection, opened before the clock
        for _ in range(requests):
            start = time.perf_counter()
            assert client.get("/health").status_code == 200
            times.append((time.perf_counter() - start) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.99 * len(times)) - 1]


def open_slow(url: str, count: int) -> list[tuple[socket.socket, float]]:
    host, port = url.removeprefix("http://").split(":")
    opened = []
    for i in range(count):
        sock = socket.create_connection((host, int(port)))
        if SENDS[i % 3]:
            sock.sendall(SENDS[i % 3])
        opened.append((sock, time.monotonic()))
    return opened


def watch_closes(opened: list[tuple[socket.socket, float]], give_up: float) -> list[float | None]:
    """Seconds from each connection's opening to the server closing it; None if still open at `give_up`."""
    closed: list[float | None] = [None] * len(opened)
    selector = selectors.DefaultSelector()
    for index, (sock, _) in enumerate(opened):
        sock.setblocking(False)
        selector.register(sock, selectors.EVENT_READ, index)
    left = len(opened)
    while left and time.monotonic() < give_up:
        for key, _ in selector.select(timeout=0.1):
            sock, since = opened[key.data]
            try:
                data = sock.recv(4096)
            except ConnectionResetError:
                data = b""
            if not data:
                closed[key.data] = time.monotonic() - since
                selector.unregister(sock)
                left -= 1
    selector.close()
    for sock, _ in opened:
        sock.close()
    return closed


def one_round(url: str, connections: int, timeout: float, slack: float, requests: int) -> tuple[int, float, tuple]:
    opened = open_slow(url, connections)
    result: list[list[float | None]] = []
    watcher = threading.Thread(target=lambda: result.append(watch_closes(opened, time.monotonic() + timeout * 4)))
    watcher.start()
    beside = latencies(url, requests)
    watcher.join()
    [closed] = result
    in_time = sum(1 for t in closed if t is not None and t <= timeout + slack)
    worst = max((t for t in closed if t is not None), default=float("nan"))
    return in_time, worst, beside


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--connections", type=int, default=1000)
    parser.add_argument("--timeout", type=float, default=3.0, help="the server's --header-timeout and --body-timeout")
    parser.add_argument("--slack", type=float, default=1.0)
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    raise_fd_limit()
    t = str(args.timeout)
    cap = str(2 * args.connections + 100)
    flags = ["--header-timeout", t, "--body-timeout", t, "--max-connections", cap, "--max-connections-per-client", cap]
    process, url = start_env_server(*flags)
    try:
        alone, beside, counts, worst = [], [], [], []
        for _ in range(args.rounds):
            alone.append(latencies(url, args.requests))
            in_time, slowest, figures = one_round(url, args.connections, args.timeout, args.slack, args.requests)
            counts.append(in_time)
            worst.append(slowest)
            beside.append(figures)
        p50a, p99a = (statistics.median(f[i] for f in alone) for i in (0, 1))
        p50b, p99b = (statistics.median(f[i] for f in beside) for i in (0, 1))
        print(f"timeout {args.timeout} s, slack {args.slack} s, {args.connections} half-sent connections a round")
        print(f"closed within timeout+slack: {counts} of {args.connections} (latest close {max(worst):.2f} s)")
        print(f"well-behaved client, {args.requests} requests: alone p50 {p50a:.2f} ms p99 {p99a:.2f} ms")
        print(
            f"  beside the slow clients: p50 {p50b:.2f} ms p99 {p99b:.2f} ms ({p50b / p50a:.2f}x, {p99b / p99a:.2f}x)"
        )
    finally:
        process.terminate()
        process.wait(10)
    # The default caps: 64 connections per client address, the rest closed unread at once.
    process, url = start_env_server("--header-timeout", t, "--body-timeout", t)
    try:
        opened = open_slow(url, args.connections)
        closed = watch_closes(opened, time.monotonic() + args.timeout * 4)
        at_once = sum(1 for c in closed if c is not None and c < 0.5)
        in_time = sum(1 for c in closed if c is not None and c <= args.timeout + args.slack)
        print(f"default caps: {at_once} closed within 0.5 s (over the per-client cap), {in_time} within timeout+slack")
    finally:
        process.terminate()
        process.wait(10)


if __name__ == "__main__":
    main()
