"""``wortsuche serve``: the browser app (create, play, share, print) on a local web server.

The puzzles are kept in an SQLite file, created on first start in the current folder, or in a
PostgreSQL database (``--db postgresql://user:password@host/dbname``, also ``WORTSUCHE_DB``).
``--workers N`` runs N server processes on one port (uvicorn's supervisor restarts one that
dies); they share the database, and the rate limits when these are counted in Redis
(``--rate-limit-storage redis://host:6379``, also ``WORTSUCHE_RATE_LIMIT_STORAGE``); the
generation queue holds per process. Each process builds its app with
:func:`app_from_environment`, which other ASGI servers can call too
(``uvicorn --factory wortsuche.cli.serve:app_from_environment``).

No proxy is trusted unless named (``--forwarded-allow-ips``, or uvicorn's
``FORWARDED_ALLOW_IPS``): uvicorn believes ``X-Forwarded-For`` from 127.0.0.1 by default, which
would let any local client (or a proxy that passes the header on) choose its rate-limit bucket.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from wortsuche.cli.interface import texts
from wortsuche.errors import InputError, MissingExtraError

if TYPE_CHECKING:
    import socket

    from fastapi import FastAPI

DB_VARIABLE = "WORTSUCHE_DB"
"""The environment variable that names the database when ``--db`` is not given."""
RECORD_PLAY_VARIABLE = "WORTSUCHE_RECORD_PLAY"
"""``on`` makes the play page report each find's time (what ``--record-play`` passes on)."""
RATE_LIMIT_VARIABLE = "WORTSUCHE_RATE_LIMIT"
"""``off`` switches the per-address rate limits off (what ``--no-rate-limit`` passes on)."""
RATE_STORAGE_VARIABLE = "WORTSUCHE_RATE_LIMIT_STORAGE"
"""Where the rate limits are counted when ``--rate-limit-storage`` is not given."""
DEFAULT_DB = "wortsuche.sqlite"
MAX_WORKERS = 64
EMBED_VARIABLE = "WORTSUCHE_EMBED_FROM"
"""The origins (separated by spaces) that may frame the play and class pages, when no
``--embed-from`` is given."""
FORWARDED_VARIABLE = "FORWARDED_ALLOW_IPS"
"""uvicorn's variable naming the proxies whose ``X-Forwarded-For`` is believed."""


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
        default=os.environ.get(DB_VARIABLE) or DEFAULT_DB,
        metavar="FILE|URL",
        help="where the puzzles are saved: an SQLite file, created if missing, or a PostgreSQL "
        "database, postgresql://user:password@host/dbname (default: $WORTSUCHE_DB, else "
        f"./{DEFAULT_DB})",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes on the port, sharing the database (default: %(default)s); "
        "the generation queue holds per process, the rate limits too unless counted in Redis",
    )
    parser.add_argument(
        "--rate-limit-storage",
        default=os.environ.get(RATE_STORAGE_VARIABLE) or "memory://",
        metavar="URI",
        help="where the rate limits are counted: memory:// in each server process, or "
        "redis://host:6379 shared by every process and machine that names it; if Redis cannot "
        "be reached the limits fail open and /health says so (default: "
        f"${RATE_STORAGE_VARIABLE}, else %(default)s)",
    )
    parser.add_argument(
        "--no-rate-limit",
        dest="rate_limit",
        action="store_false",
        help="no per-address limit on creating, checking and revealing (a trusted network, a "
        "classroom behind one address)",
    )
    parser.add_argument(
        "--record-play",
        action="store_true",
        help="keep a record of every game played on the play page: the puzzle, each word's "
        "find time, hints and wrong selections before it, the total time and the screen size; "
        "no names, addresses or cookies (for `wortsuche records export` and calibration)",
    )
    parser.add_argument(
        "--embed-from",
        action="append",
        metavar="ORIGIN",
        help="let this site show the play and class pages in a frame, e.g. the school's "
        "learning platform: https://moodle.example.org (scheme, host and port; repeatable); no "
        f"other site may frame any page (default: ${EMBED_VARIABLE}, origins separated by "
        "spaces, else none)",
    )
    parser.add_argument(
        "--forwarded-allow-ips",
        default=os.environ.get(FORWARDED_VARIABLE) or None,
        metavar="ADDRESSES",
        help="the proxies (comma-separated addresses or networks, * for any) whose "
        "X-Forwarded-For names the client, for the rate limits (default: "
        f"${FORWARDED_VARIABLE}, else none: the address a request comes from)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Serve the app until interrupted."""
    try:
        import uvicorn

        import wortsuche.web.app  # noqa: F401  (the web extra, asked for before anything starts)
    except ImportError as error:
        raise MissingExtraError(f"the web app ({error.name} is missing)", "web") from None
    from wortsuche.web.rates import checked_storage
    from wortsuche.web.storage import is_database_url, open_storage

    if not 0 < args.port < 65536:
        raise InputError(
            f"--port must be from 1 to 65535, not {args.port}",
            key="error.flag-range",
            values={"flag": "--port", "low": 1, "high": 65535, "value": args.port},
        )
    if not 1 <= args.workers <= MAX_WORKERS:
        raise InputError(
            f"--workers must be from 1 to {MAX_WORKERS}, not {args.workers}",
            key="error.flag-range",
            values={"flag": "--workers", "low": 1, "high": MAX_WORKERS, "value": args.workers},
        )
    checked_storage(args.rate_limit_storage)
    embed_from = embedding_origins(args.embed_from)
    if not is_database_url(args.db):
        _check_database_file(Path(args.db))
    # opened once here: a database that cannot be used is one line before any process starts,
    # and the schema is migrated before several processes open it
    with open_storage(args.db) as storage:
        where = storage.location
    listener = _listen(args.host, args.port)
    host = f"[{args.host}]" if ":" in args.host else args.host
    said = texts()
    processes = said.n("serve.processes", args.workers) if args.workers > 1 else ""
    url = f"http://{host}:{args.port}/"
    print(f"wortsuche: {said.t('serve.serving', url=url, where=where, processes=processes)}")
    print(f"wortsuche: {said.t('serve.stop')}", flush=True)
    # every server process, the first included, builds its app from these
    os.environ[DB_VARIABLE] = str(args.db)
    os.environ[RATE_LIMIT_VARIABLE] = "on" if args.rate_limit else "off"
    os.environ[RATE_STORAGE_VARIABLE] = args.rate_limit_storage
    if args.rate_limit:
        say_rate_storage(args.rate_limit_storage)
    os.environ[RECORD_PLAY_VARIABLE] = "on" if args.record_play else "off"
    if args.record_play:
        print(f"wortsuche: {said.t('serve.recording')}")
    os.environ[EMBED_VARIABLE] = " ".join(embed_from)
    if embed_from:
        print(f"wortsuche: {said.t('serve.embedding', origins=', '.join(embed_from))}")
    proxies = _proxies(args.forwarded_allow_ips)
    if args.workers == 1:
        config = uvicorn.Config(
            app_from_environment(), log_level="warning", access_log=False, **proxies
        )
        uvicorn.Server(config).run(sockets=[listener])
        return 0
    from uvicorn.supervisors import Multiprocess

    config = uvicorn.Config(
        f"{__name__}:app_from_environment",
        factory=True,
        workers=args.workers,
        log_level="warning",
        access_log=False,
        **proxies,
    )
    Multiprocess(config, sockets=[listener]).run()
    return 0


def say_rate_storage(uri: str) -> None:
    """One line on a shared storage of the rate limits, a warning if it cannot be reached."""
    from wortsuche.web.limits import Limits
    from wortsuche.web.rates import RateLimiter

    if uri.startswith("memory:"):
        return
    state = RateLimiter(Limits().rates, uri).health()
    said = texts()
    if state["status"] == "ok":
        print(f"wortsuche: {said.t('serve.limits-shared', storage=state['storage'])}")
    else:
        unreachable = said.t("serve.limits-open", storage=state["storage"], reason=state["error"])
        print(f"wortsuche: {unreachable}", file=sys.stderr)


def _check_database_file(db: Path) -> None:
    """Refuse a database file that cannot be made: a folder, or one in a missing folder."""
    if db.is_dir():
        raise InputError(
            f"{db} is a folder; --db needs a file", key="error.db-folder", values={"path": db}
        )
    if not db.parent.is_dir():
        raise InputError(
            f"{db.parent} is not an existing folder",
            key="error.no-such-folder",
            values={"path": db.parent},
        )


def embedding_origins(named: list[str] | None) -> list[str]:
    """The origins that may frame the play and class pages: those named by ``--embed-from``,
    else by ``WORTSUCHE_EMBED_FROM``; each checked (one line naming a bad one)."""
    from wortsuche.web.middleware import embedding_origin

    given = named if named is not None else os.environ.get(EMBED_VARIABLE, "").split()
    return list(dict.fromkeys(embedding_origin(origin) for origin in given))


def _proxies(addresses: str | None) -> dict[str, Any]:
    """uvicorn's settings for the proxies named: none named, no forwarded header is believed."""
    named = [a.strip() for a in (addresses or "").split(",") if a.strip()]
    if not named:
        return {"proxy_headers": False, "forwarded_allow_ips": ""}
    return {"proxy_headers": True, "forwarded_allow_ips": named}


def app_from_environment() -> FastAPI:
    """The web app of one server process: the database from ``WORTSUCHE_DB`` (default
    ``./wortsuche.sqlite``), rate limits unless ``WORTSUCHE_RATE_LIMIT=off``, counted where
    ``WORTSUCHE_RATE_LIMIT_STORAGE`` says (default ``memory://``), play recorded if
    ``WORTSUCHE_RECORD_PLAY=on``, the play and class pages framed by the origins of
    ``WORTSUCHE_EMBED_FROM``."""
    from wortsuche.web.app import create_app
    from wortsuche.web.limits import Limits

    db = os.environ.get(DB_VARIABLE) or DEFAULT_DB
    rate_limited = os.environ.get(RATE_LIMIT_VARIABLE, "on") != "off"
    record_play = os.environ.get(RECORD_PLAY_VARIABLE, "off") == "on"
    storage = os.environ.get(RATE_STORAGE_VARIABLE) or "memory://"
    limits = Limits(rate_storage=storage) if rate_limited else Limits(rates={})
    embed_from = embedding_origins(None)
    return create_app(db, limits=limits, record_play=record_play, embed_from=embed_from)


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket, so a taken port is a one-line error instead of a server log."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except socket.gaierror:
        raise InputError(
            f"unknown host {host!r}", key="error.unknown-host", values={"host": host}
        ) from None
    family, kind, proto, _, address = infos[0]
    listener = socket.socket(family, kind, proto)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind(address)
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise InputError(
                f"port {port} is in use; choose another with --port",
                key="error.port-in-use",
                values={"port": port},
            ) from None
        raise InputError(
            f"cannot listen on {host}:{port} ({error.strerror})",
            key="error.cannot-listen",
            values={"host": host, "port": port, "reason": error.strerror},
        ) from None
    listener.listen(128)
    listener.set_inheritable(True)
    return listener
