"""Cards and the projector: the teacher's card, the pupils' name cards (a second key that opens
a pupil's own progress anywhere), and the projector page that shows the way in and nothing more.

The API tests run on both databases (the ``db`` fixture)."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wortsuche.web.classroom.pdf import draw_qr

from .test_classroom_api import bearer, join, new_assignment, places, select


def pdf_text(content: bytes) -> str:
    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def card_links(client: TestClient, made: dict[str, Any], lang: str = "en") -> dict[str, str]:
    """Print name cards; each pupil's name with the personal link on their card."""
    answer = client.post(
        f"/api/assignments/{made['code']}/cards.pdf?lang={lang}",
        headers=bearer(made["teacher_token"]),
    )
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"] == "application/pdf"
    text = pdf_text(answer.content)
    # the link is set in small type and may wrap: join the lines of each card's link again
    flat = re.sub(r"\s+", "", text)
    links = re.findall(rf"http://testserver/c/{made['code']}#card=[\w-]+\.[\w-]{{32}}", flat)
    names = [
        pupil["pseudonym"]
        for pupil in client.get(
            f"/api/assignments/{made['code']}/results", headers=bearer(made["teacher_token"])
        ).json()["pupils"]
    ]
    assert len(links) == len(names) and all(name in text for name in names)
    by_id = {link.split("#card=")[1].split(".")[0]: link for link in links}
    return {name: by_id[pupil_id(client, made, name)] for name in names}


def pupil_id(client: TestClient, made: dict[str, Any], name: str) -> str:
    from .test_classroom_api import storage_of

    pupils = storage_of(client).pupils_of(made["code"])
    return next(pupil.id for pupil, _ in pupils if pupil.pseudonym == name)


def card_key(link: str) -> str:
    return link.split("#card=")[1]


def test_a_name_card_opens_its_pupils_own_progress_and_plays_on(client: TestClient) -> None:
    made = new_assignment(client)
    code = made["code"]
    ben, lea = join(client, code, "Ben"), join(client, code, "Lea")
    words = list(places(client, made["puzzles"][0]).items())
    assert select(client, code, ben, *words[0][1]).json()["found"]
    links = card_links(client, made)
    assert "Ben" not in links["Ben"] and ben.split(".")[1] not in links["Ben"]  # a new secret
    key = card_key(links["Ben"])
    me = client.get(f"/api/assignments/{code}/me", headers=bearer(key)).json()
    assert me["pseudonym"] == "Ben" and me["words"] == [words[0][0]]
    assert select(client, code, key, *words[1][1]).json()["found"]  # on another device
    mine = client.get(f"/api/assignments/{code}/me", headers=bearer(ben)).json()
    assert mine["words"] == [words[0][0], words[1][0]]  # one pupil, one progress
    lea_me = client.get(f"/api/assignments/{code}/me", headers=bearer(card_key(links["Lea"])))
    assert lea_me.json()["pseudonym"] == "Lea" and lea_me.json()["words"] == []
    assert client.get(f"/api/assignments/{code}/me", headers=bearer(lea)).status_code == 200


def test_new_cards_replace_the_old_ones_and_the_joining_key_stays(client: TestClient) -> None:
    made = new_assignment(client)
    code = made["code"]
    ben = join(client, code, "Ben")
    old = card_key(card_links(client, made)["Ben"])
    new = card_key(card_links(client, made)["Ben"])
    assert old != new
    assert client.get(f"/api/assignments/{code}/me", headers=bearer(old)).status_code == 403
    assert client.get(f"/api/assignments/{code}/me", headers=bearer(new)).status_code == 200
    assert client.get(f"/api/assignments/{code}/me", headers=bearer(ben)).status_code == 200


def test_a_made_up_or_foreign_card_is_refused_in_the_readers_language_and_changes_nothing(
    client: TestClient,
) -> None:
    made, other = new_assignment(client), new_assignment(client)
    code = made["code"]
    ben = join(client, code, "Ben")
    join(client, other["code"], "Tom")
    foreign = card_key(card_links(client, other)["Tom"])
    teacher = bearer(made["teacher_token"])
    before = client.get(f"/api/assignments/{code}/results", headers=teacher).json()
    start, end = next(iter(places(client, made["puzzles"][0]).values()))
    made_up = f"{ben.split('.')[0]}.{'A' * 32}"
    for key in (made_up, foreign, "nobody.secret"):
        for answer in (
            client.get(
                f"/api/assignments/{code}/me", headers={**bearer(key), "Accept-Language": "de"}
            ),
            select(client, code, key, start, end),
        ):
            assert answer.status_code == 403
        said = client.get(
            f"/api/assignments/{code}/me", headers={**bearer(key), "Accept-Language": "de"}
        )
        assert said.json()["error"] == "Dieser Schlüssel öffnet diese Aufgabe nicht."
    assert client.get(f"/api/assignments/{code}/results", headers=teacher).json() == before


def test_cards_need_the_teacher_and_pupils(client: TestClient) -> None:
    made = new_assignment(client)
    url = f"/api/assignments/{made['code']}/cards.pdf"
    assert client.post(url).status_code == 401
    assert client.post(url, headers=bearer("made.up")).status_code == 403
    empty = client.post(url, headers={**bearer(made["teacher_token"]), "Accept-Language": "de"})
    assert empty.status_code == 422 and "Noch ist niemand beigetreten" in empty.json()["error"]
    pupil = join(client, made["code"], "Ben")
    assert client.post(url, headers=bearer(pupil)).status_code == 403


@pytest.mark.parametrize(
    ("lang", "said"), [("de", "nicht mehr öffnen"), ("en", "cannot be opened again")]
)
def test_the_teacher_card_holds_the_link_the_code_and_the_warning(
    client: TestClient, lang: str, said: str
) -> None:
    made = new_assignment(client)
    url = f"/api/assignments/{made['code']}/teacher-card.pdf?lang={lang}"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=bearer("made.up")).status_code == 403
    answer = client.get(url, headers=bearer(made["teacher_token"]))
    assert answer.status_code == 200 and answer.headers["content-type"] == "application/pdf"
    text = pdf_text(answer.content)
    assert made["teacher_url"] in re.sub(r"\s+", "", text)
    assert made["code"] in text and said in " ".join(text.split()) and "Moor" in text


def test_the_projector_page_shows_the_way_in_and_nothing_else(client: TestClient) -> None:
    made = new_assignment(client)
    code = made["code"]
    join(client, code, "Ben")
    page = client.get(f"/c/{code}/projector?lang=de")
    assert page.status_code == 200
    assert f"testserver/c/{code}" in page.text and f"/api/assignments/{code}/qr.svg" in page.text
    assert "Ben" not in page.text and made["teacher_token"] not in page.text
    assert "<script" not in page.text  # nothing that could fetch results later
    english = client.get(f"/c/{code}/projector?lang=en").text
    assert "How to join" in english and "So machst du mit" in page.text
    assert client.get("/c/ZZ-ZZZZ/projector").status_code == 404


def test_a_drawn_qr_code_has_the_modules_segno_computes(tmp_path: Path) -> None:
    """The QR code is drawn as squares: rasterised by poppler, each module's centre is dark
    exactly where segno's matrix says so."""
    import segno

    from wortsuche.render.pdf import new_document

    if shutil.which("pdftoppm") is None:
        pytest.fail("pdftoppm is missing: apt-get install -y poppler-utils")
    text = "http://testserver/c/K7-QX4M#card=abcdefghijkl.ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef"
    pdf = new_document((300.0, 300.0), "qr", "en")
    pdf.add_page()
    draw_qr(pdf, text, 0, 0, 300)
    (tmp_path / "qr.pdf").write_bytes(bytes(pdf.output()))
    subprocess.run(
        [
            "pdftoppm",
            "-gray",
            "-r",
            "144",
            "-singlefile",
            str(tmp_path / "qr.pdf"),
            str(tmp_path / "qr"),
        ],
        check=True,
    )
    from PIL import Image

    image = Image.open(tmp_path / "qr.pgm")
    rows = list(segno.make(text, error="m", micro=False).matrix_iter(border=2))
    module = image.width / len(rows)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            shade = image.getpixel((int((x + 0.5) * module), int((y + 0.5) * module)))
            assert (shade < 128) == bool(dark), (x, y)


def test_a_pupils_finds_give_the_cells_of_their_own_words_only(client: TestClient) -> None:
    made = new_assignment(client)
    code = made["code"]
    ben, lea = join(client, code, "Ben"), join(client, code, "Lea")
    words = list(places(client, made["puzzles"][0]).items())
    select(client, code, ben, *words[0][1])
    key = card_key(card_links(client, made)["Ben"])
    for token in (ben, key):  # from the device he joined on, or from his card
        finds = client.get(f"/api/assignments/{code}/me/finds", headers=bearer(token)).json()
        assert [(find["words"], find["indices"]) for find in finds] == [([words[0][0]], [0])]
        start, end = words[0][1]
        assert finds[0]["cells"][0] == start and finds[0]["cells"][-1] == end
    assert client.get(f"/api/assignments/{code}/me/finds", headers=bearer(lea)).json() == []
    made_up = client.get(f"/api/assignments/{code}/me/finds", headers=bearer("x.y"))
    assert made_up.status_code == 403
