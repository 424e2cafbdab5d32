"""The ``mapsnb`` command line: ``mapsnb sandbox serve``, ``mapsnb recording show|check FILE``."""

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
    recording = sub.add_parser("recording", help="recordings made with record=/MAPSNB_RECORD")
    rec_actions = recording.add_subparsers(dest="action", required=True)
    rec_actions.add_parser("show", help="calls, dates and sources").add_argument("file")
    rec_actions.add_parser("check", help="no secrets, parseable, age").add_argument("file")
    args = parser.parse_args(argv)
    if args.command == "recording":
        return _recording(args.action, args.file)
    from .sandbox.server import serve as run

    run(args.host, args.port, now=args.now, json_response=args.json, stateless=args.stateless)
    return 0


def _recording(action: str, path: str) -> int:
    """``mapsnb recording show|check FILE``: exit status 1 when the file has a problem."""
    import sys

    from ._recording import check, describe
    from .errors import MapsnbError

    if action == "show":
        try:
            print(describe(path))
        except MapsnbError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 1
        return 0
    problems = check(path)
    for problem in problems:
        print(f"problem: {problem}", file=sys.stderr)
    if not problems:
        print(f"{path}: ok (parseable, no credentials, recorded within 30 days)")
    return 1 if problems else 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
