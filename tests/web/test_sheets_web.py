"""The web's side of the sheets: a two-language puzzle's play page says which language's words
to find, in the reader's language; the sheet a page links to is sized for its readers."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from wortsuche.web.app import create_app

ENGLISH = "dog\ncat\nmouse\nhorse\nrabbit\nsheep\n"
GERMAN = "Hund\nKatze\nMaus\nPferd\nHase\nSchaf\n"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(str(tmp_path / "puzzles.sqlite"))) as test_client:
        yield test_client


def made(client: TestClient, words: str, clues: str | None) -> str:
    body: dict[str, object] = {"words": words, "rows": 8, "cols": 8, "level": "easy", "seed": 1}
    if clues is not None:
        body["clues"] = clues
    answer = client.post("/api/puzzles", json=body)
    assert answer.status_code == 201, answer.text
    return str(answer.json()["id"])


def find_in(client: TestClient, puzzle_id: str, lang: str) -> list[str]:
    page = client.get(f"/p/{puzzle_id}?lang={lang}").text
    return re.findall(r'<p class="hint find-in" id="find-in">([^<]*)</p>', page)


@pytest.mark.parametrize(
    ("words", "clues", "de", "en"),
    [
        (ENGLISH, "de", "Finde die englischen Wörter im Gitter.", "Find the English words in the grid."),
        (GERMAN, "en", "Finde die deutschen Wörter im Gitter.", "Find the German words in the grid."),
    ],
)  # fmt: skip
def test_a_two_language_puzzle_says_which_words_to_find_in_the_readers_language(
    client: TestClient, words: str, clues: str, de: str, en: str
) -> None:
    puzzle_id = made(client, words, clues)
    assert find_in(client, puzzle_id, "de") == [de]
    assert find_in(client, puzzle_id, "en") == [en]


def test_a_puzzle_in_one_language_says_nothing_of_languages(client: TestClient) -> None:
    puzzle_id = made(client, GERMAN, None)
    assert find_in(client, puzzle_id, "de") == [] and find_in(client, puzzle_id, "en") == []
    assert "{{find_in}}" not in client.get(f"/p/{puzzle_id}").text


def test_an_easy_puzzles_sheet_is_for_the_youngest_and_an_age_is_asked_by_name(
    client: TestClient, tmp_path: Path
) -> None:
    import pdfplumber

    puzzle_id = made(client, GERMAN, None)

    def list_size(query: str) -> float:
        answer = client.get(f"/api/puzzles/{puzzle_id}/sheet.pdf?lang=de{query}")
        assert answer.status_code == 200, answer.text
        path = tmp_path / "sheet.pdf"
        path.write_bytes(answer.content)
        with pdfplumber.open(str(path)) as pdf:
            chars = pdf.pages[0].chars
        text = "".join(c["text"] for c in chars)
        at = text.rindex("Schaf")
        return min(c["size"] for c in chars[at : at + 5])

    assert list_size("") >= 16  # easy: for six- to eight-year-olds
    assert list_size("&age=13%2B") < 16
    assert client.get(f"/api/puzzles/{puzzle_id}/sheet.pdf?age=7").status_code == 422


@pytest.mark.parametrize(
    ("lang", "said"),
    [("de", "die deutschen Wörter im Gitter"), ("en", "Find the German for the 6 words below")],
)
def test_the_web_sheet_of_a_vocabulary_puzzle_says_which_words_to_find(
    client: TestClient, tmp_path: Path, lang: str, said: str
) -> None:
    from pdftext import pdftotext

    puzzle_id = made(client, GERMAN, "en")
    answer = client.get(f"/api/puzzles/{puzzle_id}/sheet.pdf?lang={lang}")
    assert answer.status_code == 200, answer.text
    path = tmp_path / "sheet.pdf"
    path.write_bytes(answer.content)
    assert said in " ".join(pdftotext(path).split())
