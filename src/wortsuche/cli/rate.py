"""``wortsuche rate``: how hard a puzzle is, by the difficulty model, for puzzles from any program."""

from __future__ import annotations

import argparse
import json

from wortsuche.cli.reading import read_text
from wortsuche.cli.solve import given_words, grid_from_text, is_json, puzzle_from_text
from wortsuche.i18n import Translator


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``rate``."""
    parser = subparsers.add_parser(
        "rate",
        help="rate a puzzle's difficulty",
        description="Rate how hard a puzzle is: the expected minutes an adult needs, from a "
        "simulated solver (see the README). Takes a puzzle JSON file, or a grid typed in plus "
        "its words (puzzles made by other programs too).",
    )
    parser.add_argument("grid", metavar="FILE", help="a puzzle JSON file, or lines of letters")
    parser.add_argument(
        "words_file", nargs="?", metavar="WORDS_FILE", help="the words, for a typed-in grid"
    )
    parser.add_argument("--words", nargs="+", metavar="WORD", help="the words, instead of a file")
    parser.add_argument(
        "--directions",
        metavar="LIST",
        help="the directions the solver is told words run in (default: the puzzle's, or all 8)",
    )
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="report format (default: text)"
    )
    parser.add_argument(
        "--model",
        metavar="FILE",
        help="the model's constants fitted to real play (written by wortsuche calibrate)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Rate the puzzle and print the score with its parts."""
    from wortsuche.difficulty.constants import DEFAULT, constants_from_text
    from wortsuche.difficulty.simulated import rate
    from wortsuche.grid.topology import Topology
    from wortsuche.levels import parse_directions
    from wortsuche.model import ALL_DIRECTIONS

    constants = constants_from_text(read_text(args.model), args.model) if args.model else DEFAULT
    text = read_text(args.grid)
    directions = parse_directions(args.directions) if args.directions else None
    if is_json(text) and args.words_file is None and args.words is None:
        puzzle = puzzle_from_text(text, args.grid)
        letters = [w.letters for w in puzzle.words]
        # read along the puzzle's own lines (round a torus, the six of hexagons), as its sheet
        topology = Topology.of_puzzle(puzzle)
        rating = rate(  # every word rated: the report lists them
            puzzle.grid,
            letters,
            directions or puzzle.options.directions,
            topology=topology,
            constants=constants,
            exact=True,
        )
    else:
        words, _ = given_words(args, text).words()
        grid = grid_from_text(text, name=args.grid)
        letters = [w.letters for w in words]
        topology = Topology.of_grid(grid)
        rating = rate(grid, letters, directions or ALL_DIRECTIONS, constants=constants, exact=True)
    if args.format == "json":
        data = rating.to_dict()
        data["words"] = [
            {
                "letters": e.letters,
                "minutes": round(e.minutes, 3),
                "anchor": e.anchor,
                "anchors": e.anchors,
                "false_leads": round(e.false_leads, 2),
                "found": e.direction.name if e.direction else None,
            }
            for e in rating.words
        ]
        print(json.dumps(data, ensure_ascii=False, indent=2))
        return 0
    from wortsuche.cli.interface import texts

    said = texts()
    kind = said.t("rate.calibrated-model" if rating.calibrated else "rate.model")
    score, minutes = said.decimal(rating.score), said.decimal(rating.minutes)
    print(said.t("rate.summary", score=score, minutes=minutes, kind=kind))
    parts = ", ".join(
        f"{component_name(said, k)} {said.decimal(v, 2)}" for k, v in rating.components.items()
    )
    print(said.t("rate.components", parts=parts))
    width = max((len(e.letters) for e in rating.words), default=0)
    for e in sorted(rating.words, key=lambda e: -e.units):
        where = topology.arrow(e.direction) if e.direction else said.t("rate.not-in-grid")
        line = said.t(
            "rate.word",
            minutes=said.decimal(e.minutes, 2).rjust(5),
            anchor=e.anchor,
            cells=e.anchors,
            leads=said.decimal(e.false_leads),
            where=where,
        )
        print(f"  {e.letters:<{width}}  {line}")
    return 0


def component_name(texts: Translator, name: str) -> str:
    """A part of the score as people read it (``units_per_word``: "units per word")."""
    key = f"rate.component.{name}"
    said = texts.t(key)
    return name.replace("_", " ") if said == key else said
