"""The ``mapsnb`` command line: ``mapsnb sandbox serve``."""

from __future__ import annotations

import argparse
from collections.abc import Sequence


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mapsnb`` console script."""
    parser = argparse.ArgumentParser(prog="mapsnb", description="mapsnb command line")
    sub = parser.add_subparsers(dest="command", required=True)
    sandbox = sub.add_parser("sandbox", help="the built-in emulator").add_subparsers(
        dest="action", required=True
    )
    serve = sandbox.add_parser("serve", help="serve the emulator over MCP streamable HTTP")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8765)
    serve.add_argument("--now", default=None, help="fix the clock (ISO 8601)")
    serve.add_argument("--json", action="store_true", help="answer application/json, not SSE")
    serve.add_argument("--stateless", action="store_true", help="no sessions")
    args = parser.parse_args(argv)
    from .sandbox.server import serve as run

    run(args.host, args.port, now=args.now, json_response=args.json, stateless=args.stateless)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
