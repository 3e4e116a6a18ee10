"""``wortsuche serve``: the browser app (create, play, share, print) on a local web server.

The puzzles are kept in an SQLite file, created on first start in the current folder.
"""

from __future__ import annotations

import argparse
import errno
import socket
from pathlib import Path
from typing import Any

from wortsuche.errors import InputError, MissingExtraError


def add_parser(subparsers: Any) -> None:
    """Register ``serve`` and its options."""
    parser = subparsers.add_parser(
        "serve",
        help="play and make puzzles in the browser",
        description="Run the web app: make puzzles from your words, play them with mouse, "
        "finger or keyboard, share a link, print.",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: %(default)s)"
    )
    parser.add_argument(
        "--port", type=int, default=8000, help="port to listen on (default: %(default)s)"
    )
    parser.add_argument(
        "--db",
        default="wortsuche.sqlite",
        metavar="FILE",
        help="SQLite file with the saved puzzles, created if missing (default: ./%(default)s)",
    )
    parser.add_argument(
        "--no-rate-limit",
        dest="rate_limit",
        action="store_false",
        help="no per-address limit on creating, checking and revealing (a trusted network, a "
        "classroom behind one address)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve the app until interrupted."""
    try:
        import uvicorn

        from wortsuche.web.app import create_app
    except ImportError as error:
        raise MissingExtraError(f"the web app ({error.name} is missing)", "web") from None
    if not 0 < args.port < 65536:
        raise InputError(f"--port must be from 1 to 65535, not {args.port}")
    db = Path(args.db)
    if db.is_dir():
        raise InputError(f"{db} is a folder; --db needs a file")
    if not db.parent.is_dir():
        raise InputError(f"{db.parent} is not an existing folder")
    from wortsuche.web.limits import Limits

    app = create_app(db, limits=Limits() if args.rate_limit else Limits(rates={}))
    listener = _listen(args.host, args.port)
    host = f"[{args.host}]" if ":" in args.host else args.host
    print(f"wortsuche: serving http://{host}:{args.port}/  (puzzles in {db})", flush=True)
    print("wortsuche: press Ctrl+C to stop", flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False)
    uvicorn.Server(config).run(sockets=[listener])
    return 0


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket, so a taken port is a one-line error instead of a server log."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise InputError(f"unknown host {host!r}") from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise InputError(f"port {port} is in use; choose another with --port") from None
        raise InputError(f"cannot listen on {host}:{port} ({error.strerror})") from None
    listener.listen(128)
    listener.set_inheritable(True)
    return listener
