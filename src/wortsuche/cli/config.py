"""``wortsuche config``: show every default in force and where it comes from."""

from __future__ import annotations

import argparse

from wortsuche.cli.interface import texts
from wortsuche.cli.settings import SETTINGS, config_path, settings_in_force


def add_parser(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``config``."""
    parser = subparsers.add_parser(
        "config",
        help="show the defaults in force and where they come from",
        description="Show the defaults in force (language, eszett, paper, case, font, name "
        "line) and where each comes from: a WORTSUCHE_* environment variable, the config "
        "file, or wortsuche's own default. A flag on the command line wins over both.",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    """Print one line for each setting: name, value, source."""
    said = texts()
    found = settings_in_force()
    width = max(len(name) for name in SETTINGS)
    shown = [(name, _value(found[name].value)) for name in SETTINGS]
    value_width = max(len(value) for _, value in shown)
    for name, value in shown:
        in_force = found[name]
        if in_force.origin == "environment":
            source = said.t("config.from-environment", variable=in_force.source)
        elif in_force.origin == "file":
            source = said.t("config.from-file", path=in_force.source)
        else:
            source = said.t("config.from-default", variable=SETTINGS[name].variable)
        print(f"{name:<{width}}  {value:<{value_width}}  {source}")
    print(said.t("config.file-is", path=str(config_path())))
    return 0


def _value(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
