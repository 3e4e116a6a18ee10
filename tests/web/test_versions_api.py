"""The web's A/B versions are the command line's ``--versions`` for the same seed: version B's
seed is derived from A's alike (not the next number), so the same seed makes the same two
grids on the form and on the command line."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient
from tests.cli import run

from wortsuche.web.app import create_app

FRUIT = ["Apfel", "Birne", "Kirsche", "Pflaume", "Banane", "Mango", "Quitte", "Traube"]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "puzzles.sqlite")) as test_client:
        yield test_client


def test_web_versions_a_and_b_are_the_command_line_s_versions(
    client: TestClient, tmp_path: Path
) -> None:
    body = {"words": "\n".join(FRUIT), "level": "easy", "seed": 4242}
    a = client.post("/api/puzzles", json=body).json()
    again = {**body, "rows": a["rows"], "cols": a["cols"], "seed": a["seed"], "version": 1}
    b = client.post("/api/puzzles", json=again).json()
    words = tmp_path / "obst.txt"
    words.write_text("\n".join(FRUIT), encoding="utf-8")
    made = run(
        "generate", words, "--level", "easy", "--seed", "4242", "--versions", "2",
        "-o", tmp_path / "ab.pdf", cwd=tmp_path,
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    seeds = re.search(r"A (\d+), B (\d+)", made.stderr)
    assert seeds is not None, made.stderr
    assert (a["seed"], b["seed"]) == (int(seeds[1]), int(seeds[2]))
    size = f"{a['rows']}x{a['cols']}"
    for version, seed in ((a, seeds[1]), (b, seeds[2])):
        cli = run(
            "generate", words, "--level", "easy", "--seed", seed, "--size", size,
            "--format", "json", cwd=tmp_path,
        )  # fmt: skip
        assert json.loads(cli.stdout)["grid"] == version["grid"]


def test_a_version_without_a_seed_is_refused_at_the_seed(client: TestClient) -> None:
    body = {"words": "\n".join(FRUIT), "version": 1}
    refused = client.post("/api/puzzles?lang=de", json=body)
    assert refused.status_code == 422 and refused.json()["field"] == "seed"
    assert "Startwert" in refused.json()["error"]
