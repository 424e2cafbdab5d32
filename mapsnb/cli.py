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
    doctor = sub.add_parser(
        "doctor",
        help="check access with one $0 real call and print a redacted report",
        description="Check access to the Maps tools with your key (GOOGLE_MAPS_API_KEY) or "
        "token: one real resolve_names call (billed $0), the protocol, latency and the server's "
        "tools against the six mapsnb knows. The report holds no key or token. With no key or "
        "token it checks the built-in emulator only. Exit status 0 when access works.",
    )
    doctor.add_argument("--url", default=None, help="MCP endpoint (default: the live server)")
    doctor.add_argument(
        "--token-env", default=None, metavar="VAR", help="read an OAuth token from this variable"
    )
    doctor.add_argument("--quota-project", default=None, help="X-Goog-User-Project to bill")
    doctor.add_argument("--protocol", choices=["auto", "session", "stateless"], default="auto")
    doctor.add_argument("--timeout", type=float, default=None, help="seconds per request")
    doctor.add_argument("--json", action="store_true", help="print the report as JSON")
    _add_export_parser(sub)
    args = parser.parse_args(argv)
    if args.command == "doctor":
        return _doctor(args)
    if args.command == "export-notebooks":
        return _export_notebooks(args)
    from .sandbox.server import serve as run

    run(args.host, args.port, now=args.now, json_response=args.json, stateless=args.stateless)
    return 0


def _doctor(args: argparse.Namespace) -> int:
    import json
    import os

    from ._client import Client

    token = os.environ.get(args.token_env) if args.token_env else None
    if args.token_env and not token:
        print(f"mapsnb doctor: the environment variable {args.token_env} is empty")
        return 2
    with Client(
        url=args.url,
        token=token,
        quota_project=args.quota_project,
        protocol=args.protocol,
        timeout=args.timeout,
    ) as client:
        report = client.check()
    print(json.dumps(report.to_dict(), indent=2) if args.json else report)
    return 0 if report.ok else 1


def _add_export_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    export = sub.add_parser(
        "export-notebooks",
        help="execute notebooks and write static HTML pages (maps included) plus an index page",
        description=(
            "Execute notebooks and write static HTML pages with the widget state embedded (maps"
            " can be panned and zoomed without a kernel; forms need one) plus index.html."
            " Kernels run without GOOGLE_MAPS_API_KEY (the emulator's synthetic data) unless"
            " --live is given."
        ),
        formatter_class=argparse.ArgumentDefaultsHelpFormatter,
    )
    export.add_argument("outdir", help="folder for the pages (created if needed)")
    export.add_argument("notebooks", nargs="*", help="notebooks or folders (default: ./notebooks)")
    export.add_argument("--timeout", type=int, default=120, help="seconds a cell may run")
    export.add_argument("--kernel", default=None, help="kernel name (default: the notebook's)")
    export.add_argument("--title", default="mapsnb notebooks", help="heading of index.html")
    export.add_argument(
        "--live", action="store_true", help="keep GOOGLE_MAPS_API_KEY (live, billed calls)"
    )


def _export_notebooks(args: argparse.Namespace) -> int:
    import sys

    from nbclient.exceptions import CellExecutionError

    from ._export import export_notebooks

    running: list[object] = []

    def progress(notebook: object) -> None:
        running.append(notebook)
        print(f"running {notebook} ...", file=sys.stderr, flush=True)

    try:
        pages = export_notebooks(
            args.outdir,
            args.notebooks,
            timeout=args.timeout,
            kernel_name=args.kernel,
            live=args.live,
            title=args.title,
            progress=progress,
        )
    except FileNotFoundError as err:
        print(f"mapsnb export-notebooks: {err}", file=sys.stderr)
        return 2
    except CellExecutionError as err:
        print(f"mapsnb export-notebooks: a cell of {running[-1]} failed:\n{err}", file=sys.stderr)
        return 1
    for page in pages:
        print(f"{page.path}  ({page.title}; {page.widgets} widget output(s))")
    print(f"{pages[0].path.parent / 'index.html'}  (index of {len(pages)} page(s))")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
