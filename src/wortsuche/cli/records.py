"""``wortsuche records export``: the recorded play of a server's database, for calibration.

The records are those of ``wortsuche serve --record-play`` (the play page) and of the classroom
(each pupil of a running assignment); the format is described in :mod:`wortsuche.web.records`:
JSON Lines, one game a line, or CSV, one find a row.
"""

from __future__ import annotations

import argparse
import os
import sqlite3

from wortsuche.errors import InputError, MissingExtraError

FORMATS = ("jsonl", "csv")


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``records`` and its ``export``."""
    from wortsuche.cli.serve import DB_VARIABLE, DEFAULT_DB

    parser = subparsers.add_parser(
        "records",
        help="export the recorded play of the web app",
        description="Export what the web app recorded of play: each game of the play page "
        "(with serve --record-play) and each pupil of a classroom assignment: the puzzle, "
        "each word's find time, hints and wrong selections. No names beyond pupils' pseudonyms, "
        "which are not exported either.",
    )
    actions = parser.add_subparsers(dest="action", required=True)
    export = actions.add_parser("export", help="write the records as JSON Lines or CSV")
    export.add_argument(
        "--db",
        default=os.environ.get(DB_VARIABLE) or DEFAULT_DB,
        metavar="FILE|URL",
        help=f"the server's database (default: $WORTSUCHE_DB, else ./{DEFAULT_DB})",
    )
    export.add_argument(
        "--format",
        choices=FORMATS,
        help="jsonl: one game a line; csv: one find a row (default: from the -o suffix, else jsonl)",
    )
    export.add_argument("-o", "--output", metavar="FILE", help="write to FILE (default: stdout)")
    export.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Write the records."""

    from wortsuche.cli.output import check_output, write_output

    fmt = args.format or ("csv" if (args.output or "").lower().endswith(".csv") else "jsonl")
    check_output(args.output, force=args.force)
    try:
        from wortsuche.web.records import play_records, records_csv, records_jsonl
        from wortsuche.web.storage import is_database_url, open_storage
    except ImportError as error:
        raise MissingExtraError(f"the web app's records ({error.name} is missing)", "web") from None
    if not is_database_url(args.db) and not _is_file(args.db):
        raise InputError(
            f"{args.db}: no such database (give the server's --db)",
            key="error.no-database",
            values={"path": args.db},
        )
    try:
        with open_storage(args.db) as storage:
            records = list(play_records(storage))
    except (sqlite3.DatabaseError, UnicodeDecodeError) as error:  # not SQLite, or damaged
        raise InputError(
            f"{args.db} is not a wortsuche database, or is damaged ({error})",
            key="error.not-a-database",
            values={"path": args.db, "reason": error},
        ) from None
    text = records_csv(records) if fmt == "csv" else records_jsonl(records)
    write_output(args.output or "-", text, force=args.force)
    return 0


def _is_file(path: str) -> bool:
    """Whether ``path`` is a file; a name the system refuses (too long, say) is one line."""
    from pathlib import Path

    from wortsuche.errors import unreadable

    try:
        return Path(path).is_file()
    except OSError as error:
        raise unreadable(path, error) from None
