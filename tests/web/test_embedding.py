"""``serve --embed-from ORIGIN``: the named origins (a school's learning platform) may show the
play and class pages in a frame, no other site may frame any page, and without the option nothing
changes. Tested by headers, and in Chromium through pages on other local origins (other ports)
that frame the app."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import expect

from cli import run
from static_site import serve_folder
from wortsuche.cli import serve
from wortsuche.errors import InputError
from wortsuche.web.app import create_app
from wortsuche.web.middleware import SECURITY_HEADERS, embedding_origin

from .conftest import WORDS, LiveServer, free_port

MOODLE = "https://moodle.example.org"
ILIAS = "http://127.0.0.1:9000"


def made_class(client: Any) -> tuple[str, str]:
    """A puzzle and a class on it: the puzzle's id and the class code."""
    body = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}
    puzzle = client.post("/api/puzzles", json=body).json()["id"]
    assignment = client.post("/api/assignments", json={"puzzle": puzzle, "title": "Moor"})
    assert assignment.status_code == 201, assignment.text
    return puzzle, assignment.json()["code"]


@pytest.fixture
def embedding(db_path: Path) -> Iterator[TestClient]:
    """An app that lets Moodle and an ILIAS on a local port frame its play and class pages."""
    with TestClient(create_app(db_path, embed_from=(MOODLE, ILIAS))) as test_client:
        yield test_client


PLAYER_PAGES = ["/p/{puzzle}", "/p/unknown", "/c", "/c/{code}", "/c/NOSUCH"]
OTHER_ANSWERS = [
    "/",
    "/t/new?puzzle={puzzle}",
    "/t/{code}",
    "/api/puzzles/{puzzle}",
    "/api/puzzles/{puzzle}/scorm.zip",
    "/static/style.css",
    "/nothing",
    "/play",
    "/class",
]


def test_the_named_origins_may_frame_the_play_and_class_pages(embedding: TestClient) -> None:
    puzzle, code = made_class(embedding)
    default = dict((n.decode(), v.decode()) for n, v in SECURITY_HEADERS)
    for path in PLAYER_PAGES:
        headers = embedding.get(path.format(puzzle=puzzle, code=code)).headers
        policy = headers["content-security-policy"]
        assert policy.endswith(f"; frame-ancestors 'self' {MOODLE} {ILIAS}"), path
        assert (
            policy.split("; frame-ancestors")[0]
            == default["content-security-policy"].split("; frame-ancestors")[0]
        )
        assert "x-frame-options" not in headers, path
        assert headers["x-content-type-options"] == "nosniff"


def test_nothing_else_may_be_framed_by_them(embedding: TestClient) -> None:
    puzzle, code = made_class(embedding)
    for path in OTHER_ANSWERS:
        headers = embedding.get(path.format(puzzle=puzzle, code=code)).headers
        assert headers["content-security-policy"].endswith("frame-ancestors 'none'"), path
        assert headers["x-frame-options"] == "DENY", path


def test_without_the_option_no_page_may_be_framed(client: TestClient) -> None:
    puzzle, code = made_class(client)
    for path in PLAYER_PAGES + OTHER_ANSWERS:
        headers = client.get(path.format(puzzle=puzzle, code=code)).headers
        assert headers["content-security-policy"].endswith("frame-ancestors 'none'"), path
        assert headers["x-frame-options"] == "DENY", path


@pytest.mark.parametrize(
    ("given", "origin"),
    [
        ("https://moodle.example.org", "https://moodle.example.org"),
        ("HTTPS://Moodle.Example.ORG/", "https://moodle.example.org"),
        ("http://127.0.0.1:8080", "http://127.0.0.1:8080"),
        ("http://[::1]:8080", "http://[::1]:8080"),
        ("https://ilias.schule-nord.de:443", "https://ilias.schule-nord.de:443"),
        ("  https://itslearning.com  ", "https://itslearning.com"),
    ],
)
def test_an_origin_is_scheme_host_and_port(given: str, origin: str) -> None:
    assert embedding_origin(given) == origin


@pytest.mark.parametrize(
    "given",
    [
        "",
        "moodle.example.org",
        "https://moodle.example.org/course/view.php?id=3",
        "https://moodle.example.org/moodle",
        "https://moodle.example.org?x=1",
        "https://moodle.example.org#top",
        "ftp://moodle.example.org",
        "javascript:alert(1)",
        "https://*.example.org",
        "*",
        "'self'",
        "https://a.org https://b.org",
        "https://a.org; script-src *",
        "https://user:secret@moodle.example.org",
        "https://moodle.example.org:99999",
        "https://moodle.example.org:port",
        "https://-moodle.example.org",
        "https://moodle..example.org",
        "https://möödle.example.org",
        "https://[not-ipv6]",
    ],
)
def test_anything_but_an_origin_is_refused(given: str) -> None:
    with pytest.raises(InputError, match="--embed-from needs an origin such as"):
        embedding_origin(given)


def test_a_bad_origin_is_one_line_and_exit_2_in_the_users_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = str(tmp_path / "db.sqlite")
    english = run("serve", "--db", database, "--embed-from", "https://moodle.example.org/course")
    assert english.returncode == 2
    assert english.stderr == (
        "wortsuche: error: --embed-from needs an origin such as https://moodle.example.org "
        "(scheme, host and port only, no path), not 'https://moodle.example.org/course'\n"
    )
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    monkeypatch.setenv("WORTSUCHE_EMBED_FROM", f"{MOODLE} moodle.example.org")
    german = run("serve", "--db", database)
    assert german.returncode == 2
    assert german.stderr.startswith("wortsuche: Fehler: --embed-from braucht einen Ursprung wie")
    assert german.stderr.endswith("nicht 'moodle.example.org'\n")
    assert not (tmp_path / "db.sqlite").exists()


def test_the_origins_may_come_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("WORTSUCHE_EMBED_FROM", f"{MOODLE}/  {ILIAS}")
    assert serve.embedding_origins(None) == [MOODLE, ILIAS]
    assert serve.embedding_origins([ILIAS, ILIAS]) == [ILIAS]  # the option wins, once each
    monkeypatch.setenv("WORTSUCHE_DB", str(tmp_path / "db.sqlite"))
    with TestClient(serve.app_from_environment()) as client:  # what each server process builds
        policy = client.get("/c").headers["content-security-policy"]
    assert policy.endswith(f"frame-ancestors 'self' {MOODLE} {ILIAS}")


# -- in Chromium: a page on another origin frames the app ----------------------------------------

FRAMING_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Course</title><link rel="icon" href="data:,">
</head><body><main><h1>Course</h1>
<iframe id="game" title="Word search" src="{src}" width="900" height="700"></iframe>
</main></body></html>
"""


def frame_from(page: Any, site: str, folder: Path, src: str) -> list[str]:
    """Open a page of ``site`` (serving ``folder``) that frames ``src``; the console's lines."""
    # a new file for each frame: the same name again could come from the browser's cache,
    # framing the page before (the play page) instead of ``src``
    name = f"course-{len(list(folder.glob('course-*.html')))}.html"
    (folder / name).write_text(FRAMING_PAGE.format(src=src), encoding="utf-8")
    said: list[str] = []
    page.on("console", lambda message: said.append(message.text))
    page.goto(f"{site}/{name}")
    return said


def refused(page: Any, said: list[str]) -> bool:
    """Whether Chromium refused to show the frame (its error page instead, and why in the console)."""
    page.wait_for_timeout(300)
    frame = page.frames[1]
    shown = frame.url.startswith("http") and frame.locator("main").count() > 0
    return not shown and any(
        "frame-ancestors" in line and "has been blocked" in line for line in said
    )


def test_chromium_shows_the_game_to_the_named_origin_and_refuses_any_other(
    chromium: Any, tmp_path: Path
) -> None:
    platform, stranger = tmp_path / "platform", tmp_path / "stranger"
    platform.mkdir()
    stranger.mkdir()
    with serve_folder(platform) as allowed, serve_folder(stranger) as foreign:
        app = LiveServer(tmp_path / "puzzles.sqlite", embed_from=(allowed,))
        app.start()
        try:
            puzzle, code = made_class(httpx.Client(base_url=app.url, timeout=30))
            answer = app.api("POST", f"/api/puzzles/{puzzle}/reveal")["answers"][0]
            context = chromium.new_context()
            page = context.new_page()
            frame_from(page, allowed, platform, f"{app.url}/p/{puzzle}?lang=de")
            game = page.frame_locator("#game")
            expect(game.locator("#board[data-ready]")).to_have_count(1)
            box = game.locator("#board").bounding_box()
            cell = box["width"] / 5

            def centre(at: list[int]) -> tuple[float, float]:
                return box["x"] + (at[1] + 0.5) * cell, box["y"] + (at[0] + 0.5) * cell

            page.mouse.move(*centre(answer["start"]))
            page.mouse.down()
            page.mouse.move(*centre(answer["end"]), steps=8)
            page.mouse.up()
            expect(game.locator("#found-count")).to_have_text("1")  # the server checked it
            page.goto("about:blank")
            said = frame_from(page, allowed, platform, f"{app.url}/c/{code}?lang=de")
            expect(page.frame_locator("#game").locator("h1").first).to_have_text("Moor")
            assert not refused(page, said)
            assert page.frames[1].url.startswith(f"{app.url}/c/{code}")
            page.close()
            for src in (f"{app.url}/p/{puzzle}", f"{app.url}/c/{code}"):
                page = context.new_page()
                assert refused(page, frame_from(page, foreign, stranger, src)), src
                page.close()
            # the named origin may frame only the player's pages, not the teacher's or the form
            for src in (f"{app.url}/", f"{app.url}/t/new?puzzle={puzzle}"):
                page = context.new_page()
                assert refused(page, frame_from(page, allowed, platform, src)), src
                page.close()
            context.close()
        finally:
            app.stop()


def test_serve_says_who_may_embed_and_its_server_lets_them(tmp_path: Path) -> None:
    port = free_port()
    command = [sys.executable, "-m", "wortsuche", "serve", "--port", str(port)]
    command += ["--db", str(tmp_path / "db.sqlite"), "--embed-from", MOODLE, "--embed-from", ILIAS]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        said = [process.stdout.readline() for _ in range(3)]
        assert f"wortsuche: the play and class pages may be embedded by {MOODLE}, {ILIAS}\n" in said
        deadline = time.monotonic() + 20
        while True:
            try:
                headers = httpx.get(f"http://127.0.0.1:{port}/c", timeout=2).headers
                break
            except httpx.TransportError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert headers["content-security-policy"].endswith(f"'self' {MOODLE} {ILIAS}")
        assert "x-frame-options" not in headers
    finally:
        process.terminate()
        process.wait(timeout=10)
