"""A teacher's own pictures on the web: an upload is decoded and drawn again (pixels only, at
most 160 pixels a side), anything else is refused in one line in the reader's language, and a
create request's pictures become its words' picture clues."""

from __future__ import annotations

import base64
import io
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed")

from fastapi.testclient import TestClient
from PIL import Image

from wortsuche.web.app import create_app
from wortsuche.web.puzzles.pictures import WEB_SIDE
from wortsuche.words.pictures import OWN_PREFIX


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """An app on a fresh SQLite file (the pictures are no part of the database)."""
    with TestClient(create_app(tmp_path / "puzzles.sqlite")) as test_client:
        yield test_client


def picture_file(fmt: str, size: tuple[int, int] = (600, 300), **save: object) -> bytes:
    image = Image.new("RGB", size, (200, 80, 40))
    out = io.BytesIO()
    image.save(out, format=fmt, **save)
    return out.getvalue()


def decoded(url: str) -> Image.Image:
    assert url.startswith(OWN_PREFIX)
    return Image.open(io.BytesIO(base64.b64decode(url.removeprefix(OWN_PREFIX))))


@pytest.mark.parametrize("fmt", ["PNG", "JPEG", "WEBP"])
def test_an_uploaded_picture_comes_back_as_a_small_png(client: TestClient, fmt: str) -> None:
    response = client.post("/api/pictures", content=picture_file(fmt))
    assert response.status_code == 200, response.text
    kept = decoded(response.json()["picture"])
    assert kept.format == "PNG"
    assert kept.size == (WEB_SIDE, WEB_SIDE)  # drawn square, at most 160 pixels a side


def test_only_the_pixels_are_kept(client: TestClient) -> None:
    """A PNG's text chunks (a name, a place, a comment) do not travel with the picture."""
    from PIL import PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("Comment", "Klasse 3b, Musterschule")
    upload = picture_file("PNG", (40, 40), pnginfo=info)
    assert b"Musterschule" in upload
    kept = client.post("/api/pictures", content=upload).json()["picture"]
    assert b"Musterschule" not in base64.b64decode(kept.removeprefix(OWN_PREFIX))


@pytest.mark.parametrize(
    ("body", "language", "said"),
    [
        (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "en", "cannot be read as a PNG, JPEG"),
        (b'<svg xmlns="http://www.w3.org/2000/svg"/>', "de", "kein PNG-, JPEG- oder WebP-Bild"),
        (b"GIF89a" + bytes(40), "en", "cannot be read as a PNG, JPEG"),
        (b"\x89PNG\r\n\x1a\n broken", "en", "cannot be read"),
    ],
)
def test_anything_but_a_picture_is_refused_in_one_line(
    client: TestClient, body: bytes, language: str, said: str
) -> None:
    response = client.post(f"/api/pictures?lang={language}", content=body)
    assert response.status_code == 422
    refusal = response.json()
    assert said in refusal["error"] and "\n" not in refusal["error"]
    assert refusal["field"] == "pictures"


def test_a_picture_over_two_megabytes_is_refused(client: TestClient) -> None:
    response = client.post("/api/pictures", content=b"\x89PNG" + bytes(2_100_000))
    assert response.status_code == 413


def test_a_create_request_s_pictures_are_its_words_clues(client: TestClient) -> None:
    kept = client.post("/api/pictures", content=picture_file("JPEG")).json()["picture"]
    body = {"words": "Igel\nEule\nHund", "rows": 7, "cols": 7, "seed": 4, "level": "easy"}
    created = client.post("/api/puzzles", json={**body, "pictures": {"igel": kept}})
    assert created.status_code == 201, created.text
    listed = created.json()["words"]
    assert "Eule" in listed and "Hund" in listed and "Igel" not in listed
    (own,) = [word for word in listed if word.startswith(OWN_PREFIX)]
    assert decoded(own).size == (WEB_SIDE, WEB_SIDE)
    sheet = client.get(f"/api/puzzles/{created.json()['id']}/sheet.pdf")
    assert sheet.status_code == 200 and sheet.content.startswith(b"%PDF")
    word = client.get(f"/api/puzzles/{created.json()['id']}/sheet.docx")
    assert word.status_code == 200
    with zipfile.ZipFile(io.BytesIO(word.content)) as archive:
        assert any(name.startswith("word/media/") for name in archive.namelist())


def test_a_create_request_s_picture_of_no_word_or_no_picture_is_refused(
    client: TestClient,
) -> None:
    body = {"words": "Igel\nEule\nHund", "rows": 7, "cols": 7}
    kept = client.post("/api/pictures", content=picture_file("PNG")).json()["picture"]
    stray = client.post("/api/puzzles?lang=de", json={**body, "pictures": {"Dachs": kept}})
    assert stray.status_code == 422 and stray.json()["field"] == "pictures"
    assert "Dachs" in stray.json()["error"]
    svg = "data:image/png;base64," + base64.b64encode(b"<svg/>").decode()
    forged = client.post("/api/puzzles", json={**body, "pictures": {"Igel": svg}})
    assert forged.status_code == 422 and forged.json()["field"] == "pictures"


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("de", "für x-tabel gibt es kein Bild – meinst du x-table?"),
        ("en", "there is no picture named x-tabel; did you mean x-table?"),
    ],
)
def test_a_slip_in_an_own_picture_s_name_is_refused_at_the_words(
    client: TestClient, language: str, says: str
) -> None:
    body = {"words": "HASE = 🐇\nTISCH = x-tabel\n", "rows": 8, "cols": 8, "seed": 1}
    response = client.post("/api/puzzles", json=body, headers={"Accept-Language": language})
    assert response.status_code == 422
    assert response.json()["field"] == "words"
    assert says in response.json()["error"]
    right = {**body, "words": "HASE = 🐇\nTISCH = x-table\n"}
    made = client.post("/api/puzzles", json=right)
    assert made.status_code == 201, made.text
    assert sorted(made.json()["words"]) == ["x-table", "🐇"]
