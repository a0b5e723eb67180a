"""Serve the scripted model over the chat-completions protocol in its own process; prints the base URL.

python tests/support/serve_scripted_model.py --latency 0.05 [--port 8000]
"""

from __future__ import annotations

import argparse
import threading

from openai_server import OpenAIServer
from scripted_model import scripted_model


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to every completion")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    with OpenAIServer(scripted_model, latency=args.latency, port=args.port) as server:
        print(server.url, flush=True)
        threading.Event().wait()


if __name__ == "__main__":
    main()
