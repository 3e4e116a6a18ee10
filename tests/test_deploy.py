"""The container recipe and the compose file say what the command line understands.

They are not run here (that needs a container engine); this checks that their commands parse,
that the extras they install exist, and that the web service reaches the database service."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import yaml

from wortsuche.cli import build_parser
from wortsuche.web.storage import is_database_url

ROOT = Path(__file__).resolve().parent.parent


def substituted(text: str) -> str:
    """``${NAME:-default}`` as compose fills it in when NAME is not set."""
    return re.sub(r"\$\{\w+:-([^}]*)\}", r"\1", text)


def containerfile_instruction(name: str) -> str:
    lines = (ROOT / "Containerfile").read_text().splitlines()
    found = [line.split(None, 1)[1] for line in lines if line.startswith(name + " ")]
    assert len(found) == 1, name
    return found[0]


def test_the_image_installs_extras_that_exist_and_runs_serve() -> None:
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"
    ]
    installed = re.search(r"pip install '\.\[([\w,]+)\]'", (ROOT / "Containerfile").read_text())
    assert installed is not None
    assert set(installed.group(1).split(",")) == {"web", "pdf", "postgres"} <= set(extras)
    command = json.loads(containerfile_instruction("ENTRYPOINT")) + json.loads(
        containerfile_instruction("CMD")
    )
    assert command[0] == "wortsuche"
    args = build_parser().parse_args(command[1:])
    assert (args.command, args.host, args.port) == ("serve", "0.0.0.0", 8000)


def test_compose_starts_three_server_processes_on_the_postgres_service() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    database, web = compose["services"]["db"], compose["services"]["web"]
    args = build_parser().parse_args(web["command"])
    assert (args.command, args.workers, args.host) == ("serve", 3, "0.0.0.0")
    assert web["ports"] == [f"{args.port}:{args.port}"]
    url = substituted(web["environment"]["WORTSUCHE_DB"])
    assert is_database_url(url)
    parts = urlsplit(url)
    db_env = {key: substituted(value) for key, value in database["environment"].items()}
    assert parts.hostname == "db"
    assert parts.username == db_env["POSTGRES_USER"]
    assert parts.password == db_env["POSTGRES_PASSWORD"]
    assert parts.path == "/" + db_env["POSTGRES_DB"]
    assert web["depends_on"]["db"]["condition"] == "service_healthy"
    assert web["build"]["dockerfile"] == "Containerfile"
