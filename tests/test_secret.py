"""Secret words: hidden exactly once like the others, on no list, named on the key."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cli
from scan import assert_exactly_once, occurrences
from wortsuche import DoesNotFitError, InputError, generate
from wortsuche.puzzle_json import dumps, loads, schema
from wortsuche.render import render
from wortsuche.verification.verifier import verify_puzzle

FRUIT = ["Apfel", "Birne", "Kirsche"]


def test_secret_words_stand_exactly_once_and_apart_from_the_list() -> None:
    made: list[bool] = []

    @settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        words=st.lists(st.text("ABDEINRST", min_size=2, max_size=6), min_size=1, max_size=5),
        secret=st.lists(st.text("ABDEINRST", min_size=2, max_size=6), min_size=1, max_size=3),
        side=st.integers(5, 12),
        level=st.sampled_from(["easy", "medium", "hard", "evil"]),
        seed=st.integers(0, 2**32),
    )
    def kept(words: list[str], secret: list[str], side: int, level: str, seed: int) -> None:
        try:
            puzzle = generate(words, side, side, level=level, seed=seed, secret=secret)
        except InputError as error:  # a secret that is a listed word, or one read backwards
            backwards = {w[::-1] for w in words}
            if "listed and secret" in str(error):
                assert set(words) & set(secret)
            else:
                assert "read backwards" in str(error) and backwards & set(secret), str(error)
            return
        except DoesNotFitError:
            made.append(False)
            return
        hidden = {w.letters for w in puzzle.secret_words}
        assert hidden == set(secret) and not hidden & {w.letters for w in puzzle.words}
        assert hidden <= set(puzzle.placements)
        assert_exactly_once(puzzle)  # the scan sees the secret words among the placements
        for letters in hidden:
            outside = [
                cells
                for cells in occurrences(puzzle.grid.rows, letters)
                if cells != frozenset(puzzle.placements[letters].cells)
            ]
            # any other reading lies inside a longer word (the contained-word rule)
            assert all(
                any(cells <= frozenset(p.cells) for p in puzzle.placements.values())
                for cells in outside
            )
        assert verify_puzzle(puzzle).ok
        made.append(True)

    kept()
    assert sum(made) >= 0.4 * len(made), f"{sum(made)} of {len(made)} made a puzzle"


def test_secret_words_travel_in_json_and_the_schema_allows_them() -> None:
    import jsonschema

    puzzle = generate(FRUIT, 9, 9, level="hard", seed=2, secret=["Fuchs", "Igel"])
    data = json.loads(dumps(puzzle))
    jsonschema.validate(data, schema())
    assert data["secret_words"] == [
        {"entry": "Fuchs", "letters": "FUCHS"},
        {"entry": "Igel", "letters": "IGEL"},
    ]
    again = loads(dumps(puzzle))
    assert again.secret_words == puzzle.secret_words and verify_puzzle(again).ok
    # a copy of a secret word written into the grid is caught like any other
    rows = [list(row) for row in data["grid"]]
    free = next(
        (r, c)
        for r in range(9)
        for c in range(5)
        if all((r, c + k) not in puzzle.placements["FUCHS"].cells for k in range(5))
        and all(
            all((r, c + k) not in p.cells for p in puzzle.placements.values()) for k in range(5)
        )
    )
    for k, letter in enumerate("FUCHS"):
        rows[free[0]][free[1] + k] = letter
    data["grid"] = ["".join(row) for row in rows]
    assert not verify_puzzle(loads(json.dumps(data))).ok


def test_the_sheet_counts_the_secret_words_and_only_the_key_names_them() -> None:
    puzzle = generate(FRUIT, 9, 9, level="hard", seed=2, secret=["Fuchs", "Igel"])
    for language, hint, answer, mark in (
        ("de", "Außerdem sind 2 geheime Wörter versteckt", "Fuchs    Zeile 6", "(geheim)"),
        ("en", "2 more words hide in the grid but not on the list", "Fuchs    row 6", "(secret)"),
    ):
        sheet = str(render(puzzle, "text", language=language))
        key = str(render(puzzle, "text", answers=True, language=language))
        assert hint in sheet and "Fuchs" not in sheet and "Igel" not in sheet
        assert answer in key and mark in key
    one = generate(FRUIT, 9, 9, level="hard", seed=2, secret=["Igel"])
    assert "Ein geheimes Wort ist außerdem versteckt" in str(render(one, "text", language="de"))


def test_secret_words_that_cannot_be_are_refused() -> None:
    with pytest.raises(InputError, match="APFEL is listed and secret at once"):
        generate(FRUIT, 9, 9, secret=["Apfel"])
    with pytest.raises(InputError, match="no secret ones"):
        generate(FRUIT, 9, 9, absent=True, secret=["Igel"])
    with pytest.raises(InputError, match="contains a digit"):
        generate(FRUIT, 9, 9, secret=["Igel2"])
    assert generate(FRUIT, 9, 9, seed=1, secret=[]).secret_words == ()
    # a listed word backwards stands in its cells: no secret (EGIEF in FEIGE's cells)
    with pytest.raises(InputError, match="EGIEF is FEIGE read backwards, a listed word"):
        generate([*FRUIT, "Feige"], 9, 9, secret=["Egief"])
    empty = cli.run("generate", *FRUIT, "--secret", "")
    assert empty.returncode == 2 and empty.stderr == "wortsuche: error: --secret needs a word\n"


def test_the_secret_flag_takes_one_value_and_leaves_the_word_file_alone(tmp_path: Path) -> None:
    """``--secret Fuchs tiere.txt`` once took the file for a second secret word."""
    (tmp_path / "tiere.txt").write_text("Hund\nKatze\nMaus\nPferd\n")
    out = tmp_path / "p.json"
    result = cli.run(
        "generate", "--secret", "Fuchs", "tiere.txt", "-o", out, "--seed", "2", cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(out.read_text())
    assert [w["entry"] for w in data["words"]] == ["Hund", "Katze", "Maus", "Pferd"]
    assert [w["entry"] for w in data["secret_words"]] == ["Fuchs"]
    repeated = tmp_path / "q.json"
    result = cli.run(
        "generate",
        "tiere.txt",
        "--secret",
        "Fuchs",
        "--secret",
        "Igel,Biber",
        "-o",
        repeated,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr
    secret = [w["entry"] for w in json.loads(repeated.read_text())["secret_words"]]
    assert secret == ["Fuchs", "Igel", "Biber"]
