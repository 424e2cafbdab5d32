"""The ``mapsnb`` command line.

Commands: ``sandbox serve``, ``doctor``, ``recording``, ``export-notebooks``, ``new-lesson``.

``recording show|check FILE`` reads a recording; ``export-notebooks OUTDIR`` writes static pages;
``new-lesson OUT.ipynb --city … --language …`` writes a lesson for a town.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

_INSTALL_HINT = 'pip install "mapsnb[server]"'


class _Defaults(argparse.ArgumentDefaultsHelpFormatter):
    """Add "(default: …)" to an option's help once.

    Not when the help already says its default, nor for a flag (default False) or an option without
    a default (None).
    """

    def _get_help_string(self, action: argparse.Action) -> str | None:
        text = action.help or ""
        if "default" in text.lower() or action.default in (None, False, argparse.SUPPRESS):
            return text
        return super()._get_help_string(action)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``mapsnb`` console script."""
    from mapsnb._version import __version__

    parser = argparse.ArgumentParser(prog="mapsnb", description="mapsnb command line")
    parser.add_argument("--version", action="version", version=f"mapsnb {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sandbox = sub.add_parser("sandbox", help="the built-in emulator").add_subparsers(
        dest="action", required=True
    )
    serve = sandbox.add_parser(
        "serve",
        help="serve the emulator over MCP (HTTP at /mcp, or stdio)",
        description="Serve the built-in emulator (synthetic data) to any MCP client: over "
        "streamable HTTP at http://HOST:PORT/mcp (the endpoint path is always /mcp), or over "
        f"stdio with --stdio. Needs the server extra: {_INSTALL_HINT}",
        formatter_class=_Defaults,
    )
    serve.add_argument("--host", default="127.0.0.1", help="interface to listen on")
    serve.add_argument("--port", type=int, default=8765, help="TCP port; the URL ends in /mcp")
    serve.add_argument("--now", default=None, help="fix the clock (ISO 8601)")
    serve.add_argument(
        "--sessions",
        action="store_true",
        help="MCP sessions (initialize, Mcp-Session-Id) and SSE answers; default: stateless "
        "JSON like the live server",
    )
    serve.add_argument("--json", action="store_true", help="with --sessions: answer JSON")
    serve.add_argument("--stateless", action="store_true", help="no sessions (the default)")
    serve.add_argument(
        "--tools",
        choices=["2026-12", "2026-08"],
        default="2026-12",
        help="toolset era: today's six tools, or 2026-08's five (legacy weather record)",
    )
    serve.add_argument(
        "--allow-host",
        action="append",
        default=[],
        metavar="NAME",
        help="also accept this Host name (repeatable); loopback and the bound host always are",
    )
    serve.add_argument(
        "--allow-origin",
        action="append",
        default=[],
        metavar="ORIGIN",
        help="also accept this browser Origin, e.g. https://example.org (repeatable)",
    )
    serve.add_argument(
        "--stdio", action="store_true", help="serve over stdin/stdout instead of HTTP"
    )
    serve.add_argument(
        "--structured-content",
        action="store_true",
        help="ignored: every answer carries structuredContent (each tool has an outputSchema)",
    )
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
    recording = sub.add_parser(
        "recording",
        help="recordings made with record=/MAPSNB_RECORD",
        description="Inspect a JSON recording of tool calls (made with Client(record=...) or "
        "MAPSNB_RECORD) before replaying or sharing it.",
    )
    rec_actions = recording.add_subparsers(dest="action", required=True)
    rec_actions.add_parser(
        "show",
        help="calls, dates and sources",
        description="Describe a recording: the calls it holds (by tool), when they were "
        "recorded and where from (live, a host, or the emulator's synthetic data).",
    ).add_argument("file", help="the recording (a .json file)")
    rec_actions.add_parser(
        "check",
        help="no secrets, parseable, age",
        description="Check a recording before sharing it: it parses, holds no key or token, "
        "and was recorded within 30 days. Exit status 1 when it has a problem.",
    ).add_argument("file", help="the recording (a .json file)")
    intermixed = {"export-notebooks": _add_export_parser(sub)}
    lesson = sub.add_parser(
        "new-lesson",
        help="write a lesson notebook for a town, in a language",
        description="Write a lesson notebook for any town the tools resolve: places, a route and "
        "a detour, hourly air quality and pollen, three cities compared, a form, exercises with "
        "solutions (tagged 'solution') and a papermill 'parameters' cell (city, language, date).",
        formatter_class=_Defaults,
    )
    lesson.add_argument("out", help="the notebook to write (.ipynb)")
    lesson.add_argument("--city", required=True, help='the town, e.g. "Accra, Ghana"')
    lesson.add_argument(
        "--language", default="en", help="texts, answers and charts (en, es, fr, ja, …)"
    )
    lesson.add_argument(
        "--date", default=None, help="the lesson's day, YYYY-MM-DD (default: today there)"
    )
    intermixed["new-lesson"] = lesson
    given = list(sys.argv[1:] if argv is None else argv)
    if given and given[0] in intermixed:  # options in any order, before or after the paths
        args = intermixed[given[0]].parse_intermixed_args(given[1:])
        args.command = given[0]
    else:
        args = parser.parse_args(given)
    if args.command == "doctor":
        return _doctor(args)
    if args.command == "export-notebooks":
        return _export_notebooks(args)
    if args.command == "new-lesson":
        return _new_lesson(args)
    if args.command == "recording":
        return _recording(args.action, args.file)
    return _serve(args)


def _new_lesson(args: argparse.Namespace) -> int:
    from mapsnb.errors import InvalidRequest
    from mapsnb.lessons import new_lesson

    try:
        path = new_lesson(args.out, args.city, language=args.language, date=args.date)
    except InvalidRequest as err:
        print(f"mapsnb new-lesson: {err}", file=sys.stderr)
        return 2
    print(f"{path}  (lesson for {args.city}, in {args.language})")
    return 0


def _serve(args: argparse.Namespace) -> int:
    from mapsnb_sandbox.serve import server

    missing = server.missing_server_module(http=not args.stdio)
    if missing is not None:
        print(
            f"mapsnb sandbox serve needs the 'server' extra (module {missing!r} is not "
            f"installed). Install it with:\n\n    {_INSTALL_HINT}\n",
            file=sys.stderr,
        )
        return 2
    if args.stdio:
        server.serve_stdio(now=args.now, tools=args.tools)
        return 0
    server.serve(
        args.host,
        args.port,
        now=args.now,
        sessions=args.sessions and not args.stateless,
        json_response=True if args.json else None,
        tools=args.tools,
        allow_hosts=args.allow_host,
        allow_origins=args.allow_origin,
    )
    return 0


def _doctor(args: argparse.Namespace) -> int:
    import os

    from mapsnb._calls.client import Client
    from mapsnb._calls.doctor import terminal_safe

    token = os.environ.get(args.token_env) if args.token_env else None
    if args.token_env and not token:
        print(f"mapsnb doctor: the environment variable {terminal_safe(args.token_env)} is empty")
        return 2
    with Client(
        url=args.url,
        token=token,
        quota_project=args.quota_project,
        protocol=args.protocol,
        # short bounds: an unreachable or silent server is reported in seconds, not minutes
        timeout=args.timeout or 10.0,
        max_retries=1,
        deadline=max(20.0, 2 * (args.timeout or 10.0)),
    ) as client:
        report = client.check()
    print(report.to_json() if args.json else report)  # either escapes what a terminal acts on
    return 0 if report.ok else 1


def _recording(action: str, path: str) -> int:
    """``mapsnb recording show|check FILE``: exit status 1 when the file has a problem.

    Output cut short by its reader (``mapsnb recording show f | head``) ends quietly.
    """
    try:
        status = _recording_report(action, path)
        sys.stdout.flush()
    except BrokenPipeError:
        import os

        # the reader has gone: nothing more can be shown, and the exit must not print either
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    return status


def _recording_report(action: str, path: str) -> int:
    """Print what ``recording show|check`` says about ``path``; its exit status."""
    from mapsnb._store.recording import check, describe, load, synthetic
    from mapsnb._store.recording_file import printable
    from mapsnb.errors import MapsnbError

    if action == "show":
        try:
            print(describe(path))
        except MapsnbError as exc:
            print(f"error: {printable(exc, 4000)}", file=sys.stderr)
            return 1
        return 0
    problems = check(path)
    for problem in problems:
        print(f"problem: {printable(problem, 4000)}", file=sys.stderr)
    if problems:
        return 1
    calls = load(path, warn=False)["calls"]
    fake = synthetic(calls)
    note = (
        f"; SYNTHETIC: {fake} of {len(calls)} call(s) made on the built-in emulator, "
        "not Google Maps data"
        if fake
        else ""
    )
    print(f"{printable(path, 500)}: ok (parseable, no credentials, recorded within 30 days{note})")
    return 0


def _add_export_parser(
    sub: argparse._SubParsersAction[argparse.ArgumentParser],
) -> argparse.ArgumentParser:
    export = sub.add_parser(
        "export-notebooks",
        help="execute notebooks and write static HTML pages (maps included) plus an index page",
        description=(
            "Execute notebooks and write static HTML pages with the widget state embedded (maps"
            " can be panned and zoomed without a kernel; forms need one) plus index.html."
            " Kernels run without GOOGLE_MAPS_API_KEY (the emulator's synthetic data) unless"
            " --live is given. Cells tagged 'solution' or 'remove-cell' are left out unless"
            " --solutions; a cell tagged 'raises-exception' shows its error's message. A notebook"
            " that fails stops only itself: the others are exported and index.html marks it."
            " Exit status: the number of notebooks that failed (at most 125). Options may come"
            " before or after the notebooks."
        ),
        formatter_class=_Defaults,
    )
    export.add_argument("outdir", help="folder for the pages (created if needed)")
    export.add_argument(
        "notebooks",
        nargs="*",
        default=[],  # a default makes a "*" positional optional (argparse calls it required else)
        help="optional: the notebooks or folders to run (default: ./notebooks)",
    )
    export.add_argument("--timeout", type=int, default=120, help="seconds a cell may run")
    export.add_argument("--kernel", default=None, help="kernel name (default: the notebook's)")
    export.add_argument("--title", default="mapsnb notebooks", help="heading of index.html")
    export.add_argument(
        "--live", action="store_true", help="keep GOOGLE_MAPS_API_KEY (live, billed calls)"
    )
    export.add_argument(
        "--solutions",
        action="store_true",
        help="keep the cells tagged 'solution' and 'remove-cell' (left out by default)",
    )
    return export


def _export_notebooks(args: argparse.Namespace) -> int:
    try:
        from nbclient.exceptions import CellExecutionError  # noqa: F401  (checked here)
        from nbconvert import HTMLExporter  # noqa: F401  (checked here, used by _export)
    except ImportError as err:
        print(
            f"mapsnb export-notebooks needs the 'notebooks' extra ({err.name} is not installed):"
            '\n\n    python -m pip install "mapsnb[notebooks]"\n',
            file=sys.stderr,
        )
        return 2

    from mapsnb._export import export_notebooks

    def progress(notebook: object) -> None:
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
            solutions=args.solutions,
        )
    except FileNotFoundError as err:
        print(f"mapsnb export-notebooks: {err}", file=sys.stderr)
        return 2
    for page in pages:
        if page.error is None:
            print(f"{page.path}  ({page.title}; {page.widgets} widget output(s))")
        else:
            print(
                f"mapsnb export-notebooks: {page.source} failed: {page.error}",
                file=sys.stderr,
            )
    failed = sum(page.error is not None for page in pages)
    print(
        f"{Path(args.outdir) / 'index.html'}  (index of {len(pages)} notebook(s), {failed} failed)"
    )
    return min(failed, 125)  # the exit status: how many failed (125 at most)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
