"""``wortsuche study``: the level steps people really took, from recorded play (docs/study.md)."""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict
from typing import Any

from wortsuche.cli.calibrate import records_from_lines
from wortsuche.cli.reading import read_text
from wortsuche.rating.study import RESAMPLES, Arm, Study, study


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``study``."""
    parser = subparsers.add_parser(
        "study",
        help="report how much harder each level was for the people who played it",
        description="Read play records (JSON Lines, as records export writes them) and report, "
        "for each level, the median seconds per word of the finished games, and for each step "
        "between levels the ratio with its 95-percent interval (bootstrap), at the same grid size and "
        "at the levels' own sizes. The study protocol is in docs/study.md.",
    )
    parser.add_argument("records", metavar="RECORDS", help="play records, JSON Lines")
    parser.add_argument(
        "--format", choices=("text", "json"), default="text", help="report format (default: text)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="N",
        help="seed of the bootstrap: the same records and seed give the same intervals (default: 0)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print the report; exit 1 if the records compare no two levels."""
    records = records_from_lines(read_text(args.records), args.records)
    report = study(records, seed=args.seed, resamples=RESAMPLES)
    if args.format == "json":
        print(json.dumps(_as_json(report), indent=2, ensure_ascii=False))
    else:
        for line in _lines(report):
            print(line)
    return 0 if report.arms else 1


def _as_json(report: Study) -> dict[str, Any]:
    return {
        "games": report.games,
        "unfinished": report.unfinished,
        "arms": [
            {
                "size": list(arm.size) if arm.size else None,
                "levels": [asdict(level) for level in arm.levels],
                "steps": [{**asdict(step), "shown": step.shown} for step in arm.steps],
                "games_needed": arm.games_needed,
            }
            for arm in report.arms
        ],
    }


def _lines(report: Study) -> list[str]:
    """The report in the reader's language: a block for each arm."""
    from wortsuche.cli.interface import texts
    from wortsuche.render.texts import level_name

    said = texts()
    lines = [said.t("study.games", games=report.games, unfinished=report.unfinished)]
    if not report.arms:
        lines.append(said.t("study.no-comparison"))
    for arm in report.arms:
        lines.extend(["", _heading(arm, said)])
        for level in arm.levels:
            median = "-" if level.median is None else said.decimal(level.median, 1)
            lines.append(
                said.t(
                    "study.level",
                    level=level_name(said, level.level),
                    median=median,
                    finished=level.finished,
                    games=level.games,
                )
            )
        for step in arm.steps:
            lines.append(
                said.t(
                    "study.step-shown" if step.shown else "study.step-open",
                    easier=level_name(said, step.easier),
                    harder=level_name(said, step.harder),
                    ratio=said.decimal(step.ratio, 2),
                    low=said.decimal(step.low, 2),
                    high=said.decimal(step.high, 2),
                )
            )
        if arm.games_needed is not None:
            lines.append(said.t("study.needed", games=arm.games_needed))
    return lines


def _heading(arm: Arm, said: Any) -> str:
    if arm.size is None:
        return str(said.t("study.own-sizes"))
    rows, cols = arm.size
    return str(said.t("study.same-size", rows=rows, cols=cols))
