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
    assert set(installed.group(1).split(",")) == {"web", "pdf", "postgres", "redis"} <= set(extras)
    command = json.loads(containerfile_instruction("ENTRYPOINT")) + json.loads(
        containerfile_instruction("CMD")
    )
    assert command[0] == "wortsuche"
    args = build_parser().parse_args(command[1:])
    assert (args.command, args.host, args.port) == ("serve", "0.0.0.0", 8000)


def test_compose_starts_two_servers_on_postgres_and_redis_behind_nginx() -> None:
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    services = compose["services"]
    database, redis, nginx = services["db"], services["redis"], services["nginx"]
    webs = {name: service for name, service in services.items() if name.startswith("web")}
    assert sorted(webs) == ["web1", "web2"]
    db_env = {key: substituted(value) for key, value in database["environment"].items()}
    for web in webs.values():
        args = build_parser().parse_args(web["command"])
        assert (args.command, args.workers, args.host, args.port) == ("serve", 1, "0.0.0.0", 8000)
        assert args.rate_limit and urlsplit(args.rate_limit_storage).hostname == "redis"
        assert "ports" not in web  # only nginx reaches them: its X-Forwarded-For is believed
        assert args.forwarded_allow_ips == "*"
        url = substituted(web["environment"]["WORTSUCHE_DB"])
        assert is_database_url(url)
        parts = urlsplit(url)
        assert parts.hostname == "db"
        assert parts.username == db_env["POSTGRES_USER"]
        assert parts.password == db_env["POSTGRES_PASSWORD"]
        assert parts.path == "/" + db_env["POSTGRES_DB"]
        assert web["depends_on"]["db"]["condition"] == "service_healthy"
        assert web["depends_on"]["redis"]["condition"] == "service_healthy"
        assert web["build"]["dockerfile"] == "Containerfile"
    assert redis["command"][0] == "redis-server"
    assert nginx["volumes"] == ["./deploy/nginx.conf:/etc/nginx/conf.d/default.conf:ro"]
    assert nginx["ports"] == ["8000:80"]


def test_the_nginx_site_balances_the_compose_web_services_and_the_tests_run_it() -> None:
    """deploy/nginx.conf names each web service of compose.yaml at its port; the stack tests
    run that file with their own addresses, and the servers with compose's options."""
    from stack import compose_serve_options, nginx_site

    site = (ROOT / "deploy" / "nginx.conf").read_text()
    upstream = re.findall(r"^\s*server (\S+);", site, flags=re.MULTILINE)
    assert upstream == ["web1:8000", "web2:8000"]
    assert "$proxy_add_x_forwarded_for" in site  # appended, never passed on as the client sent it
    assert "listen 80;" in site
    tested = nginx_site(["127.0.0.1:1", "127.0.0.1:2"], 3)
    assert re.findall(r"server (\S+);", tested) == ["127.0.0.1:1", "127.0.0.1:2"]
    assert "listen 127.0.0.1:3;" in tested
    options = compose_serve_options("redis://127.0.0.1:4")
    assert options == ["--rate-limit-storage", "redis://127.0.0.1:4", "--forwarded-allow-ips", "*"]
