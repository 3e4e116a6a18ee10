"""``wortsuche calibrate``: fit the difficulty model's constants to per-word find times from play."""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING

from wortsuche.cli.output import check_output, write_output
from wortsuche.cli.reading import read_text
from wortsuche.errors import InputError, UserError
from wortsuche.json_input import read_json
from wortsuche.notes import Note
from wortsuche.puzzle_json import puzzle_from_dict
from wortsuche.rating.calibration import Find, PlayRecord

if TYPE_CHECKING:
    from wortsuche.difficulty.constants import Constants


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``calibrate``."""
    parser = subparsers.add_parser(
        "calibrate",
        help="fit the difficulty model to recorded play",
        description="Fit the difficulty model's constants (scan cost, direction costs, "
        "rare-letter rule, seconds per unit) to the per-word find times of play records "
        "(JSON Lines, one game a line), report how well they fit, and write a model file "
        "for rate --model and generate --difficulty --model.",
    )
    parser.add_argument("records", metavar="RECORDS", help="play records, JSON Lines")
    parser.add_argument(
        "-o", "--output", metavar="FILE", help="write the model file here (default: print it)"
    )
    parser.add_argument("--force", action="store_true", help="overwrite FILE if it exists")
    parser.set_defaults(run=run)


def records_from_lines(text: str, name: str = "records") -> list[PlayRecord]:
    """Read play records, one JSON object per line (blank lines skipped), each as
    ``wortsuche/schema/records.schema.json`` describes it."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        where = Note(
            f"{name} line {number}", key="source.file-line", values={"name": name, "number": number}
        )
        try:
            data = read_json(line, schema="records")
            puzzle = puzzle_from_dict(data["puzzle"])
        except UserError as error:
            raise InputError(
                f"{where}: {error}", key="error.in-source", values={"name": where, "error": error}
            ) from None
        finds = tuple(
            Find(
                find["word"],
                float(find["at"]),
                int(find.get("hints", 0)),
                int(find.get("wrong", 0)),
            )
            for find in data["finds"]
        )
        seconds = data.get("seconds")
        total = float(seconds) if seconds else None  # 0 or null: not timed
        records.append(PlayRecord(puzzle, finds, total, data.get("finished", False)))
    return records


def run(args: argparse.Namespace) -> int:
    """Fit, write the model file, and report the fit (on stderr when the file goes to stdout)."""
    from wortsuche.rating.race import fit_either

    check_output(args.output, force=args.force)
    records = records_from_lines(read_text(args.records), args.records)
    constants = fit_either(records)
    text = json.dumps(constants.to_dict(), indent=2) + "\n"
    to_stdout = args.output in (None, "-")
    write_output("-" if to_stdout else args.output, text, force=args.force)
    report = sys.stderr if to_stdout else sys.stdout
    for line in _report(constants):
        print(line, file=report)
    return 0


def _report(constants: Constants) -> list[str]:
    """The fitted constants, which model of play fits the finds better, and how well the assumed
    and the fitted constants predict the games; in the reader's language."""
    from wortsuche.cli.interface import texts

    said = texts()
    fit = constants.fit

    def number(value: float, places: int) -> str:
        return said.decimal(value, places)

    lines = [
        said.t(
            "calibrate.fitted",
            words=fit["words"],
            records=fit["records"],
            unit=number(constants.seconds_per_unit, 2),
            scan=number(constants.scan_cost, 3),
            forward=number(constants.forward, 2),
            diagonal=number(constants.diagonal, 2),
            backward=number(constants.backward, 2),
            rare=number(constants.rare, 2),
        )
    ]
    likelihoods = fit.get("log_likelihood", {})
    if len(likelihoods) == 2:
        race, one_word = number(likelihoods["race"], 1), number(likelihoods["one_word"], 1)
        key = "calibrate.play-race" if fit.get("play") == "race" else "calibrate.play-one-word"
        lines.append(said.t(key, race=race, one_word=one_word))
    for when, key in (("before", "calibrate.assumed"), ("after", "calibrate.after")):
        part = fit[when]
        rho, error = part["rank_agreement"], part["error_minutes"]
        lines.append(
            said.t(
                key,
                rho="-" if rho is None else number(rho, 2),
                error="-" if error is None else number(error, 2),
                games=part["games"],
            )
        )
    return lines
