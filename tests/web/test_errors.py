"""Errors keep their kind from the generator to the player, in a thread or a worker process.

A user's mistake is a 422 in the reader's language; a bug is a 500 that says only that the
server failed, while the server's log holds the traceback from where it happened.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wortsuche.errors import InternalError, VerificationError
from wortsuche.pipeline import run as pipeline
from wortsuche.web import generation
from wortsuche.web.app import create_app
from wortsuche.web.limits import Limits

from .conftest import WORDS

BODY = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}

WAYS = {
    "thread": Limits(worker_processes=False, rates={}),
    "worker": Limits(generation_seconds=20.0, rates={}),
}
"""Where the generator runs: in a thread of the server, or in a worker process."""


@pytest.fixture(params=sorted(WAYS))
def app_client(request: pytest.FixtureRequest, db_path: Path) -> Iterator[TestClient]:
    """A client of an app that generates in a thread, then in worker processes."""
    with TestClient(create_app(db_path, limits=WAYS[request.param])) as client:
        yield client


@pytest.fixture
def forked_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Workers forked from this process, so they see what a test patches (a forkserver's
    workers start from a clean import and would not)."""
    monkeypatch.setattr(generation, "_context", multiprocessing.get_context("fork"))


def broken_generate(*args: Any, **kwargs: Any) -> None:
    raise KeyError("a bug planted by the test")


def failing_check(*args: Any, **kwargs: Any) -> None:
    raise VerificationError("generated grid failed the self-check: TORF appears twice")


@pytest.mark.usefixtures("forked_workers")
@pytest.mark.parametrize("bug", [broken_generate, failing_check], ids=["KeyError", "verifier"])
def test_a_bug_in_the_generator_is_a_500_with_the_traceback_in_the_log(
    app_client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
    bug: Any,
) -> None:
    monkeypatch.setattr(pipeline, "generate", bug)
    response = app_client.post("/api/puzzles", json=BODY)
    assert response.status_code == 500, response.text
    assert response.json() == {
        "error": "the server failed (a bug in wortsuche, written to its log); please try again",
        "field": None,
        "code": "api.bug",
    }
    assert bug.__name__ in caplog.text  # the traceback names the function that failed
    assert "Traceback" in caplog.text
    assert "planted" not in response.text and "TORF" not in response.text


@pytest.mark.usefixtures("forked_workers")
def test_a_bug_is_said_in_the_readers_language_without_its_details(
    app_client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "generate", broken_generate)
    response = app_client.post("/api/puzzles?lang=de", json=BODY)
    assert response.status_code == 500
    assert response.json()["error"].startswith("Auf dem Server ist ein Fehler aufgetreten")


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "Please check the list: word 'A1' contains a digit."),
        ("de", "Bitte prüfe die Wörter: „A1“ enthält eine Ziffer."),
    ],
)
def test_a_users_mistake_is_a_422_in_the_readers_language(
    app_client: TestClient, caplog: pytest.LogCaptureFixture, lang: str, expected: str
) -> None:
    response = app_client.post(f"/api/puzzles?lang={lang}", json={**BODY, "words": ["A1"]})
    assert response.status_code == 422, response.text
    assert response.json()["error"] == expected
    assert response.json()["field"] == "words"
    assert "Traceback" not in caplog.text  # a mistake is not a bug: nothing to log


def test_words_that_do_not_fit_are_a_422_in_german_from_a_worker(app_client: TestClient) -> None:
    response = app_client.post(
        "/api/puzzles", json={**BODY, "words": ["ABCDEFGH"]}, headers={"Accept-Language": "de"}
    )
    assert response.status_code == 422, response.text
    assert response.json()["field"] == "size"
    assert response.json()["code"] == "api.does-not-fit"
    assert "passen nicht" in response.json()["error"]


@pytest.mark.usefixtures("forked_workers")
def test_a_worker_that_dies_is_a_bug(
    db_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def dying(*args: Any, **kwargs: Any) -> None:
        import os

        os._exit(3)

    monkeypatch.setattr(pipeline, "generate", dying)
    with TestClient(create_app(db_path, limits=WAYS["worker"])) as client:
        response = client.post("/api/puzzles", json=BODY)
    assert response.status_code == 500
    assert response.json()["code"] == "api.bug"
    assert "exit code 3" in caplog.text


def test_any_endpoint_answers_a_bug_with_a_logged_500(
    db_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(db_path, limits=WAYS["thread"])

    @app.get("/bug")
    def bug() -> None:
        raise InternalError("a broken promise", details="where it broke")

    with TestClient(app) as client:
        failed = client.get("/bug?lang=de")
    assert failed.status_code == 500
    assert failed.json()["code"] == "api.bug"
    assert failed.json()["error"].startswith("Auf dem Server ist ein Fehler aufgetreten")
    assert "a broken promise" in caplog.text and "where it broke" in caplog.text
    assert "broken" not in failed.text


def test_a_mistyped_address_in_a_browser_is_a_page_and_in_the_api_json(client: TestClient) -> None:
    browser = {"Accept": "text/html,application/xhtml+xml", "Accept-Language": "de"}
    page = client.get("/puzzel/abc", headers=browser)
    assert page.status_code == 404 and page.headers["content-type"].startswith("text/html")
    assert "Seite nicht gefunden" in page.text and 'href="/"' in page.text
    api = client.get("/api/nothing-here", headers=browser)
    assert api.status_code == 404 and api.json()["error"] == "Not Found"
    script = client.get("/puzzel/abc", headers={"Accept": "application/json"})
    assert script.status_code == 404 and script.json()["error"] == "Not Found"


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "no German word known for quokka, wombat; write each one's clue after it: quokka = …"),
        ("de", "kein deutsches Wort bekannt für quokka, wombat; schreibe hinter jedes Wort seinen Hinweis: quokka = …"),
    ],
)  # fmt: skip
def test_words_without_partner_are_named_together_in_the_readers_language(
    client: TestClient, lang: str, expected: str
) -> None:
    words = ["quokka", "house", "wombat"]
    body = {"words": words, "rows": 8, "cols": 8, "seed": 1, "clues": "de"}
    response = client.post(f"/api/puzzles?lang={lang}", json=body)
    assert response.status_code == 422, response.text
    assert expected in response.json()["error"]
