"""The JSON API: what a client may send, what it gets back, and what it never gets.

Every test runs twice, on an SQLite file and on a PostgreSQL database (the ``db`` fixture)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

from wortsuche.model import Puzzle
from wortsuche.puzzle_json import loads
from wortsuche.web import limits
from wortsuche.web.app import create_app
from wortsuche.web.storage import open_storage

from .conftest import WORDS

WORDS_AS_TYPED = ["Torf", "vor", "Rad", "Eva"]


def create(client: TestClient, **changes: Any) -> dict[str, Any]:
    """Make the standard 5x5 puzzle (or a variation) and return the answer body."""
    body: dict[str, Any] = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard", "seed": 1}
    body.update(changes)
    response = client.post("/api/puzzles", json=body)
    assert response.status_code == 201, response.text
    data: dict[str, Any] = response.json()
    return data


def stored_puzzle(db: str, puzzle_id: str) -> Puzzle:
    """The puzzle as the server keeps it, answers included."""
    with open_storage(db) as storage:
        stored = storage.get(puzzle_id)
    assert stored is not None
    return loads(stored.puzzle)


def keys(data: Any) -> set[str]:
    """Every key anywhere in a JSON value."""
    if isinstance(data, dict):
        return set(data) | {k for value in data.values() for k in keys(value)}
    if isinstance(data, list):
        return {k for value in data for k in keys(value)}
    return set()


def check(client: TestClient, puzzle_id: str, start: Any, end: Any) -> Any:
    return client.post(f"/api/puzzles/{puzzle_id}/check", json={"start": start, "end": end})


# -- create and fetch ----------------------------------------------------------------------------


def test_create_makes_the_puzzle_asked_for_under_a_short_url_safe_id(client: TestClient) -> None:
    data = create(client, title="Moor")
    assert re.fullmatch(r"[A-Za-z0-9_-]{8}", data["id"])
    assert data["url"] == f"/p/{data['id']}"
    assert (data["rows"], data["cols"], data["level"], data["seed"]) == (5, 5, "hard", 1)
    assert data["words"] == WORDS
    assert data["title"] == "Moor"
    assert len(data["grid"]) == 5 and all(len(row) == 5 for row in data["grid"])


def test_create_reads_words_one_per_line_or_comma_separated(client: TestClient) -> None:
    data = create(client, words="Torf, vor\nRad;\n\n  Eva  \n")
    assert data["words"] == WORDS_AS_TYPED
    assert create(client, words=["Torf, vor", "Rad", " Eva "])["words"] == WORDS_AS_TYPED


def test_words_typed_on_one_line_with_spaces_are_several_unless_phrases(
    client: TestClient,
) -> None:
    assert create(client, words="Torf vor Rad\tEva")["words"] == WORDS_AS_TYPED
    data = create(client, words='"Ice cream" Eis', rows=9, cols=9)
    assert data["words"] == ["Ice cream", "Eis"]
    data = create(client, words="Ice cream\nHot dog, Eis", rows=9, cols=9, phrases=True)
    assert data["words"] == ["Ice cream", "Hot dog", "Eis"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_words_hint_says_how_the_words_are_read(client: TestClient, language: str) -> None:
    from html import unescape

    from wortsuche.i18n import translator

    page = client.get("/", headers={"Accept-Language": language}).text
    found = re.search(r'<p class="hint" id="words-hint">(.*?)</p>', page, re.DOTALL)
    assert found is not None
    hint = unescape(found.group(1))
    texts = translator(language)
    separators = {"de": ("Zeilen", "Leerzeichen", "Kommas", "Semikolons", "Anführungszeichen")}
    separators["en"] = ("lines", "spaces", "commas", "semicolons", '"quotes"')
    assert all(name in hint for name in separators[language])
    assert texts.t("web.phrases").split(":")[0] in hint  # names the box that keeps lines whole
    # the clue it shows as an example is read as one: the list shows the clue
    example = re.search(r"([A-Z]+ = [^.;]+?) (?:zeigt|shows)", hint)
    assert example is not None
    data = create(client, words=f"{example.group(1)}\nRad Eva;Torf", rows=9, cols=9)
    assert data["words"] == [example.group(1).split(" = ")[1], "Rad", "Eva", "Torf"]


@pytest.mark.parametrize(
    ("reader", "says"),
    [
        ("de", "Zeile 2: „Ice cream“ ist ein Eintrag, wie jede Zeile der Liste, ebenso 1 weitere "
         "Zeile; Kommas zwischen Wörtern teilen eine Zeile"),
        ("en", "line 2: 'Ice cream' is one entry, as each line of the list is, 1 more line "
         "likewise; commas between words split a line"),
    ],
)  # fmt: skip
def test_a_list_of_one_entry_a_line_keeps_its_phrases_and_says_so(
    client: TestClient, reader: str, says: str
) -> None:
    body = {"words": "Cake\nIce cream\nTea\nHot dog\nJam\n", "rows": 11, "cols": 11, "seed": 1}
    response = client.post("/api/puzzles", json=body, headers={"Accept-Language": reader})
    assert response.status_code == 201, response.text
    assert response.json()["words"] == ["Cake", "Ice cream", "Tea", "Hot dog", "Jam"]
    assert response.json()["notes"] == [says]


@pytest.mark.parametrize(
    ("language", "says"),
    [
        (
            "de",
            "Zeile 2: in 3 Wörter geteilt (Rad, Eva, Torf), ebenso 1 weitere Zeile; "
            "„Anführungszeichen“ oder „Wortgruppen zusammenlassen“ lassen eine Zeile ganz",
        ),
        (
            "en",
            'line 2: split into 3 words (Rad, Eva, Torf), 1 more line likewise; "quotes" or '
            "“Keep phrases together” keep a line whole",
        ),
    ],
)
def test_the_notes_say_a_line_was_split_in_the_readers_language(
    client: TestClient, language: str, says: str
) -> None:
    body = {"words": "Moor\nRad Eva Torf\nvor, Sumpf\n", "rows": 11, "cols": 11, "seed": 1}
    response = client.post("/api/puzzles", json=body, headers={"Accept-Language": language})
    assert response.status_code == 201, response.text
    assert response.json()["notes"][0] == says
    quoted = {**body, "words": 'Moor\n"Rad Eva Torf"\nvor\n'}
    for asked in (quoted, {**body, "phrases": True}):
        response = client.post("/api/puzzles", json=asked)
        assert response.status_code == 201, response.text
        assert not any("split" in note for note in response.json()["notes"])


def test_a_pasted_competition_file_brings_its_size_and_comments_are_skipped(
    client: TestClient,
) -> None:
    data = create(client, words="6 7\n4\nVOR\nRAD\nEVA\nTORF\n", rows=None, cols=None)
    assert (data["rows"], data["cols"]) == (6, 7)
    assert data["words"] == ["VOR", "RAD", "EVA", "TORF"]
    assert create(client, words="# Moor\nTorf\nvor, Rad\nEva")["words"] == WORDS_AS_TYPED


def test_a_damaged_competition_file_is_refused_naming_the_line(client: TestClient) -> None:
    response = client.post("/api/puzzles", json={"words": "5 5\n3\nVOR\nRAD\n"})
    assert response.status_code == 422
    assert response.json()["field"] == "words"
    assert "line 2 says 3 words but 2 word lines follow" in response.json()["error"]


def test_the_same_seed_gives_the_same_grid_and_no_seed_a_fresh_one(client: TestClient) -> None:
    assert create(client)["grid"] == create(client)["grid"]
    grids = {tuple(create(client, seed=None)["grid"]) for _ in range(4)}
    assert len(grids) > 1


def test_auto_size_chooses_a_grid_that_holds_the_words(client: TestClient) -> None:
    data = create(client, rows=None, cols=None, seed=3)
    assert data["rows"] >= 4 and data["cols"] >= 4
    assert any("chosen" in note for note in data["notes"])


def test_fetch_returns_the_public_puzzle_without_answers(client: TestClient) -> None:
    made = create(client)
    response = client.get(f"/api/puzzles/{made['id']}")
    assert response.status_code == 200
    data = response.json()
    assert data == made
    assert not keys(data) & {"placements", "cells", "start", "end", "direction", "letters"}
    assert "placements" not in response.text


def test_the_page_source_does_not_contain_the_answers(client: TestClient, db: str) -> None:
    made = create(client)
    page = client.get(made["url"]).text
    assert "placements" not in page
    for placement in stored_puzzle(db, made["id"]).placements.values():
        assert json.dumps(list(placement.start)) not in page


@pytest.mark.parametrize("language", ["de", "en"])
def test_an_easy_puzzles_page_claims_no_eight_directions(client: TestClient, language: str) -> None:
    made = create(client, level="easy")
    page = client.get(f"{made['url']}?lang={language}").text
    assert "8 Richtungen" not in page and "8 directions" not in page


# -- check ---------------------------------------------------------------------------------------


def test_every_word_is_found_from_its_first_to_its_last_letter(client: TestClient, db: str) -> None:
    made = create(client)
    puzzle = stored_puzzle(db, made["id"])
    for index, word in enumerate(puzzle.words):
        placement = puzzle.placements[word.letters]
        result = check(client, made["id"], list(placement.start), list(placement.end)).json()
        assert result["found"] is True
        assert result["word"] == word.entry
        assert index in result["indices"]
        assert [tuple(cell) for cell in result["cells"]] == list(puzzle.cells_of(placement))


def test_on_a_torus_a_word_over_the_edge_is_found_between_its_two_ends(
    client: TestClient, db: str
) -> None:
    made = create(client, wrap=True, seed=7)
    assert client.get(f"/api/puzzles/{made['id']}").json()["wrap"] is True
    puzzle = stored_puzzle(db, made["id"])
    assert puzzle.options.wrap
    over = [p for p in puzzle.placements.values() if puzzle.topology.wraps(p)]
    assert over, "seed 7 puts a word over the edge"
    for placement in puzzle.placements.values():
        for start, end, cells in (
            (placement.start, puzzle.cells_of(placement)[-1], puzzle.cells_of(placement)),
            (puzzle.cells_of(placement)[-1], placement.start, puzzle.cells_of(placement)[::-1]),
        ):
            result = check(client, made["id"], list(start), list(end)).json()
            assert result["found"] is True, placement
            assert [tuple(cell) for cell in result["cells"]] == list(cells)
    # a drag says which way it ran: only that run is tried
    url = f"/api/puzzles/{made['id']}/check"
    for placement in over:
        way = list(placement.direction.step)
        ends = {"start": list(placement.start), "end": list(puzzle.cells_of(placement)[-1])}
        result = client.post(url, json={**ends, "step": way}).json()
        assert result["found"] is True
        assert [tuple(cell) for cell in result["cells"]] == list(puzzle.cells_of(placement))
        back = client.post(url, json={**ends, "step": [-way[0], -way[1]]}).json()
        assert not back["found"] or [tuple(c) for c in back["cells"]] != list(
            puzzle.cells_of(placement)
        )
    assert client.post(url, json={**ends, "step": [2, 0]}).status_code == 422
    assert client.post(url, json={**ends, "step": [True, 0]}).status_code == 422
    # the answers list every cell of a word over the edge, so the page can draw both parts
    answers = client.post(f"/api/puzzles/{made['id']}/reveal").json()["answers"]
    wrapped = [
        a
        for a in answers
        if tuple(tuple(c) for c in a["cells"]) in [puzzle.cells_of(p) for p in over]
    ]
    assert len(wrapped) == len(over)


def test_a_word_selected_backwards_is_found_too(client: TestClient, db: str) -> None:
    made = create(client)
    puzzle = stored_puzzle(db, made["id"])
    for word in puzzle.words:
        placement = puzzle.placements[word.letters]
        result = check(client, made["id"], list(placement.end), list(placement.start)).json()
        assert result["found"] is True
        assert word.entry in result["words"]
        assert [tuple(cell) for cell in result["cells"]] == list(puzzle.cells_of(placement))[::-1]


def test_a_selection_that_is_no_word_is_not_found(client: TestClient, db: str) -> None:
    made = create(client)
    puzzle = stored_puzzle(db, made["id"])
    placement = puzzle.placements["TORF"]
    word_cells = {frozenset(p.cells) for p in puzzle.placements.values()}
    (r, c), (dr, dc) = placement.start, placement.direction.step
    short_end = (r + 2 * dr, c + 2 * dc)  # three letters of TORF: a part, not a word
    assert frozenset(placement.cells[:3]) not in word_cells
    assert check(client, made["id"], [r, c], list(short_end)).json() == {
        "found": False,
        "word": None,
        "words": [],
        "indices": [],
        "cells": [],
    }
    assert check(client, made["id"], [0, 0], [0, 0]).json()["found"] is False
    # a knight's move is not a straight line
    assert check(client, made["id"], [0, 0], [1, 2]).json()["found"] is False


def test_reverse_twins_are_found_together_the_dragged_reading_first(
    client: TestClient, db: str
) -> None:
    made = create(client, words=["Regal", "Lager", "Tor"], rows=6, cols=6)
    regal = stored_puzzle(db, made["id"]).placements["REGAL"]
    forwards = check(client, made["id"], list(regal.start), list(regal.end)).json()
    backwards = check(client, made["id"], list(regal.end), list(regal.start)).json()
    assert (forwards["word"], forwards["words"], forwards["indices"]) == (
        "Regal",
        ["Regal", "Lager"],
        [0, 1],
    )
    assert (backwards["word"], backwards["words"], backwards["indices"]) == (
        "Lager",
        ["Lager", "Regal"],
        [1, 0],
    )


@pytest.mark.parametrize(
    ("start", "end", "field"),
    [([-1, 0], [0, 3], "start"), ([0, 0], [0, 5], "end"), ([5, 5], [4, 4], "start")],
)
def test_cells_outside_the_grid_are_refused(
    client: TestClient, start: list[int], end: list[int], field: str
) -> None:
    made = create(client)
    response = check(client, made["id"], start, end)
    assert response.status_code == 422
    assert response.json()["field"] == field
    assert "outside the 5x5 grid" in response.json()["error"]


@pytest.mark.parametrize(
    "body",
    [
        {"start": [0, 0]},
        {"start": [0], "end": [0, 1]},
        {"start": [0, 0, 0], "end": [0, 1]},
        {"start": ["a", "b"], "end": [0, 1]},
        {"start": [0.5, 0], "end": [0, 1]},
        {"start": "0,0", "end": [0, 1]},
        {"start": [0, 0], "end": [0, 1], "extra": True},
        [0, 0, 0, 1],
        None,
    ],
)
def test_malformed_check_bodies_are_refused_with_a_message(client: TestClient, body: Any) -> None:
    made = create(client)
    response = client.post(f"/api/puzzles/{made['id']}/check", json=body)
    assert response.status_code == 422
    assert response.json()["error"]


def test_a_body_that_is_not_json_is_refused(client: TestClient) -> None:
    made = create(client)
    response = client.post(
        f"/api/puzzles/{made['id']}/check",
        content=b"start=0,0&end=0,3",
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 422


# -- reveal and again ----------------------------------------------------------------------------


def test_reveal_gives_every_answer_in_word_list_order(client: TestClient, db: str) -> None:
    made = create(client)
    puzzle = stored_puzzle(db, made["id"])
    answers = client.post(f"/api/puzzles/{made['id']}/reveal").json()["answers"]
    assert [a["word"] for a in answers] == WORDS
    for answer, word in zip(answers, puzzle.words, strict=True):
        placement = puzzle.placements[word.letters]
        assert [tuple(cell) for cell in answer["cells"]] == list(puzzle.cells_of(placement))
        assert (tuple(answer["start"]), tuple(answer["end"])) == (placement.start, placement.end)
        assert answer["direction"] == placement.direction.name


def test_again_makes_a_new_puzzle_from_the_same_words(client: TestClient) -> None:
    made = create(client, title="Moor")
    response = client.post(f"/api/puzzles/{made['id']}/again")
    assert response.status_code == 201
    fresh = response.json()
    assert fresh["id"] != made["id"]
    assert (fresh["words"], fresh["rows"], fresh["cols"]) == (WORDS, 5, 5)
    assert (fresh["level"], fresh["title"]) == ("hard", "Moor")
    assert client.get(f"/api/puzzles/{made['id']}").status_code == 200  # the old one stays


# -- errors and limits ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "path",
    ["/api/puzzles/{id}", "/api/puzzles/{id}/check", "/api/puzzles/{id}/reveal"],
)
@pytest.mark.parametrize("unknown", ["AAAAAAAA", "no-such-puzzle", "x" * 40, "%C3%A4%3Cb%3E"])
def test_unknown_ids_are_404(client: TestClient, path: str, unknown: str) -> None:
    url = path.format(id=unknown)
    if url.endswith("/check"):
        response = client.post(url, json={"start": [0, 0], "end": [0, 1]})
    elif url.endswith("/reveal"):
        response = client.post(url)
    else:
        response = client.get(url)
    assert response.status_code == 404
    assert "no puzzle" in response.json()["error"]


def test_again_and_the_play_page_of_an_unknown_id_are_404(client: TestClient) -> None:
    assert client.post("/api/puzzles/AAAAAAAA/again").status_code == 404
    page = client.get("/p/AAAAAAAA")
    assert page.status_code == 404
    assert "Puzzle not found" in page.text


def test_unknown_paths_and_methods_answer_in_the_same_json_shape(client: TestClient) -> None:
    missing = client.get("/api/nothing")
    assert (missing.status_code, missing.json()) == (404, {"error": "Not Found", "field": None})
    wrong_method = client.delete("/api/puzzles")
    assert wrong_method.status_code == 405
    assert wrong_method.json()["error"] == "Method Not Allowed"
    assert "POST" in wrong_method.headers["allow"]


def test_a_word_with_a_digit_is_refused_naming_the_word(client: TestClient) -> None:
    response = client.post("/api/puzzles", json={"words": "Torf\nR2D2", "level": "easy"})
    assert response.status_code == 422
    assert response.json()["field"] == "words"
    assert "R2D2" in response.json()["error"]
    assert "digit" in response.json()["error"]


GERMAN_REFUSALS = [
    ({"words": "Torf\nR2D2"}, "words", "Bitte prüfe die Wörter: „R2D2“ enthält eine Ziffer."),
    ({"words": " "}, "words", "Gib mindestens ein Wort ein."),
    (
        {"words": "5 5\n3\nTorf\nRad"},
        "words",
        "Bitte prüfe die Wörter: in Zeile 2 steht 3 als Zahl der Wörter, gezählt wurden aber 2.",
    ),
    (
        {"words": ["Erdbeere"], "rows": 4, "cols": 4},
        "size",
        "Die Wörter passen nicht in dieses Gitter: ERDBEERE hat 8 Buchstaben, aber in 4x4 passen "
        "in Richtung → ↓ höchstens 4. Mach das Gitter größer oder nimm weniger oder kürzere "
        "Wörter.",
    ),
    (
        {"words": ["Torf"], "rows": 5, "cols": 99},
        "cols",
        f"Die Zahl der Spalten muss zwischen 1 und {limits.MAX_SIDE} liegen, nicht 99.",
    ),
    ({"words": ["Torf"], "seed": -1}, "seed", None),
    ({"words": ["Torf"], "level": "brutal"}, "level", "Wähle eine Stufe: "),
    ({"words": ["Torf"], "title": "x" * 500}, "title", "Der Titel ist zu lang"),
    ({"words": ["Torf"], "rows": "fünf", "cols": 5}, "rows", "Bitte prüfe das Feld „rows“."),
    (
        {"words": ["Torf"], "wrap": True, "shape": "heart"},
        "shape",
        "Wörter über den Rand brauchen das ganze Rechteck",
    ),
    ({"words": ["Rad"], "wrap": True, "rows": 2, "cols": 5}, "size", "Wörter über den Rand"),
]


@pytest.mark.parametrize(("body", "field", "german"), GERMAN_REFUSALS)
def test_a_german_reader_is_refused_in_german_and_an_english_one_in_english(
    client: TestClient, body: dict[str, Any], field: str, german: str | None
) -> None:
    """The same refusal, asked with ``Accept-Language: de`` and with ``?lang=en`` on top."""
    body = {"level": "easy", **body}
    de = client.post("/api/puzzles", json=body, headers={"Accept-Language": "de-DE,de;q=0.9"})
    en = client.post("/api/puzzles?lang=en", json=body, headers={"Accept-Language": "de"})
    assert de.status_code == en.status_code == 422
    assert de.json()["field"] == en.json()["field"] == field
    assert de.json()["code"] == en.json()["code"] and de.json()["code"]
    assert de.json()["error"] != en.json()["error"]
    if german is not None:
        assert de.json()["error"].startswith(german), de.json()["error"]
    english = re.compile(r"\b(the|words?|must|not|is|should|please|check|choose|grid)\b", re.I)
    assert not english.search(de.json()["error"].replace(f"„{field}“", "")), de.json()["error"]
    assert english.search(en.json()["error"]), en.json()["error"]


def test_a_missing_puzzle_is_refused_in_the_readers_language(client: TestClient) -> None:
    de = client.get("/api/puzzles/AAAAAAAA", headers={"Accept-Language": "de"})
    assert de.status_code == 404
    assert de.json()["error"] == "Ein Rätsel mit dieser Kennung gibt es nicht (prüfe den Link)."
    en = client.get("/api/puzzles/AAAAAAAA")
    assert en.json()["error"] == "there is no puzzle with this id (check the link)"


def test_words_that_do_not_fit_are_refused_with_advice(client: TestClient) -> None:
    response = client.post(
        "/api/puzzles", json={"words": ["Erdbeere"], "rows": 4, "cols": 4, "level": "easy"}
    )
    assert response.status_code == 422
    assert response.json()["field"] == "size"
    assert "do not fit" in response.json()["error"]
    assert "larger" in response.json()["error"]


def test_an_unknown_level_is_refused(client: TestClient) -> None:
    response = client.post("/api/puzzles", json={"words": WORDS, "level": "impossible"})
    assert response.status_code == 422
    assert response.json()["field"] == "level"


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        (
            {"words": [f"W{chr(65 + i % 26)}{chr(65 + i // 26)}" for i in range(201)]},
            "words",
            "too many words",
        ),
        ({"words": ["A" * 51]}, "words", "too long"),
        ({"words": "  \n , "}, "words", "at least one word"),
        ({"rows": 51, "cols": 10}, "rows", "from 1 to 50"),
        ({"rows": 10, "cols": 0}, "cols", "from 1 to 50"),
        ({"seed": -1}, "seed", "seed"),
        ({"seed": 2**60}, "seed", "seed"),
        ({"title": "T" * 121}, "title", "too long"),
        ({"rows": "ten"}, "rows", "rows"),
        ({"words": 7}, "words", "words"),
        ({"colour": "red"}, "colour", "colour"),
    ],
)
def test_limits_and_bad_fields_are_refused_naming_the_field(
    client: TestClient, changes: dict[str, Any], field: str, message: str
) -> None:
    body: dict[str, Any] = {"words": WORDS, "rows": 5, "cols": 5, "level": "hard"}
    body.update(changes)
    response = client.post("/api/puzzles", json=body)
    assert response.status_code == 422
    assert response.json()["field"] == field
    assert message in response.json()["error"]


CREATE_LIMIT = limits.LARGER_BODIES["/api/puzzles"]
"""A create request may carry a teacher's pictures: its limit is larger than the others' 64 KB."""


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    words = "\n".join(["WORT"] * (CREATE_LIMIT // 5 + 1000))
    response = client.post("/api/puzzles", json={"words": words})
    assert response.status_code == 413
    assert "too large" in response.json()["error"]
    check = client.post("/api/puzzles/abcdefgh/check", content=b" " * 70_000)
    assert check.status_code == 413  # every other request stays within 64 KB


def test_a_streamed_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    chunks = (b" " * 30_000 for _ in range(CREATE_LIMIT // 30_000 + 1))  # no content-length
    response = client.post(
        "/api/puzzles", content=chunks, headers={"content-type": "application/json"}
    )
    assert response.status_code == 413


def test_a_body_just_under_the_limit_is_read(client: TestClient) -> None:
    body = json.dumps({"words": WORDS, "rows": 5, "cols": 5, "title": ""})
    padded = body[:-1] + " " * (limits.MAX_BODY_BYTES - len(body)) + "}"
    response = client.post(
        "/api/puzzles", content=padded.encode(), headers={"content-type": "application/json"}
    )
    assert response.status_code == 201


def test_generation_that_takes_too_long_is_stopped_with_a_message(db: str) -> None:
    # 60 random 50-letter words do not fit 50x50; proving it and finding a size that fits
    # takes the generator seconds, far beyond the 0.2 s allowed here
    import multiprocessing
    import random

    rng = random.Random(3)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    words = ["".join(rng.choice(letters) for _ in range(50)) for _ in range(60)]
    body = {"words": words, "rows": 50, "cols": 50, "level": "hard", "seed": 1}
    with TestClient(create_app(db, limits=limits.Limits(generation_seconds=0.2))) as client:
        response = client.post("/api/puzzles", json=body)
    assert response.status_code == 422
    assert response.json()["field"] == "size"
    assert "longer than 0.2 seconds" in response.json()["error"]
    assert multiprocessing.active_children() == []  # the worker was stopped


# -- storage, pages, headers ---------------------------------------------------------------------


def test_puzzles_survive_a_restart_of_the_app(db: str) -> None:
    with TestClient(create_app(db)) as first:
        made = create(first)
    with TestClient(create_app(db)) as second:
        again = second.get(f"/api/puzzles/{made['id']}")
        assert again.status_code == 200
        assert again.json()["grid"] == made["grid"]
        placement_end = second.post(f"/api/puzzles/{made['id']}/reveal").json()["answers"][0]
        assert second.post(
            f"/api/puzzles/{made['id']}/check",
            json={"start": placement_end["start"], "end": placement_end["end"]},
        ).json()["found"]


@pytest.mark.parametrize(
    "path", ["/", "/p/{id}", "/api/puzzles/{id}", "/static/style.css", "/p/unknown", "/nothing"]
)
def test_every_answer_carries_the_security_headers(client: TestClient, path: str) -> None:
    made = create(client)
    response = client.get(path.format(id=made["id"]))
    policy = response.headers["content-security-policy"]
    assert "default-src 'self'" in policy
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response.headers["x-content-type-options"] == "nosniff"
    assert response.headers["referrer-policy"] == "no-referrer"
    assert response.headers["x-frame-options"] == "DENY"


def test_refusals_carry_the_security_headers_too(client: TestClient) -> None:
    response = client.post("/api/puzzles", content=b"x" * (CREATE_LIMIT + 1))
    assert response.status_code == 413
    assert "default-src 'self'" in response.headers["content-security-policy"]


def test_a_title_with_a_script_tag_is_escaped_in_the_page(client: TestClient) -> None:
    made = create(client, title="<script>alert(1)</script> & <b>bold</b>")
    page = client.get(made["url"]).text
    assert "<script>alert(1)</script>" not in page
    assert "<b>bold</b>" not in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    # the page runs only its own scripts, never inline code (its texts are JSON data)
    assert re.findall(r"<script[^>]*>", page) == [
        f'<script type="module" src="/static/play.js?v={_version()}">',
        '<script type="application/json" id="texts">',
    ]


def test_the_create_page_lists_the_levels_with_their_descriptions(client: TestClient) -> None:
    from wortsuche.levels import LEVEL_DESCRIPTIONS

    page = client.get("/").text
    for name, description in LEVEL_DESCRIPTIONS.items():
        assert f'value="{name}"' in page
        assert description.replace("'", "&#x27;") in page


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "evil"])
def test_a_level_is_described_with_the_ways_of_its_grid(client: TestClient, level: str) -> None:
    from wortsuche.levels import HEX_LEVEL_DIRECTIONS, LEVEL_DESCRIPTIONS, LEVELS

    square = create(client, level=level)
    hexagons = create(client, level=level, grid="hex")
    assert square["level_description"] == LEVEL_DESCRIPTIONS[level]
    for puzzle, ways in ((square, len(LEVELS[level].directions)), (hexagons, 6)):
        described = puzzle["level_description"]
        assert "8 ways" not in described or ways == 8
        assert "6 ways" not in described or ways == 6
    if len(HEX_LEVEL_DIRECTIONS[level]) == 6:
        assert "all 6 ways" in hexagons["level_description"]


def test_the_create_page_describes_the_levels_on_hexagons_too(client: TestClient) -> None:
    page = client.get("/?lang=de").text
    descriptions = re.findall(r'data-square="([^"]*)" data-hex="([^"]*)"', page)
    assert len(descriptions) == 4
    (square_hard, hex_hard), (square_evil, hex_evil) = descriptions[2:]
    assert "alle 8 Richtungen" in square_hard and "alle 6 Richtungen" in hex_hard
    assert "alle 8 Richtungen" in square_evil and "alle 6 Richtungen" in hex_evil


def test_the_openapi_description_lists_the_endpoints(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    classroom = {path for path in paths if path.startswith("/api/assignments")}  # their own test
    assert set(paths) - classroom == {
        "/api/pictures",
        "/api/puzzles",
        "/api/puzzles/{puzzle_id}",
        "/api/puzzles/{puzzle_id}/check",
        "/api/puzzles/{puzzle_id}/reveal",
        "/api/puzzles/{puzzle_id}/again",
        "/api/puzzles/{puzzle_id}/sheet.pdf",
        "/api/puzzles/{puzzle_id}/sheet.{kind}",
        "/api/puzzles/{puzzle_id}/scorm.zip",
        "/api/puzzles/{puzzle_id}/hint",
        "/api/themes",
        "/api/themes/{name}",
    }


def test_no_page_loads_anything_from_the_internet(client: TestClient) -> None:
    """The app works offline: no interactive API page that would fetch Swagger UI from a CDN."""
    assert client.get("/docs").status_code == 404
    for path in ("/", "/openapi.json"):
        answer = client.get(path)
        assert "https://" not in answer.headers["content-security-policy"]
        assert "cdn." not in answer.text


def _version() -> str:
    from wortsuche import __version__

    return __version__


def test_a_hint_names_the_first_two_cells_of_one_word_only(client: TestClient) -> None:
    made = create(client, seed=4)
    answers = client.post(f"/api/puzzles/{made['id']}/reveal").json()["answers"]
    hint = client.post(f"/api/puzzles/{made['id']}/hint", json={"index": answers[0]["index"]})
    assert hint.status_code == 200
    first, second = answers[0]["cells"][:2]
    assert hint.json() == {"index": answers[0]["index"], "first": first, "second": second}
    refused = client.post(f"/api/puzzles/{made['id']}/hint", json={"index": 99})
    assert refused.status_code == 422


def test_the_create_form_options_reach_the_puzzle(client: TestClient, db: str) -> None:
    made = client.post(
        "/api/puzzles",
        json={
            "words": "Apfel, Birne, Kirsche, Pflaume",
            "rows": 9,
            "cols": 9,
            "level": "medium",
            "seed": 3,
            "directions": "E,S",
            "filler": "words",
            "language": "de",
        },
    )
    assert made.status_code == 201, made.text
    options = stored_puzzle(db, made.json()["id"]).options
    assert [d.name for d in options.directions] == ["E", "S"]
    assert (options.filler.value, options.language) == ("words", "de")
    again = client.post(f"/api/puzzles/{made.json()['id']}/again")
    assert [d.name for d in stored_puzzle(db, again.json()["id"]).options.directions] == [
        "E",
        "S",
    ]


def test_every_level_option_of_the_spec_reaches_the_puzzle_by_its_name(
    client: TestClient, db: str
) -> None:
    made = create(
        client,
        rows=7,
        cols=7,
        letter_floor=60,
        diagonal_share=0,
        density="high",
        decoys="some",
        crossing="allowed",
        word_letter_share=10,
    )
    options = stored_puzzle(db, made["id"]).options
    assert (options.letter_floor, options.diagonal_share, options.density) == (60, 0, "high")
    assert (options.decoys.value, options.crossing.value) == ("some", "allowed")
    assert options.word_letter_share == 10
    refused = client.post("/api/puzzles", json={"words": WORDS, "letter_floor": 101})
    assert refused.status_code == 422 and refused.json()["field"] == "letter_floor"
    assert client.post("/api/puzzles", json={"words": WORDS, "timeout": 5}).status_code == 422


def test_a_target_difficulty_chooses_the_level(client: TestClient) -> None:
    made = client.post(
        "/api/puzzles",
        json={"words": "Apfel, Birne, Kirsche, Pflaume, Banane", "seed": 1, "difficulty": 0.5},
    )
    assert made.status_code == 201, made.text
    assert abs(made.json()["difficulty"] - 0.5) <= 0.2
    refused = client.post("/api/puzzles", json={"words": "Apfel", "difficulty": -1})
    assert refused.status_code == 422


def test_a_word_inside_two_longer_words_is_found_in_each(client: TestClient) -> None:
    made = create(client, words="Archivbot, Webarchiv, Archiv", rows=12, cols=12, seed=2)
    where = {
        a["word"]: a["cells"]
        for a in client.post(f"/api/puzzles/{made['id']}/reveal").json()["answers"]
    }
    for inside in (where["Archivbot"][:6], where["Webarchiv"][3:]):
        checked = client.post(
            f"/api/puzzles/{made['id']}/check", json={"start": inside[0], "end": inside[-1]}
        ).json()
        assert checked["found"] and checked["word"] == "Archiv", inside


def test_a_hidden_message_is_kept_and_only_its_shape_is_public(client: TestClient, db: str) -> None:
    data = create(
        client, words=["Apfel", "Birne", "Kirsche"], rows=8, cols=8, message="Gut gemacht!"
    )
    assert data["message"] == {"shape": "Aaa aaaaaaa!", "length": 10}
    assert "GUTGEMACHT" not in json.dumps(data) and "Gut gemacht" not in json.dumps(data)
    stored = stored_puzzle(db, data["id"])
    assert stored.message is not None and stored.message.letters == "GUTGEMACHT"
    assert create(client)["message"] is None


def test_a_message_that_cannot_be_used_is_refused_beside_its_field(client: TestClient) -> None:
    body = {"words": ["Apfel", "Birne"], "rows": 6, "cols": 6, "level": "easy"}
    no_letters = client.post(
        "/api/puzzles", json={**body, "message": "42!"}, headers={"Accept-Language": "de"}
    )
    assert no_letters.status_code == 422 and no_letters.json()["field"] == "message"
    assert no_letters.json()["error"] == "Der Lösungssatz „42!“ enthält keinen Buchstaben."
    too_long = client.post("/api/puzzles", json={**body, "message": "Wunderbar " * 5})
    assert too_long.status_code == 422 and too_long.json()["field"] == "message"
    assert "the message does not fit in 6x6" in too_long.json()["error"]


def test_the_themes_are_listed_in_the_readers_language_and_drawn_reproducibly(
    client: TestClient,
) -> None:
    german = client.get("/api/themes?lang=de").json()
    english = client.get("/api/themes?lang=en").json()
    assert len(german["themes"]) == len(english["themes"]) >= 30
    titles = {t["name"]: t["title"] for t in german["themes"]}
    assert titles["animals"] == "Tiere" and titles["fruit"] == "Obst"
    assert [t["title"] for t in german["themes"]] == sorted(titles.values(), key=str.casefold)
    drawn = client.get("/api/themes/animals?lang=de&count=12&seed=5").json()
    assert drawn["title"] == "Tiere" and len(drawn["words"]) == 12
    assert drawn == client.get("/api/themes/animals?lang=de&count=12&seed=5").json()
    # the drawn words make a puzzle as they are
    assert create(client, words=drawn["words"], rows=None, cols=None)["words"] == drawn["words"]


def test_a_theme_that_does_not_exist_or_too_many_words_are_refused(client: TestClient) -> None:
    missing = client.get("/api/themes/dragons?lang=de", headers={"Accept-Language": "de"})
    assert missing.status_code == 404
    assert missing.json()["error"] == "Dieses Thema gibt es nicht."
    too_many = client.get("/api/themes/animals?lang=en&count=999")
    assert too_many.status_code == 422 and too_many.json()["field"] == "count"
    assert client.get("/api/themes?lang=fr").status_code == 422


def test_secret_words_are_counted_found_after_the_listed_and_never_listed(
    client: TestClient,
) -> None:
    data = create(client, words=["Apfel", "Birne", "Kirsche"], rows=9, cols=9, secret="Fuchs, Igel")
    assert data["words"] == ["Apfel", "Birne", "Kirsche"] and data["secret_count"] == 2
    assert "Fuchs" not in json.dumps(data)
    shown = client.post(f"/api/puzzles/{data['id']}/reveal").json()["answers"]
    fuchs = next(a for a in shown if a["word"] == "Fuchs")
    assert fuchs["index"] >= 3
    found = check(client, data["id"], fuchs["end"], fuchs["start"]).json()
    assert found["found"] and found["word"] == "Fuchs" and found["indices"] == [fuchs["index"]]
    again = client.post(f"/api/puzzles/{data['id']}/again").json()
    assert again["secret_count"] == 2


def test_a_word_both_listed_and_secret_is_refused(client: TestClient) -> None:
    body = {"words": ["Apfel", "Birne"], "secret": "Apfel", "level": "easy"}
    response = client.post("/api/puzzles", json=body, headers={"Accept-Language": "de"})
    assert response.status_code == 422
    assert "APFEL steht in der Liste und ist zugleich geheim" in response.json()["error"]
    many = client.post("/api/puzzles", json={**body, "secret": ",".join(["Igel"] * 21)})
    assert many.status_code == 422 and many.json()["field"] == "secret"


@pytest.mark.parametrize("option", [{"exact": True}, {"effort": 100}, {"timeout": 600}])
def test_a_web_client_cannot_ask_for_a_search_past_the_servers_limit(
    client: TestClient, option: dict[str, object]
) -> None:
    """A SAT solve runs in C past the server's time limit, and effort or timeout would lift it."""
    response = client.post("/api/puzzles", json={"words": ["HUND", "KATZE"], **option})
    assert response.status_code == 422
    assert response.json()["field"] == next(iter(option))


@pytest.mark.parametrize(
    ("option", "value"),
    [("crossing", "sideways"), ("filler", "emoji"), ("directions", "up-ish"), ("shape", "blob")],
)
def test_a_bad_option_is_refused_at_its_own_field_in_the_readers_language(
    client: TestClient, option: str, value: str
) -> None:
    body = {"words": ["HUND", "KATZE"], option: value}
    english = client.post("/api/puzzles", json=body)
    assert english.status_code == 422
    assert english.json()["field"] == option
    assert value in english.json()["error"]
    german = client.post("/api/puzzles?lang=de", json=body)
    assert german.json()["field"] == option
    assert german.json()["error"] == f"Bitte prüfe das Feld „{option}“."


def test_health_says_the_database_answers_and_where_the_rate_limits_are_counted(
    client: TestClient,
) -> None:
    answer = client.get("/health")
    assert answer.status_code == 200
    assert answer.json() == {
        "status": "ok",
        "database": {"status": "ok"},
        "rate_limits": {"storage": "memory://", "counted": "in this process", "status": "ok"},
    }


@pytest.mark.parametrize("wrap", [False, True], ids=["flat", "wrap"])
def test_a_one_letter_word_has_its_hash_hint_answer_and_check(
    client: TestClient, db: str, wrap: bool
) -> None:
    made = create(client, words=["A", "HUND", "KATZE"], rows=6, cols=6, wrap=wrap)
    puzzle_id = made["id"]
    (cell,) = stored_puzzle(db, puzzle_id).placements["A"].cells
    hashes = client.get(f"/p/{puzzle_id}/hashes.json")
    assert hashes.status_code == 200, hashes.text
    word = hashes.json()["words"][0]
    assert word["first"] == word["second"] == list(cell)
    hint = client.post(f"/api/puzzles/{puzzle_id}/hint", json={"index": 0}).json()
    assert hint["first"] == hint["second"] == list(cell)
    answer = client.post(f"/api/puzzles/{puzzle_id}/reveal").json()["answers"][0]
    assert (answer["word"], answer["cells"]) == ("A", [list(cell)])
    assert answer["start"] == answer["end"] == list(cell)
    found = check(client, puzzle_id, list(cell), list(cell)).json()
    assert (found["found"], found["word"], found["cells"]) == (True, "A", [list(cell)])
